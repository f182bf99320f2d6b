/*
 * exec.c - load an ELF32 program from the initrd into a new address space.
 *
 * The new image is built completely - segments, heap start, stack with
 * the arguments - before the old address space is dropped, so a failing
 * execve() returns an error to a process that is still intact.
 */
#include <stdint.h>
#include "arch/x86/context.h"
#include "arch/x86/mmu.h"
#include "arch/x86/trap.h"
#include "arch/x86/uvm.h"
#include "arch/x86/x86.h"
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/cpu.h"
#include "kernel/exec.h"
#include "kernel/file.h"
#include "kernel/initrd.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/proc.h"
#include "kernel/sched/sched.h"
#include "kernel/task.h"
#include "kernel/vfs.h"

#define ELF_MAGIC	0x464C457Fu	/* "\x7fELF" */
#define ET_EXEC		2
#define EM_386		3
#define PT_LOAD		1
#define PF_W		2
#define MAX_ARGS	256	/* argv + envp strings (Linux: about 32 pages) */
#define MAX_ARGBYTES	(16 * 1024)

struct elf_header {
	uint32_t magic;
	uint8_t ident[12];
	uint16_t type, machine;
	uint32_t version, entry, phoff, shoff, flags;
	uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx;
};

struct elf_phdr {
	uint32_t type, offset, vaddr, paddr, filesz, memsz, flags, align;
};

/* Arguments copied into the kernel: count, then NUL-separated strings. */
struct exec_args {
	int argc, envc;
	size_t len;
	char buf[MAX_ARGBYTES];
	uint32_t ptrs[MAX_ARGS + 3];	/* build_stack's argc, argv, envp */
};

/* Write bytes into mm's pages regardless of their write permission (the
 * text segment is read-only for the program, not for the loader). */
static void
load_bytes(struct mm *mm, uintptr_t va, const uint8_t *src, uint32_t n)
{
	while (n > 0) {
		uintptr_t pa = uvm_lookup(mm->pgdir, va, NULL);
		uint32_t off = va & (PGSIZE - 1), chunk = PGSIZE - off;
		if (chunk > n)
			chunk = n;
		memcpy((uint8_t *)P2V(pa) + off, src, chunk);
		va += chunk;
		src += chunk;
		n -= chunk;
	}
}

static int
check_header(const struct initrd_entry *e, const struct elf_header *h)
{
	if (e->size < sizeof(*h) || h->magic != ELF_MAGIC ||
	    h->ident[0] != 1 /* 32-bit */ || h->ident[1] != 1 /* LE */ ||
	    h->type != ET_EXEC || h->machine != EM_386 ||
	    h->phentsize != sizeof(struct elf_phdr) || h->phnum > 16 ||
	    h->phoff + (uint32_t)h->phnum * sizeof(struct elf_phdr) > e->size)
		return -ENOEXEC;
	return 0;
}

static int
load_segment(struct mm *mm, const struct initrd_entry *e,
	     const struct elf_phdr *ph)
{
	uintptr_t end = ph->vaddr + ph->memsz;

	if (ph->memsz < ph->filesz || end < ph->vaddr || end > HEAP_MAX ||
	    ph->vaddr < PGSIZE || ph->offset + ph->filesz > e->size ||
	    ph->offset + ph->filesz < ph->offset)
		return -ENOEXEC;
	if (mm_map_range(mm, ph->vaddr, end, ph->flags & PF_W) < 0)
		return -ENOMEM;
	load_bytes(mm, ph->vaddr, e->data + ph->offset, ph->filesz);
	if (PGROUNDUP(end) > mm->heap_start)
		mm->heap_start = PGROUNDUP(end);
	return 0;
}

/* Build the initial stack: strings at the top, then envp[], argv[], argc
 * (the System V i386 layout crt0 expects).  Returns the new esp. */
static uintptr_t
build_stack(struct mm *mm, struct exec_args *a)
{
	uint32_t *ptrs = a->ptrs;
	uintptr_t strs = USTACK_TOP - ((a->len + 15) & ~(size_t)15), sp;
	const char *s = a->buf;
	int k = 0;

	load_bytes(mm, strs, (const uint8_t *)a->buf, (uint32_t)a->len);
	ptrs[k++] = (uint32_t)a->argc;
	if (a->argc == 0)
		ptrs[k++] = 0;			/* empty argv */
	for (int i = 0; i < a->argc + a->envc; i++) {
		ptrs[k++] = (uint32_t)(strs + (uintptr_t)(s - a->buf));
		s += strlen(s) + 1;
		if (i == a->argc - 1)
			ptrs[k++] = 0;		/* end of argv */
	}
	ptrs[k++] = 0;				/* end of envp */
	sp = (strs - (uintptr_t)k * 4) & ~(uintptr_t)15;
	load_bytes(mm, sp, (const uint8_t *)ptrs, (uint32_t)k * 4);
	return sp;
}

