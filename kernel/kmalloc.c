/*
 * kmalloc.c - size-class heap on top of the page allocator.
 *
 * Class c serves blocks of 16 << c bytes (16 .. 2048), header included.
 * Free blocks of a class sit on a singly linked list; an empty list is
 * refilled by cutting a fresh page into blocks.  Pages of small classes are
 * never returned to the frame allocator (a bounded cost: at most what the
 * peak use of each class was).  Large blocks are whole pages and go back on
 * kfree().
 */
#include <stddef.h>
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "kernel/frame.h"
#include "kernel/kmalloc.h"
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
	uint32_t pad;		/* keeps payloads 16-byte aligned */
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
	uintptr_t pa = frame_alloc();
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
kmalloc_large(size_t total)
{
	size_t n = PGROUNDUP(total) / PGSIZE;
	uintptr_t pa = frame_alloc_contig(n);
	struct header *h;

	if (!pa)
		return NULL;
	h = P2V(pa);
	h->magic = MAGIC_USED;
	h->cls = CLASS_LARGE;
	h->npages = (uint16_t)n;
	return h + 1;
}

void *
kmalloc(size_t size)
{
	size_t total = size + sizeof(struct header);
	int c = size_class(total);
	struct header *h;

	if (c < 0)
		return kmalloc_large(total);
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
	h->magic = MAGIC_USED;
	return h + 1;
}

void *
kzalloc(size_t size)
{
	void *p = kmalloc(size);

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
