/*
 * lapic.c - the local APIC (Intel SDM vol. 3A, chapter 10).
 *
 * Register names are the manual's.  Every CPU sees its own LAPIC at the same
 * physical address, mapped once (uncached) by the BSP.
 */
#include <stdint.h>
#include "arch/x86/lapic.h"
#include "arch/x86/paging.h"
#include "arch/x86/trap.h"
#include "arch/x86/x86.h"

#define ID	0x020	/* ID in bits 31:24 */
#define TPR	0x080	/* task priority */
#define EOI	0x0B0
#define SVR	0x0F0	/* spurious interrupt vector */
#define  SVR_ENABLE	0x100
#define IRR	0x200	/* interrupt request: 8 words of 32 vectors */
#define ESR	0x280	/* error status */
#define ICRLO	0x300	/* interrupt command, low word: sends on write */
#define  ICR_INIT	0x00000500
#define  ICR_STARTUP	0x00000600
#define  ICR_NMI	0x00000400
#define  ICR_DELIVS	0x00001000	/* delivery status: still pending */
#define  ICR_ASSERT	0x00004000
#define  ICR_LEVEL	0x00008000
#define ICRHI	0x310	/* destination in bits 31:24 */
#define TIMER	0x320	/* LVT timer */
#define  TIMER_PERIODIC	0x00020000
#define  TIMER_TSC_DEADLINE	0x00040000	/* mode bits 18:17 = 10b */
#define  LVT_MASKED	0x00010000
#define LINT0	0x350
#define LINT1	0x360
#define  LVT_NMI	0x00000400
#define ERROR	0x370	/* LVT error */
#define TICR	0x380	/* timer initial count */
#define TCCR	0x390	/* timer current count */
#define TDCR	0x3E0	/* timer divide configuration */
#define  TDCR_DIV16	0x3
#define IA32_TSC_DEADLINE	0x6E0	/* MSR: fire when the TSC reaches it */
#define CPUID1_ECX_TSC_DEADLINE	(1u << 24)

static volatile uint32_t *lapic;

static inline uint32_t
lapic_read(uint32_t reg)
{
	return lapic[reg / 4];
}

static inline void
lapic_write(uint32_t reg, uint32_t v)
{
	lapic[reg / 4] = v;
	(void)lapic[ID / 4];	/* wait for the write to finish */
}

void
lapic_map(uintptr_t phys)
{
	lapic = ioremap(phys, PGSIZE);
}

/* Enable this CPU's LAPIC; the timer stays off until time_init_cpu(). */
void
lapic_init(void)
{
	lapic_write(SVR, SVR_ENABLE | T_SPURIOUS);
	lapic_write(TDCR, TDCR_DIV16);
	lapic_write(TIMER, LVT_MASKED | T_TIMER);
	lapic_write(LINT0, LVT_MASKED);		/* the 8259s are off */
	lapic_write(LINT1, LVT_NMI);
	lapic_write(ERROR, T_APIC_ERROR);
	lapic_write(ESR, 0);			/* back-to-back writes clear it */
	lapic_write(ESR, 0);
	lapic_write(EOI, 0);
	lapic_write(TPR, 0);			/* accept every vector */
}

uint32_t
lapic_id(void)
{
	return lapic_read(ID) >> 24;
}

void
lapic_eoi(void)
{
	lapic_write(EOI, 0);
}

static void
icr_send(uint32_t apic_id, uint32_t lo)
{
	/* never overwrite an IPI the LAPIC has not sent yet */
	while (lapic_read(ICRLO) & ICR_DELIVS)
		cpu_relax();
	lapic_write(ICRHI, apic_id << 24);
	lapic_write(ICRLO, lo);
}

void
lapic_ipi(uint32_t apic_id, int vector)
{
	icr_send(apic_id, (uint32_t)vector);
}

void
lapic_nmi(uint32_t apic_id)
{
	if (lapic)
		icr_send(apic_id, ICR_NMI | ICR_ASSERT);
}

void
lapic_init_ipi(uint32_t apic_id)
{
	icr_send(apic_id, ICR_INIT | ICR_LEVEL | ICR_ASSERT);
	icr_send(apic_id, ICR_INIT | ICR_LEVEL);	/* de-assert */
}

void
lapic_startup_ipi(uint32_t apic_id, uint32_t phys_addr)
{
	icr_send(apic_id, ICR_STARTUP | (phys_addr >> 12));
}

void
lapic_timer_oneshot(uint32_t count, int vector)
{
	lapic_write(TDCR, TDCR_DIV16);
	lapic_write(TIMER, vector < 0 ? (LVT_MASKED | T_TIMER) : (uint32_t)vector);
	lapic_write(TICR, count);
}

void
lapic_timer_stop(void)
{
	lapic_write(TIMER, LVT_MASKED | T_TIMER);
	lapic_write(TICR, 0);
}

void
lapic_timer_periodic(uint32_t count, int vector)
{
	lapic_write(TDCR, TDCR_DIV16);
	lapic_write(TIMER, TIMER_PERIODIC | (uint32_t)vector);
	lapic_write(TICR, count);
}

uint32_t
lapic_timer_current(void)
{
	return lapic_read(TCCR);
}

/* Reload a one-shot timer that lapic_timer_oneshot() set up: writing TICR
 * alone restarts the count-down (SDM 10.5.4), one register access instead
 * of three. */
void
lapic_timer_rearm(uint32_t count)
{
	lapic_write(TICR, count);
}

int
lapic_tsc_deadline_supported(void)
{
	uint32_t a, b, c, d;

	cpuid(1, &a, &b, &c, &d);
	return (c & CPUID1_ECX_TSC_DEADLINE) != 0;
}

void
lapic_timer_tsc_deadline_mode(int vector)
{
	lapic_write(TIMER, TIMER_TSC_DEADLINE | (uint32_t)vector);
}

/* The SDM (10.5.4.1) orders an MMIO write to the LVT before the WRMSR only
 * with a fence between them, as Linux's lapic_next_deadline() does. */
void
lapic_timer_deadline(uint64_t tsc)
{
	mb();
	wrmsr(IA32_TSC_DEADLINE, tsc);
}

int
lapic_timer_irq_pending(void)
{
	return (lapic_read(IRR + 0x10 * (T_TIMER / 32)) >> (T_TIMER % 32)) & 1;
}
