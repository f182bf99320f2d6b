/*
 * strtol.c - text to integers: strto[u]l[l], strto[iu]max, ato*.
 *
 * One parser reads the magnitude into an unsigned long long, noting the
 * sign and any overflow; each function then fits it to its own type,
 * saturating with ERANGE as C requires.
 */
#include <stdlib.h>
#include <limits.h>
#include <ctype.h>
#include <inttypes.h>
#include <errno.h>

struct num {
	unsigned long long mag;
	int neg;
	int overflow;
};

static int
digit_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

/*
 * Leading space, a sign, a 0x prefix for base 16 (and base 0, where a
 * leading 0 alone means octal), then digits.  With no digits, *end is s
 * and the value 0.
 */
static void
parse(const char *s, char **end, int base, struct num *n)
{
	const char *p = s;
	int d, any = 0;

	n->mag = 0;
	n->neg = n->overflow = 0;
	if (base < 0 || base == 1 || base > 36) {
		errno = EINVAL;
		if (end)
			*end = (char *)s;
		return;
	}
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '+' || *p == '-')
		n->neg = *p++ == '-';
	if ((base == 0 || base == 16) && p[0] == '0' &&
	    (p[1] == 'x' || p[1] == 'X') && digit_value(p[2]) < 16) {
		p += 2;
		base = 16;
	} else if (base == 0) {
		base = *p == '0' ? 8 : 10;
	}
	for (; (d = digit_value(*p)) < base; p++) {
		any = 1;
		if (n->mag > (ULLONG_MAX - d) / base)
			n->overflow = 1;
		else
			n->mag = n->mag * base + d;
	}
	if (end)
		*end = (char *)(any ? p : s);
}

/* Fit to a signed type whose largest value is max. */
static long long
to_signed(struct num *n, unsigned long long max)
{
	unsigned long long limit = max + n->neg;   /* -(max + 1) is fine */

	if (n->overflow || n->mag > limit) {
		errno = ERANGE;
		return n->neg ? -(long long)(max - 1) - 2 : (long long)max;
	}
	return n->neg ? -(long long)(n->mag - 1) - 1 : (long long)n->mag;
}

/* Fit to an unsigned type; a minus sign negates in that type, per C. */
static unsigned long long
to_unsigned(struct num *n, unsigned long long max)
{
	if (n->overflow || n->mag > max) {
		errno = ERANGE;
		return max;
	}
	return n->neg ? (-n->mag) & max : n->mag;
}

long
strtol(const char *s, char **end, int base)
{
	struct num n;

	parse(s, end, base, &n);
	return to_signed(&n, LONG_MAX);
}

long long
strtoll(const char *s, char **end, int base)
{
	struct num n;

	parse(s, end, base, &n);
	return to_signed(&n, LLONG_MAX);
}

unsigned long
strtoul(const char *s, char **end, int base)
{
	struct num n;

	parse(s, end, base, &n);
	return to_unsigned(&n, ULONG_MAX);
}

unsigned long long
strtoull(const char *s, char **end, int base)
{
	struct num n;

	parse(s, end, base, &n);
	return to_unsigned(&n, ULLONG_MAX);
}

intmax_t
strtoimax(const char *s, char **end, int base)
{
	return strtoll(s, end, base);
}

uintmax_t
strtoumax(const char *s, char **end, int base)
{
	return strtoull(s, end, base);
}

int
atoi(const char *s)
{
	return (int)strtol(s, NULL, 10);
}

long
atol(const char *s)
{
	return strtol(s, NULL, 10);
}

long long
atoll(const char *s)
{
	return strtoll(s, NULL, 10);
}
