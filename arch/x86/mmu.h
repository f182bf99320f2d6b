/*
 * mmu.h - the virtual memory layout and x86 paging/segment constants.
 *
 * Quanta uses Linux's classic 3G/1G split:
 *
 *   0x00000000 .. 0xBFFFFFFF   user space (per process)
 *   0xC0000000 .. 0xDFFFFFFF   direct map of physical memory 0 .. 512 MiB
 *                              (kernel image at 0xC0100000 = phys 1 MiB)
 *   0xE0000000 .. 0xE3FFFFFF   kernel stacks, 4K-mapped, each with an
 *                              unmapped guard page below it
 *   0xF0000000 .. 0xF03FFFFF   MMIO window (LAPIC, IOAPIC) mapped uncached
 *
 * Every page table of the kernel half is allocated once at boot, so every
 * address space can share them by copying the 256 kernel PDEs.
 */
#ifndef ARCH_X86_MMU_H
#define ARCH_X86_MMU_H

#define PGSIZE		4096
#define PGSHIFT		12
#define PDXSHIFT	22
#define LARGE_PGSIZE	(4u << 20)

#define KERNBASE	0xC0000000u
#define KERNLINK	0xC0100000u	/* where the kernel image is linked */
#define DIRECTMAP_MAX	0x20000000u	/* 512 MiB of physical memory */
#define KSTACK_BASE	0xE0000000u
#define KSTACK_END	0xE4000000u
#define MMIO_BASE	0xF0000000u
#define MMIO_END	0xF0400000u

#ifndef __ASSEMBLER__
#include <stdint.h>

#define P2V(pa)		((void *)((uintptr_t)(pa) + KERNBASE))
#define V2P(va)		((uintptr_t)(va) - KERNBASE)
#define PGROUNDUP(a)	(((uintptr_t)(a) + PGSIZE - 1) & ~(uintptr_t)(PGSIZE - 1))
#define PGROUNDDOWN(a)	((uintptr_t)(a) & ~(uintptr_t)(PGSIZE - 1))
#define PDX(va)		(((uintptr_t)(va) >> PDXSHIFT) & 0x3ff)
#define PTX(va)		(((uintptr_t)(va) >> PGSHIFT) & 0x3ff)

typedef uint32_t pte_t;
typedef uint32_t pde_t;
#endif

/* Page table / directory entry flags (Intel SDM vol. 3A, 4.3). */
#define PTE_P		0x001	/* present */
#define PTE_W		0x002	/* writeable */
#define PTE_U		0x004	/* user */
#define PTE_PWT		0x008	/* write-through */
#define PTE_PCD		0x010	/* cache disable */
#define PTE_A		0x020
#define PTE_D		0x040
#define PTE_PS		0x080	/* 4 MiB page (in a PDE, with CR4.PSE) */
#define PTE_G		0x100	/* global */
#define PTE_COW		0x200	/* software bit: copy on write */
#define PTE_SHARED	0x400	/* software bit: MAP_SHARED, never COW */
/* Software bit: a PROT_NONE page.  Such a PTE has PTE_P clear, so the
 * hardware refuses every access, the kernel's too (a supervisor access to
 * a present page succeeds whatever PTE_U says, and user copies go through
 * the MMU); it still holds its frame, as Linux's _PAGE_PROTNONE does. */
#define PTE_NONE	0x800
#define PTE_HELD(e)	((e) & (PTE_P | PTE_NONE))	/* holds a frame */
#define PTE_ADDR(e)	((e) & ~0xfffu)

/* GDT layout.  Each CPU owns three consecutive entries: its TSS, its GS
 * (per-CPU area) segment, and the TSS of its double-fault task.  The GS entry
 * directly follows the TSS entry so that the trap entry can compute this
 * CPU's GS selector from its task register ("str" + 8). */
#define SEG_KCODE	1
#define SEG_KDATA	2
#define SEG_UCODE	3
#define SEG_UDATA	4
#define SEG_PERCPU0	5	/* CPU i: TSS 5+3i, GS 6+3i, double-fault TSS 7+3i */
#define NSEGS(ncpu)	(SEG_PERCPU0 + 3 * (ncpu))

#define DPL_USER	3
#define KCODE_SEL	(SEG_KCODE << 3)
#define KDATA_SEL	(SEG_KDATA << 3)
#define UCODE_SEL	((SEG_UCODE << 3) | DPL_USER)
#define UDATA_SEL	((SEG_UDATA << 3) | DPL_USER)
#define TSS_SEL(cpu)	((SEG_PERCPU0 + 3 * (cpu)) << 3)
#define GS_SEL(cpu)	((SEG_PERCPU0 + 3 * (cpu) + 1) << 3)
#define DFTSS_SEL(cpu)	((SEG_PERCPU0 + 3 * (cpu) + 2) << 3)

#endif
