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

pde_t *uvm_create(void);			/* NULL when out of memory */
/* Map a fresh zeroed page at va; -1 when out of memory. */
int uvm_map_new(pde_t *pgdir, uintptr_t va, uint32_t flags);
int uvm_map(pde_t *pgdir, uintptr_t va, uintptr_t pa, uint32_t flags);
/* Physical address mapped at va and its flags, or 0 if none. */
uintptr_t uvm_lookup(const pde_t *pgdir, uintptr_t va, uint32_t *flags);
/* Unmap and free every page in [start, end). */
void uvm_unmap_range(pde_t *pgdir, uintptr_t start, uintptr_t end);
/* Share every user page of src with dst copy-on-write; -1 on ENOMEM. */
int uvm_copy(pde_t *dst, pde_t *src);
/* Resolve a write fault on a COW page: 1 retry, 0 not COW, -1 ENOMEM. */
int uvm_cow_break(pde_t *pgdir, uintptr_t va);
/* Free the user pages, the page tables and the directory. */
void uvm_destroy(pde_t *pgdir);
/* Pages mapped in the user half. */
uint32_t uvm_count(const pde_t *pgdir);

#endif
