/*
 * platform.h - what firmware told us about the machine.
 *
 * Filled once by the BSP at boot, from the ACPI MADT (acpi_discover) or, if
 * ACPI is missing or disabled with "acpi=off", from the Intel MP table
 * (mp_discover).  Read-only afterwards.
 */
#ifndef ARCH_X86_PLATFORM_H
#define ARCH_X86_PLATFORM_H

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

#endif
