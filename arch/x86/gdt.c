/*
 * gdt.c - the global descriptor table, the TSSs and the per-CPU segment.
 *
 * Quanta uses flat 4 GiB code and data segments for the kernel (ring 0) and
 * user mode (ring 3); segmentation only does two jobs: the privilege level,
 * and GS, whose base points at the CPU's own struct cpu.  Each CPU owns three
 * GDT entries (mmu.h): its TSS, its GS segment and its double-fault TSS.
 */
#include <stdint.h>
#include "arch/x86/arch.h"
#include "arch/x86/mmu.h"
#include "arch/x86/x86.h"
#include "kernel/cpu.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"

struct segdesc {
	uint16_t limit_lo;
	uint16_t base_lo;
	uint8_t base_mid;
	uint8_t access;		/* present, DPL, type */
	uint8_t limit_hi_flags;	/* limit 19:16, then G, D/B */
	uint8_t base_hi;
} __attribute__((packed));

/* access byte values */
#define ACC_CODE	0x9A	/* present, ring 0, code, readable */
#define ACC_DATA	0x92	/* present, ring 0, data, writable */
#define ACC_TSS		0x89	/* present, ring 0, 32-bit available TSS */
#define ACC_DPL3	0x60
#define FLAGS_4K32	0xC0	/* 4 KiB granularity, 32-bit */
#define FLAGS_BYTE32	0x40	/* byte granularity, 32-bit */

static struct segdesc gdt[NSEGS(MAX_CPUS)] __attribute__((aligned(8)));

static void
gdt_set(int idx, uint32_t base, uint32_t limit, uint8_t access, uint8_t flags)
{
	struct segdesc *d = &gdt[idx];

	d->limit_lo = limit & 0xffff;
	d->base_lo = base & 0xffff;
	d->base_mid = (base >> 16) & 0xff;
	d->access = access;
	d->limit_hi_flags = ((limit >> 16) & 0x0f) | flags;
	d->base_hi = base >> 24;
}

/* Fill the shared entries.  BSP only, before any CPU loads the table. */
void
gdt_init(void)
{
	memset(gdt, 0, sizeof(gdt));
	gdt_set(SEG_KCODE, 0, 0xfffff, ACC_CODE, FLAGS_4K32);
	gdt_set(SEG_KDATA, 0, 0xfffff, ACC_DATA, FLAGS_4K32);
	gdt_set(SEG_UCODE, 0, 0xfffff, ACC_CODE | ACC_DPL3, FLAGS_4K32);
	gdt_set(SEG_UDATA, 0, 0xfffff, ACC_DATA | ACC_DPL3, FLAGS_4K32);
}

static void
gdt_load(void)
{
	struct {
		uint16_t limit;
		uint32_t base;
	} __attribute__((packed)) desc = { sizeof(gdt) - 1, (uint32_t)gdt };

	__asm__ volatile("lgdt %0\n\t"
			 "ljmp %1, $1f\n"
			 "1:\n\t"
			 "movw %w2, %%ds\n\t"
			 "movw %w2, %%es\n\t"
			 "movw %w2, %%ss\n\t"
			 "movw %w3, %%fs\n\t"
			 : : "m"(desc), "i"(KCODE_SEL), "r"(KDATA_SEL), "r"(0)
			 : "memory");
}

/* The double-fault task runs on its own small stack with the page directory
 * loaded when this runs (the BSP calls it again once the kernel's own page
 * directory is in place), so a kernel stack overflow into a guard page
 * still reaches double_fault_task() instead of resetting the machine. */
extern void double_fault_task(void);
static uint8_t df_stacks[MAX_CPUS][4096] __attribute__((aligned(16)));

void
df_tss_init(struct cpu *c)
{
	struct tss *t = &c->arch.df_tss;

	memset(t, 0, sizeof(*t));
	t->cr3 = read_cr3();
	t->eip = (uint32_t)double_fault_task;
	t->eflags = 0x2;	/* interrupts off */
	t->esp = (uint32_t)&df_stacks[c->id][sizeof(df_stacks[0])];
	t->cs = KCODE_SEL;
	t->ds = t->es = t->ss = KDATA_SEL;
	t->gs = GS_SEL(c->id);
	t->iomb = sizeof(*t);
}

/*
 * Load the GDT on the calling CPU and fill and load its own entries: TSS,
 * GS (base = c) and the double-fault TSS.  Each CPU calls this on itself.
 */
void
cpu_tables_init(struct cpu *c)
{
	int i = c->id;

	/* User copies rely on it (usercopy.asm): without CR0.WP a kernel
	 * write to a copy-on-write page would not fault, and would land in
	 * the frame the other address space shares. */
	if (!(read_cr0() & CR0_WP))
		panic("cpu%d: CR0.WP is off", i);
	c->self = c;
	memset(&c->arch.tss, 0, sizeof(c->arch.tss));
	c->arch.tss.ss0 = KDATA_SEL;
	c->arch.tss.iomb = sizeof(struct tss);	/* no I/O bitmap */
	df_tss_init(c);
	gdt_set(SEG_PERCPU0 + 3 * i, (uint32_t)&c->arch.tss,
		sizeof(struct tss) - 1, ACC_TSS, FLAGS_BYTE32);
	gdt_set(SEG_PERCPU0 + 3 * i + 1, (uint32_t)c, sizeof(*c) - 1,
		ACC_DATA, FLAGS_BYTE32);
	gdt_set(SEG_PERCPU0 + 3 * i + 2, (uint32_t)&c->arch.df_tss,
		sizeof(struct tss) - 1, ACC_TSS, FLAGS_BYTE32);
	gdt_load();
	__asm__ volatile("ltr %w0" : : "r"(TSS_SEL(i)));
	__asm__ volatile("movw %w0, %%gs" : : "r"(GS_SEL(i)) : "memory");
}

/* The stack the CPU switches to when an interrupt arrives in user mode.
 * Interrupts off (the TSS belongs to this CPU and the caller must not
 * migrate). */
void
tss_set_kstack(uintptr_t esp0)
{
	this_cpu()->arch.tss.esp0 = esp0;
}
