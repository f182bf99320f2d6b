/*
 * mm.c - address spaces and the checked user-memory copies.
 *
 * Every pointer a system call receives is checked against the page tables
 * page by page as the kernel copies (copy_pages), with mm->lock held when
 * another thread of the process could unmap it in between.  A bad pointer
 * is therefore an -EFAULT, never a kernel page fault.
 */
#include <stddef.h>
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "arch/x86/uvm.h"
#include "include/uapi/errno.h"
#include "kernel/kmalloc.h"
#include "arch/x86/x86.h"
#include "kernel/lib/string.h"
#include "kernel/smp.h"
#include "kernel/mm.h"
#include "kernel/task.h"

struct mm *
mm_create(void)
{
	struct mm *mm = kzalloc(sizeof(*mm));

	if (!mm)
		return NULL;
	mm->pgdir = uvm_create();
	if (!mm->pgdir) {
		kfree(mm);
		return NULL;
	}
	spin_init(&mm->lock, "mm");
	mm->refs = 1;
	return mm;
}

struct mm *
mm_copy(struct mm *src)
{
	struct mm *mm = mm_create();
	int err;

	if (!mm)
		return NULL;
	spin_lock(&src->lock);
	err = uvm_copy(mm->pgdir, src->pgdir);
	mm->heap_start = src->heap_start;
	mm->brk = src->brk;
	spin_unlock(&src->lock);
	/* src's writable pages just became read-only: no CPU may keep a
	 * writable translation for them */
	mm_flush_tlb(src);
	if (err < 0) {
		mm_put(mm);
		return NULL;
	}
	return mm;
}

void
mm_get(struct mm *mm)
{
	__atomic_fetch_add(&mm->refs, 1, __ATOMIC_SEQ_CST);
}

void
mm_put(struct mm *mm)
{
	if (__atomic_sub_fetch(&mm->refs, 1, __ATOMIC_SEQ_CST) > 0)
		return;
	uvm_destroy(mm->pgdir);
	kfree(mm);
}

uintptr_t
mm_pgdir_phys(const struct mm *mm)
{
	return V2P(mm->pgdir);
}

int
mm_map_range(struct mm *mm, uintptr_t start, uintptr_t end, int writable)
{
	int err = 0;

	spin_lock(&mm->lock);
	for (uintptr_t va = PGROUNDDOWN(start); va < end; va += PGSIZE) {
		if (uvm_lookup(mm->pgdir, va, NULL))
			continue;	/* shared page between two segments */
		if (uvm_map_new(mm->pgdir, va, writable ? UVM_WRITE : 0) < 0) {
			err = -ENOMEM;
			break;
		}
	}
	spin_unlock(&mm->lock);
	return err;
}

/* Move the break; returns the new break, or the old one on failure
 * (Linux's brk semantics). */
uintptr_t
mm_brk(struct mm *mm, uintptr_t newbrk)
{
	uintptr_t old = mm->brk;

	if (newbrk < mm->heap_start || newbrk > HEAP_MAX)
		return old;
	if (PGROUNDUP(newbrk) > PGROUNDUP(old)) {
		if (mm_map_range(mm, PGROUNDUP(old), PGROUNDUP(newbrk), 1) < 0) {
			spin_lock(&mm->lock);
			uvm_unmap_range(mm->pgdir, PGROUNDUP(old), PGROUNDUP(newbrk));
			spin_unlock(&mm->lock);
			return old;
		}
	} else if (PGROUNDUP(newbrk) < PGROUNDUP(old)) {
		spin_lock(&mm->lock);
		uvm_unmap_range(mm->pgdir, PGROUNDUP(newbrk), PGROUNDUP(old));
		spin_unlock(&mm->lock);
	}
	mm->brk = newbrk;
	return newbrk;
}

uint32_t
mm_pages(struct mm *mm)
{
	return uvm_count(mm->pgdir);
}

static void
flush_user_tlb(void *arg)
{
	(void)arg;
	write_cr3(read_cr3());		/* user mappings are not global */
}

