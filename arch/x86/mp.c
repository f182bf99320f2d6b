/*
 * mp.c - CPUs and the IOAPIC from the Intel MultiProcessor table (MP 1.4).
 *
 * The fallback when ACPI is absent or disabled with "acpi=off":
 *
 *   MP floating pointer "_MP_" (EBDA, top of base memory, or BIOS ROM)
 *     -> MP configuration table "PCMP": processors, buses, IOAPICs,
 *        I/O interrupt assignments, local interrupt assignments
 *
 * SeaBIOS lists only the first CPU of each socket here, so QEMU needs
 * "-smp N,sockets=N" for this path to see every CPU.  As in acpi.c, every
 * table is read through the direct map, checksummed, and walked within its
 * stated length.
 */
#include <stddef.h>
#include <stdint.h>

#include "arch/x86/mmu.h"
#include "arch/x86/platform.h"
#include "arch/x86/x86.h"
#include "kernel/lib/printf.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"

/* BIOS data area: EBDA segment, and base memory size in KiB. */
#define BDA_EBDA_SEG	0x40E
#define BDA_BASEMEM_KB	0x413
#define SCAN_KB		1024
#define BIOS_ROM_START	0xF0000
#define BIOS_ROM_END	0x100000

/* MP floating pointer structure (MP 1.4, 4.1), 16 bytes. */
struct mp_fps {
	char signature[4];		/* 0: "_MP_" */
	uint32_t physaddr;		/* 4: configuration table, 0 if none */
	uint8_t length;			/* 8: in 16-byte units, 1 */
	uint8_t spec_rev;		/* 9: 1 = MP 1.1, 4 = MP 1.4 */
	uint8_t checksum;		/* 10: all bytes sum to 0 */
	uint8_t feature1;		/* 11: nonzero: default config */
	uint8_t feature2;		/* 12: bit 7 IMCRP */
	uint8_t feature3_5[3];		/* 13 */
} __attribute__((packed));

#define MP_FEATURE2_IMCRP	0x80	/* IMCR present: booted in PIC mode */

/* MP configuration table header (MP 1.4, 4.2), 44 bytes. */
struct mp_conf {
	char signature[4];		/* 0: "PCMP" */
	uint16_t base_table_length;	/* 4: header and base entries */
	uint8_t spec_rev;		/* 6 */
	uint8_t checksum;		/* 7: base table sums to 0 */
	char oem_id[8];			/* 8 */
	char product_id[12];		/* 16 */
	uint32_t oem_table_pointer;	/* 28 */
	uint16_t oem_table_size;	/* 32 */
	uint16_t entry_count;		/* 34 */
	uint32_t lapic_address;		/* 36: address of local APIC */
	uint16_t extended_table_length;	/* 40 */
	uint8_t extended_table_checksum; /* 42 */
	uint8_t reserved;		/* 43 */
} __attribute__((packed));

/* Base table entry types (MP 1.4, 4.3); only processors are 20 bytes. */
#define MP_PROC		0
#define MP_BUS		1
#define MP_IOAPIC	2
#define MP_IOINTR	3
#define MP_LINTR	4

struct mp_proc {			/* type 0, 20 bytes */
	uint8_t type;			/* 0 */
	uint8_t lapic_id;		/* 1: local APIC ID */
	uint8_t lapic_version;		/* 2 */
	uint8_t cpu_flags;		/* 3: bit 0 EN, bit 1 BP */
	uint32_t cpu_signature;		/* 4 */
	uint32_t feature_flags;		/* 8 */
	uint32_t reserved[2];		/* 12 */
} __attribute__((packed));

#define MP_CPU_EN	0x1
#define MP_CPU_BP	0x2

struct mp_bus {				/* type 1, 8 bytes */
	uint8_t type;			/* 0 */
	uint8_t bus_id;			/* 1 */
	char bus_type[6];		/* 2: "ISA   ", "PCI   ", ... */
} __attribute__((packed));

struct mp_ioapic {			/* type 2, 8 bytes */
	uint8_t type;			/* 0 */
	uint8_t ioapic_id;		/* 1 */
	uint8_t ioapic_version;		/* 2 */
	uint8_t ioapic_flags;		/* 3: bit 0 EN */
	uint32_t ioapic_address;	/* 4 */
} __attribute__((packed));

#define MP_IOAPIC_EN	0x1

struct mp_intr {			/* types 3 and 4, 8 bytes */
	uint8_t type;			/* 0 */
	uint8_t interrupt_type;		/* 1: 0 INT, 1 NMI, 2 SMI, 3 ExtINT */
	uint16_t flags;			/* 2: MPS INTI polarity, trigger */
	uint8_t source_bus_id;		/* 4 */
	uint8_t source_bus_irq;		/* 5 */
	uint8_t dest_id;		/* 6: IOAPIC (3), LAPIC (4); FF all */
	uint8_t dest_intin;		/* 7: INTIN# (3) or LINTIN# (4) */
} __attribute__((packed));

#define MP_INT		0		/* vectored interrupt via the IOAPIC */
#define MP_ALL_APICS	0xFF

