/*
 * acpi.c - CPUs, the IOAPIC and the power-off recipe from the ACPI tables.
 *
 * The chain from firmware to facts (ACPI 1.0 / 2.0):
 *
 *   RSDP (EBDA or BIOS ROM area)
 *     -> RSDT (32-bit pointers) or XSDT (64-bit pointers)
 *          -> "APIC" (MADT): local APICs, IOAPIC, ISA IRQ overrides
 *          -> "FACP" (FADT): PM1 control ports, the DSDT
 *               -> DSDT: the \_S5 package, the SLP_TYP values for soft-off
 *
 * Every table is read through the direct map (P2V), so a table above
 * DIRECTMAP_MAX is skipped.  Firmware is not trusted: each table's checksum
 * is verified, and every walk is bounded by the length of its table.
 */
#include <stddef.h>
#include <stdint.h>

#include "arch/x86/mmu.h"
#include "arch/x86/platform.h"
#include "arch/x86/x86.h"
#include "kernel/lib/printf.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"

/* BIOS data area word holding the real-mode segment of the EBDA. */
#define BDA_EBDA_SEG	0x40E
#define EBDA_SCAN_LEN	1024
#define BIOS_ROM_START	0xE0000
#define BIOS_ROM_END	0x100000

/* Caps on lengths, far above any real table, so a corrupt length cannot
 * send a walk across the whole direct map. */
#define ROOT_MAXLEN	(64u << 10)
#define MADT_MAXLEN	(64u << 10)
#define FADT_MAXLEN	(4u << 10)
#define DSDT_MAXLEN	(4u << 20)

/* Root System Description Pointer (ACPI 2.0, 5.2.4.3).  The first 20 bytes
 * are the whole ACPI 1.0 structure; the rest exists when revision >= 2. */
struct rsdp {
	char signature[8];		/* 0: "RSD PTR " */
	uint8_t checksum;		/* 8: bytes 0..19 sum to 0 */
	char oemid[6];			/* 9 */
	uint8_t revision;		/* 15: 0 = ACPI 1.0, 2 = ACPI 2.0+ */
	uint32_t rsdt_address;		/* 16 */
	uint32_t length;		/* 20: whole structure (2.0+) */
	uint64_t xsdt_address;		/* 24 (2.0+) */
	uint8_t extended_checksum;	/* 32: all `length' bytes sum to 0 */
	uint8_t reserved[3];		/* 33 */
} __attribute__((packed));

#define RSDP_V1_LEN	20
#define RSDP_V2_LEN	36

/* The header every system description table starts with (5.2.6). */
struct sdt_header {
	char signature[4];		/* 0 */
	uint32_t length;		/* 4: whole table, header included */
	uint8_t revision;		/* 8 */
	uint8_t checksum;		/* 9: all `length' bytes sum to 0 */
	char oemid[6];			/* 10 */
	char oem_table_id[8];		/* 16 */
	uint32_t oem_revision;		/* 24 */
	uint32_t creator_id;		/* 28 */
	uint32_t creator_revision;	/* 32 */
} __attribute__((packed));		/* 36 bytes; RSDT/XSDT entries follow */

struct rsdt_entry {
	uint32_t address;
} __attribute__((packed));

struct xsdt_entry {
	uint64_t address;		/* only 4-byte aligned in the XSDT */
} __attribute__((packed));

/* Multiple APIC Description Table, signature "APIC" (5.2.10). */
struct madt {
	struct sdt_header h;		/* 0 */
	uint32_t lapic_address;		/* 36: Local APIC Address */
	uint32_t flags;			/* 40: bit 0 PCAT_COMPAT (has 8259s) */
} __attribute__((packed));		/* 44 bytes; entries follow */

/* Every MADT entry starts with type and length. */
#define MADT_LAPIC		0
#define MADT_IOAPIC		1
#define MADT_ISO		2	/* Interrupt Source Override */
#define MADT_NMI_SRC		3
#define MADT_LAPIC_NMI		4
#define MADT_LAPIC_OVERRIDE	5

