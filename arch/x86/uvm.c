/*
 * uvm.c - building and tearing down user page tables.
 */
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "arch/x86/paging.h"
#include "arch/x86/uvm.h"
#include "arch/x86/x86.h"
#include "include/uapi/types.h"
#include "kernel/frame.h"
#include "kernel/lib/string.h"

#define USER_PDES	((int)(KERNBASE >> PDXSHIFT))	/* 768 */

pde_t *
uvm_create(void)
{
	pde_t *pgdir = page_alloc_for(Q_MEM_PGTABLE);
	const pde_t *k;

	if (!pgdir)
		return NULL;
	k = P2V(paging_kernel_pgdir_phys());
	memcpy(&pgdir[USER_PDES], &k[USER_PDES], (1024 - USER_PDES) * sizeof(pde_t));
	return pgdir;
}

/* The PTE for va, allocating its page table if create is set. */
static pte_t *
walk(pde_t *pgdir, uintptr_t va, int create)
{
	pde_t *pde = &pgdir[PDX(va)];
	pte_t *pt;

	if (*pde & PTE_P)
		return (pte_t *)P2V(PTE_ADDR(*pde)) + PTX(va);
	if (!create || !(pt = page_alloc_for(Q_MEM_PGTABLE)))
		return NULL;
	*pde = V2P(pt) | PTE_P | PTE_W | PTE_U;
	return pt + PTX(va);
}

int
uvm_map(pde_t *pgdir, uintptr_t va, uintptr_t pa, uint32_t flags)
{
	pte_t *pte;

	if (va >= KERNBASE)
		return -1;
	pte = walk(pgdir, va, 1);
	if (!pte)
		return -1;
	*pte = PTE_ADDR(pa) | PTE_P | PTE_U | (flags & (PTE_W | PTE_SHARED));
	return 0;
}

int
uvm_map_new(pde_t *pgdir, uintptr_t va, uint32_t flags)
{
	void *page = page_alloc_for(Q_MEM_USER);

	if (!page)
		return -1;
	if (uvm_map(pgdir, va, V2P(page), flags) < 0) {
		page_free(page);
		return -1;
	}
	return 0;
}

uintptr_t
uvm_lookup(const pde_t *pgdir, uintptr_t va, uint32_t *flags)
{
	pte_t *pte;

	if (va >= KERNBASE || !(pgdir[PDX(va)] & PTE_P))
		return 0;
	pte = (pte_t *)P2V(PTE_ADDR(pgdir[PDX(va)])) + PTX(va);
	if (!PTE_HELD(*pte))
		return 0;
	if (flags)
		*flags = *pte & 0xfff;
	return PTE_ADDR(*pte);
}

/*
 * Share every user page of src with dst, copy-on-write: writable pages
 * become read-only with PTE_COW set in both, and the frame gains a
 * reference.  Pages of MAP_SHARED mappings (PTE_SHARED) stay as they are
 * in both: the two address spaces write the same frame.  The caller must
 * flush src's stale TLB entries.
 */
int
uvm_copy(pde_t *dst, pde_t *src)
{
	for (int d = 0; d < USER_PDES; d++) {
		pte_t *pt;
		if (!(src[d] & PTE_P))
			continue;
		pt = P2V(PTE_ADDR(src[d]));
		for (int i = 0; i < 1024; i++) {
			uintptr_t va = ((uintptr_t)d << PDXSHIFT) | ((uintptr_t)i << PGSHIFT);
			pte_t *dpte;
			if (!PTE_HELD(pt[i]))
				continue;
			if ((pt[i] & (PTE_W | PTE_SHARED)) == PTE_W)
				pt[i] = (pt[i] & ~(pte_t)PTE_W) | PTE_COW;
			if (!(dpte = walk(dst, va, 1)))
				return -1;
			frame_get(PTE_ADDR(pt[i]));
			*dpte = pt[i];
		}
	}
	return 0;
}

/* A write to va hit a copy-on-write page: give this address space its own
 * copy (or the page itself, if nobody else shares it any more).  1 when
 * the write may be retried, 0 when va is not a COW page, -1 out of memory.
 * After a copy, *old is the shared frame this address space let go of:
 * other CPUs may still cache its translation, so the caller drops the
 * reference (frame_free) only once they flushed; else *old is 0. */
