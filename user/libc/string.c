/*
 * string.c - memory and string functions.
 *
 * Plain C: the copies move words when both pointers allow it, which is
 * all a teaching libc needs; the kernel, not the libc, moves the bulk of
 * the data in Quanta's benchmarks.
 */
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

void *
memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if ((((uintptr_t)d | (uintptr_t)s) & 3) == 0) {
		for (; n >= 4; n -= 4, d += 4, s += 4)
			*(uint32_t *)d = *(const uint32_t *)s;
	}
	while (n--)
		*d++ = *s++;
	return dst;
}

void *
memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d <= s || d >= s + n)
		return memcpy(dst, src, n);
	while (n--)		/* overlapping, dst above src: copy backwards */
		d[n] = s[n];
	return dst;
}

void *
memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	uint32_t w = (unsigned char)c * 0x01010101u;

	while (n && ((uintptr_t)d & 3)) {
		*d++ = (unsigned char)c;
		n--;
	}
	for (; n >= 4; n -= 4, d += 4)
		*(uint32_t *)d = w;
	while (n--)
		*d++ = (unsigned char)c;
	return dst;
}

int
memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n; n--, p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
}

void *
memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++)
		if (*p == (unsigned char)c)
			return (void *)p;
	return NULL;
}

void *
memrchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	while (n--)
		if (p[n] == (unsigned char)c)
			return (void *)(p + n);
	return NULL;
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

	while (n < max && s[n])
		n++;
	return n;
}

char *
strcpy(char *dst, const char *src)
{
	char *d = dst;

	while ((*d++ = *src++) != '\0')
		;
	return dst;
}

char *
stpcpy(char *dst, const char *src)
{
	while ((*dst = *src++) != '\0')
		dst++;
	return dst;
}

/* Copies at most n bytes and pads with NULs; may leave dst unterminated. */
char *
strncpy(char *dst, const char *src, size_t n)
{
	size_t i;

	for (i = 0; i < n && src[i]; i++)
		dst[i] = src[i];
	for (; i < n; i++)
		dst[i] = '\0';
	return dst;
}

size_t
strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len < size - 1 ? len : size - 1;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}

char *
strcat(char *dst, const char *src)
{
	strcpy(dst + strlen(dst), src);
	return dst;
}

char *
strncat(char *dst, const char *src, size_t n)
{
	char *d = dst + strlen(dst);

	while (n-- && *src)
		*d++ = *src++;
	*d = '\0';
	return dst;
}

int
strcmp(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

int
strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b || *a == '\0')
			return (unsigned char)*a - (unsigned char)*b;
	}
	return 0;
}

/* Only the "C" locale exists. */
int
strcoll(const char *a, const char *b)
{
	return strcmp(a, b);
}

char *
strchr(const char *s, int c)
{
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

char *
strstr(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++)
		if (*hay == *needle && strncmp(hay, needle, n) == 0)
			return (char *)hay;
	return n == 0 ? (char *)hay : NULL;
}

size_t
strspn(const char *s, const char *accept)
{
	size_t n = 0;

	while (s[n] && strchr(accept, s[n]))
		n++;
	return n;
}

size_t
strcspn(const char *s, const char *reject)
{
	size_t n = 0;

	while (s[n] && !strchr(reject, s[n]))
		n++;
	return n;
}

char *
strpbrk(const char *s, const char *accept)
{
	s += strcspn(s, accept);
	return *s ? (char *)s : NULL;
}

char *
strtok_r(char *s, const char *delim, char **save)
{
	char *end;

	if (s == NULL)
		s = *save;
	s += strspn(s, delim);
	if (*s == '\0') {
		*save = s;
		return NULL;
	}
	end = s + strcspn(s, delim);
	if (*end)
		*end++ = '\0';
	*save = end;
	return s;
}

char *
strtok(char *s, const char *delim)
{
	static char *save;

	return strtok_r(s, delim, &save);
}

char *
strsep(char **sp, const char *delim)
{
	char *s = *sp, *end;

	if (s == NULL)
		return NULL;
	end = s + strcspn(s, delim);
	if (*end) {
		*end = '\0';
		*sp = end + 1;
	} else {
		*sp = NULL;
	}
	return s;
}

char *
strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);

	return p ? memcpy(p, s, n) : NULL;
}

char *
strndup(const char *s, size_t n)
{
	char *p;

	n = strnlen(s, n);
	p = malloc(n + 1);
	if (p) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}
