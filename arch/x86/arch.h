/*
 * arch.h - what the rest of the kernel may ask of the x86 layer.
 *
 * kernel/ includes this header (and lapic.h, paging.h, trap.h) and never
 * touches descriptor tables, APIC registers or control registers itself.
 */
#ifndef ARCH_X86_ARCH_H
#define ARCH_X86_ARCH_H

#include <stdint.h>

struct cpu;

/* gdt.c: segments, TSS and the per-CPU GS segment. */
void gdt_init(void);
void cpu_tables_init(struct cpu *c);	/* run by each CPU on itself */
void df_tss_init(struct cpu *c);	/* double-fault task, current CR3 */
void tss_set_kstack(uintptr_t esp0);

/* idt.c */
void idt_init(void);			/* BSP: build the table */
void idt_load(void);			/* every CPU */

/* pic.c: the legacy 8259 pair, remapped and masked for good. */
void pic_disable(void);

/* ap_boot.c: start every AP that firmware listed.  Returns CPUs online. */
int smp_start_aps(void);

/* Call fn(arg) on a fresh stack [top grows down]; fn must not return. */
void arch_call_on_stack(uintptr_t top, void (*fn)(void *), void *arg)
	__attribute__((noreturn));

/* Halt this CPU forever with interrupts off. */
void arch_halt_forever(void) __attribute__((noreturn));

/* Stack frames for backtraces: walk the saved-EBP chain. */
struct stackframe {
	struct stackframe *next;
	uintptr_t ret;
};

#endif
