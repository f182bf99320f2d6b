/*
 * platform.h - what firmware told us about the machine.
 *
 * Filled once by the BSP at boot, from the ACPI MADT (acpi_discover) or, if
 * ACPI is missing or disabled with "acpi=off", from the Intel MP table
 * (mp_discover).  Read-only afterwards.
 */
#ifndef ARCH_X86_PLATFORM_H
#define ARCH_X86_PLATFORM_H

#include <stddef.h>
#include <stdint.h>
#include "kernel/config.h"

/* Where an ISA IRQ (0..15) arrives on the IOAPIC, after interrupt source
 * overrides.  Default: same number, edge-triggered, active-high. */
struct irq_route {
	uint32_t gsi;
	uint8_t active_low;
	uint8_t level;
};

struct platform_info {
	const char *source;		/* "ACPI MADT" or "MP table" */
	int ncpu;			/* usable CPUs, at most MAX_CPUS */
	int ncpu_listed;		/* enabled CPUs firmware listed */
	uint8_t apic_id[MAX_CPUS];	/* index = Quanta CPU number */
	uint32_t lapic_phys;		/* LAPIC MMIO base */
	uint32_t ioapic_phys;		/* first IOAPIC's MMIO base */
	uint8_t ioapic_id;
	uint32_t ioapic_gsi_base;
	struct irq_route isa_irq[16];

	/* ACPI power-off (FADT + \_S5 package from the DSDT); valid when
	 * acpi_poweroff_ok is set. */
	int acpi_poweroff_ok;
	uint16_t pm1a_cnt, pm1b_cnt;
	uint16_t slp_typa, slp_typb;
};

extern struct platform_info platform;

/* Return 0 and fill *p on success, -1 if the tables are absent or unusable.
 * The BSP's APIC id is moved to apic_id[0]. */
int acpi_discover(struct platform_info *p);
int mp_discover(struct platform_info *p);
/* Enter ACPI S5 if acpi_discover found how; returns if it cannot. */
void acpi_poweroff(void);

/*
 * For the two parsers (platform.c): the rules both apply to what their
 * tables list, so that either path fills struct platform_info alike.
 */

/* MPS INTI flags (MP 1.4, table 4-10), in MP table interrupt entries and
 * MADT interrupt source overrides alike.  0 in a field means "conforms to
 * the bus", which for ISA is active-high and edge-triggered. */
#define INTI_POLARITY(f)	((f) & 3)
#define INTI_TRIGGER(f)		(((f) >> 2) & 3)
#define INTI_ACTIVE_LOW		3
#define INTI_LEVEL		3

/* A table's bytes summed modulo 256: 0 when its checksum is good. */
uint8_t platform_sum(const void *p, size_t n);

/* What a walk of a table's CPU entries learns beyond apic_id[]. */
struct cpu_scan {
	uint8_t bsp_apic_id;	/* the CPU running this code (CPUID) */
	int bsp_listed;		/* the table listed it */
	int skipped;		/* enabled CPUs past MAX_CPUS */
};

/* Start p's CPU list with the BSP in slot 0; then platform_cpu_add() for
 * each enabled CPU the table lists.  That returns -1, adding nothing, for
 * an APIC id listed before; the caller reports it.  platform_cpus_end()
 * reports a missing BSP and CPUs past MAX_CPUS, as "<who>: ..." */
void platform_cpus_begin(struct platform_info *p, struct cpu_scan *s);
int platform_cpu_add(struct platform_info *p, struct cpu_scan *s,
		     uint8_t apic_id);
void platform_cpus_end(const struct platform_info *p,
		       const struct cpu_scan *s, const char *who,
		       const char *table);
/* ISA IRQ irq (0..15) arrives as gsi, polarity and trigger as flagged. */
void platform_route_isa_irq(struct platform_info *p, int irq, uint32_t gsi,
			    uint16_t inti_flags);
/* For the boot summary: "0 1 2 3" (apic_id[]), and ", IRQ0->GSI2, ..."
 * for each ISA IRQ not routed as the default. */
void platform_format_cpus(char *buf, size_t size,
			  const struct platform_info *p);
void platform_format_irqs(char *buf, size_t size,
			  const struct platform_info *p);

#endif
