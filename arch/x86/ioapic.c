/*
 * ioapic.c - the I/O APIC, which turns device interrupt lines (global
 * system interrupts, GSIs) into messages to a CPU's LAPIC.
 *
 * Registers are reached indirectly: write the register number to IOREGSEL,
 * then read or write IOWIN.  Redirection entry n is the pair of registers
 * 0x10 + 2n (vector, delivery, polarity, trigger, mask) and 0x11 + 2n
 * (destination APIC id in bits 31:24).
 */
#include <stdint.h>
#include "arch/x86/ioapic.h"
#include "arch/x86/paging.h"
#include "arch/x86/platform.h"
#include "arch/x86/trap.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"

#define IOREGSEL	0x00
#define IOWIN		0x10
#define REG_ID		0x00
#define REG_VER		0x01
#define REG_TABLE	0x10
#define RED_MASKED	0x00010000
#define RED_LEVEL	0x00008000
#define RED_ACTIVELOW	0x00002000

static volatile uint32_t *ioapic;
static int nredir;
static struct spinlock ioapic_lock = SPINLOCK_INIT("ioapic");

static uint32_t
ioapic_read(uint32_t reg)
{
	ioapic[IOREGSEL / 4] = reg;
	return ioapic[IOWIN / 4];
}

static void
ioapic_write(uint32_t reg, uint32_t v)
{
	ioapic[IOREGSEL / 4] = reg;
	ioapic[IOWIN / 4] = v;
}

void
ioapic_init(void)
{
	ioapic = ioremap(platform.ioapic_phys, PGSIZE);
	nredir = ((ioapic_read(REG_VER) >> 16) & 0xff) + 1;
	pr_info("ioapic: id %u at 0x%08x, version 0x%x, %d inputs from gsi %u\n",
		ioapic_read(REG_ID) >> 24, platform.ioapic_phys,
		ioapic_read(REG_VER) & 0xff, nredir, platform.ioapic_gsi_base);
	for (int i = 0; i < nredir; i++) {
		ioapic_write(REG_TABLE + 2 * i, RED_MASKED | (T_IRQ0 + i));
		ioapic_write(REG_TABLE + 2 * i + 1, 0);
	}
}

static int
isa_pin(int irq, const struct irq_route **route)
{
	int pin;

	if (irq < 0 || irq >= 16)
		panic("ioapic: bad ISA irq %d", irq);
	*route = &platform.isa_irq[irq];
	pin = (int)((*route)->gsi - platform.ioapic_gsi_base);
	if (pin < 0 || pin >= nredir)
		panic("ioapic: irq %d -> gsi %u is not on this IOAPIC", irq,
		      (*route)->gsi);
	return pin;
}

int
ioapic_enable_isa(int irq, uint32_t dest_apic_id)
{
	const struct irq_route *r;
	int pin = isa_pin(irq, &r);
	int vector = T_IRQ0 + (int)r->gsi;
	uint32_t lo = (uint32_t)vector;

	if (r->level)
		lo |= RED_LEVEL;
	if (r->active_low)
		lo |= RED_ACTIVELOW;
	spin_lock(&ioapic_lock);
	ioapic_write(REG_TABLE + 2 * pin + 1, dest_apic_id << 24);
	ioapic_write(REG_TABLE + 2 * pin, lo);
	spin_unlock(&ioapic_lock);
	return vector;
}

void
ioapic_disable_isa(int irq)
{
	const struct irq_route *r;
	int pin = isa_pin(irq, &r);

	spin_lock(&ioapic_lock);
	ioapic_write(REG_TABLE + 2 * pin, RED_MASKED | (T_IRQ0 + r->gsi));
	spin_unlock(&ioapic_lock);
}
