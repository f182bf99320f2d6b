/*
 * uvm.h - user page tables: two-level x86 paging for the user half.
 *
 * Every user page directory shares the kernel half (PDEs 768..1023) with
 * the kernel's own directory; these functions only ever change the user
 * half.  Physical frames come from and go back to kernel/frame.c.
 */
#ifndef ARCH_X86_UVM_H
#define ARCH_X86_UVM_H

#include <stdint.h>
#include "arch/x86/mmu.h"

#define UVM_WRITE	PTE_W
#define UVM_USER	PTE_U
#define UVM_SHARED	PTE_SHARED	/* stays shared across fork */

pde_t *uvm_create(void);			/* NULL when out of memory */
/* Map a fresh zeroed page at va; -1 when out of memory. */
int uvm_map_new(pde_t *pgdir, uintptr_t va, uint32_t flags);
int uvm_map(pde_t *pgdir, uintptr_t va, uintptr_t pa, uint32_t flags);
/* Physical address mapped at va and its flags, or 0 if none. */
uintptr_t uvm_lookup(const pde_t *pgdir, uintptr_t va, uint32_t *flags);
/* The kernel (direct-map) address of user byte va if a copy may touch it:
 * present, a user page, and writable when write is set; else NULL.  Inline:
 * every read and write system call asks it. */
static inline uint8_t *
uvm_user_ptr(const pde_t *pgdir, uintptr_t va, int write)
{
	uint32_t need = PTE_P | PTE_U | (write ? PTE_W : 0);
	pde_t pde = pgdir[PDX(va)];
	pte_t pte;

	if (va >= KERNBASE || !(pde & PTE_P))
		return 0;
	pte = ((const pte_t *)P2V(PTE_ADDR(pde)))[PTX(va)];
	if ((pte & need) != need)
		return 0;
	return (uint8_t *)P2V(PTE_ADDR(pte)) + (va & (PGSIZE - 1));
}
/* Share every user page of src with dst copy-on-write; -1 on ENOMEM. */
int uvm_copy(pde_t *dst, pde_t *src);
/* Resolve a write fault on a COW page: 1 retry, 0 not COW, -1 ENOMEM;
 * *old: a frame to free once other CPUs flushed their TLBs, or 0. */
int uvm_cow_break(pde_t *pgdir, uintptr_t va, uintptr_t *old);
/* Unmap up to max pages of [start, end), keeping their frames in frames[]
 * (*n of them) for the caller to free; returns where it stopped. */
uintptr_t uvm_unmap_some(pde_t *pgdir, uintptr_t start, uintptr_t end,
			 uintptr_t *frames, int max, int *n);
/* mprotect of the page at va: writable, or no access at all (none), or
 * read-only.  A private page whose frame another address space still
 * shares becomes copy-on-write instead of writable.  0, or -1 if no page
 * is mapped at va.  The caller flushes the TLBs. */
int uvm_protect(pde_t *pgdir, uintptr_t va, int writable, int none);
/* Free the user pages, the page tables and the directory. */
void uvm_destroy(pde_t *pgdir);
/* Pages mapped in the user half. */
uint32_t uvm_count(const pde_t *pgdir);

#endif