struct madt_lapic {			/* type 0, 8 bytes */
	uint8_t type, length;		/* 0, 1 */
	uint8_t acpi_processor_id;	/* 2 */
	uint8_t apic_id;		/* 3 */
	uint32_t flags;			/* 4: bit 0 Enabled */
} __attribute__((packed));

#define MADT_LAPIC_ENABLED	0x1

struct madt_ioapic {			/* type 1, 12 bytes */
	uint8_t type, length;		/* 0, 1 */
	uint8_t ioapic_id;		/* 2 */
	uint8_t reserved;		/* 3 */
	uint32_t ioapic_address;	/* 4 */
	uint32_t gsi_base;		/* 8: Global System Interrupt Base */
} __attribute__((packed));

struct madt_iso {			/* type 2, 10 bytes */
	uint8_t type, length;		/* 0, 1 */
	uint8_t bus;			/* 2: 0 = ISA */
	uint8_t source;			/* 3: bus-relative IRQ */
	uint32_t gsi;			/* 4: Global System Interrupt */
	uint16_t flags;			/* 8: MPS INTI flags */
} __attribute__((packed));

struct madt_lapic_override {		/* type 5, 12 bytes */
	uint8_t type, length;		/* 0, 1 */
	uint16_t reserved;		/* 2 */
	uint64_t lapic_address;		/* 4 */
} __attribute__((packed));

/* Shortest valid entry of each type we read (4, LAPIC NMI, is 6 bytes). */
static const uint8_t madt_minlen[] = { 8, 12, 10, 8, 6, 12 };

/* Fixed ACPI Description Table, signature "FACP" (5.2.8): only the fields
 * that lead to soft-off. */
struct fadt {
	struct sdt_header h;		/* 0 */
	uint32_t firmware_ctrl;		/* 36: FIRMWARE_CTRL */
	uint32_t dsdt;			/* 40: DSDT */
	uint8_t reserved;		/* 44 */
	uint8_t preferred_pm_profile;	/* 45 */
	uint16_t sci_int;		/* 46: SCI_INT */
	uint32_t smi_cmd;		/* 48: SMI_CMD */
	uint8_t acpi_enable;		/* 52: ACPI_ENABLE */
	uint8_t acpi_disable;		/* 53: ACPI_DISABLE */
	uint8_t s4bios_req;		/* 54 */
	uint8_t pstate_cnt;		/* 55 */
	uint32_t pm1a_evt_blk;		/* 56: PM1a_EVT_BLK */
	uint32_t pm1b_evt_blk;		/* 60: PM1b_EVT_BLK */
	uint32_t pm1a_cnt_blk;		/* 64: PM1a_CNT_BLK */
	uint32_t pm1b_cnt_blk;		/* 68: PM1b_CNT_BLK */
	uint8_t unused[68];		/* 72: PM2_CNT_BLK .. X_FIRMWARE_CTRL */
	uint64_t x_dsdt;		/* 140: X_DSDT (2.0+) */
} __attribute__((packed));

#define FADT_MINLEN	72		/* through PM1b_CNT_BLK */
#define FADT_XDSDT_LEN	148		/* through X_DSDT */

/* PM1 control register bits (4.7.3.2.1). */
#define SLP_TYP_SHIFT	10
#define SLP_EN		(1u << 13)

/* The few AML opcodes the \_S5 decoder knows (ACPI 2.0, 16.2). */
#define AML_ZERO	0x00
#define AML_ONE		0x01
#define AML_NAME	0x08
#define AML_BYTEPREFIX	0x0A
#define AML_PACKAGE	0x12
#define AML_ROOTCHAR	0x5C	/* '\' */

static const struct sdt_header *root;	/* the RSDT or the XSDT */
static int root_entsize;		/* 4 (RSDT) or 8 (XSDT) */

/* A private copy of the power-off recipe, so that acpi_poweroff() works
 * whatever struct the caller passed to acpi_discover(). */
