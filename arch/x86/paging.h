/*
 * paging.h - the kernel half of the address space.
 *
 * paging_init() builds the kernel page directory: the direct map of physical
 * memory at KERNBASE (4 MiB pages), and page tables for the kernel-stack
 * area and the MMIO window, all allocated up front so that every future
 * process page directory can share them by copying PDEs 768..1023.
 */
#ifndef ARCH_X86_PAGING_H
#define ARCH_X86_PAGING_H

#include <stddef.h>
#include <stdint.h>
#include "arch/x86/mmu.h"

#define KSTACK_PAGES	4
#define KSTACK_SIZE	(KSTACK_PAGES * PGSIZE)

/* BSP, once, before any other CPU starts: build the kernel page directory
 * (RAM below phys_top, at most DIRECTMAP_MAX, mapped at KERNBASE, plus the
 * identity map the AP trampoline needs) and switch to it.  Panics when out
 * of memory. */
void paging_init(uintptr_t phys_top);
/* Remove the identity map of low memory that the AP trampoline needs. */
void paging_drop_identity(void);
void paging_enable_global(void);		/* each AP, at bring-up */
uintptr_t paging_kernel_pgdir_phys(void);
/* Is va mapped in the kernel half?  Used by backtraces, which must never
 * fault while reporting a fault. */
int paging_kernel_mapped(uintptr_t va);
/* Flush this CPU's TLB entries for kernel mappings. */
void paging_flush_tlb_local(void);

/* Map MMIO registers uncached; returns their virtual address. */
void *ioremap(uintptr_t phys, size_t size);

/* A kernel stack of KSTACK_SIZE bytes with an unmapped guard page below it.
 * Returns the lowest usable address, or 0 when memory or slots run out. */
uintptr_t kstack_alloc(void);
void kstack_free(uintptr_t base);
/* Is va inside the guard page of some kernel stack? */
int kstack_is_guard(uintptr_t va);

#endif
