/*
 * strtod.c - text to floating point, and the power-of-ten scaling that
 * printf's float conversions share.
 *
 * Up to 19 significant digits are gathered exactly in a 64-bit integer,
 * then scaled by 10^exp in x87 extended precision (64-bit mantissa) and
 * rounded once to the target type.  That is correct to the last bit in
 * nearly every case and to within one unit in the last place always,
 * which is what a teaching libc can promise without big-number code.
 */
#include <stdlib.h>
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include "internal.h"

/* 10^(2^k) for k = 0..12; the first five are exact in long double. */
static const long double pow10_2k[] = {
	1e1L, 1e2L, 1e4L, 1e8L, 1e16L, 1e32L, 1e64L, 1e128L, 1e256L,
	1e512L, 1e1024L, 1e2048L, 1e4096L,
};

/* v * 10^e by the binary digits of e. */
long double
__scale10l(long double v, int e)
{
	int k, neg = e < 0;

	if (neg)
		e = -e;
	for (k = 0; e && k < 13; k++, e >>= 1) {
		if (e & 1)
			v = neg ? v / pow10_2k[k] : v * pow10_2k[k];
	}
	if (e)				/* beyond 10^8191: certainly 0 or inf */
		v = neg ? v / 1e4096L / 1e4096L : v * 1e4096L * 1e4096L;
	return v;
}

static int
match_word(const char *p, const char *word)
{
	int n = 0;

	while (word[n] && tolower((unsigned char)p[n]) == word[n])
		n++;
	return word[n] ? 0 : n;
}

/* inf, infinity or nan (with an optional "(chars)"); 0 if none. */
static int
parse_special(const char *p, long double *v)
{
	int n;

	if ((n = match_word(p, "infinity")) || (n = match_word(p, "inf"))) {
		*v = __builtin_infl();
		return n;
	}
	if ((n = match_word(p, "nan")) == 0)
		return 0;
	*v = __builtin_nanl("");
	if (p[n] == '(') {
		int m = n + 1;

		while (isalnum((unsigned char)p[m]) || p[m] == '_')
			m++;
		if (p[m] == ')')
			n = m + 1;
	}
	return n;
}

/* v * 2^e, in steps that stay exact (powers of two). */
static long double
scale2(long double v, int e)
{
	const long double step = 1152921504606846976.0L;	/* 2^60 */

	for (; e >= 60; e -= 60)
		v *= step;
	for (; e <= -60; e += 60)
		v /= step;
	if (e >= 0)
		return v * (long double)(1ULL << e);
	return v / (long double)(1ULL << -e);
}

static int
hex_value(int c)
{
	if (isdigit(c))
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/*
 * C99 hexadecimal: 0x, hex digits with an optional point, an optional
 * binary exponent p[+-]N.  s points at the "0x"; returns s if no digits.
 */
static const char *
parse_hex(const char *s, long double *v, int *nonzero)
{
	const char *p = s + 2;
	unsigned long long mant = 0;
	int exp2 = 0, any = 0, seen_point = 0, d;

	for (;; p++) {
		if (*p == '.' && !seen_point) {
			seen_point = 1;
			continue;
		}
		if ((d = hex_value((unsigned char)*p)) < 0)
			break;
		any = 1;
		if (mant >> 60 == 0) {
			mant = mant * 16 + d;
			exp2 -= seen_point ? 4 : 0;
		} else {
			exp2 += seen_point ? 0 : 4;	/* no room: scale */
		}
	}
	if (!any)
		return s;
	if (*p == 'p' || *p == 'P') {
		char *end;
		long e = strtol(p + 1, &end, 10);

		if (end != p + 1 && isdigit((unsigned char)end[-1])) {
			p = end;
			exp2 += e > 100000 ? 100000 : e < -100000 ? -100000 : e;
		}
	}
	*v = scale2((long double)mant, exp2);
	*nonzero = mant != 0;
	return p;
}

/* Digits, point, digits, exponent; returns the end, or s for no number. */
static const char *
parse_decimal(const char *s, long double *v, int *nonzero)
{
	const char *p = s;
	unsigned long long mant = 0;
	int digits = 0, exp10 = 0, any = 0, seen_point = 0;

	for (;; p++) {
		if (*p == '.' && !seen_point) {
			seen_point = 1;
			continue;
		}
		if (!isdigit((unsigned char)*p))
			break;
		any = 1;
		if (mant == 0 && *p == '0') {
			exp10 -= seen_point;	/* leading zeros: no digit */
		} else if (digits < 19) {
			mant = mant * 10 + (*p - '0');
			digits++;
			exp10 -= seen_point;
		} else {
			exp10 += !seen_point;	/* digits past 19 only scale */
		}
	}
	if (!any)
		return s;
	if ((*p == 'e' || *p == 'E')) {
		char *end;
		long e = strtol(p + 1, &end, 10);

		if (end != p + 1 && isdigit((unsigned char)end[-1])) {
			p = end;
			if (e > 100000)
				e = 100000;
			if (e < -100000)
				e = -100000;
			exp10 += e;
		}
	}
	*v = __scale10l((long double)mant, exp10);
	*nonzero = mant != 0;
	return p;
}

/*
 * The shared front end: space, sign, then a special or a decimal.
 * *nonzero says the digits were not all zeros, so that a zero or infinite
 * result means the exponent was out of range.
 */
static long double
parse(const char *s, char **end, int *nonzero)
{
	const char *p = s, *q;
	long double v = 0;
	int neg = 0, n;

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if ((n = parse_special(p, &v)) > 0) {
		q = p + n;
		*nonzero = 0;
	} else {
		*nonzero = 0;
		q = p;
		if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
			q = parse_hex(p, &v, nonzero);
		if (q == p)
			q = parse_decimal(p, &v, nonzero);
		if (q == p)
			q = s;		/* no number at all */
	}
	if (end)
		*end = (char *)q;
	return neg ? -v : v;
}

long double
strtold(const char *s, char **end)
{
	int nz;
	long double v = parse(s, end, &nz);

	if (nz && (v == 0 || __builtin_isinf(v)))
		errno = ERANGE;
	return v;
}

/*
 * Overflow gives ±HUGE_VAL and underflow 0 or a subnormal, all with
 * ERANGE (as glibc reports it).
 */
double
strtod(const char *s, char **end)
{
	int nz;
	long double lv = parse(s, end, &nz);
	double v = (double)lv;

	if (nz && (v == 0 || __builtin_isinf(v) ||
		   __builtin_fabs(v) < DBL_MIN))
		errno = ERANGE;
	return v;
}

float
strtof(const char *s, char **end)
{
	int nz;
	long double lv = parse(s, end, &nz);
	float v = (float)lv;

	if (nz && (v == 0 || __builtin_isinf(v) ||
		   __builtin_fabsf(v) < FLT_MIN))
		errno = ERANGE;
	return v;
}

double
atof(const char *s)
{
	return strtod(s, NULL);
}
