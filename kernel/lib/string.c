/*
 * string.c - the freestanding string and memory helpers of the kernel.
 *
 * Plain byte loops: they are short enough to check by eye, and nothing in
 * the kernel copies enough memory for word-at-a-time tricks to matter.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/lib/string.h"

/* No <limits.h> in the kernel; derive the limits from the types instead. */
#define ULONG_MAX_	(~0UL)
#define LONG_MAX_	(~0UL >> 1)
#define ULLONG_MAX_	(~0ULL)

/* memset and memcpy are in arch/x86/string.asm: they are hot (page
 * zeroing, fork's copies) and "rep stosd" / "rep movsd" move four bytes per
 * step. */

void *
memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	/* Copy away from the overlap: forwards when the destination starts
	 * below the source, backwards otherwise, so that no byte is
	 * overwritten before it has been read.  Compare as integers because
	 * relational operators on unrelated pointers are undefined. */
	if ((uintptr_t)d <= (uintptr_t)s) {
		while (n-- > 0)
			*d++ = *s++;
	} else {
		d += n;
		s += n;
		while (n-- > 0)
			*--d = *--s;
	}
	return dst;
}

int
memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n > 0; n--, p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
}

size_t
strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return p - s;
}

size_t
strnlen(const char *s, size_t max)
{
	size_t n = 0;

	/* Test the bound first: s need not be terminated within max bytes. */
	while (n < max && s[n])
		n++;
	return n;
}

int
strcmp(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	/* The order is defined on unsigned chars, so that bytes >= 0x80 sort
	 * after ASCII whatever the signedness of plain char. */
	return (unsigned char)*a - (unsigned char)*b;
}

int
strncmp(const char *a, const char *b, size_t n)
{
	for (; n > 0; n--, a++, b++) {
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		if (*a == '\0')
			break;
	}
	return 0;
}

char *
strchr(const char *s, int c)
{
	/* The terminator counts as part of the string, so strchr(s, 0)
	 * finds it. */
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (*s == '\0')
			return NULL;
	}
}

char *
strrchr(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (*s == '\0')
			return (char *)last;
	}
}

size_t
strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);
	size_t n;

	/* Returning strlen(src) lets the caller detect truncation with
	 * "if (strlcpy(...) >= size)". */
	if (size > 0) {
		n = len < size - 1 ? len : size - 1;
		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}

static bool
is_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* The value of c as a digit in bases up to 36, or 36 if it is none, so that
 * "digit_value(c) < base" is the whole test. */
static int
digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 36;
}

/*
 * The part shared by the strto* family: skip blanks, read the sign and the
 * base prefix, then accumulate digits.  Returns the magnitude; on overflow
 * sets *ovf and keeps consuming digits, so that *end still lands past the
 * whole number as the C library does.  With no digits, *end = s.
 */
static unsigned long long
parse_magnitude(const char *s, char **end, int base, bool *neg, bool *ovf)
{
	const char *p = s;
	unsigned long long v = 0, cutoff;
	const char *digits;
	int d, cutlim;

	*neg = false;
	*ovf = false;
	if (base < 0 || base == 1 || base > 36)
		goto none;
	while (is_space(*p))
		p++;
	if (*p == '+' || *p == '-')
		*neg = (*p++ == '-');
	/* Only take "0x" as a prefix when a hex digit follows, so that "0x"
	 * alone parses as the number 0 with *end on the 'x'. */
	if ((base == 0 || base == 16) && p[0] == '0' &&
	    (p[1] == 'x' || p[1] == 'X') && digit_value(p[2]) < 16) {
		p += 2;
		base = 16;
	} else if (base == 0) {
		base = (p[0] == '0') ? 8 : 10;
	}
	/* v * base + d overflows exactly when v is past cutoff, or equal to
	 * it with d past cutlim.  Dividing once here, rather than once per
	 * digit, spares the 32-bit kernel a libgcc call in the loop. */
	cutoff = ULLONG_MAX_ / base;
	cutlim = ULLONG_MAX_ % base;
	for (digits = p; (d = digit_value(*p)) < base; p++) {
		if (v > cutoff || (v == cutoff && d > cutlim))
			*ovf = true;
		else
			v = v * base + d;
	}
	if (p == digits)
		goto none;
	if (end)
		*end = (char *)p;
	return v;
none:
	if (end)
		*end = (char *)s;
	*neg = false;
	return 0;
}

/* Out-of-range values saturate at max; otherwise a minus sign negates in
 * the unsigned type, as C specifies ("-1" gives the maximum value). */
static unsigned long long
to_unsigned(unsigned long long mag, bool neg, bool ovf, unsigned long long max)
{
	if (ovf || mag > max)
		return max;
	return neg ? (0 - mag) & max : mag;
}

unsigned long
strtoul(const char *s, char **end, int base)
{
	bool neg, ovf;
	unsigned long long mag = parse_magnitude(s, end, base, &neg, &ovf);

	return to_unsigned(mag, neg, ovf, ULONG_MAX_);
}

unsigned long long
strtoull(const char *s, char **end, int base)
{
	bool neg, ovf;
	unsigned long long mag = parse_magnitude(s, end, base, &neg, &ovf);

	return to_unsigned(mag, neg, ovf, ULLONG_MAX_);
}

long
strtol(const char *s, char **end, int base)
{
	bool neg, ovf;
	unsigned long long mag = parse_magnitude(s, end, base, &neg, &ovf);

	if (!ovf && mag <= LONG_MAX_)
		return neg ? -(long)mag : (long)mag;
	/* Saturate.  The only in-range value left is LONG_MIN itself, whose
	 * magnitude is one more than LONG_MAX: it saturates to itself. */
	return neg ? -(long)LONG_MAX_ - 1 : (long)LONG_MAX_;
}
