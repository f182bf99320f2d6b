/*
 * mm.h - a process's address space.
 *
 * User virtual memory, bottom to top:
 *   0x00000000  unmapped (NULL pointers fault)
 *   0x08048000  program text, data, bss (from the ELF file)
 *   heap_start  heap, growing up to brk (SYS_brk)
 *   ...
 *   USTACK_TOP - USTACK_SIZE   main thread's stack: USTACK_INIT mapped at
 *                              exec, the rest mapped on first touch (a page
 *                              fault, or a system call's copy); below it
 *                              nothing is ever mapped, so running off the
 *                              end faults (the guard)
 *   USTACK_TOP = 0xBFFFF000    (the kernel starts at 0xC0000000)
 *
 * Fork shares the parent's pages copy-on-write (arch/x86/uvm.c): both
 * sides map them read-only until one writes, and the write fault gives
 * the writer its own copy.  Threads share one mm (refs counts its users).  mm->lock protects the
 * page tables of the user half against concurrent brk and copies.
 */
#ifndef KERNEL_MM_H
#define KERNEL_MM_H

#include <stddef.h>
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "arch/x86/uaccess.h"
#include "include/uapi/errno.h"
#include "kernel/spinlock.h"
#include "kernel/task.h"

#define USTACK_TOP	0xBFFFF000u
#define USTACK_SIZE	(1024u * 1024)		/* the stack may grow to 1 MiB */
#define USTACK_INIT	(16u * 1024)		/* mapped at exec */
#define HEAP_MAX	0xA0000000u		/* brk may not pass this */

struct mm {
	struct spinlock lock;
	pde_t *pgdir;
	uintptr_t heap_start;		/* page-aligned end of the image */
	uintptr_t brk;
	int refs;
	int wp_pending;			/* forks whose TLB flush is not done */
	int brk_busy;			/* a brk() is changing the heap */
};

/* An empty address space (a page directory sharing the kernel's
 * mappings) with one reference, or NULL when out of memory. */
struct mm *mm_create(void);
struct mm *mm_copy(struct mm *src);		/* fork */
void mm_get(struct mm *mm);
void mm_put(struct mm *mm);			/* frees on the last put */
/* The page directory's physical address, for CR3 (every switch). */
static inline uintptr_t
mm_pgdir_phys(const struct mm *mm)
{
	return V2P(mm->pgdir);
}
/* Map fresh zeroed pages over [start, end); -ENOMEM on failure. */
int mm_map_range(struct mm *mm, uintptr_t start, uintptr_t end, int writable);
uintptr_t mm_brk(struct mm *mm, uintptr_t newbrk);
/* Changes of the layout (brk, mmap, munmap, mprotect) of one address
 * space happen one at a time, between these two.  No spinlock held. */
void mm_layout_begin(struct mm *mm);
void mm_layout_end(struct mm *mm);
/* Unmap [start, end) and free its frames once no TLB holds them; caller
 * is inside a layout change. */
void mm_unmap(struct mm *mm, uintptr_t start, uintptr_t end);
uint32_t mm_pages(struct mm *mm);
/* A page fault from user mode at va (write: a write access): grow the
 * stack or break copy-on-write.  1 retry the instruction, 0 a bad access,
 * -ENOMEM. */
int mm_user_fault(struct mm *mm, uintptr_t va, int write);
void mm_flush_tlb(struct mm *mm);
/* Does process p have more than one live task (thread)?  Then other
 * CPUs may run with its address space loaded, and reach its files. */
static inline int
proc_threaded(struct process *p)
{
	return __atomic_load_n(&p->nlive, __ATOMIC_SEQ_CST) > 1;
}

/* The same for the current process. */
static inline int
mm_threaded(void)
{
	return proc_threaded(current->proc);
}

/* Checked copies between kernel and the current process's user memory,
 * through the MMU (mm.c); 0 or -EFAULT.  A copy that fails may have
 * copied a part, up to the first bad page; a copy from user memory
 * zeroes the rest of dst then. */
int copy_from_user(void *dst, const void *usrc, size_t n);
int copy_to_user(void *udst, const void *src, size_t n);

/* The one check a direct copy needs: the range lies in the user half and
 * does not wrap.  The MMU checks the rest, the page tables of the task
 * that runs included: a kernel thread runs on the kernel's own (context.c),
 * which map nothing below KERNBASE once boot has dropped the identity map
 * of the first 4 MiB, so its copies fault and, with no mm to resolve
 * them in, fail (user_copy_fault). */
static inline int
user_access_ok(uintptr_t uaddr, size_t n)
{
	return uaddr <= KERNBASE && n <= KERNBASE - uaddr;	/* cannot wrap */
}

/* mm.c: zero what a copy from user memory left of dst; -EFAULT. */
int copy_from_user_failed(void *dst, size_t n, size_t left);

/* copy_from_user() and copy_to_user() for callers that hold a spinlock:
 * no page is made usable (no stack growth, no copy-on-write break, which
 * may wait for or send IPIs), so a copy that needs one fails with -EFAULT.
 * The caller then drops its lock, calls user_fault_in() and tries again:
 * Linux's pipe does the same.  Inline: a pipe's read and write each make
 * one, under its lock. */
static inline int
copy_from_user_nofault(void *dst, const void *usrc, size_t n)
{
	size_t left;

	if (!user_access_ok((uintptr_t)usrc, n))
		return -EFAULT;
	left = arch_copy_user_nofault(dst, usrc, n);
	return left ? copy_from_user_failed(dst, n, left) : 0;
}

static inline int
copy_to_user_nofault(void *udst, const void *src, size_t n)
{
	if (!user_access_ok((uintptr_t)udst, n))
		return -EFAULT;
	return arch_copy_user_nofault(udst, src, n) ? -EFAULT : 0;
}

/* Make [uaddr, uaddr+n) usable for a copy; 0 or -EFAULT. */
int user_fault_in(const void *uaddr, size_t n, int write);
/* Copy a NUL-terminated string of at most max-1 bytes; its length, or
 * -EFAULT, or -ENAMETOOLONG. */
int strncpy_from_user(char *dst, const char *usrc, size_t max);

#endif
