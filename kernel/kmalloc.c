/*
 * kmalloc.c - size-class heap on top of the page allocator.
 *
 * Class c serves blocks of 16 << c bytes (16 .. 2048), header included.
 * Free blocks of a class sit on a singly linked list; an empty list is
 * refilled by cutting a fresh page into blocks.  Pages of small classes are
 * never returned to the frame allocator (a bounded cost: at most what the
 * peak use of each class was).  Large blocks are whole pages and go back on
 * kfree().
 *
 * Every block remembers the kernel address that allocated it, so that the
 * blocks in use can be summed by the function that owns them
 * (kmalloc_callers(), SYS_meminfo): a leak shows up as a function whose
 * count grows, as in Linux's /proc/slab_allocators.
 */
#include <stddef.h>
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "include/uapi/types.h"
#include "kernel/frame.h"
#include "kernel/kmalloc.h"
#include "kernel/ksyms.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/spinlock.h"

#define NCLASS		8		/* 16 .. 2048 bytes */
#define MAGIC_USED	0x6b6d616cu	/* "kmal" */
#define MAGIC_FREE	0x66726565u	/* "free" */
#define CLASS_LARGE	0xff

struct header {
	uint32_t magic;
	uint16_t cls;		/* size class, or CLASS_LARGE */
	uint16_t npages;	/* large blocks only */
	struct header *next;	/* free list link while free */
	uintptr_t caller;	/* who allocated it (also keeps payloads
				 * 16-byte aligned) */
};

static struct header *freelist[NCLASS];
static struct spinlock heap_lock = SPINLOCK_INIT("kmalloc");

static int
size_class(size_t total)
{
	for (int c = 0; c < NCLASS; c++)
		if (total <= (16u << c))
			return c;
	return -1;
}

/* Cut a new page into blocks of class c.  Caller holds heap_lock. */
static int
refill(int c)
{
	uintptr_t pa = frame_alloc_for(Q_MEM_SLAB);
	size_t bsize = 16u << c;
	char *page;

	if (!pa)
		return -1;
	page = P2V(pa);
	for (size_t off = 0; off + bsize <= PGSIZE; off += bsize) {
		struct header *h = (struct header *)(page + off);
		h->magic = MAGIC_FREE;
		h->cls = (uint16_t)c;
		h->next = freelist[c];
		freelist[c] = h;
	}
	return 0;
}

static void *
kmalloc_large(size_t total, uintptr_t caller)
{
	size_t n = PGROUNDUP(total) / PGSIZE;
	uintptr_t pa = frame_alloc_contig_for(n, Q_MEM_LARGE);
	struct header *h;

	if (!pa)
		return NULL;
	h = P2V(pa);
	h->magic = MAGIC_USED;
	h->cls = CLASS_LARGE;
	h->npages = (uint16_t)n;
	h->caller = caller;
	return h + 1;
}

static void *
alloc_for(size_t size, uintptr_t caller)
{
	size_t total = size + sizeof(struct header);
	int c = size_class(total);
	struct header *h;

	if (c < 0)
		return kmalloc_large(total, caller);
	spin_lock(&heap_lock);
	if (!freelist[c] && refill(c) < 0) {
		spin_unlock(&heap_lock);
		return NULL;
	}
	h = freelist[c];
	freelist[c] = h->next;
	spin_unlock(&heap_lock);
	if (h->magic != MAGIC_FREE)
		panic("kmalloc: free list of class %d corrupted at %p", c,
		      (void *)h);
	h->caller = caller;
	h->magic = MAGIC_USED;
	return h + 1;
}

void *
kmalloc(size_t size)
{
	return alloc_for(size, (uintptr_t)__builtin_return_address(0));
}

void *
kzalloc(size_t size)
{
	void *p = alloc_for(size, (uintptr_t)__builtin_return_address(0));

	if (p)
		memset(p, 0, size);
	return p;
}