/* Interrupt Mode Configuration Register (MP 1.4, 3.6.2.1). */
#define IMCR_ADDR	0x22
#define IMCR_DATA	0x23
#define IMCR_SELECT	0x70
#define IMCR_APIC	0x01	/* 8259 INTR and NMI go through the APICs */

static uint32_t isa_bus[256 / 32];	/* bitmap of bus ids that are ISA */

static struct cpu_scan cpus;		/* see platform_cpus_begin() */
static int nioapic;

/* BDA words are not all 2-byte aligned (0x413), so read them bytewise. */
static uint16_t
bda_read16(uint32_t off)
{
	const uint8_t *b = P2V(off);

	return (uint16_t)(b[0] | b[1] << 8);
}

static const struct mp_fps *
mp_scan(uint32_t pa, uint32_t len)
{
	const uint8_t *q = P2V(pa);
	const uint8_t *end = q + len;
	const struct mp_fps *f;

	for (; q + sizeof(*f) <= end; q += 16) {
		f = (const struct mp_fps *)q;
		if (memcmp(f->signature, "_MP_", 4) == 0 && f->length >= 1 &&
		    q + 16 * f->length <= end &&
		    platform_sum(q, 16 * f->length) == 0)
			return f;
	}
	return NULL;
}

/* MP 1.4, 4: the first KiB of the EBDA, the last KiB of base memory, then
 * the BIOS ROM at 0xF0000..0xFFFFF. */
static const struct mp_fps *
mp_find(void)
{
	uint32_t ebda = (uint32_t)bda_read16(BDA_EBDA_SEG) << 4;
	uint32_t basekb = bda_read16(BDA_BASEMEM_KB);
	const struct mp_fps *f = NULL;

	if (ebda != 0 && ebda + SCAN_KB <= BIOS_ROM_END)
		f = mp_scan(ebda, SCAN_KB);
	if (f == NULL && basekb >= 1 && basekb <= 640)
		f = mp_scan(basekb * 1024 - SCAN_KB, SCAN_KB);
	if (f == NULL)
		f = mp_scan(BIOS_ROM_START, BIOS_ROM_END - BIOS_ROM_START);
	return f;
}

/* Validate the configuration table the floating pointer names. */
static const struct mp_conf *
mp_config(const struct mp_fps *f)
{
	const struct mp_conf *c;

	if (f->feature1 != 0) {
		printk("mp: default configuration %u (no table) "
		       "not supported\n", f->feature1);
		return NULL;
	}
	if (f->physaddr == 0 || f->physaddr > DIRECTMAP_MAX - sizeof(*c)) {
		printk("mp: configuration table at 0x%x unusable\n",
		       f->physaddr);
		return NULL;
	}
	c = P2V(f->physaddr);
	if (memcmp(c->signature, "PCMP", 4) != 0 ||
	    c->base_table_length < sizeof(*c) ||
	    c->base_table_length > DIRECTMAP_MAX - f->physaddr) {
		printk("mp: no valid PCMP table at 0x%x\n", f->physaddr);
		return NULL;
	}
	if (platform_sum(c, c->base_table_length) != 0) {
		printk("mp: PCMP table at 0x%x: bad checksum\n", f->physaddr);
		return NULL;
	}
	return c;
}

static size_t
mp_entry_size(uint8_t type)
{
	return type == MP_PROC ? sizeof(struct mp_proc) : 8;
}

/* Count the base entries that can be walked safely: the walk stops at
 * entry_count, at the end of the base table, or at an unknown type (whose
 * size we cannot know). */
static int
mp_entries_ok(const struct mp_conf *c)
{
	const uint8_t *e = (const uint8_t *)(c + 1);
	const uint8_t *end = (const uint8_t *)c + c->base_table_length;
	int n;

	for (n = 0; n < c->entry_count; n++) {
		if (e >= end || *e > MP_LINTR ||
		    e + mp_entry_size(*e) > end) {
			printk("mp: entry %d of %u is bad or past the table "
			       "end; ignoring the rest\n", n, c->entry_count);
			break;
		}
		e += mp_entry_size(*e);
	}
	return n;
}

static void
mp_walk(struct platform_info *p, const struct mp_conf *c, int n,
	void (*fn)(struct platform_info *, const uint8_t *))
{
	const uint8_t *e = (const uint8_t *)(c + 1);

	for (; n > 0; n--) {
		fn(p, e);
		e += mp_entry_size(*e);
	}
}

/* The BP flag names the BSP, but the CPU actually running this code is
 * what counts: a wrong flag would make us send INIT to ourselves. */
static void
mp_cpu(struct platform_info *p, const struct mp_proc *e)
{
	if (!(e->cpu_flags & MP_CPU_EN))
		return;
	if ((e->cpu_flags & MP_CPU_BP) && e->lapic_id != cpus.bsp_apic_id)
		printk("mp: table marks APIC id %u as the BSP, but APIC id "
		       "%u is running; trusting CPUID\n", e->lapic_id,
		       cpus.bsp_apic_id);
	if (platform_cpu_add(p, &cpus, e->lapic_id) < 0)
		printk("mp: APIC id %u listed twice\n", e->lapic_id);
}

