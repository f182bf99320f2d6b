/*
 * meminfo.c - /bin/meminfo: the kernel's pages and kmalloc blocks by owner.
 *
 *   meminfo        pages by owner, kmalloc totals and its cache
 *   meminfo -k     ... and the kmalloc blocks in use by allocating function
 *   meminfo -c     ... and each kmalloc size class (pages, used, free)
 *
 * free + the owners' pages = total (an assertion: a page nobody owns would
 * be a bookkeeping bug).  "slab" is kmalloc's size-class pages: they are
 * never given back, so "cache" (their free blocks) is the part of it a
 * workload may leave behind without leaking.
 *
 * System call: meminfo (Quanta's, number 110).
 */
#include <quanta.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *const owner_names[Q_MEM_NOWNERS] = {
	[Q_MEM_KERNEL] = "kernel", [Q_MEM_USER] = "user",
	[Q_MEM_PGTABLE] = "pagetables", [Q_MEM_KSTACK] = "kstacks",
	[Q_MEM_SLAB] = "slab", [Q_MEM_LARGE] = "kmalloc-pages",
	[Q_MEM_TMPFS] = "tmpfs",
};

static int
show_pages(void)
{
	struct q_meminfo mi;
	unsigned sum = 0;

	if (q_meminfo(Q_MEMINFO_PAGES, &mi, 1) < 0) {
		perror("meminfo");
		return 1;
	}
	printf("%-14s %8s %10s\n", "owner", "pages", "KiB");
	printf("%-14s %8u %10u\n", "total", mi.total_pages, mi.total_pages * 4);
	printf("%-14s %8u %10u\n", "free", mi.free_pages, mi.free_pages * 4);
	for (int i = 0; i < Q_MEM_NOWNERS; i++) {
		printf("%-14s %8u %10u\n", owner_names[i], mi.pages[i],
		       mi.pages[i] * 4);
		sum += mi.pages[i];
	}
	printf("kmalloc: %u blocks in use, %u bytes; cache %u bytes free in "
	       "slab pages\n", mi.kmalloc_objects, mi.kmalloc_bytes,
	       mi.slab_cache_bytes);
	if (sum + mi.free_pages != mi.total_pages) {
		printf("meminfo: owners %u + free %u != total %u\n", sum,
		       mi.free_pages, mi.total_pages);
		return 1;
	}
	return 0;
}

static int
show_callers(void)
{
	static struct q_kmcaller c[128];
	int n = q_meminfo(Q_MEMINFO_CALLERS, c, 128);

	if (n < 0) {
		perror("meminfo -k");
		return 1;
	}
	printf("%-32s %8s %10s\n", "kmalloc by caller", "blocks", "bytes");
	for (int i = 0; i < n; i++)
		printf("%-32s %8u %10u\n", c[i].name, c[i].objects, c[i].bytes);
	return 0;
}

static int
show_classes(void)
{
	struct q_kmclass c[16];
	int n = q_meminfo(Q_MEMINFO_CLASSES, c, 16);

	if (n < 0) {
		perror("meminfo -c");
		return 1;
	}
	printf("%-10s %6s %8s %8s\n", "class", "pages", "used", "free");
	for (int i = 0; i < n; i++) {
		char name[16];
		if (c[i].size)
			snprintf(name, sizeof(name), "%u", c[i].size);
		else
			strcpy(name, "pages");
		printf("%-10s %6u %8u %8u\n", name, c[i].pages, c[i].used,
		       c[i].free);
	}
	return 0;
}

int
main(int argc, char **argv)
{
	int opt, callers = 0, classes = 0, r;

	while ((opt = getopt(argc, argv, "kc")) != -1) {
		if (opt == 'k')
			callers = 1;
		else if (opt == 'c')
			classes = 1;
		else {
			fprintf(stderr, "usage: meminfo [-k] [-c]\n");
			return 2;
		}
	}
	r = show_pages();
	if (callers)
		r |= show_callers();
	if (classes)
		r |= show_classes();
	return r;
}