/* Drop stale user translations of the current address space: here, and
 * on every other CPU when threads of the process may be running there. */
void
mm_flush_tlb(struct mm *mm)
{
	(void)mm;
	flush_user_tlb(NULL);
	if (mm_threaded())
		smp_call_others(flush_user_tlb, NULL);
}

/* A write fault at va (user mode, or a kernel copy to user memory): break
 * copy-on-write sharing.  1 handled, 0 not a COW page, -ENOMEM. */
int
mm_cow_fault(struct mm *mm, uintptr_t va)
{
	int r;

	spin_lock(&mm->lock);
	r = uvm_cow_break(mm->pgdir, va);
	spin_unlock(&mm->lock);
	if (r > 0 && mm_threaded())
		smp_call_others(flush_user_tlb, NULL);	/* threads elsewhere */
	return r < 0 ? -ENOMEM : r;
}

/* Make [va, va+len) usable for a kernel copy: grow the stack into it and,
 * for writes, break copy-on-write sharing.  1 if anything changed. */
static int
mm_fault_in(struct mm *mm, uintptr_t va, size_t len, int write)
{
	int changed = mm_grow_stack(mm, va, len);

	if (write)
		for (uintptr_t p = PGROUNDDOWN(va); p < va + len; p += PGSIZE)
			changed |= mm_cow_fault(mm, p) > 0;
	return changed;
}

int
mm_grow_stack(struct mm *mm, uintptr_t va, size_t len)
{
	uintptr_t lo = USTACK_TOP - USTACK_SIZE, end = va + len;

	if (va < lo || end > USTACK_TOP || end < va)
		return 0;
	return mm_map_range(mm, PGROUNDDOWN(va), end, 1) == 0;
}

/* Copy page by page through the direct map.  0, or -1 if a page of the
 * range is not usable; nothing has been copied then, so a failed copy to
 * user memory changes nothing.  A range within one page (nearly every
 * copy) is checked and copied in one walk. */
static int
copy_pages(const pde_t *pgdir, uint8_t *k, uintptr_t uaddr, size_t n,
	   int to_user)
{
	uint8_t *u;

	if (n == 0)
		return 0;
	if (PGROUNDDOWN(uaddr) != PGROUNDDOWN(uaddr + n - 1)) {
		for (uintptr_t p = PGROUNDDOWN(uaddr); p < uaddr + n; p += PGSIZE)
			if (!uvm_user_ptr(pgdir, p, to_user))
				return -1;
	}
	while (n > 0) {
		size_t chunk = PGSIZE - (uaddr & (PGSIZE - 1));
		if (!(u = uvm_user_ptr(pgdir, uaddr, to_user)))
			return -1;
		if (chunk > n)
			chunk = n;
		if (to_user)
			memcpy(u, k, chunk);
		else
			memcpy(k, u, chunk);
		k += chunk;
		uaddr += chunk;
		n -= chunk;
	}
	return 0;
}

static int
user_range_ok(struct mm *mm, uintptr_t uaddr, size_t n)
{
	return mm && uaddr + n >= uaddr && uaddr + n <= KERNBASE;
}

/* Copy between an address space and the kernel without making pages
 * usable: 0 or -1.  mm->lock keeps other threads from unmapping the range
 * between the check and the copy; a single-threaded process copying its
 * own memory has no such threads and skips it (this is on every read and
 * write). */
static int
copy_checked(struct mm *mm, void *kbuf, uintptr_t uaddr, size_t n,
	     int to_user)
{
	int locked, r;

	if (!user_range_ok(mm, uaddr, n))
		return -1;
	locked = mm != current->proc->mm || mm_threaded();
	if (locked)
		spin_lock(&mm->lock);
	r = copy_pages(mm->pgdir, kbuf, uaddr, n, to_user);
	if (locked)
		spin_unlock(&mm->lock);
	return r;
}

