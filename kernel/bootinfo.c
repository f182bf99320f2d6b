/*
 * bootinfo.c - copy the multiboot information into the kernel, and turn the
 * memory map into free pages.
 */
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "kernel/bootinfo.h"
#include "kernel/frame.h"
#include "kernel/lib/string.h"
#include "kernel/multiboot.h"
#include "kernel/panic.h"
#include "kernel/printk.h"

#define BOOT_MAPPED	(64u << 20)	/* what boot/entry.asm maps */

struct bootinfo bootinfo;
extern char _kernel_start[], _kernel_end[];

/* A boot-loader pointer as a kernel pointer; the boot page directory maps
 * only the first 64 MiB. */
static const void *
boot_ptr(uint32_t pa, uint32_t len)
{
	if (pa + len > BOOT_MAPPED || pa + len < pa)
		panic("multiboot data at %p is above the boot mapping", (void *)pa);
	return P2V(pa);
}

static void
copy_string(char *dst, uint32_t size, uint32_t pa)
{
	const char *s = boot_ptr(pa, 1);

	strlcpy(dst, s, size);
}

static void
read_modules(const struct multiboot_info *mbi)
{
	const struct multiboot_module *m =
		boot_ptr(mbi->mods_addr, mbi->mods_count * sizeof(*m));

	for (uint32_t i = 0; i < mbi->mods_count; i++) {
		if (bootinfo.nmods == BOOT_MAX_MODS) {
			printk("boot: only %d modules are used\n", BOOT_MAX_MODS);
			break;
		}
		struct boot_module *bm = &bootinfo.mods[bootinfo.nmods++];
		bm->start = m[i].mod_start;
		bm->end = m[i].mod_end;
		if (m[i].string)
			copy_string(bm->string, sizeof(bm->string), m[i].string);
	}
}

static void
add_region(uint64_t start, uint64_t len, uint32_t type)
{
	struct boot_region *r;

	if (bootinfo.nregions == BOOT_MAX_REGIONS)
		return;
	r = &bootinfo.regions[bootinfo.nregions++];
	r->start = start;
	r->end = start + len;
	r->type = type;
}

static void
read_mmap(const struct multiboot_info *mbi)
{
	const uint8_t *p = boot_ptr(mbi->mmap_addr, mbi->mmap_length);
	const uint8_t *end = p + mbi->mmap_length;

	while (p + sizeof(struct multiboot_mmap) <= end) {
		const struct multiboot_mmap *e = (const void *)p;
		add_region(e->addr, e->len, e->type);
		p += e->size + sizeof(e->size);
	}
}

void
bootinfo_read(uint32_t magic, uint32_t info_phys)
{
	const struct multiboot_info *mbi;

	if (magic != MULTIBOOT_BOOTLOADER_MAGIC)
		panic("not started by a multiboot loader (eax=%08x)", magic);
	bootinfo.info_phys = info_phys;
	mbi = boot_ptr(info_phys, sizeof(*mbi));
	if (mbi->flags & MBI_CMDLINE)
		copy_string(bootinfo.cmdline, sizeof(bootinfo.cmdline), mbi->cmdline);
	if (mbi->flags & MBI_LOADER)
		copy_string(bootinfo.loader, sizeof(bootinfo.loader),
			    mbi->boot_loader_name);
	if (mbi->flags & MBI_MODS)
		read_modules(mbi);
	if (mbi->flags & MBI_MMAP)
		read_mmap(mbi);
	else if (mbi->flags & MBI_MEM)
		add_region(0x100000, (uint64_t)mbi->mem_upper * 1024, 1);
	else
		panic("multiboot: no memory information");
}

uintptr_t
bootinfo_phys_top(void)
{
	uint64_t top = 0;

	/* Cover reserved areas between RAM too (ACPI tables live there). */
	for (int i = 0; i < bootinfo.nregions; i++) {
		const struct boot_region *r = &bootinfo.regions[i];
		if (r->end <= DIRECTMAP_MAX && r->end > top)
			top = r->end;
		else if (r->type == 1 && r->start < DIRECTMAP_MAX)
			top = DIRECTMAP_MAX;
	}
	return (uintptr_t)top;
}

void
bootinfo_init_frames(void)
{
	frame_init(bootinfo_phys_top());
	for (int i = 0; i < bootinfo.nregions; i++) {
		const struct boot_region *r = &bootinfo.regions[i];
		uint64_t s = r->start < 0x100000 ? 0x100000 : r->start;
		uint64_t e = r->end > DIRECTMAP_MAX ? DIRECTMAP_MAX : r->end;
		if (r->type == 1 && s < e)
			frame_add_free((uintptr_t)s, (uintptr_t)e);
	}
	frame_reserve(V2P(_kernel_start), V2P(_kernel_end));
	for (int i = 0; i < bootinfo.nmods; i++)
		frame_reserve(bootinfo.mods[i].start, bootinfo.mods[i].end);
	frame_reserve(PGROUNDDOWN(bootinfo.info_phys),
		      bootinfo.info_phys + sizeof(struct multiboot_info));
	pr_info("memory: %zu KiB free of %zu KiB RAM; kernel %zu KiB\n",
		frame_free_count() * 4, frame_total_count() * 4,
		(size_t)(_kernel_end - _kernel_start) / 1024);
}
