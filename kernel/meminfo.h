/*
 * meminfo.h - the kernel's memory by owner (SYS_meminfo, kernel/meminfo.c).
 */
#ifndef KERNEL_MEMINFO_H
#define KERNEL_MEMINFO_H

struct q_meminfo;

/* Pages by owner and kmalloc totals, one snapshot. */
void meminfo_pages(struct q_meminfo *mi);

#endif
