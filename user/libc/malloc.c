/*
 * malloc.c - the heap: a boundary-tag allocator on sbrk().
 *
 * Every chunk starts with a header holding its own size and the size of
 * the chunk before it, so both neighbours are found in O(1) and a freed
 * chunk merges with free neighbours at once: no two free chunks are ever
 * adjacent.  Free chunks sit in size-class bins (exact classes for small
 * sizes, powers of two above), found first-fit.  Payloads are 16-byte
 * aligned.  Memory is never returned to the kernel.
 *
 * Each stretch of heap from sbrk is bracketed by a used 'prologue' chunk
 * and a size-0 used 'epilogue' header, so merging never runs off either
 * end; when the next sbrk is contiguous, the old epilogue becomes the
 * header of the new free space.
 *
 * One spinlock guards the whole heap.
 */
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
#include "internal.h"

struct chunk {
	size_t prev_size;	/* size of the chunk before this one */
	size_t size;		/* this chunk's size with header, | USED */
	struct chunk *next;	/* free chunks only: bin list */
	struct chunk *prev;
};

#define USED		((size_t)1)
#define ALIGN		((size_t)16)
#define HDR		(2 * sizeof(size_t))	/* what a used chunk costs */
#define MIN_CHUNK	((sizeof(struct chunk) + ALIGN - 1) & ~(ALIGN - 1))
#define GROW_MIN	((size_t)64 * 1024)

#define SMALL_LIMIT	512	/* sizes below: one exact bin per 16 bytes */
#define NBINS		(SMALL_LIMIT / 16 + 8 * sizeof(size_t))

static struct chunk *bins[NBINS];
static struct chunk *epilogue;	/* end of the newest stretch */
static char *heap_end;		/* end of the memory sbrk gave last */
static volatile int heap_lock;

static size_t
csize(const struct chunk *c)
{
	return c->size & ~USED;
}

static struct chunk *
next_chunk(struct chunk *c)
{
	return (struct chunk *)((char *)c + csize(c));
}

static struct chunk *
prev_chunk(struct chunk *c)
{
	return (struct chunk *)((char *)c - c->prev_size);
}

static void *
payload(struct chunk *c)
{
	return (char *)c + HDR;
}

static int
bin_index(size_t size)
{
	int log2 = 0;

	if (size < SMALL_LIMIT)
		return size / 16;
	while ((size >> log2) > 1)
		log2++;
	return SMALL_LIMIT / 16 + log2 - 9;	/* 2^9 == SMALL_LIMIT */
}

static void
bin_insert(struct chunk *c)
{
	struct chunk **head = &bins[bin_index(csize(c))];

	c->prev = NULL;
	c->next = *head;
	if (*head)
		(*head)->prev = c;
	*head = c;
}

static void
bin_remove(struct chunk *c)
{
	if (c->prev)
		c->prev->next = c->next;
	else
		bins[bin_index(csize(c))] = c->next;
	if (c->next)
		c->next->prev = c->prev;
}

/* The chunk size that holds n bytes of payload, or 0 if n is absurd. */
static size_t
request_size(size_t n)
{
	if (n > SIZE_MAX / 2)
		return 0;
	n = (n + HDR + ALIGN - 1) & ~(ALIGN - 1);
	return n < MIN_CHUNK ? MIN_CHUNK : n;
}

static void
heap_corrupt(const char *what)
{
	static const char msg[] = "malloc: heap corrupted: ";

	write(2, msg, sizeof(msg) - 1);
	write(2, what, strlen(what));
	write(2, "\n", 1);
	abort();
}

/*
 * Put free chunk c (not in a bin, size set, USED clear) back, merged with
 * whichever neighbours are free.  Caller holds heap_lock.
 */
static void
release(struct chunk *c)
{
	size_t size = csize(c);
	struct chunk *n = next_chunk(c);
	struct chunk *p = prev_chunk(c);

	if (!(n->size & USED)) {
		bin_remove(n);
		size += csize(n);
	}
	if (!(p->size & USED)) {
		bin_remove(p);
		size += csize(p);
		c = p;
	}
	c->size = size;
	next_chunk(c)->prev_size = size;
	bin_insert(c);
}

/* Shrink used chunk c to size, freeing the tail if it can be a chunk. */
static void
trim(struct chunk *c, size_t size)
{
	struct chunk *rest;

	if (csize(c) - size < MIN_CHUNK)
		return;
	rest = (struct chunk *)((char *)c + size);
	rest->size = csize(c) - size;
	rest->prev_size = size;
	c->size = size | USED;
	release(rest);
}

static struct chunk *
find_fit(size_t size)
{
	struct chunk *c;
	int i;

	for (i = bin_index(size); i < (int)NBINS; i++)
		for (c = bins[i]; c; c = c->next)
			if (csize(c) >= size)
				return c;
	return NULL;
}

/*
 * Get at least size more bytes of free chunk from sbrk.  Caller holds
 * heap_lock.  Returns -1 (errno ENOMEM from sbrk) when the kernel says no.
 */
