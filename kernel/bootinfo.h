/*
 * bootinfo.h - what the boot loader told us, copied into the kernel.
 *
 * bootinfo_read() copies the command line, module list and memory map out
 * of the multiboot structures (which sit wherever the loader put them), so
 * nothing later depends on that memory staying intact.
 */
#ifndef KERNEL_BOOTINFO_H
#define KERNEL_BOOTINFO_H

#include <stdint.h>

#define BOOT_MAX_MODS		8
#define BOOT_MAX_REGIONS	32
#define BOOT_CMDLINE_MAX	1024

struct boot_module {
	uintptr_t start, end;		/* physical, end exclusive */
	char string[128];		/* name and arguments */
};

struct boot_region {
	uint64_t start, end;
	uint32_t type;			/* 1 = RAM */
};

struct bootinfo {
	char cmdline[BOOT_CMDLINE_MAX];
	char loader[64];
	int nmods;
	struct boot_module mods[BOOT_MAX_MODS];
	int nregions;
	struct boot_region regions[BOOT_MAX_REGIONS];
	uintptr_t info_phys;		/* the multiboot info structure */
};

extern struct bootinfo bootinfo;

/* BSP, first thing: copy what the multiboot loader handed over (command
 * line, loader name, modules, memory map) into `bootinfo`.  Panics when
 * magic is not the multiboot loader's. */
void bootinfo_read(uint32_t magic, uint32_t info_phys);
/* Highest physical address the direct map must cover (<= DIRECTMAP_MAX). */
uintptr_t bootinfo_phys_top(void);
/* Hand free RAM to the frame allocator, minus everything in use. */
void bootinfo_init_frames(void);

#endif