void
kfree(void *p)
{
	struct header *h;

	if (!p)
		return;
	h = (struct header *)p - 1;
	if (h->magic != MAGIC_USED)
		panic("kfree: %p is %s", p, h->magic == MAGIC_FREE ?
		      "already free" : "not a kmalloc block");
	if (h->cls == CLASS_LARGE) {
		h->magic = MAGIC_FREE;
		frame_free_contig(V2P(h), h->npages);
		return;
	}
	h->magic = MAGIC_FREE;
	spin_lock(&heap_lock);
	h->next = freelist[h->cls];
	freelist[h->cls] = h;
	spin_unlock(&heap_lock);
}

/* Add a block in use to the per-function sums in out[0..*n). */
static void
count_caller(struct q_kmcaller *out, int max, int *n, uintptr_t pc,
	     uint32_t bytes)
{
	uintptr_t off;
	const char *name = ksym_lookup(pc, &off);
	int i;

	if (!name)
		name = "?";
	for (i = 0; i < *n; i++)
		if (strncmp(out[i].name, name, sizeof(out[i].name) - 1) == 0)
			break;
	if (i == *n) {
		if (*n == max)
			return;		/* out of room: dropped */
		strlcpy(out[i].name, name, sizeof(out[i].name));
		out[i].objects = out[i].bytes = 0;
		(*n)++;
	}
	out[i].objects++;
	out[i].bytes += bytes;
}

/* Walk every block: visit(h, block size, arg) for those in use; the
 * per-class page, used and free counts go to cls[0..NCLASS] (cls[NCLASS]:
 * the whole-page blocks) when cls is set.  Statistics: blocks may change
 * state while the walk runs, only the heap's own lock is held. */
static void
walk_blocks(void (*visit)(struct header *, uint32_t, void *), void *arg,
	    struct q_kmclass *cls)
{
	uintptr_t pa = 0;

	spin_lock(&heap_lock);
	while ((pa = frame_next_owned(pa, Q_MEM_SLAB)) != 0) {
		struct header *first = P2V(pa);
		uint32_t c = first->cls, bsize = 16u << c;
		if (c < NCLASS) {
			if (cls)
				cls[c].pages++;
			for (uint32_t off = 0; off + bsize <= PGSIZE; off += bsize) {
				struct header *h = (void *)((char *)first + off);
				int used = h->magic == MAGIC_USED;
				if (cls)
					used ? cls[c].used++ : cls[c].free++;
				if (used && visit)
					visit(h, bsize, arg);
			}
		}
		pa += PGSIZE;
	}
	spin_unlock(&heap_lock);
	while ((pa = frame_next_owned(pa, Q_MEM_LARGE)) != 0) {
		struct header *h = P2V(pa);
		uint32_t n = 1;
		if (h->magic == MAGIC_USED && h->cls == CLASS_LARGE &&
		    h->npages > 0) {
			n = h->npages;
			if (cls) {
				cls[NCLASS].pages += n;
				cls[NCLASS].used++;
			}
			if (visit)
				visit(h, n * PGSIZE, arg);
		}
		pa += n * PGSIZE;
	}
}

struct caller_sums {
	struct q_kmcaller *out;
	int max, n;
};

static void
visit_caller(struct header *h, uint32_t bytes, void *arg)
{
	struct caller_sums *cs = arg;

	count_caller(cs->out, cs->max, &cs->n, h->caller, bytes);
}

int
kmalloc_callers(struct q_kmcaller *out, int max)
{
	struct caller_sums cs = { out, max, 0 };

	walk_blocks(visit_caller, &cs, NULL);
	return cs.n;
}

int
kmalloc_classes(struct q_kmclass *out, int max)
{
	struct q_kmclass cls[NCLASS + 1];
	int n = max < NCLASS + 1 ? max : NCLASS + 1;

	memset(cls, 0, sizeof(cls));
	for (int c = 0; c < NCLASS; c++)
		cls[c].size = 16u << c;
	walk_blocks(NULL, NULL, cls);
	memcpy(out, cls, (size_t)n * sizeof(cls[0]));
	return n;
}
