/*
 * frame.c - a bitmap allocator for physical pages.
 *
 * A bitmap is the simplest structure that also gives contiguous runs (for
 * kmalloc's large blocks).  A next-fit hint keeps single-page allocation
 * close to O(1) in the common case, and whole 32-page words are skipped
 * when full.
 */
#include <stddef.h>
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "include/uapi/types.h"
#include "kernel/frame.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/spinlock.h"

#define MAX_FRAMES	(DIRECTMAP_MAX / PGSIZE)

static uint32_t used[MAX_FRAMES / 32];	/* 1 = in use or not RAM */
/* References beyond the first, for pages shared copy-on-write after fork:
 * frame_free() drops one, and only the last frees the page. */
static uint16_t extra_refs[MAX_FRAMES];
/* Who each page in use belongs to (Q_MEM_*), and how many each has: the
 * leak accounting of SYS_meminfo. */
static uint8_t owner[MAX_FRAMES];
static uint32_t owned[Q_MEM_NOWNERS];
static size_t nframes;			/* frames below phys_top */
static size_t nfree, ntotal;
static size_t hint;			/* next-fit start, a word index */
static struct spinlock frame_lock = SPINLOCK_INIT("frame");

static inline int
bit_get(size_t f)
{
	return (used[f / 32] >> (f % 32)) & 1;
}

static inline void
bit_set(size_t f, int v)
{
	if (v)
		used[f / 32] |= 1u << (f % 32);
	else
		used[f / 32] &= ~(1u << (f % 32));
}

/* Everything starts "in use"; frame_add_free() opens up real RAM. */
void
frame_init(uintptr_t phys_top)
{
	if (phys_top > DIRECTMAP_MAX)
		phys_top = DIRECTMAP_MAX;
	nframes = phys_top / PGSIZE;
	memset(used, 0xff, sizeof(used));
}

void
frame_add_free(uintptr_t start, uintptr_t end)
{
	for (size_t f = PGROUNDUP(start) / PGSIZE; f < end / PGSIZE && f < nframes; f++)
		if (bit_get(f)) {
			bit_set(f, 0);
			nfree++;
			ntotal++;
		}
}

void
frame_reserve(uintptr_t start, uintptr_t end)
{
	for (size_t f = start / PGSIZE; f < PGROUNDUP(end) / PGSIZE && f < nframes; f++)
		if (!bit_get(f)) {
			bit_set(f, 1);
			nfree--;
			owner[f] = Q_MEM_KERNEL;
			owned[Q_MEM_KERNEL]++;
		}
}

/* Find n free frames in a row starting at or after word w; caller holds
 * frame_lock.  Returns the first frame or 0 (frame 0 is never free). */
static size_t
find_run(size_t w, size_t n)
{
	size_t run = 0;

	for (size_t f = w * 32; f < nframes; f++) {
		/* a word in use holds no run: skip it whole, or kernel
		 * stacks (4 frames) cost a bit test per used frame each */
		if ((f % 32) == 0 && used[f / 32] == 0xffffffffu) {
			f += 31;
			run = 0;
			continue;
		}
		run = bit_get(f) ? 0 : run + 1;
		if (run == n)
			return f + 1 - n;
	}
	return 0;
}

uintptr_t
frame_alloc_contig_for(size_t n, int who)
{
	size_t f;

	spin_lock(&frame_lock);
	f = find_run(n == 1 ? hint : 0, n);
	if (!f && n == 1 && hint)
		f = find_run(0, n);
	if (f) {
		for (size_t i = 0; i < n; i++) {
			bit_set(f + i, 1);
			owner[f + i] = (uint8_t)who;
		}
		owned[who] += n;
		nfree -= n;
		if (n == 1)
			hint = f / 32;
	}
	spin_unlock(&frame_lock);
	return f * PGSIZE;
}

uintptr_t
frame_alloc_contig(size_t n)
{
	return frame_alloc_contig_for(n, Q_MEM_KERNEL);
}

uintptr_t
frame_alloc_for(int who)
{
	return frame_alloc_contig_for(1, who);
}

uintptr_t
frame_alloc(void)
{
	return frame_alloc_contig_for(1, Q_MEM_KERNEL);
}

void
frame_free_contig(uintptr_t pa, size_t n)
{
	size_t f = pa / PGSIZE;

	if ((pa & (PGSIZE - 1)) || f + n > nframes)
		panic("frame_free: bad address %p", (void *)pa);
	spin_lock(&frame_lock);
	for (size_t i = 0; i < n; i++) {
		if (!bit_get(f + i))
			panic("frame_free: page %p freed twice",
			      (void *)((f + i) * PGSIZE));
		bit_set(f + i, 0);
		owned[owner[f + i]]--;
	}
	nfree += n;
	if (f / 32 < hint)
		hint = f / 32;
	spin_unlock(&frame_lock);
}

void
frame_free(uintptr_t pa)
{
	size_t f = pa / PGSIZE;

	if (f < nframes) {
		spin_lock(&frame_lock);
		if (extra_refs[f] > 0) {	/* still shared */
			extra_refs[f]--;
			spin_unlock(&frame_lock);
			return;
		}
		spin_unlock(&frame_lock);
	}
	frame_free_contig(pa, 1);
}

void
frame_get(uintptr_t pa)
{
	size_t f = pa / PGSIZE;

	spin_lock(&frame_lock);
	if (f >= nframes || !bit_get(f) || extra_refs[f] == 0xffff)
		panic("frame_get: bad page %p", (void *)pa);
	extra_refs[f]++;
	spin_unlock(&frame_lock);
}

int
frame_shared(uintptr_t pa)
{
	return extra_refs[pa / PGSIZE] != 0;
}

void *
page_alloc_for(int who)
{
	uintptr_t pa = frame_alloc_for(who);

	if (!pa)
		return NULL;
	memset(P2V(pa), 0, PGSIZE);
	return P2V(pa);
}

void *
page_alloc(void)
{
	return page_alloc_for(Q_MEM_KERNEL);
}

void
page_free(void *va)
{
	frame_free(V2P(va));
}

size_t
frame_free_count(void)
{
	return nfree;
}

size_t
frame_total_count(void)
{
	return ntotal;
}

/* Pages in use by each owner (Q_MEM_NOWNERS of them) and free pages, as
 * one snapshot: free + the owners' pages = the total. */
void
frame_owner_counts(uint32_t *pages, uint32_t *free)
{
	spin_lock(&frame_lock);
	memcpy(pages, owned, sizeof(owned));
	*free = (uint32_t)nfree;
	spin_unlock(&frame_lock);
}

/* The first page at or after pa that belongs to who, or 0 when none.  A
 * walk for statistics: the page may change owner right after. */
uintptr_t
frame_next_owned(uintptr_t pa, int who)
{
	for (size_t f = pa / PGSIZE; f < nframes; f++)
		if (bit_get(f) && owner[f] == who)
			return f * PGSIZE;
	return 0;
}
