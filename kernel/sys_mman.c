/*
 * sys_mman.c - anonymous memory: mmap, munmap, mprotect, and mlock and
 * madvise, which have nothing to do here.
 *
 * Mappings are anonymous only and made present at once (zeroed frames,
 * counted as the process's user pages): Quanta keeps no list of virtual
 * memory areas, so the page tables are the record of what is mapped and
 * with which protection.  The differences from Linux that follow (no
 * lazy allocation, no file mappings, PROT_NONE still holds its frames)
 * are listed in docs/syscalls.md.  Placement follows Linux's top-down
 * layout: the highest hole below the stack's 1 MiB and a guard page, and
 * above the heap's limit (HEAP_MAX), unless MAP_FIXED asks.
 *
 * MAP_SHARED pages carry PTE_SHARED, which fork does not write-protect,
 * so a parent and child really share them.  Every layout change runs
 * inside mm_layout_begin/end, which also serializes it against brk.
 */
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "arch/x86/uvm.h"
#include "include/uapi/errno.h"
#include "include/uapi/mman.h"
#include "kernel/file.h"
#include "kernel/mm.h"
#include "kernel/syscall.h"
#include "kernel/task.h"

#define MMAP_TOP	(USTACK_TOP - USTACK_SIZE - PGSIZE)
#define MMAP_BASE	HEAP_MAX
#define MAP_KNOWN	(Q_MAP_TYPE | Q_MAP_FIXED | Q_MAP_ANONYMOUS |	\
			 Q_MAP_NORESERVE | Q_MAP_POPULATE | Q_MAP_LOCKED |	\
			 Q_MAP_STACK | Q_MAP_FIXED_NOREPLACE)
#define PROT_KNOWN	(Q_PROT_READ | Q_PROT_WRITE | Q_PROT_EXEC)

static struct mm *
my_mm(void)
{
	return current->proc->mm;
}

/* The highest mapped page in [start, end), or 0.  Caller holds the
 * layout; page tables not there are skipped 4 MiB at a time. */
static uintptr_t
highest_mapped(struct mm *mm, uintptr_t start, uintptr_t end)
{
	for (uintptr_t va = end; va > start;) {
		va -= PGSIZE;
		if (!(mm->pgdir[PDX(va)] & PTE_P)) {
			va &= ~(uintptr_t)(LARGE_PGSIZE - 1);
			continue;
		}
		if (uvm_lookup(mm->pgdir, va, NULL))
			return va;
	}
	return 0;
}

/* Where len bytes fit: the hint if it is free, else top-down first fit;
 * 0 when there is no hole. */
static uintptr_t
find_hole(struct mm *mm, uintptr_t hint, uint32_t len)
{
	uintptr_t end = MMAP_TOP, busy;

	if (hint >= MMAP_BASE && hint <= MMAP_TOP - len &&
	    !highest_mapped(mm, hint, hint + len))
		return hint;
	while (end - MMAP_BASE >= len) {
		if (!(busy = highest_mapped(mm, end - len, end)))
			return end - len;
		end = busy;
	}
	return 0;
}

/* Map fresh zeroed pages over [start, end) with protection prot. */
static int
map_fresh(struct mm *mm, uintptr_t start, uintptr_t end, int prot,
	  int shared)
{
	uint32_t fl = (shared ? UVM_SHARED : 0) |
		      ((prot & Q_PROT_WRITE) ? UVM_WRITE : 0);
	int err = 0;

	spin_lock(&mm->lock);
	for (uintptr_t va = start; va < end && !err; va += PGSIZE) {
		if (uvm_map_new(mm->pgdir, va, fl) < 0)
			err = -ENOMEM;
		else if (prot == Q_PROT_NONE)
			uvm_protect(mm->pgdir, va, 0, 1);
	}
	spin_unlock(&mm->lock);
	return err;
}

/* mmap(addr, len, prot, flags, fd); the offset (ignored for anonymous
 * memory) is checked by the libc. */
