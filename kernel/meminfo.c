/*
 * meminfo.c - where every page and kmalloc block is: SYS_meminfo.
 *
 * The physical allocator records an owner for each page it hands out
 * (kernel/frame.c, Q_MEM_*), kmalloc records the function that allocated
 * each block (kernel/kmalloc.c).  meminfo_pages() is one snapshot of the
 * page counts; a /proc file would call the same functions.  Tests compare
 * snapshots taken before and after a workload: a machine that got every
 * page back shows the same counts.  kmalloc's free blocks are a cache
 * (pages of a size class are never returned, so the cache is bounded by
 * each class's peak use): Q_MEM_SLAB is the one owner that may stay
 * higher after a workload, and slab_cache_bytes says how much of it is
 * free.
 */
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/frame.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/meminfo.h"
#include "kernel/mm.h"
#include "kernel/syscall.h"

#define MEMINFO_MAX	128		/* entries one call may ask for */

void
meminfo_pages(struct q_meminfo *mi)
{
	struct q_kmclass cls[16];
	int n = kmalloc_classes(cls, 16);

	memset(mi, 0, sizeof(*mi));
	frame_owner_counts(mi->pages, &mi->free_pages);
	mi->total_pages = (uint32_t)frame_total_count();
	for (int c = 0; c < n; c++) {
		mi->kmalloc_objects += cls[c].used;
		if (cls[c].size) {
			mi->kmalloc_bytes += cls[c].used * cls[c].size;
			mi->slab_cache_bytes += cls[c].free * cls[c].size;
		} else {		/* whole-page blocks */
			mi->kmalloc_bytes += cls[c].pages * PGSIZE;
		}
	}
}

SYSCALL(sys_meminfo)
{
	int op = (int)a1, max = (int)a3, n, r;
	void *ubuf = (void *)a2;
	size_t each;
	void *k;

	(void)a4, (void)a5;
	if (op == Q_MEMINFO_PAGES) {
		struct q_meminfo mi;
		meminfo_pages(&mi);
		return copy_to_user(ubuf, &mi, sizeof(mi));
	}
	if (op == Q_MEMINFO_CALLERS)
		each = sizeof(struct q_kmcaller);
	else if (op == Q_MEMINFO_CLASSES)
		each = sizeof(struct q_kmclass);
	else
		return -EINVAL;
	if (max <= 0)
		return -EINVAL;
	if (max > MEMINFO_MAX)
		max = MEMINFO_MAX;
	if (!(k = kzalloc((size_t)max * each)))
		return -ENOMEM;
	n = op == Q_MEMINFO_CALLERS ? kmalloc_callers(k, max)
				    : kmalloc_classes(k, max);
	r = copy_to_user(ubuf, k, (size_t)n * each);
	kfree(k);
	return r < 0 ? r : n;
}
