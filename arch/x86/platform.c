/*
 * platform.c - what the two firmware table parsers share.
 *
 * acpi.c (the MADT) and mp.c (the Intel MP table) read different tables
 * that describe the same things: CPUs by APIC id, an IOAPIC, how each ISA
 * IRQ is wired.  The rules for turning those lists into struct
 * platform_info live here once, so both paths fill it the same way; the
 * table formats and each parser's messages stay in its own file.
 */
#include <stddef.h>
#include <stdint.h>

#include "arch/x86/platform.h"
#include "arch/x86/x86.h"
#include "kernel/lib/printf.h"
#include "kernel/printk.h"

uint8_t
platform_sum(const void *p, size_t n)
{
	const uint8_t *b = p;
	uint8_t sum = 0;

	while (n-- > 0)
		sum += *b++;
	return sum;
}

/*
 * Slot 0 of apic_id[] is reserved for the BSP, the CPU running this code,
 * so it is kept even if the table lists it after MAX_CPUS others.  Its APIC
 * id comes from CPUID, not from the table: a table's "this is the BSP" flag
 * may be wrong, and a wrong one would make us send INIT to ourselves.
 */
void
platform_cpus_begin(struct platform_info *p, struct cpu_scan *s)
{
	uint32_t a, b, c, d;

	cpuid(1, &a, &b, &c, &d);
	s->bsp_apic_id = b >> 24;	/* initial APIC ID, EBX bits 31:24 */
	s->bsp_listed = 0;
	s->skipped = 0;
	p->apic_id[0] = s->bsp_apic_id;
	p->ncpu = 1;
	p->ncpu_listed = 0;
}

static int
cpu_known(const struct platform_info *p, const struct cpu_scan *s,
	  uint8_t id)
{
	int i;

	if (id == s->bsp_apic_id)
		return s->bsp_listed;
	for (i = 1; i < p->ncpu; i++)
		if (p->apic_id[i] == id)
			return 1;
	return 0;
}

int
platform_cpu_add(struct platform_info *p, struct cpu_scan *s, uint8_t id)
{
	if (cpu_known(p, s, id))
		return -1;
	p->ncpu_listed++;
	if (id == s->bsp_apic_id)
		s->bsp_listed = 1;
	else if (p->ncpu < MAX_CPUS)
		p->apic_id[p->ncpu++] = id;
	else
		s->skipped++;
	return 0;
}

/* What the table got wrong about its CPUs, in the parser's words: "<who>:
 * <table> does not list the BSP", "<who>: N CPUs listed, M skipped". */
void
platform_cpus_end(const struct platform_info *p, const struct cpu_scan *s,
		  const char *who, const char *table)
{
	if (!s->bsp_listed)
		printk("%s: %s does not list the BSP (APIC id %u); using it "
		       "anyway\n", who, table, s->bsp_apic_id);
	if (s->skipped)
		printk("%s: %d CPUs listed, %d skipped (MAX_CPUS is %d)\n",
		       who, p->ncpu_listed, s->skipped, MAX_CPUS);
}

void
platform_route_isa_irq(struct platform_info *p, int irq, uint32_t gsi,
		       uint16_t inti_flags)
{
	struct irq_route *r = &p->isa_irq[irq];

	r->gsi = gsi;
	r->active_low = INTI_POLARITY(inti_flags) == INTI_ACTIVE_LOW;
	r->level = INTI_TRIGGER(inti_flags) == INTI_LEVEL;
}

void
platform_format_cpus(char *buf, size_t size, const struct platform_info *p)
{
	size_t len = 0;
	int i, n;

	buf[0] = '\0';
	for (i = 0; i < p->ncpu && len < size; i++) {
		n = snprintf(buf + len, size - len, "%s%u", i ? " " : "",
			     p->apic_id[i]);
		if (n < 0)
			break;
		len += n;
	}
}

/* Only the ISA IRQs whose route differs from the identity default. */
void
platform_format_irqs(char *buf, size_t size, const struct platform_info *p)
{
	const struct irq_route *r;
	size_t len = 0;
	int i, n;

	buf[0] = '\0';
	for (i = 0; i < 16 && len < size; i++) {
		r = &p->isa_irq[i];
		if (r->gsi == (uint32_t)i && !r->level && !r->active_low)
			continue;
		n = snprintf(buf + len, size - len, ", IRQ%d->GSI%u%s%s", i,
			     r->gsi, r->level ? "/level" : "",
			     r->active_low ? "/low" : "");
		if (n < 0)
			break;
		len += n;
	}
}
