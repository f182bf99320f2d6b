/*
 * mm.c - address spaces and the checked user-memory copies.
 *
 * A system call's copy from or to the current process checks only that
 * the range lies in the user half, then lets the MMU do the rest: the copy
 * touches the user address directly (arch/x86/usercopy.asm), and a page
 * fault there comes back here (user_copy_fault) to be resolved as a user
 * fault would be, or to fail the copy with -EFAULT.  A bad pointer is
 * therefore an -EFAULT, never a kernel panic.  A caller that must not
 * fault while it holds a lock (the pipe and socket copies) makes the
 * range usable first, in software (user_fault_in), and retries.
 */
#include <stddef.h>
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "arch/x86/uaccess.h"
#include "arch/x86/uvm.h"
#include "include/uapi/errno.h"
#include "kernel/frame.h"
#include "kernel/kmalloc.h"
#include "arch/x86/x86.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/xcall.h"
#include "kernel/mm.h"
#include "kernel/task.h"
#include "kernel/upcall.h"

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

/*
 * Fork: share every page with the child copy-on-write.  The parent's
 * writable pages become read-only, but until every CPU has flushed its TLB
 * another thread of the parent may still write through a stale writable
 * translation.  A copy-on-write break in that window would copy the page
 * and lose those writes (they land in the frame the child keeps), so
 * wp_pending holds breaks off until the flush is done.  The flush happens
 * after mm->lock is released: a CPU spinning for mm->lock (from a pipe
 * copy under the pipe's lock, say) could not take the flush IPI.
 */
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
	__atomic_add_fetch(&src->wp_pending, 1, __ATOMIC_SEQ_CST);
	spin_unlock(&src->lock);
	mm_flush_tlb(src);
	__atomic_sub_fetch(&src->wp_pending, 1, __ATOMIC_SEQ_CST);
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

/*
 * Frames an address space let go of while other CPUs may still cache a
 * translation for them (a copy-on-write break, a shrinking heap): they are
 * freed only after every CPU running the address space flushed its TLB,
 * else a stale translation would reach a page someone else owns by then.
 */
#define RELEASE_MAX	32

struct release {
	int n;
	uintptr_t frame[RELEASE_MAX];
};

/* Caller holds no spinlock (this may send IPIs). */
static void
release_frames(struct mm *mm, struct release *rel)
{
	if (rel->n == 0)
		return;
	mm_flush_tlb(mm);
	while (rel->n > 0)
		frame_free(rel->frame[--rel->n]);
}

/* Unmap [start, end) of a live address space, RELEASE_MAX pages at a
 * time.  Caller owns the range (brk_busy), holds no spinlock. */
static void
unmap_live(struct mm *mm, uintptr_t start, uintptr_t end)
{
	struct release rel;

	while (start < end) {
		spin_lock(&mm->lock);
		start = uvm_unmap_some(mm->pgdir, start, end, rel.frame,
				       RELEASE_MAX, &rel.n);
		spin_unlock(&mm->lock);
		release_frames(mm, &rel);
	}
}

/* brk() calls of one process, one at a time: a shrink unmaps in several
 * rounds of mm->lock, and a concurrent grow must not see the half-unmapped
 * pages as its own.  The holder never sleeps, so waiting is short; the
 * waiter keeps interrupts on (system call context). */
static void
brk_begin(struct mm *mm)
{
	for (;;) {
		spin_lock(&mm->lock);
		if (!mm->brk_busy) {
			mm->brk_busy = 1;
			spin_unlock(&mm->lock);
			return;
		}
		spin_unlock(&mm->lock);
		cpu_relax();
	}
}

static void
brk_end(struct mm *mm)
{
	__atomic_store_n(&mm->brk_busy, 0, __ATOMIC_RELEASE);
}

void
mm_layout_begin(struct mm *mm)
{
	brk_begin(mm);
}

void
mm_layout_end(struct mm *mm)
{
	brk_end(mm);
}

void
mm_unmap(struct mm *mm, uintptr_t start, uintptr_t end)
{
	unmap_live(mm, start, end);
}

/* Move the break; returns the new break, or the old one on failure
 * (Linux's brk semantics). */
