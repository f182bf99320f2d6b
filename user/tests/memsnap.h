/*
 * memsnap.h - snapshots of the kernel's memory by owner (SYS_meminfo) and
 * their comparison, for the tests that check a workload leaks nothing.
 *
 * A difference is any owner's page count, or any kernel function's count
 * of kmalloc blocks in use (when both snapshots have them).  The slab
 * pages are kmalloc's bounded cache (docs/syscalls.md, "Memory
 * accounting"): unless strict_slab, they may grow, and free + slab must
 * stay constant instead.
 */
#ifndef USER_TESTS_MEMSNAP_H
#define USER_TESTS_MEMSNAP_H

#include <quanta.h>
#include <stdio.h>
#include <string.h>

#define MEMSNAP_CALLERS	128

struct memsnap {
	struct q_meminfo mi;
	struct q_kmcaller c[MEMSNAP_CALLERS];
	int n;			/* entries in c; 0: pages only */
};

static const char *const memsnap_owner[Q_MEM_NOWNERS] = {
	[Q_MEM_KERNEL] = "kernel", [Q_MEM_USER] = "user",
	[Q_MEM_PGTABLE] = "pagetables", [Q_MEM_KSTACK] = "kstacks",
	[Q_MEM_SLAB] = "slab", [Q_MEM_LARGE] = "kmalloc-pages",
	[Q_MEM_TMPFS] = "tmpfs",
};

/* 0, or -1 if the kernel would not say. */
static inline int
memsnap_take(struct memsnap *s, int callers)
{
	s->n = 0;
	if (q_meminfo(Q_MEMINFO_PAGES, &s->mi, 1) < 0)
		return -1;
	if (callers && (s->n = q_meminfo(Q_MEMINFO_CALLERS, s->c,
					 MEMSNAP_CALLERS)) < 0)
		return s->n = 0, -1;
	return 0;
}

static inline unsigned
memsnap_objects(const struct memsnap *s, const char *name)
{
	for (int i = 0; i < s->n; i++)
		if (strcmp(s->c[i].name, name) == 0)
			return s->c[i].objects;
	return 0;
}

/* Print each difference from a to b after prefix; how many there are. */
static inline int
memsnap_diff(const char *prefix, const struct memsnap *a,
	     const struct memsnap *b, int strict_slab)
{
	int bad = 0;

	for (int i = 0; i < Q_MEM_NOWNERS; i++)
		if ((i != Q_MEM_SLAB || strict_slab) &&
		    a->mi.pages[i] != b->mi.pages[i]) {
			printf("%s: %s pages %u -> %u\n", prefix,
			       memsnap_owner[i], a->mi.pages[i], b->mi.pages[i]);
			bad++;
		}
	if (a->mi.free_pages + a->mi.pages[Q_MEM_SLAB] !=
	    b->mi.free_pages + b->mi.pages[Q_MEM_SLAB]) {
		printf("%s: free + slab pages %u -> %u\n", prefix,
		       a->mi.free_pages + a->mi.pages[Q_MEM_SLAB],
		       b->mi.free_pages + b->mi.pages[Q_MEM_SLAB]);
		bad++;
	}
	if (a->n == 0 || b->n == 0)
		return bad;
	for (int i = 0; i < b->n; i++)
		if (memsnap_objects(a, b->c[i].name) != b->c[i].objects) {
			printf("%s: kmalloc blocks of %s %u -> %u\n", prefix,
			       b->c[i].name, memsnap_objects(a, b->c[i].name),
			       b->c[i].objects);
			bad++;
		}
	for (int i = 0; i < a->n; i++)
		if (a->c[i].objects && memsnap_objects(b, a->c[i].name) == 0) {
			printf("%s: kmalloc blocks of %s %u -> 0\n", prefix,
			       a->c[i].name, a->c[i].objects);
			bad++;
		}
	return bad;
}

#endif