static struct {
	int ok;
	uint16_t pm1a_cnt, pm1b_cnt;
	uint16_t slp_typa, slp_typb;
} s5;

static struct cpu_scan cpus;		/* see platform_cpus_begin() */
static int nioapic, nnmi;

/* The RSDP sits on a 16-byte boundary and only its first 20 bytes are
 * checksummed in every revision. */
static const struct rsdp *
rsdp_scan(uint32_t pa, uint32_t len)
{
	const uint8_t *q = P2V(pa);
	const uint8_t *end = q + len;

	for (; q + RSDP_V1_LEN <= end; q += 16)
		if (memcmp(q, "RSD PTR ", 8) == 0 &&
		    platform_sum(q, RSDP_V1_LEN) == 0)
			return (const struct rsdp *)q;
	return NULL;
}

/* ACPI 2.0 5.2.4.1: the first KiB of the EBDA, then 0xE0000..0xFFFFF. */
static const struct rsdp *
rsdp_find(void)
{
	uint32_t ebda = (uint32_t)*(const uint16_t *)P2V(BDA_EBDA_SEG) << 4;
	const struct rsdp *r = NULL;

	if (ebda != 0 && ebda + EBDA_SCAN_LEN <= BIOS_ROM_END)
		r = rsdp_scan(ebda, EBDA_SCAN_LEN);
	if (r == NULL)
		r = rsdp_scan(BIOS_ROM_START, BIOS_ROM_END - BIOS_ROM_START);
	return r;
}

/* Return the table header at physical address pa, or NULL if the address
 * is not something we can read through the direct map. */
static const struct sdt_header *
acpi_map(uint64_t pa)
{
	if (pa == 0) {
		printk("acpi: null table pointer skipped\n");
		return NULL;
	}
	if (pa > DIRECTMAP_MAX - sizeof(struct sdt_header)) {
		printk("acpi: table at 0x%llx is outside the direct map, "
		       "skipped\n", (unsigned long long)pa);
		return NULL;
	}
	return P2V((uintptr_t)pa);
}

/* Check a table's length against [minlen, maxlen] and the end of the
 * direct map, then its checksum. */
static int
acpi_valid(const struct sdt_header *h, uint32_t minlen, uint32_t maxlen)
{
	if (h->length < minlen || h->length > maxlen ||
	    h->length > DIRECTMAP_MAX - V2P(h)) {
		printk("acpi: %.4s at 0x%x: bad length %u\n",
		       h->signature, V2P(h), h->length);
		return -1;
	}
	if (platform_sum(h, h->length) != 0) {
		printk("acpi: %.4s at 0x%x: bad checksum\n",
		       h->signature, V2P(h));
		return -1;
	}
	return 0;
}

/* Map, identify and validate the table at pa in one step. */
static const struct sdt_header *
acpi_table(uint64_t pa, const char *sig, uint32_t minlen, uint32_t maxlen)
{
	const struct sdt_header *h = acpi_map(pa);

	if (h == NULL)
		return NULL;
	if (memcmp(h->signature, sig, 4) != 0) {
		printk("acpi: expected %s at 0x%llx, found '%.4s'\n",
		       sig, (unsigned long long)pa, h->signature);
		return NULL;
	}
	if (acpi_valid(h, minlen, maxlen) < 0)
		return NULL;
	return h;
}

/* Prefer the XSDT (ACPI 2.0+) when its pointer and checksums are good;
 * its entries are 64-bit, but acpi_map() rejects any above the direct map. */
static int
acpi_root_init(const struct rsdp *r)
{
	if (r->revision >= 2 && r->length >= RSDP_V2_LEN &&
	    r->length <= PGSIZE && platform_sum(r, r->length) == 0 &&
	    r->xsdt_address != 0 && r->xsdt_address < (1ull << 32)) {
		root = acpi_table(r->xsdt_address, "XSDT",
				  sizeof(struct sdt_header), ROOT_MAXLEN);
		root_entsize = sizeof(struct xsdt_entry);
		if (root != NULL)
			return 0;
		printk("acpi: XSDT unusable, trying the RSDT\n");
	}
	root = acpi_table(r->rsdt_address, "RSDT",
			  sizeof(struct sdt_header), ROOT_MAXLEN);
	root_entsize = sizeof(struct rsdt_entry);
	return root != NULL ? 0 : -1;
}

