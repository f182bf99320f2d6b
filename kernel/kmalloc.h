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

#endif
