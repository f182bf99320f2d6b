/*
 * divdi3.c - 64-bit division for a 32-bit kernel.
 *
 * i686 has no 64-bit divide instruction, so GCC turns every 64-bit "/" and
 * "%" into a call to __udivdi3 and friends, normally from libgcc.  The
 * kernel is built with -mregparm=3 (arguments in registers, as Linux/i386
 * is), and libgcc is not: its helpers would read their arguments from the
 * stack.  These are the kernel's own, built with the kernel's convention;
 * the link has no -lgcc, so a helper missing here is a link error, not a
 * crash.
 *
 * Method: a divisor below 2^32 takes two "divl" (high word, then the
 * remainder with the low word), like long division by a one-digit number.
 * A larger divisor makes the quotient fit in 32 bits: divide the halved
 * dividend by the divisor's top 32 bits (normalised so its top bit is set),
 * and correct the estimate by one (Hacker's Delight, 2nd ed., 9-5,
 * "divlu").
 */
#include <stdint.h>

uint64_t __udivmoddi4(uint64_t n, uint64_t d, uint64_t *rem);
uint64_t __udivdi3(uint64_t n, uint64_t d);
uint64_t __umoddi3(uint64_t n, uint64_t d);
int64_t __divdi3(int64_t n, int64_t d);
int64_t __moddi3(int64_t n, int64_t d);

/* (hi:lo) / d with hi < d, so the quotient fits: one divl.  d == 0 raises
 * the divide error a division by zero should. */
static inline uint32_t
divl(uint32_t hi, uint32_t lo, uint32_t d, uint32_t *rem)
{
	uint32_t q, r;

	__asm__("divl %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(d));
	*rem = r;
	return q;
}

uint64_t
__udivmoddi4(uint64_t n, uint64_t d, uint64_t *rem)
{
	uint32_t r;
	uint64_t q;

	if ((d >> 32) == 0) {
		uint32_t dl = (uint32_t)d, nh = (uint32_t)(n >> 32);
		uint32_t qh = divl(0, nh, dl, &r);	/* nh / dl, r = nh % dl */
		uint32_t ql = divl(r, (uint32_t)n, dl, &r);
		if (rem)
			*rem = r;
		return ((uint64_t)qh << 32) | ql;
	}
	{
		int s = __builtin_clz((uint32_t)(d >> 32));	/* 0 .. 31 */
		uint32_t dtop = (uint32_t)((d << s) >> 32);	/* top bit set */
		uint64_t half = n >> 1;				/* < 2^63 */
		uint32_t q1 = divl((uint32_t)(half >> 32), (uint32_t)half,
				   dtop, &r);
		q = ((uint64_t)q1 << s) >> 31;	/* exact or one too large */
		if (q != 0)
			q--;			/* now exact or one too small */
		if (n - q * d >= d)
			q++;
	}
	if (rem)
		*rem = n - q * d;
	return q;
}

uint64_t
__udivdi3(uint64_t n, uint64_t d)
{
	return __udivmoddi4(n, d, 0);
}

uint64_t
__umoddi3(uint64_t n, uint64_t d)
{
	uint64_t r;

	__udivmoddi4(n, d, &r);
	return r;
}

/* C rounds toward zero: divide the magnitudes, then give the quotient the
 * sign of n xor d and the remainder the sign of n. */
static uint64_t
magnitude(int64_t v)
{
	return v < 0 ? -(uint64_t)v : (uint64_t)v;
}

int64_t
__divdi3(int64_t n, int64_t d)
{
	uint64_t q = __udivmoddi4(magnitude(n), magnitude(d), 0);

	return (int64_t)((n < 0) != (d < 0) ? -q : q);
}

int64_t
__moddi3(int64_t n, int64_t d)
{
	uint64_t r;

	__udivmoddi4(magnitude(n), magnitude(d), &r);
	return (int64_t)(n < 0 ? -r : r);
}