static struct mm *
build_image(const struct initrd_entry *e, struct exec_args *a,
	    uint32_t *entry, uintptr_t *sp)
{
	const struct elf_header *h = (const void *)e->data;
	const struct elf_phdr *ph;
	struct mm *mm;

	if (check_header(e, h) < 0 || !(mm = mm_create()))
		return NULL;
	ph = (const void *)(e->data + h->phoff);
	for (int i = 0; i < h->phnum; i++)
		if (ph[i].type == PT_LOAD && load_segment(mm, e, &ph[i]) < 0)
			goto fail;
	mm->brk = mm->heap_start;
	if (mm_map_range(mm, USTACK_TOP - USTACK_INIT, USTACK_TOP, 1) < 0)
		goto fail;
	*entry = h->entry;
	*sp = build_stack(mm, a);
	return mm;
fail:
	mm_put(mm);
	return NULL;
}

static void
set_user_regs(struct trapframe *tf, uint32_t entry, uintptr_t sp)
{
	memset(tf, 0, sizeof(*tf));
	tf->cs = UCODE_SEL;
	tf->ds = tf->es = tf->fs = tf->gs = tf->ss = UDATA_SEL;
	tf->eflags = FL_IF | 0x2;
	tf->eip = entry;
	tf->esp = sp;
}

/* Replace p's image with the program at path.  tf is the trap frame its
 * (only) task returns to user mode through. */
static int
exec_into(struct process *p, struct trapframe *tf, const char *path,
	  struct exec_args *a)
{
	const struct initrd_entry *e = initrd_lookup(path);
	struct mm *mm, *old;
	uint32_t entry;
	uintptr_t sp;
	const char *base;

	if (!e)
		return -ENOENT;
	if ((e->mode & Q_S_IFMT) != Q_S_IFREG)
		return -EACCES;
	mm = build_image(e, a, &entry, &sp);
	if (!mm)
		return -ENOEXEC;
	old = p->mm;
	p->mm = mm;
	if (p == current->proc) {
		write_cr3(mm_pgdir_phys(mm));
		fpu_reset();	/* nothing of the old program's x87 state */
	}
	if (old)
		mm_put(old);
	set_user_regs(tf, entry, sp);
	base = strrchr(path, '/');
	strlcpy(p->comm, base ? base + 1 : path, sizeof(p->comm));
	if (p == current->proc)
		current->comm[0] = 0;	/* the process's name again */
	return 0;
}

/* Append one string; -E2BIG when full. */
static int
args_add(struct exec_args *a, const char *s, size_t n)
{
	if (a->len + n + 1 > MAX_ARGBYTES || a->argc + a->envc >= MAX_ARGS)
		return -E2BIG;
	memcpy(a->buf + a->len, s, n);
	a->buf[a->len + n] = 0;
	a->len += n + 1;
	return 0;
}

/* Copy a NULL-terminated user array of strings straight into the block:
 * one string may use all the room the others left (Linux limits a string
 * to 32 pages, MAX_ARG_STRLEN; here the whole block is 16 KiB). */
static int
args_from_user(struct exec_args *a, const char *const *uv, int *count)
{
	for (int i = 0; uv; i++) {
		const char *us;
		int n;
		if (copy_from_user(&us, &uv[i], sizeof(us)) < 0)
			return -EFAULT;
		if (!us)
			break;
		if (a->argc + a->envc >= MAX_ARGS)
			return -E2BIG;
		n = strncpy_from_user(a->buf + a->len, us,
				      MAX_ARGBYTES - a->len);
		if (n < 0)
			return n == -ENAMETOOLONG ? -E2BIG : n;
		a->len += (size_t)n + 1;
		(*count)++;
	}
	return 0;
}

int
proc_exec(const char *upath, const char *const *uargv, const char *const *uenvp)
{
	struct exec_args *a = kzalloc(sizeof(*a));
	struct vfs_name *n = NULL;
	int err;

	if (!a)
		return -ENOMEM;
	if ((n = vfs_name_user(Q_AT_FDCWD, upath, &err)))
		err = vfs_exec_check(n);
	if (err >= 0)
		err = args_from_user(a, uargv, &a->argc);
	if (err >= 0)
		err = args_from_user(a, uenvp, &a->envc);
	if (err >= 0 && current->proc->nlive > 1)
		err = -EBUSY;		/* exec from a threaded process */
	if (err >= 0)
		sched_exec();		/* the balancer may move us (Linux) */
	if (err >= 0)
		err = exec_into(current->proc, current->tf, n->abs, a);
	if (err >= 0)
		files_close_on_exec(current->proc->files);
	kfree(n);
	kfree(a);
	return err;
}

/* Load the first program into process p (no current image). */
int
exec_first(struct process *p, struct trapframe *tf, const char *path,
	   int argc, const char *const argv[])
{
	struct exec_args *a = kzalloc(sizeof(*a));
	int err = 0;

	if (!a)
		return -ENOMEM;
	for (int i = 0; i < argc && err == 0; i++) {
		err = args_add(a, argv[i], strlen(argv[i]));
		a->argc++;
	}
	if (err == 0)
		err = exec_into(p, tf, path, a);
	kfree(a);
	return err;
}
