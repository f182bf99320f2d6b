/*
 * paging.c - the kernel page directory, kernel stacks and MMIO mappings.
 *
 * Layout (mmu.h): physical memory is direct-mapped at KERNBASE with 4 MiB
 * pages; kernel stacks and MMIO use 4 KiB pages in page tables allocated
 * here once, so the kernel PDEs never change after boot.  Kernel mappings
 * are global (PTE_G, when the CPU has PGE): they survive CR3 reloads.
 */
#include <stddef.h>
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "arch/x86/paging.h"
#include "arch/x86/x86.h"
#include "include/uapi/types.h"
#include "kernel/frame.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"
#include "kernel/upcall.h"

#define KSTACK_SLOT	((KSTACK_PAGES + 1) * PGSIZE)	/* guard + stack */
#define NKSTACKS	((KSTACK_END - KSTACK_BASE) / KSTACK_SLOT)

static pde_t *kpgdir;			/* the kernel page directory */
static uint32_t pte_global;		/* PTE_G if the CPU supports it */
static uint8_t kstack_used[NKSTACKS];
static struct spinlock kstack_lock = SPINLOCK_INIT("kstack");
static uintptr_t mmio_next = MMIO_BASE;
static struct spinlock mmio_lock = SPINLOCK_INIT("mmio");

/* The PTE for va in a kernel page table allocated by paging_init(). */
static pte_t *
kpte(uintptr_t va)
{
	pte_t *pt = P2V(PTE_ADDR(kpgdir[PDX(va)]));
	return &pt[PTX(va)];
}

static void
alloc_page_tables(uintptr_t start, uintptr_t end)
{
	for (uintptr_t va = start; va < end; va += LARGE_PGSIZE) {
		void *pt = page_alloc();
		if (!pt)
			panic("paging: no memory for kernel page tables");
		kpgdir[PDX(va)] = V2P(pt) | PTE_P | PTE_W;
	}
}

/* Build the kernel page directory and switch to it.  BSP only. */
void
paging_init(uintptr_t phys_top)
{
	uint32_t a, b, c, d;

	cpuid(1, &a, &b, &c, &d);
	if (d & (1u << 13)) {			/* PGE */
		pte_global = PTE_G;
		paging_enable_global();
	}
	kpgdir = page_alloc();
	if (!kpgdir)
		panic("paging: no memory for the page directory");
	if (phys_top > DIRECTMAP_MAX)
		phys_top = DIRECTMAP_MAX;
	for (uintptr_t pa = 0; pa < phys_top; pa += LARGE_PGSIZE)
		kpgdir[PDX(KERNBASE + pa)] = pa | PTE_P | PTE_W | PTE_PS | pte_global;
	/* identity map of the first 4 MiB for the AP trampoline (not global,
	 * so a CR3 reload removes it from TLBs) */
	kpgdir[0] = 0 | PTE_P | PTE_W | PTE_PS;
	alloc_page_tables(KSTACK_BASE, KSTACK_END);
	alloc_page_tables(MMIO_BASE, MMIO_END);
	write_cr3(V2P(kpgdir));
}

/* Let this CPU keep global (kernel) TLB entries across CR3 loads. */
void
paging_enable_global(void)
{
	if (pte_global)
		write_cr4(read_cr4() | CR4_PGE);
}

void
paging_drop_identity(void)
{
	kpgdir[0] = 0;
	paging_flush_tlb_local();
}

uintptr_t
paging_kernel_pgdir_phys(void)
{
	return V2P(kpgdir);
}

void
paging_flush_tlb_local(void)
{
	uint32_t cr4 = read_cr4();

	/* toggling PGE flushes global entries too */
	if (cr4 & CR4_PGE) {
		write_cr4(cr4 & ~CR4_PGE);
		write_cr4(cr4);
	}
	write_cr3(read_cr3());
}

