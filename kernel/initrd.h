/*
 * initrd.h - the read-only file tree the boot loader brought along.
 *
 * The initrd is a cpio archive in the "newc" format (made by
 * tools/mkinitrd.py), loaded as the first multiboot module.  Its files are
 * used in place: an entry points straight into the module's memory.
 */
#ifndef KERNEL_INITRD_H
#define KERNEL_INITRD_H

#include <stddef.h>
#include <stdint.h>

struct initrd_entry {
	const char *name;	/* absolute path, "/bin/sh" */
	uint32_t mode;		/* Q_S_IFREG / Q_S_IFDIR | permissions */
	const uint8_t *data;
	uint32_t size;
	uint32_t ino;
};

/* Once, at boot: index the first boot module's newc cpio archive (none:
 * no user programs, a message says so). */
void initrd_init(void);
/* The entry of path ("/bin/sh", "bin/sh"; "" or "/" is the root), or
 * NULL; _n looks at len bytes of path only. */
const struct initrd_entry *initrd_lookup(const char *path);
const struct initrd_entry *initrd_lookup_n(const char *path, size_t len);
/* The index-th entry directly inside directory dir, or NULL. */
const struct initrd_entry *initrd_child(const struct initrd_entry *dir,
					int index);

#endif
