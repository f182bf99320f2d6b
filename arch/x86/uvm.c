/*
 * uvm.c - building and tearing down user page tables.
 */
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "arch/x86/paging.h"
#include "arch/x86/uvm.h"
#include "arch/x86/x86.h"
#include "kernel/frame.h"
#include "kernel/lib/string.h"

#define USER_PDES	((int)(KERNBASE >> PDXSHIFT))	/* 768 */

pde_t *
uvm_create(void)
{
	pde_t *pgdir = page_alloc();
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
	if (!create || !(pt = page_alloc()))
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
	*pte = PTE_ADDR(pa) | PTE_P | PTE_U | (flags & PTE_W);
	return 0;
}

int
uvm_map_new(pde_t *pgdir, uintptr_t va, uint32_t flags)
{
	void *page = page_alloc();

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
	if (!(*pte & PTE_P))
		return 0;
	if (flags)
		*flags = *pte & 0xfff;
	return PTE_ADDR(*pte);
}

void
uvm_unmap_range(pde_t *pgdir, uintptr_t start, uintptr_t end)
{
	for (uintptr_t va = PGROUNDDOWN(start); va < end && va < KERNBASE;
	     va += PGSIZE) {
		pte_t *pte = walk(pgdir, va, 0);
		if (!pte) {
			va = (PGROUNDDOWN(va) | (LARGE_PGSIZE - 1)) - PGSIZE + 1;
			continue;	/* no page table: skip its 4 MiB */
		}
		if (*pte & PTE_P) {
			frame_free(PTE_ADDR(*pte));
			*pte = 0;
			invlpg((void *)va);
		}
	}
}

/*
 * Share every user page of src with dst, copy-on-write: writable pages
 * become read-only with PTE_COW set in both, and the frame gains a
 * reference.  The caller must flush src's stale TLB entries.
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
			if (!(pt[i] & PTE_P))
				continue;
			if (pt[i] & PTE_W)
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
 * the write may be retried, 0 when va is not a COW page, -1 out of memory. */
int
uvm_cow_break(pde_t *pgdir, uintptr_t va)
{
	pte_t *pte = va < KERNBASE ? walk(pgdir, va, 0) : NULL;
	uintptr_t pa, npa;
	void *page;

	if (!pte || !(*pte & PTE_P))
		return 0;
	if (*pte & PTE_W)
		return 1;		/* another thread broke it already */
	if (!(*pte & PTE_COW))
		return 0;
	pa = PTE_ADDR(*pte);
	if (!frame_shared(pa)) {	/* the last user: take it over */
		*pte = (*pte | PTE_W) & ~(pte_t)PTE_COW;
		invlpg((void *)PGROUNDDOWN(va));
		return 1;
	}
	if (!(npa = frame_alloc()))
		return -1;
	page = P2V(npa);
	memcpy(page, P2V(pa), PGSIZE);
	*pte = V2P(page) | PTE_P | PTE_U | PTE_W;
	invlpg((void *)PGROUNDDOWN(va));
	frame_free(pa);			/* drop our reference to the shared one */
	return 1;
}

void
uvm_destroy(pde_t *pgdir)
{
	uvm_unmap_range(pgdir, 0, KERNBASE);
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
			n += pt[i] & PTE_P;
	}
	return n;
}
