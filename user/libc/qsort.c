/*
 * qsort.c - sorting and binary search.
 *
 * Quicksort with a median-of-three pivot, insertion sort for short runs,
 * and recursion only into the smaller half (so the stack stays O(log n)).
 * If partitions keep coming out lopsided, the range is finished with
 * heapsort instead, so no input can make it quadratic.
 */
#include <stdlib.h>
#include <stdint.h>

struct sorter {
	size_t size;
	int (*cmp)(const void *, const void *);
	int words;		/* elements are whole aligned 32-bit words */
};

static void
swap(const struct sorter *s, char *a, char *b)
{
	size_t n = s->size;

	if (a == b)
		return;
	if (s->words) {
		uint32_t *p = (uint32_t *)a, *q = (uint32_t *)b, t;

		for (n /= 4; n; n--) {
			t = *p;
			*p++ = *q;
			*q++ = t;
		}
		return;
	}
	while (n--) {
		char t = *a;

		*a++ = *b;
		*b++ = t;
	}
}

#define AT(i) (base + (i) * s->size)

static void
insertion_sort(const struct sorter *s, char *base, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && s->cmp(AT(j - 1), AT(j)) > 0; j--)
			swap(s, AT(j - 1), AT(j));
}

static void
sift_down(const struct sorter *s, char *base, size_t root, size_t n)
{
	size_t child;

	while ((child = 2 * root + 1) < n) {
		if (child + 1 < n && s->cmp(AT(child), AT(child + 1)) < 0)
			child++;
		if (s->cmp(AT(root), AT(child)) >= 0)
			return;
		swap(s, AT(root), AT(child));
		root = child;
	}
}

static void
heap_sort(const struct sorter *s, char *base, size_t n)
{
	size_t i;

	for (i = n / 2; i-- > 0;)
		sift_down(s, base, i, n);
	for (i = n; i-- > 1;) {
		swap(s, AT(0), AT(i));
		sift_down(s, base, 0, i);
	}
}

/* Order lo, mid, hi so that the median sits at mid. */
static void
median3(const struct sorter *s, char *lo, char *mid, char *hi)
{
	if (s->cmp(mid, lo) < 0)
		swap(s, mid, lo);
	if (s->cmp(hi, mid) < 0) {
		swap(s, hi, mid);
		if (s->cmp(mid, lo) < 0)
			swap(s, mid, lo);
	}
}

/*
 * Hoare partition around the median of three, moved to the front.
 * Returns the number of elements in the left part [0, k).
 */
static size_t
partition(const struct sorter *s, char *base, size_t n)
{
	size_t i = 0, j = n;

	median3(s, AT(0), AT(n / 2), AT(n - 1));
	swap(s, AT(0), AT(n / 2));	/* pivot at 0 */
	for (;;) {
		do
			i++;
		while (i < n && s->cmp(AT(i), AT(0)) < 0);
		do
			j--;
		while (s->cmp(AT(j), AT(0)) > 0);
		if (i >= j)
			break;
		swap(s, AT(i), AT(j));
	}
	swap(s, AT(0), AT(j));		/* pivot to its final place */
	return j;
}

static void
sort(const struct sorter *s, char *base, size_t n, int depth)
{
	size_t k;

	while (n > 12) {
		if (depth-- == 0) {
			heap_sort(s, base, n);
			return;
		}
		k = partition(s, base, n);
		/* [0, k) <= pivot at k <= [k + 1, n) */
		if (k < n - k - 1) {
			sort(s, base, k, depth);
			base = AT(k + 1);
			n -= k + 1;
		} else {
			sort(s, AT(k + 1), n - k - 1, depth);
			n = k;
		}
	}
	insertion_sort(s, base, n);
}

void
qsort(void *base, size_t n, size_t size,
      int (*cmp)(const void *, const void *))
{
	struct sorter s = { size, cmp, 0 };
	size_t m;
	int depth = 0;

	if (n < 2 || size == 0)
		return;
	s.words = size % 4 == 0 && (uintptr_t)base % 4 == 0;
	for (m = n; m; m >>= 1)
		depth += 2;		/* 2 log2(n), as introsort allows */
	sort(&s, base, n, depth);
}

void *
bsearch(const void *key, const void *base, size_t n, size_t size,
	int (*cmp)(const void *, const void *))
{
	const char *lo = base;
	int c;

	while (n > 0) {
		const char *mid = lo + (n / 2) * size;

		c = cmp(key, mid);
		if (c == 0)
			return (void *)mid;
		if (c > 0) {
			lo = mid + size;
			n -= n / 2 + 1;
		} else {
			n /= 2;
		}
	}
	return NULL;
}
