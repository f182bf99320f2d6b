/*
 * ksyms.c - look up addresses in the table tools/mksyms.py generated.
 *
 * Layout of the .ksyms section (all little-endian 32-bit words):
 *   magic "KSYM", count, then count pairs {address, name offset} sorted by
 *   address, then the NUL-terminated names.  The offsets are relative to
 *   the start of the names.
 */
#include <stdint.h>
#include "kernel/ksyms.h"

#define KSYMS_MAGIC	0x4d59534b	/* "KSYM" */

struct ksyms_header {
	uint32_t magic;
	uint32_t count;
	struct {
		uint32_t addr;
		uint32_t name;
	} entry[];
};

extern const struct ksyms_header __ksyms_start;	/* linker.ld */
extern char _etext[];

static const char *
ksym_name(const struct ksyms_header *h, uint32_t i)
{
	const char *names = (const char *)&h->entry[h->count];
	return names + h->entry[i].name;
}

const char *
ksym_lookup(uintptr_t addr, uintptr_t *offset)
{
	const struct ksyms_header *h = &__ksyms_start;
	uint32_t lo = 0, hi;

	if (h->magic != KSYMS_MAGIC || h->count == 0)
		return 0;
	if (addr < h->entry[0].addr || addr >= (uintptr_t)_etext)
		return 0;
	/* binary search for the last entry with entry.addr <= addr */
	hi = h->count;
	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (h->entry[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	*offset = addr - h->entry[lo].addr;
	return ksym_name(h, lo);
}