/* ... and when a page is not usable yet (a buffer in a part of the stack
 * not touched yet, or in pages shared copy-on-write since a fork), make it
 * usable and try once more. */
static int
user_copy(struct mm *mm, void *kbuf, uintptr_t uaddr, size_t n, int to_user)
{
	if (copy_checked(mm, kbuf, uaddr, n, to_user) == 0)
		return 0;
	if (!user_range_ok(mm, uaddr, n) || !mm_fault_in(mm, uaddr, n, to_user))
		return -EFAULT;
	return copy_checked(mm, kbuf, uaddr, n, to_user) < 0 ? -EFAULT : 0;
}

/* The common case of every copy, kept short: the current process's own
 * memory, no other thread that could unmap it, the range within one page
 * and ready.  The kernel address to copy at, or NULL for the slow path. */
static inline uint8_t *
fast_user_ptr(uintptr_t uaddr, size_t n, int write)
{
	struct process *p = current->proc;

	/* n - 1 wraps for n == 0: that takes the slow path too */
	if (n - 1 >= PGSIZE - (uaddr & (PGSIZE - 1)) || !p->mm || p->nlive > 1)
		return NULL;
	return uvm_user_ptr(p->mm->pgdir, uaddr, write);
}

/* The fast path of every copy: 0 when it applied and copied. */
static inline int
copy_fast(void *kbuf, uintptr_t uaddr, size_t n, int to_user)
{
	uint8_t *u = fast_user_ptr(uaddr, n, to_user);

	if (!u)
		return -1;
	if (to_user)
		memcpy(u, kbuf, n);
	else
		memcpy(kbuf, u, n);
	return 0;
}

int
copy_from_user(void *dst, const void *usrc, size_t n)
{
	if (copy_fast(dst, (uintptr_t)usrc, n, 0) == 0)
		return 0;
	return user_copy(current->proc->mm, dst, (uintptr_t)usrc, n, 0);
}

int
copy_to_user(void *udst, const void *src, size_t n)
{
	if (copy_fast((void *)src, (uintptr_t)udst, n, 1) == 0)
		return 0;
	return user_copy(current->proc->mm, (void *)src, (uintptr_t)udst, n, 1);
}

int
copy_from_user_nofault(void *dst, const void *usrc, size_t n)
{
	if (copy_fast(dst, (uintptr_t)usrc, n, 0) == 0)
		return 0;
	return copy_checked(current->proc->mm, dst, (uintptr_t)usrc, n, 0) < 0
	       ? -EFAULT : 0;
}

int
copy_to_user_nofault(void *udst, const void *src, size_t n)
{
	if (copy_fast((void *)src, (uintptr_t)udst, n, 1) == 0)
		return 0;
	return copy_checked(current->proc->mm, (void *)src, (uintptr_t)udst,
			    n, 1) < 0 ? -EFAULT : 0;
}

int
user_fault_in(const void *uaddr, size_t n, int write)
{
	struct mm *mm = current->proc->mm;
	uintptr_t va = (uintptr_t)uaddr;
	int ok = 1;

	if (!user_range_ok(mm, va, n))
		return -EFAULT;
	mm_fault_in(mm, va, n, write);
	spin_lock(&mm->lock);
	for (uintptr_t p = PGROUNDDOWN(va); ok && p < va + n; p += PGSIZE)
		ok = uvm_user_ptr(mm->pgdir, p, write) != 0;
	spin_unlock(&mm->lock);
	return ok ? 0 : -EFAULT;
}

int
mm_copy_out(struct mm *mm, uintptr_t udst, const void *src, size_t n)
{
	return user_copy(mm, (void *)src, udst, n, 1);
}

int
strncpy_from_user(char *dst, const char *usrc, size_t max)
{
	for (size_t i = 0; i < max; i++) {
		if (copy_from_user(&dst[i], usrc + i, 1) < 0)
			return -EFAULT;
		if (dst[i] == 0)
			return (int)i;
	}
	return -ENAMETOOLONG;
}
