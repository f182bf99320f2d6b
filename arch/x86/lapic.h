/*
 * lapic.h - each CPU's local APIC: its timer, end-of-interrupt, and
 * inter-processor interrupts (IPIs).
 */
#ifndef ARCH_X86_LAPIC_H
#define ARCH_X86_LAPIC_H

#include <stdint.h>

void lapic_map(uintptr_t phys);		/* BSP, once */
void lapic_init(void);			/* every CPU, on itself */
uint32_t lapic_id(void);
void lapic_eoi(void);
void lapic_ipi(uint32_t apic_id, int vector);
void lapic_nmi(uint32_t apic_id);	/* gets through with IF off */
void lapic_init_ipi(uint32_t apic_id);
void lapic_startup_ipi(uint32_t apic_id, uint32_t phys_addr);

/* The timer counts down at the bus clock / 16.  Counts are in those units. */
/* One-shot count-down; vector < 0 keeps it masked (it still counts). */
void lapic_timer_oneshot(uint32_t count, int vector);
void lapic_timer_stop(void);
void lapic_timer_periodic(uint32_t count, int vector);
uint32_t lapic_timer_current(void);
/* A one-shot timer set up by lapic_timer_oneshot() counts down again from
 * count (count 0 stops it). */
void lapic_timer_rearm(uint32_t count);
/* Has the timer's interrupt fired and not yet been taken (its IRR bit,
 * SDM 10.8.4)?  For a CPU with interrupts off. */
int lapic_timer_irq_pending(void);
/* CPUID.01H:ECX[24]: the timer has TSC-deadline mode (SDM 10.5.4.1). */
int lapic_tsc_deadline_supported(void);
/* TSC-deadline mode: the timer interrupts with vector once the TSC reaches
 * the value last given to lapic_timer_deadline() (0 disarms it). */
void lapic_timer_tsc_deadline_mode(int vector);
void lapic_timer_deadline(uint64_t tsc);

#endif