SYSCALL(sys_mmap)
{
	uint32_t len = PGROUNDUP(a2), flags = a4, type = flags & Q_MAP_TYPE;
	struct mm *mm = my_mm();
	uintptr_t addr = a1;
	struct file *f;
	int err;

	UNUSED_ARGS5;
	if (a2 == 0 || (flags & ~MAP_KNOWN) || (a3 & ~PROT_KNOWN) ||
	    (type != Q_MAP_SHARED && type != Q_MAP_PRIVATE && type != 3))
		return -EINVAL;
	if (!(flags & Q_MAP_ANONYMOUS)) {
		if (!(f = fd_get(current->proc->files, (int)a5)))
			return -EBADF;
		file_put(f);
		return -ENODEV;		/* no file can be mapped yet */
	}
	if (len < a2)
		return -ENOMEM;
	/* A fixed range must end below the main stack.  The length is
	 * checked on its own first: a longer one would wrap the subtraction
	 * below and let a range into the kernel half through, whose unmap
	 * (unmap_live) never gets past KERNBASE and so never ends. */
	if ((flags & (Q_MAP_FIXED | Q_MAP_FIXED_NOREPLACE)) &&
	    ((addr & (PGSIZE - 1)) || addr < PGSIZE ||
	     len > USTACK_TOP - USTACK_SIZE ||
	     addr > USTACK_TOP - USTACK_SIZE - len))
		return (addr & (PGSIZE - 1)) ? -EINVAL : -ENOMEM;
	mm_layout_begin(mm);
	if (flags & Q_MAP_FIXED_NOREPLACE) {
		err = highest_mapped(mm, addr, addr + len) ? -EEXIST : 0;
	} else if (flags & Q_MAP_FIXED) {
		mm_unmap(mm, addr, addr + len);
		err = 0;
	} else {
		addr = find_hole(mm, PGROUNDDOWN(addr), len);
		err = addr ? 0 : -ENOMEM;
	}
	if (err == 0 && (err = map_fresh(mm, addr, addr + len, (int)a3,
					 type != Q_MAP_PRIVATE)) < 0)
		mm_unmap(mm, addr, addr + len);
	mm_layout_end(mm);
	return err < 0 ? err : (int32_t)addr;
}

/* A page-aligned range in the user half: 0 or -EINVAL. */
static int
check_range(uint32_t addr, uint32_t len, uint32_t *end)
{
	*end = addr + PGROUNDUP(len);
	if ((addr & (PGSIZE - 1)) || *end < addr || *end > KERNBASE ||
	    PGROUNDUP(len) < len)
		return -EINVAL;
	return 0;
}

SYSCALL(sys_munmap)
{
	struct mm *mm = my_mm();
	uint32_t end;
	int err;

	UNUSED_ARGS5;
	if (a2 == 0 || (err = check_range(a1, a2, &end)) < 0)
		return -EINVAL;
	mm_layout_begin(mm);
	mm_unmap(mm, a1, end);
	mm_layout_end(mm);
	return 0;
}

/* Is every page of [start, end) mapped?  Caller holds the layout. */
static int
all_mapped(struct mm *mm, uintptr_t start, uintptr_t end)
{
	for (uintptr_t va = start; va < end; va += PGSIZE)
		if (!uvm_lookup(mm->pgdir, va, NULL))
			return 0;
	return 1;
}

SYSCALL(sys_mprotect)
{
	struct mm *mm = my_mm();
	uint32_t end;
	int err;

	UNUSED_ARGS5;
	if ((err = check_range(a1, a2, &end)) < 0 || (a3 & ~PROT_KNOWN))
		return -EINVAL;
	mm_layout_begin(mm);
	if (!all_mapped(mm, a1, end)) {
		err = -ENOMEM;		/* Linux: a hole in the range */
	} else {
		spin_lock(&mm->lock);
		for (uintptr_t va = a1; va < end; va += PGSIZE)
			uvm_protect(mm->pgdir, va, (a3 & Q_PROT_WRITE) != 0,
				    a3 == Q_PROT_NONE);
		spin_unlock(&mm->lock);
		mm_flush_tlb(mm);
	}
	mm_layout_end(mm);
	return err;
}

/* mlock and munlock: Quanta never pages memory out, so every mapped page
 * is resident already; only the range is checked, as Linux does. */
static int32_t
lock_range(uint32_t addr, uint32_t len)
{
	struct mm *mm = my_mm();
	uint32_t start = PGROUNDDOWN(addr), end = PGROUNDUP(addr + len);
	int ok;

	if (addr + len < addr || end > KERNBASE)
		return -ENOMEM;
	mm_layout_begin(mm);
	ok = all_mapped(mm, start, end);
	mm_layout_end(mm);
	return ok ? 0 : -ENOMEM;
}

SYSCALL(sys_mlock)
{
	UNUSED_ARGS5;
	return lock_range(a1, a2);
}

SYSCALL(sys_munlock)
{
	UNUSED_ARGS5;
	return lock_range(a1, a2);
}

SYSCALL(sys_mlockall)
{
	UNUSED_ARGS5;
	if (!a1 || (a1 & ~(Q_MCL_CURRENT | Q_MCL_FUTURE | Q_MCL_ONFAULT)) ||
	    a1 == Q_MCL_ONFAULT)
		return -EINVAL;
	return 0;
}

SYSCALL(sys_munlockall)
{
	UNUSED_ARGS5;
	return 0;
}

/* The advice values Linux 6.1 knows (include/uapi/asm-generic/
 * mman-common.h: 0-4 and 8-25); any other is EINVAL there too
 * (madvise_behavior_valid). */
static int
advice_known(uint32_t advice)
{
	return advice <= 4 || (advice >= 8 && advice <= 25);
}

/* Advice changes nothing here (docs/syscalls.md); the range and the
 * advice are checked. */
SYSCALL(sys_madvise)
{
	uint32_t end;

	UNUSED_ARGS5;
	if (check_range(a1, a2, &end) < 0 || !advice_known(a3))
		return -EINVAL;
	return 0;
}
