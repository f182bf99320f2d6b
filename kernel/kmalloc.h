/*
 * kmalloc.h - kernel heap.  Blocks up to 2 KiB come from power-of-two size
 * classes carved out of pages; larger ones get whole contiguous pages.
 * Every block carries a header with a magic number, so kfree() catches
 * double frees and stray pointers.  Safe from any CPU; not from NMI.
 */
#ifndef KERNEL_KMALLOC_H
#define KERNEL_KMALLOC_H

#include <stddef.h>

void *kmalloc(size_t size);	/* NULL when memory runs out */
void *kzalloc(size_t size);	/* zeroed */
void kfree(void *p);		/* NULL is fine */

struct q_kmcaller;
struct q_kmclass;
/* Blocks in use summed by allocating function, at most max entries;
 * returns how many.  For SYS_meminfo (and a /proc file). */
int kmalloc_callers(struct q_kmcaller *out, int max);
/* Per size class, then the whole-page blocks (size 0); returns count. */
int kmalloc_classes(struct q_kmclass *out, int max);

#endif
