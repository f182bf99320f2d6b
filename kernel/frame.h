/*
 * frame.h - the physical page allocator.
 *
 * One bit per 4 KiB page of the direct-mapped physical memory (set = in
 * use).  Built from the multiboot memory map: only "available" RAM above
 * 1 MiB is ever handed out, minus the kernel image, the boot modules and the
 * multiboot structures.  frame_free_count() is what tests read to prove that
 * exited programs gave every page back.
 */
#ifndef KERNEL_FRAME_H
#define KERNEL_FRAME_H

#include <stddef.h>
#include <stdint.h>

/* BSP, once: every frame below phys_top (at most DIRECTMAP_MAX) starts in
 * use; frame_add_free() then opens up the RAM the loader listed. */
void frame_init(uintptr_t phys_top);
void frame_add_free(uintptr_t start, uintptr_t end);	/* [start, end) */
void frame_reserve(uintptr_t start, uintptr_t end);

/* Physical address of a free page (or of n contiguous pages), or 0. */
uintptr_t frame_alloc(void);
uintptr_t frame_alloc_contig(size_t n);
/* The same, recording the owner (Q_MEM_*, uapi/types.h) for SYS_meminfo;
 * the plain ones record Q_MEM_KERNEL. */
uintptr_t frame_alloc_for(int who);
uintptr_t frame_alloc_contig_for(size_t n, int who);
void frame_free(uintptr_t pa);			/* drops one reference */
void frame_get(uintptr_t pa);			/* one more reference */
int frame_shared(uintptr_t pa);			/* more than one? */
void frame_free_contig(uintptr_t pa, size_t n);

/* A zeroed page at its direct-map address, or NULL. */
void *page_alloc(void);
void *page_alloc_for(int who);
void page_free(void *va);

/* Frames free now, and frames of RAM ever added free (a snapshot, no
 * lock needed). */
size_t frame_free_count(void);
size_t frame_total_count(void);
/* Pages in use per owner, pages[Q_MEM_NOWNERS], and free pages, at once. */
void frame_owner_counts(uint32_t *pages, uint32_t *free);
/* The first page at or after pa owned by who, or 0. */
uintptr_t frame_next_owned(uintptr_t pa, int who);

#endif