static uint64_t
acpi_root_entry(int i)
{
	const uint8_t *e = (const uint8_t *)(root + 1) + i * root_entsize;

	if (root_entsize == sizeof(struct xsdt_entry))
		return ((const struct xsdt_entry *)e)->address;
	return ((const struct rsdt_entry *)e)->address;
}

/* One pass over the root table; the first valid MADT and FADT win. */
static void
acpi_find_tables(const struct madt **madt, const struct fadt **fadt)
{
	const struct sdt_header *h;
	int i, n;

	n = (root->length - sizeof(*root)) / root_entsize;
	for (i = 0; i < n; i++) {
		if ((h = acpi_map(acpi_root_entry(i))) == NULL)
			continue;
		if (*madt == NULL && memcmp(h->signature, "APIC", 4) == 0 &&
		    acpi_valid(h, sizeof(struct madt), MADT_MAXLEN) == 0)
			*madt = (const struct madt *)h;
		if (*fadt == NULL && memcmp(h->signature, "FACP", 4) == 0 &&
		    acpi_valid(h, FADT_MINLEN, FADT_MAXLEN) == 0)
			*fadt = (const struct fadt *)h;
	}
}

/* Decode one small AML integer: ZeroOp, OneOp or BytePrefix + byte.  That
 * covers every \_S5 we know of (QEMU and Bochs emit ZeroOp). */
static int
aml_small_int(const uint8_t **pp, const uint8_t *end, uint16_t *val)
{
	const uint8_t *q = *pp;

	if (q >= end)
		return -1;
	if (*q == AML_ZERO || *q == AML_ONE) {
		*val = *q;
		*pp = q + 1;
		return 0;
	}
	if (*q == AML_BYTEPREFIX && q + 2 <= end) {
		*val = q[1];
		*pp = q + 2;
		return 0;
	}
	return -1;
}

/* Find "Name(_S5_, Package ...)": NameOp, optional RootChar, the name,
 * then PackageOp.  Returns the byte after PackageOp, or NULL. */
static const uint8_t *
s5_locate(const uint8_t *aml, const uint8_t *end)
{
	const uint8_t *q;

	for (q = aml; q + 5 <= end; q++) {
		if (memcmp(q, "_S5_", 4) != 0 || q[4] != AML_PACKAGE)
			continue;
		if (q - aml >= 1 && q[-1] == AML_NAME)
			return q + 5;
		if (q - aml >= 2 && q[-1] == AML_ROOTCHAR && q[-2] == AML_NAME)
			return q + 5;
	}
	return NULL;
}

/* Read SLP_TYPa and SLP_TYPb, the first two elements of \_S5, into s5.
 * This is a byte scan, not an AML interpreter: enough for simple DSDTs. */
static int
s5_parse(const struct sdt_header *dsdt)
{
	const uint8_t *aml = (const uint8_t *)(dsdt + 1);
	const uint8_t *end = (const uint8_t *)dsdt + dsdt->length;
	const uint8_t *q;
	int n;

	if ((q = s5_locate(aml, end)) == NULL) {
		printk("acpi: no \\_S5 package in the DSDT\n");
		return -1;
	}
	/* PkgLength: bits 7:6 of its lead byte count the bytes after it. */
	if (q < end)
		q += 1 + (*q >> 6);
	n = q < end ? *q++ : 0;		/* NumElements */
	s5.slp_typb = 0;
	if (n < 1 || aml_small_int(&q, end, &s5.slp_typa) < 0 ||
	    (n >= 2 && aml_small_int(&q, end, &s5.slp_typb) < 0) ||
	    s5.slp_typa > 7 || s5.slp_typb > 7) {
		printk("acpi: \\_S5 package not understood\n");
		return -1;
	}
	return 0;
}