static int
grow(size_t size)
{
	size_t inc = (size + 4 * MIN_CHUNK + 2 * ALIGN + GROW_MIN - 1) &
		     ~(GROW_MIN - 1);
	char *p = sbrk(inc), *start;
	struct chunk *c, *pro;

	if (p == (char *)-1)
		return -1;
	if (epilogue && p == heap_end) {
		c = epilogue;		/* its prev_size is already right */
	} else {
		start = (char *)(((uintptr_t)p + HDR + ALIGN - 1) &
				 ~(ALIGN - 1)) - HDR;
		pro = (struct chunk *)start;
		pro->prev_size = 0;
		pro->size = MIN_CHUNK | USED;
		c = next_chunk(pro);
		c->prev_size = MIN_CHUNK;
	}
	heap_end = p + inc;
	c->size = ((size_t)(heap_end - HDR - (char *)c)) & ~(ALIGN - 1);
	epilogue = next_chunk(c);
	epilogue->prev_size = csize(c);
	epilogue->size = USED;
	release(c);
	return 0;
}

/* A used chunk of at least size bytes, or NULL.  Caller holds heap_lock. */
static struct chunk *
take(size_t size)
{
	struct chunk *c = find_fit(size);

	if (c == NULL) {
		if (grow(size) < 0)
			return NULL;
		c = find_fit(size);
	}
	bin_remove(c);
	c->size |= USED;
	return c;
}

void *
malloc(size_t n)
{
	size_t size = request_size(n);
	struct chunk *c;

	if (size == 0) {
		errno = ENOMEM;
		return NULL;
	}
	__lock(&heap_lock);
	c = take(size);
	if (c)
		trim(c, size);
	__unlock(&heap_lock);
	return c ? payload(c) : NULL;
}

void
free(void *p)
{
	struct chunk *c;

	if (p == NULL)
		return;
	c = (struct chunk *)((char *)p - HDR);
	__lock(&heap_lock);
	if (!(c->size & USED))
		heap_corrupt("free() of a free or foreign pointer");
	if (next_chunk(c)->prev_size != csize(c))
		heap_corrupt("a block was written past its end");
	c->size = csize(c);
	release(c);
	__unlock(&heap_lock);
}

void *
calloc(size_t n, size_t size)
{
	void *p;

	if (size && n > SIZE_MAX / size) {
		errno = ENOMEM;
		return NULL;
	}
	p = malloc(n * size);
	if (p)
		memset(p, 0, n * size);
	return p;
}

/* Grow in place into a free successor when possible, else move. */
void *
realloc(void *p, size_t n)
{
	size_t size = request_size(n);
	struct chunk *c, *next;
	void *q;

	if (p == NULL)
		return malloc(n);
	if (n == 0) {
		free(p);
		return NULL;
	}
	if (size == 0) {
		errno = ENOMEM;
		return NULL;
	}
	c = (struct chunk *)((char *)p - HDR);
	__lock(&heap_lock);
	next = next_chunk(c);
	if (csize(c) < size && !(next->size & USED) &&
	    csize(c) + csize(next) >= size) {
		bin_remove(next);
		c->size = (csize(c) + csize(next)) | USED;
		next_chunk(c)->prev_size = csize(c);
	}
	if (csize(c) >= size) {
		trim(c, size);
		__unlock(&heap_lock);
		return p;
	}
	__unlock(&heap_lock);
	q = malloc(n);
	if (q) {
		memcpy(q, p, csize(c) - HDR);
		free(p);
	}
	return q;
}

/*
 * An aligned block: take enough to slide the payload up to the boundary,
 * and give back the chunk-sized gap in front and the tail behind.
 */
void *
memalign(size_t align, size_t n)
{
	size_t size = request_size(n);
	struct chunk *c, *nc;
	uintptr_t p, a;

	if (align == 0 || (align & (align - 1))) {
		errno = EINVAL;
		return NULL;
	}
	if (align <= ALIGN)
		return malloc(n);
	if (size == 0 || size + align + MIN_CHUNK < size) {
		errno = ENOMEM;
		return NULL;
	}
	__lock(&heap_lock);
	c = take(size + align + MIN_CHUNK);
	if (c && (p = (uintptr_t)payload(c)) % align) {
		a = (p + MIN_CHUNK + align - 1) & ~(align - 1);
		nc = (struct chunk *)(a - HDR);
		nc->prev_size = (char *)nc - (char *)c;
		nc->size = (csize(c) - nc->prev_size) | USED;
		next_chunk(nc)->prev_size = csize(nc);
		c->size = nc->prev_size;
		release(c);
		c = nc;
	}
	if (c)
		trim(c, size);
	__unlock(&heap_lock);
	return c ? payload(c) : NULL;
}

int
posix_memalign(void **out, size_t align, size_t n)
{
	int saved = errno;
	void *p;

	if (align < sizeof(void *) || (align & (align - 1)))
		return EINVAL;
	p = memalign(align, n);
	if (p == NULL) {
		errno = saved;
		return ENOMEM;
	}
	*out = p;
	return 0;
}

void *
aligned_alloc(size_t align, size_t n)
{
	return memalign(align, n);
}

void
__malloc_lock(void)
{
	__lock(&heap_lock);
}

void
__malloc_unlock(void)
{
	__unlock(&heap_lock);
}
