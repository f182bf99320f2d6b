/*
 * initrd.c - parse the cpio "newc" archive.
 *
 * Each member: a 110-byte ASCII header ("070701", then 13 fields of 8 hex
 * digits: ino, mode, uid, gid, nlink, mtime, filesize, devmajor, devminor,
 * rdevmajor, rdevminor, namesize, check), the name (namesize bytes with
 * its NUL), padding to 4 bytes, the data, padding to 4 bytes.  The member
 * named "TRAILER!!!" ends the archive.
 */
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "include/uapi/types.h"
#include "kernel/bootinfo.h"
#include "kernel/initrd.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"

#define MAX_ENTRIES	512
#define HDR_LEN		110

static struct initrd_entry entries[MAX_ENTRIES];
static int nentries;
static struct initrd_entry root = { "/", Q_S_IFDIR | 0755, 0, 0, 1 };

static uint32_t
hex8(const char *s)
{
	uint32_t v = 0;

	for (int i = 0; i < 8; i++) {
		char c = s[i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (uint32_t)(c - 'A' + 10);
	}
	return v;
}

/* "./bin/sh", "bin/sh" -> "/bin/sh"; "." -> NULL (the root). */
static char *
clean_name(const char *raw)
{
	size_t n;
	char *s;

	while (raw[0] == '.' && raw[1] == '/')
		raw += 2;
	while (raw[0] == '/')
		raw++;
	if (raw[0] == 0 || strcmp(raw, ".") == 0)
		return NULL;
	n = strlen(raw);
	s = kmalloc(n + 2);
	if (!s)
		return NULL;
	s[0] = '/';
	memcpy(s + 1, raw, n + 1);
	return s;
}

/* Parse one member at p; returns the next member or NULL at the end. */
static const char *
parse_member(const char *p, const char *end)
{
	uint32_t mode, size, namesize;
	const char *name, *data;

	if (p + HDR_LEN > end || memcmp(p, "070701", 6) != 0) {
		printk("initrd: bad cpio header at offset; stopping\n");
		return NULL;
	}
	mode = hex8(p + 14);
	size = hex8(p + 54);
	namesize = hex8(p + 94);
	name = p + HDR_LEN;
	data = name + ((HDR_LEN + namesize + 3) & ~3u) - HDR_LEN;
	if (data + size > end)
		return NULL;
	if (strcmp(name, "TRAILER!!!") == 0)
		return NULL;
	if (nentries < MAX_ENTRIES) {
		char *clean = clean_name(name);
		if (clean) {
			struct initrd_entry *e = &entries[nentries++];
			e->name = clean;
			e->mode = mode;
			e->data = (const uint8_t *)data;
			e->size = size;
			e->ino = (uint32_t)nentries + 1;
		}
	}
	return data + ((size + 3) & ~3u);
}

void
initrd_init(void)
{
	const char *p, *end;

	if (bootinfo.nmods == 0) {
		printk("initrd: no boot module; no user programs\n");
		return;
	}
	p = P2V(bootinfo.mods[0].start);
	end = P2V(bootinfo.mods[0].end);
	while (p && p < end)
		p = parse_member(p, end);
	pr_info("initrd: %d files and directories, %u KiB\n", nentries,
		(unsigned)((bootinfo.mods[0].end - bootinfo.mods[0].start) / 1024));
}

const struct initrd_entry *
initrd_lookup(const char *path)
{
	return initrd_lookup_n(path, strlen(path));
}

const struct initrd_entry *
initrd_lookup_n(const char *path, size_t len)
{
	while (len > 0 && path[0] == '/')
		path++, len--;
	if (len == 0)
		return &root;
	for (int i = 0; i < nentries; i++)	/* names are "/" + path */
		if (strncmp(entries[i].name + 1, path, len) == 0 &&
		    entries[i].name[len + 1] == 0)
			return &entries[i];
	return NULL;
}

/* Is e directly inside dir? */
static int
is_child(const struct initrd_entry *dir, const struct initrd_entry *e)
{
	size_t dl = strlen(dir->name);
	const char *rest;

	if (dir == &root)
		rest = e->name + 1;
	else if (strncmp(e->name, dir->name, dl) == 0 && e->name[dl] == '/')
		rest = e->name + dl + 1;
	else
		return 0;
	return rest[0] && !strchr(rest, '/');
}

const struct initrd_entry *
initrd_child(const struct initrd_entry *dir, int index)
{
	for (int i = 0; i < nentries; i++)
		if (is_child(dir, &entries[i]) && index-- == 0)
			return &entries[i];
	return NULL;
}