/* Learn how to enter S5 (soft-off) from the FADT and the DSDT. */
static void
fadt_parse(const struct fadt *f)
{
	const struct sdt_header *dsdt;
	uint64_t dsdt_pa = f->dsdt;

	if (f->pm1a_cnt_blk == 0 || f->pm1a_cnt_blk > 0xFFFF ||
	    f->pm1b_cnt_blk > 0xFFFF) {
		printk("acpi: FADT: no usable PM1 control port\n");
		return;
	}
	if (dsdt_pa == 0 && f->h.length >= FADT_XDSDT_LEN)
		dsdt_pa = f->x_dsdt;
	dsdt = acpi_table(dsdt_pa, "DSDT", sizeof(struct sdt_header),
			  DSDT_MAXLEN);
	if (dsdt == NULL || s5_parse(dsdt) < 0)
		return;
	s5.pm1a_cnt = f->pm1a_cnt_blk;
	s5.pm1b_cnt = f->pm1b_cnt_blk;
	s5.ok = 1;
	printk("acpi: S5 via PM1a_CNT 0x%x PM1b_CNT 0x%x, SLP_TYP %u/%u\n",
	       s5.pm1a_cnt, s5.pm1b_cnt, s5.slp_typa, s5.slp_typb);
}

static void
madt_cpu(struct platform_info *p, const struct madt_lapic *e)
{
	if (!(e->flags & MADT_LAPIC_ENABLED))
		return;		/* absent, or only hot-pluggable */
	if (platform_cpu_add(p, &cpus, e->apic_id) < 0)
		printk("acpi: MADT: APIC id %u listed twice\n", e->apic_id);
}

/* Quanta drives only the first IOAPIC, which on PCs holds the ISA IRQs. */
static void
madt_ioapic(struct platform_info *p, const struct madt_ioapic *e)
{
	if (nioapic++ > 0) {
		printk("acpi: MADT: extra IOAPIC id %u at 0x%x ignored\n",
		       e->ioapic_id, e->ioapic_address);
		return;
	}
	p->ioapic_id = e->ioapic_id;
	p->ioapic_phys = e->ioapic_address;
	p->ioapic_gsi_base = e->gsi_base;
}

static void
madt_override(struct platform_info *p, const struct madt_iso *e)
{
	if (e->bus != 0 || e->source >= 16) {
		printk("acpi: MADT: override of bus %u IRQ %u ignored\n",
		       e->bus, e->source);
		return;
	}
	platform_route_isa_irq(p, e->source, e->gsi, e->flags);
}

static void
madt_entry(struct platform_info *p, const uint8_t *e)
{
	const struct madt_lapic_override *lo;

	if (e[0] < sizeof(madt_minlen) && e[1] < madt_minlen[e[0]]) {
		printk("acpi: MADT: type %u entry too short, ignored\n", e[0]);
		return;
	}
	switch (e[0]) {
	case MADT_LAPIC:
		madt_cpu(p, (const struct madt_lapic *)e);
		break;
	case MADT_IOAPIC:
		madt_ioapic(p, (const struct madt_ioapic *)e);
		break;
	case MADT_ISO:
		madt_override(p, (const struct madt_iso *)e);
		break;
	case MADT_LAPIC_NMI:
		nnmi++;		/* LINT setup is left to the LAPIC defaults */
		break;
	case MADT_LAPIC_OVERRIDE:
		lo = (const struct madt_lapic_override *)e;
		if (lo->lapic_address < (1ull << 32))
			p->lapic_phys = lo->lapic_address;
		break;
	}
}

/* Walk the entries after the 44-byte header; each starts with type and
 * length, and a length that does not fit ends the walk. */