static int
mp_bus_is_isa(uint8_t id)
{
	return (isa_bus[id / 32] >> (id % 32)) & 1;
}

/* First pass: processors, buses and the first enabled IOAPIC. */
static void
mp_device(struct platform_info *p, const uint8_t *e)
{
	const struct mp_bus *bus;
	const struct mp_ioapic *io;

	switch (e[0]) {
	case MP_PROC:
		mp_cpu(p, (const struct mp_proc *)e);
		break;
	case MP_BUS:
		bus = (const struct mp_bus *)e;
		if (memcmp(bus->bus_type, "ISA   ", 6) == 0)
			isa_bus[bus->bus_id / 32] |= 1u << (bus->bus_id % 32);
		break;
	case MP_IOAPIC:
		io = (const struct mp_ioapic *)e;
		if (!(io->ioapic_flags & MP_IOAPIC_EN) || nioapic++ > 0)
			break;
		p->ioapic_id = io->ioapic_id;
		p->ioapic_phys = io->ioapic_address;
		p->ioapic_gsi_base = 0;	/* the MP table has no GSIs */
		break;
	}
}

/* Second pass, once the ISA buses and the IOAPIC are known: an ISA IRQ
 * wired to pin INTIN of our IOAPIC arrives as GSI INTIN. */
static void
mp_irq(struct platform_info *p, const uint8_t *e)
{
	const struct mp_intr *in = (const struct mp_intr *)e;

	if (in->type != MP_IOINTR || in->interrupt_type != MP_INT ||
	    !mp_bus_is_isa(in->source_bus_id) || in->source_bus_irq >= 16)
		return;
	if (in->dest_id != p->ioapic_id && in->dest_id != MP_ALL_APICS)
		return;
	platform_route_isa_irq(p, in->source_bus_irq,
			       p->ioapic_gsi_base + in->dest_intin, in->flags);
}

/* Forget what a failed ACPI attempt left behind, except the power-off
 * recipe: the FADT may be fine even when the MADT was not. */
static void
mp_reset(struct platform_info *p)
{
	int i;

	p->source = NULL;
	p->ncpu = 0;
	p->ncpu_listed = 0;
	memset(p->apic_id, 0, sizeof(p->apic_id));
	p->lapic_phys = 0;
	p->ioapic_phys = 0;
	p->ioapic_id = 0;
	p->ioapic_gsi_base = 0;
	for (i = 0; i < 16; i++) {
		p->isa_irq[i].gsi = i;	/* edge, active-high */
		p->isa_irq[i].active_low = 0;
		p->isa_irq[i].level = 0;
	}
	memset(isa_bus, 0, sizeof(isa_bus));
	nioapic = 0;
}

static void
mp_summary(const struct platform_info *p, const struct mp_fps *f)
{
	static char ids[MAX_CPUS * 4 + 1];
	static char irqs[16 * 32];

	platform_format_cpus(ids, sizeof(ids), p);
	platform_format_irqs(irqs, sizeof(irqs), p);
	printk("mp: MP 1.%u table: %d CPU%s (apic ids %s), IOAPIC id %u at "
	       "0x%x gsi %u, LAPIC 0x%x%s\n", f->spec_rev, p->ncpu,
	       p->ncpu == 1 ? "" : "s", ids, p->ioapic_id, p->ioapic_phys,
	       p->ioapic_gsi_base, p->lapic_phys, irqs);
}

/* A BIOS that boots in PIC mode wires the 8259 straight to the BSP; route
 * it through the APICs instead, as symmetric I/O mode requires. */
static void
mp_imcr_to_apic(const struct mp_fps *f)
{
	if (!(f->feature2 & MP_FEATURE2_IMCRP))
		return;
	outb(IMCR_ADDR, IMCR_SELECT);
	outb(IMCR_DATA, inb(IMCR_DATA) | IMCR_APIC);
}

/*
 * Fill *p from the MP table.  Called once, by the BSP, before any AP runs;
 * leaves the ACPI power-off fields of *p alone.  Returns 0, or -1 with a
 * message if there is no valid table or it lists no enabled IOAPIC.
 */
int
mp_discover(struct platform_info *p)
{
	const struct mp_fps *f;
	const struct mp_conf *c;
	int n;

	mp_reset(p);
	if ((f = mp_find()) == NULL) {
		printk("mp: no MP floating pointer found\n");
		return -1;
	}
	if ((c = mp_config(f)) == NULL)
		return -1;
	n = mp_entries_ok(c);
	p->lapic_phys = c->lapic_address;
	platform_cpus_begin(p, &cpus);
	mp_walk(p, c, n, mp_device);
	platform_cpus_end(p, &cpus, "mp", "table");
	if (nioapic == 0) {
		printk("mp: table lists no enabled IOAPIC\n");
		return -1;
	}
	mp_walk(p, c, n, mp_irq);
	mp_imcr_to_apic(f);
	p->source = "MP table";
	mp_summary(p, f);
	return 0;
}
