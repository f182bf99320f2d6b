/*
 * multiboot.h - the boot information a multiboot v1 loader hands over
 * (GNU Multiboot Specification 0.6.96, "Boot information format").
 */
#ifndef KERNEL_MULTIBOOT_H
#define KERNEL_MULTIBOOT_H

#include <stdint.h>

#define MULTIBOOT_BOOTLOADER_MAGIC	0x2BADB002

#define MBI_MEM		(1u << 0)
#define MBI_CMDLINE	(1u << 2)
#define MBI_MODS	(1u << 3)
#define MBI_MMAP	(1u << 6)
#define MBI_LOADER	(1u << 9)

struct multiboot_info {
	uint32_t flags;
	uint32_t mem_lower, mem_upper;	/* KiB */
	uint32_t boot_device;
	uint32_t cmdline;		/* physical address of a C string */
	uint32_t mods_count, mods_addr;
	uint32_t syms[4];
	uint32_t mmap_length, mmap_addr;
	uint32_t drives_length, drives_addr;
	uint32_t config_table;
	uint32_t boot_loader_name;
} __attribute__((packed));

struct multiboot_module {
	uint32_t mod_start, mod_end;	/* physical, end exclusive */
	uint32_t string;
	uint32_t reserved;
} __attribute__((packed));

/* Memory map entries are variable-sized: "size" excludes itself. */
struct multiboot_mmap {
	uint32_t size;
	uint64_t addr, len;
	uint32_t type;			/* 1 = available RAM */
} __attribute__((packed));

#endif