int
uvm_cow_break(pde_t *pgdir, uintptr_t va, uintptr_t *old)
{
	pte_t *pte = va < KERNBASE ? walk(pgdir, va, 0) : NULL;
	uintptr_t pa, npa;

	*old = 0;
	if (!pte || !(*pte & PTE_P))
		return 0;
	if (*pte & PTE_W)
		return 1;		/* another thread broke it already */
	if (!(*pte & PTE_COW))
		return 0;
	pa = PTE_ADDR(*pte);
	if (!frame_shared(pa)) {	/* the last user: take it over */
		/* a stale read-only translation elsewhere only costs a
		 * write fault, which drops it */
		*pte = (*pte | PTE_W) & ~(pte_t)PTE_COW;
		invlpg((void *)PGROUNDDOWN(va));
		return 1;
	}
	if (!(npa = frame_alloc_for(Q_MEM_USER)))
		return -1;
	memcpy(P2V(npa), P2V(pa), PGSIZE);
	*pte = npa | PTE_P | PTE_U | PTE_W;
	invlpg((void *)PGROUNDDOWN(va));
	*old = pa;
	return 1;
}

/* Unmap the pages of [start, end) without freeing them, at most max: their
 * frames go to frames[], *n counts them.  Returns where it stopped (end
 * when done).  The caller frees the frames once no CPU can still reach
 * them through a stale translation. */
uintptr_t
uvm_unmap_some(pde_t *pgdir, uintptr_t start, uintptr_t end,
	       uintptr_t *frames, int max, int *n)
{
	uintptr_t va = PGROUNDDOWN(start);

	*n = 0;
	for (; va < end && va < KERNBASE && *n < max; va += PGSIZE) {
		pte_t *pte = walk(pgdir, va, 0);
		if (!pte) {		/* no page table: skip its 4 MiB */
			va = (va | (LARGE_PGSIZE - 1)) - PGSIZE + 1;
			continue;
		}
		if (PTE_HELD(*pte)) {
			frames[(*n)++] = PTE_ADDR(*pte);
			*pte = 0;
			invlpg((void *)va);
		}
	}
	return va < end ? va : end;
}

int
uvm_protect(pde_t *pgdir, uintptr_t va, int writable, int none)
{
	pte_t *pte = va < KERNBASE ? walk(pgdir, va, 0) : NULL;
	pte_t e;

	if (!pte || !PTE_HELD(*pte))
		return -1;
	e = *pte & ~(pte_t)(PTE_P | PTE_NONE | PTE_W | PTE_COW | PTE_U);
	e |= none ? PTE_NONE : PTE_P | PTE_U;
	if (writable && !none) {
		if ((e & PTE_SHARED) || !frame_shared(PTE_ADDR(e)))
			e |= PTE_W;
		else
			e |= PTE_COW;	/* the first write copies */
	}
	*pte = e;
	invlpg((void *)va);
	return 0;
}

/* For an address space no CPU runs any more: its frames go at once. */
static void
unmap_and_free(pde_t *pgdir)
{
	uintptr_t frames[64], va = 0;
	int n;

	while (va < KERNBASE) {
		va = uvm_unmap_some(pgdir, va, KERNBASE, frames, 64, &n);
		while (n > 0)
			frame_free(frames[--n]);
	}
}

void
uvm_destroy(pde_t *pgdir)
{
	unmap_and_free(pgdir);
	for (int d = 0; d < USER_PDES; d++)
		if (pgdir[d] & PTE_P)
			frame_free(PTE_ADDR(pgdir[d]));
	page_free(pgdir);
}

uint32_t
uvm_count(const pde_t *pgdir)
{
	uint32_t n = 0;

	for (int d = 0; d < USER_PDES; d++) {
		const pte_t *pt;
		if (!(pgdir[d] & PTE_P))
			continue;
		pt = P2V(PTE_ADDR(pgdir[d]));
		for (int i = 0; i < 1024; i++)
			n += PTE_HELD(pt[i]) != 0;
	}
	return n;
}