static int
madt_parse(struct platform_info *p, const struct madt *m)
{
	const uint8_t *e = (const uint8_t *)(m + 1);
	const uint8_t *end = (const uint8_t *)m + m->h.length;

	nioapic = nnmi = 0;
	p->lapic_phys = m->lapic_address;
	platform_cpus_begin(p, &cpus);
	for (; e + 2 <= end; e += e[1]) {
		if (e[1] < 2 || e + e[1] > end) {
			printk("acpi: MADT: bad entry length %u at offset %u\n",
			       e[1], (unsigned)(e - (const uint8_t *)m));
			break;
		}
		madt_entry(p, e);
	}
	platform_cpus_end(p, &cpus, "acpi", "MADT");
	if (nioapic == 0) {
		printk("acpi: MADT lists no IOAPIC\n");
		return -1;
	}
	return 0;
}

static void
acpi_summary(const struct platform_info *p)
{
	static char ids[MAX_CPUS * 4 + 1];
	static char irqs[16 * 32];

	platform_format_cpus(ids, sizeof(ids), p);
	platform_format_irqs(irqs, sizeof(irqs), p);
	printk("acpi: MADT: %d CPU%s (apic ids %s), IOAPIC id %u at 0x%x "
	       "gsi %u, LAPIC 0x%x%s\n", p->ncpu, p->ncpu == 1 ? "" : "s",
	       ids, p->ioapic_id, p->ioapic_phys, p->ioapic_gsi_base,
	       p->lapic_phys, irqs);
	if (nnmi)
		printk("acpi: MADT: %d LAPIC NMI entr%s\n", nnmi,
		       nnmi == 1 ? "y" : "ies");
}

static void
acpi_publish_s5(struct platform_info *p)
{
	p->acpi_poweroff_ok = s5.ok;
	p->pm1a_cnt = s5.pm1a_cnt;
	p->pm1b_cnt = s5.pm1b_cnt;
	p->slp_typa = s5.slp_typa;
	p->slp_typb = s5.slp_typb;
}

/*
 * Fill *p from the MADT, and the power-off recipe from the FADT and DSDT.
 * Called once, by the BSP, before any AP runs.  Returns 0, or -1 with a
 * message if there is no usable RSDP, root table or MADT (the power-off
 * fields may still be set then, since the FADT is independent).
 */
int
acpi_discover(struct platform_info *p)
{
	const struct rsdp *r;
	const struct madt *madt = NULL;
	const struct fadt *fadt = NULL;
	int i;

	memset(p, 0, sizeof(*p));
	memset(&s5, 0, sizeof(s5));
	for (i = 0; i < 16; i++)
		p->isa_irq[i].gsi = i;	/* edge, active-high */
	if ((r = rsdp_find()) == NULL) {
		printk("acpi: no RSDP found\n");
		return -1;
	}
	printk("acpi: RSDP at 0x%x, revision %u, OEM '%.6s'\n",
	       V2P(r), r->revision, r->oemid);
	if (acpi_root_init(r) < 0)
		return -1;
	acpi_find_tables(&madt, &fadt);
	if (fadt != NULL)
		fadt_parse(fadt);
	else
		printk("acpi: no FADT, so no ACPI power-off\n");
	acpi_publish_s5(p);
	if (madt == NULL) {
		printk("acpi: no usable MADT (\"APIC\") table\n");
		return -1;
	}
	if (madt_parse(p, madt) < 0)
		return -1;
	p->source = "ACPI MADT";
	acpi_summary(p);
	return 0;
}

/*
 * Enter S5 by writing SLP_TYPx | SLP_EN to the PM1 control registers.
 * Returns at once if acpi_discover() found no recipe; on QEMU the write
 * stops the machine, elsewhere the caller should halt or try another way
 * if this returns.
 */
void
acpi_poweroff(void)
{
	if (!s5.ok)
		return;
	outw(s5.pm1a_cnt, (uint16_t)(s5.slp_typa << SLP_TYP_SHIFT | SLP_EN));
	if (s5.pm1b_cnt != 0)
		outw(s5.pm1b_cnt,
		     (uint16_t)(s5.slp_typb << SLP_TYP_SHIFT | SLP_EN));
}
