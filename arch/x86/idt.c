/*
 * idt.c - the interrupt descriptor table.
 *
 * Every vector is an interrupt gate (interrupts off on entry) into the
 * stubs of trapentry.asm.  Vectors 0x80 (system calls), 3 (int3) and 4
 * (into) may be raised from user mode (DPL 3); the double fault (vector 8)
 * is a task gate to a per-CPU TSS with a stack of its own.  Because that gate names a
 * different TSS on each CPU, each CPU has its own copy of the table.
 */
#include <stdint.h>
#include "arch/x86/arch.h"
#include "arch/x86/mmu.h"
#include "arch/x86/trap.h"
#include "kernel/cpu.h"

struct gatedesc {
	uint16_t off_lo;
	uint16_t sel;
	uint8_t zero;
	uint8_t type_attr;	/* present, DPL, gate type */
	uint16_t off_hi;
} __attribute__((packed));

#define GATE_INT32	0x8E	/* present, DPL 0, 32-bit interrupt gate */
#define GATE_TASK	0x85	/* present, DPL 0, task gate */
#define GATE_DPL3	0x60

extern uint32_t trap_vectors[256];	/* trapentry.asm */
static struct gatedesc idt[MAX_CPUS][256] __attribute__((aligned(8)));

static void
gate_set(struct gatedesc *g, uint32_t off, uint16_t sel, uint8_t type_attr)
{
	g->off_lo = off & 0xffff;
	g->sel = sel;
	g->zero = 0;
	g->type_attr = type_attr;
	g->off_hi = off >> 16;
}

/* Build every CPU's table.  BSP, once, before interrupts are enabled. */
void
idt_init(void)
{
	for (int c = 0; c < MAX_CPUS; c++) {
		for (int v = 0; v < 256; v++)
			gate_set(&idt[c][v], trap_vectors[v], KCODE_SEL, GATE_INT32);
		gate_set(&idt[c][T_SYSCALL], trap_vectors[T_SYSCALL], KCODE_SEL,
			 GATE_INT32 | GATE_DPL3);
		/* int3 and into from user mode are breakpoint and overflow
		 * traps, not protection faults */
		gate_set(&idt[c][T_BRKPT], trap_vectors[T_BRKPT], KCODE_SEL,
			 GATE_INT32 | GATE_DPL3);
		gate_set(&idt[c][T_OFLOW], trap_vectors[T_OFLOW], KCODE_SEL,
			 GATE_INT32 | GATE_DPL3);
		gate_set(&idt[c][T_DBLFLT], 0, DFTSS_SEL(c), GATE_TASK);
	}
}

/* Load the calling CPU's table; its cpu_tables_init() must have run. */
void
idt_load(void)
{
	struct {
		uint16_t limit;
		uint32_t base;
	} __attribute__((packed)) desc = {
		sizeof(idt[0]) - 1, (uint32_t)idt[this_cpu()->id]
	};

	__asm__ volatile("lidt %0" : : "m"(desc));
}