uintptr_t
mm_brk(struct mm *mm, uintptr_t newbrk)
{
	uintptr_t old, top, newtop;

	brk_begin(mm);
	old = mm->brk;
	top = PGROUNDUP(old);
	newtop = PGROUNDUP(newbrk);
	if (newbrk < mm->heap_start || newbrk > HEAP_MAX)
		newbrk = old;
	else if (newtop > top && mm_map_range(mm, top, newtop, 1) < 0) {
		unmap_live(mm, top, newtop);
		newbrk = old;
	} else if (newtop < top)
		unmap_live(mm, newtop, top);
	mm->brk = newbrk;
	brk_end(mm);
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

static int
in_stack(uintptr_t va)
{
	return va >= USTACK_TOP - USTACK_SIZE && va < USTACK_TOP;
}

/*
 * Make the page at va usable for an access (a write if write is set):
 * map a stack page not touched yet, or break copy-on-write sharing.
 * Caller holds mm->lock.  1 usable now, 0 never (a bad address: EFAULT),
 * -ENOMEM, or -EAGAIN: drop the lock, release rel's frames, wait for the
 * forks in progress (mm_wait_forks) and try again.
 */
static int
fix_page(struct mm *mm, uintptr_t va, int write, struct release *rel)
{
	uintptr_t old;
	int r;

	if (uvm_user_ptr(mm->pgdir, va, write))
		return 1;
	if (!uvm_lookup(mm->pgdir, va, NULL)) {
		if (!in_stack(va))
			return 0;
		return uvm_map_new(mm->pgdir, PGROUNDDOWN(va), UVM_WRITE) < 0
		       ? -ENOMEM : 1;
	}
	if (!write)
		return 0;
	if (__atomic_load_n(&mm->wp_pending, __ATOMIC_SEQ_CST) ||
	    rel->n == RELEASE_MAX)
		return -EAGAIN;
	r = uvm_cow_break(mm->pgdir, va, &old);
	if (old)
		rel->frame[rel->n++] = old;
	return r < 0 ? -ENOMEM : r;
}

/* Wait until no fork of this address space is between its write
 * protection and its TLB flush.  Interrupts on: the fork's flush IPI must
 * reach this CPU. */
static void
mm_wait_forks(struct mm *mm)
{
	if (!(read_eflags() & FL_IF))
		panic("mm_wait_forks: interrupts off");
	while (__atomic_load_n(&mm->wp_pending, __ATOMIC_SEQ_CST))
		cpu_relax();
}

/* fix_page() under mm->lock, and the frames it let go of released. */
static int
resolve_fault(struct mm *mm, uintptr_t va, int write)
{
	struct release rel = { 0 };
	int r;

	spin_lock(&mm->lock);
	r = fix_page(mm, va, write, &rel);
	spin_unlock(&mm->lock);
	release_frames(mm, &rel);
	return r;
}

/* A fault from user mode at va: a write to a copy-on-write page (write
 * set), or a touch of the stack below what is mapped.  1 when the
 * instruction may be retried, 0 when the access is bad, -ENOMEM.  Here
 * interrupts are off, so instead of waiting for a fork's flush the fault
 * is retried: the return to user mode lets the flush IPI in. */
int
mm_user_fault(struct mm *mm, uintptr_t va, int write)
{
	int r = resolve_fault(mm, va, write);

	return r == -EAGAIN ? 1 : r;
}

/* The same for a copy in kernel mode (upcall.h).  The retry of a copy
 * with interrupts on lets the fork's flush IPI in as the return to user
 * mode does; one with interrupts off could never see the flush, and the
 * software walk this replaced panicked there too (mm_wait_forks). */
int
user_copy_fault(uintptr_t va, int write, int irqs_on)
{
	struct mm *mm = current->proc->mm;
	int r;

	if (!mm || va >= KERNBASE)
		return 0;
	r = resolve_fault(mm, va, write);
	if (r == -EAGAIN && !irqs_on)
		panic("user copy at %p waits for a fork's TLB flush with "
		      "interrupts off", (void *)va);
	return r == 1 || r == -EAGAIN;
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

/*
 * Make every page of [uaddr, uaddr+n) usable and, if kbuf is set, copy
 * while still holding mm->lock: a fork by another thread write-protects
 * the pages again only under that lock, so between the fix and the copy
 * nothing can undo the fix.  (Fixing first and copying under a second
 * hold of the lock once failed when a fork came in between: EFAULT on a
 * valid buffer.)  0, or -EFAULT for a range that is not (or cannot be
 * made) usable: out of memory counts as that, as a failed fault does in
 * Linux's copy_to_user.
 */
static int
fix_and_copy(struct mm *mm, void *kbuf, uintptr_t uaddr, size_t n,
	     int to_user)
{
	int r;

	if (!user_range_ok(mm, uaddr, n))
		return -EFAULT;
	do {
		struct release rel = { 0 };
		r = 1;
		spin_lock(&mm->lock);
		for (uintptr_t p = PGROUNDDOWN(uaddr); r == 1 && p < uaddr + n;
		     p += PGSIZE)
			r = fix_page(mm, p, to_user, &rel);
		if (r == 1 && kbuf &&
		    copy_pages(mm->pgdir, kbuf, uaddr, n, to_user) < 0)
			panic("fix_and_copy: %p+%u unusable after its fix",
			      (void *)uaddr, (unsigned)n);
		spin_unlock(&mm->lock);
		release_frames(mm, &rel);
		if (r == -EAGAIN)
			mm_wait_forks(mm);
	} while (r == -EAGAIN);
	return r == 1 ? 0 : -EFAULT;
}


int
copy_from_user_failed(void *dst, size_t n, size_t left)
{
	memset((uint8_t *)dst + (n - left), 0, left);
	return -EFAULT;
}

/* A copy from user memory that stopped short left a part of dst as it
 * was; it is zeroed, so no stale kernel bytes travel on (as in Linux). */
static int
from_user_done(void *dst, size_t n, size_t left)
{
	return left ? copy_from_user_failed(dst, n, left) : 0;
}

int
copy_from_user(void *dst, const void *usrc, size_t n)
{
	if (!user_access_ok((uintptr_t)usrc, n))
		return -EFAULT;
	return from_user_done(dst, n, arch_copy_user(dst, usrc, n));
}

int
copy_to_user(void *udst, const void *src, size_t n)
{
	if (!user_access_ok((uintptr_t)udst, n))
		return -EFAULT;
	return arch_copy_user(udst, src, n) ? -EFAULT : 0;
}

/* The caller's nofault copy may still fail afterwards, if another thread
 * forked in between; it then calls this again (the pipe's loop). */
int
user_fault_in(const void *uaddr, size_t n, int write)
{
	return fix_and_copy(current->proc->mm, NULL, (uintptr_t)uaddr, n,
			    write);
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