int
paging_kernel_mapped(uintptr_t va)
{
	pde_t pde;

	if (!kpgdir)
		return va >= KERNBASE && va < KERNBASE + 64 * 1024 * 1024;
	pde = kpgdir[PDX(va)];
	if (!(pde & PTE_P))
		return 0;
	if (pde & PTE_PS)
		return 1;
	return (*kpte(va) & PTE_P) != 0;
}

void *
ioremap(uintptr_t phys, size_t size)
{
	uintptr_t off = phys & (PGSIZE - 1), va;
	size_t n = PGROUNDUP(off + size) / PGSIZE;

	spin_lock(&mmio_lock);
	va = mmio_next;
	if (va + n * PGSIZE > MMIO_END)
		panic("ioremap: MMIO window full");
	mmio_next += n * PGSIZE;
	spin_unlock(&mmio_lock);
	for (size_t i = 0; i < n; i++)
		*kpte(va + i * PGSIZE) = (PGROUNDDOWN(phys) + i * PGSIZE) |
			PTE_P | PTE_W | PTE_PCD | PTE_PWT | pte_global;
	return (void *)(va + off);
}

static uintptr_t
slot_base(size_t i)
{
	return KSTACK_BASE + i * KSTACK_SLOT + PGSIZE;	/* above the guard */
}

static int
kstack_map(uintptr_t base)
{
	for (int p = 0; p < KSTACK_PAGES; p++) {
		uintptr_t pa = frame_alloc_for(Q_MEM_KSTACK);
		if (!pa) {
			while (--p >= 0) {
				frame_free(PTE_ADDR(*kpte(base + p * PGSIZE)));
				*kpte(base + p * PGSIZE) = 0;
			}
			return -1;
		}
		*kpte(base + p * PGSIZE) = pa | PTE_P | PTE_W | pte_global;
	}
	return 0;
}

uintptr_t
kstack_alloc(void)
{
	size_t i;

	spin_lock(&kstack_lock);
	for (i = 0; i < NKSTACKS && kstack_used[i]; i++)
		;
	if (i < NKSTACKS)
		kstack_used[i] = 1;
	spin_unlock(&kstack_lock);
	if (i == NKSTACKS)
		return 0;
	if (kstack_map(slot_base(i)) < 0) {
		kstack_used[i] = 0;
		return 0;
	}
	return slot_base(i);
}

static void
flush_kstack(void *arg)
{
	uintptr_t base = (uintptr_t)arg;

	for (int p = 0; p < KSTACK_PAGES; p++)
		invlpg((void *)(base + p * PGSIZE));
}

/*
 * Unmap and free a stack.  Other CPUs may still cache its translations
 * (kernel mappings are global), so every CPU flushes them before the pages
 * and the slot can be used again.  Task context, interrupts on.
 */
void
kstack_free(uintptr_t base)
{
	size_t i = (base - PGSIZE - KSTACK_BASE) / KSTACK_SLOT;
	uintptr_t pa[KSTACK_PAGES];

	if (base < KSTACK_BASE || base >= KSTACK_END || slot_base(i) != base)
		panic("kstack_free: %p is not a kernel stack", (void *)base);
	for (int p = 0; p < KSTACK_PAGES; p++) {
		pte_t *pte = kpte(base + p * PGSIZE);
		pa[p] = PTE_ADDR(*pte);
		*pte = 0;
	}
	flush_kstack((void *)base);
	smp_call_others(flush_kstack, (void *)base);
	for (int p = 0; p < KSTACK_PAGES; p++)
		frame_free(pa[p]);
	spin_lock(&kstack_lock);
	kstack_used[i] = 0;
	spin_unlock(&kstack_lock);
}

int
kstack_is_guard(uintptr_t va)
{
	if (va < KSTACK_BASE || va >= KSTACK_END)
		return 0;
	return ((va - KSTACK_BASE) % KSTACK_SLOT) < PGSIZE;
}
