/*
 * math64.h - dividing 64 bits by 32, as Linux's include/linux/math64.h
 * (div_u64, div_s64).
 *
 * On i686 a 64-bit "/" is a call to the general helper (__udivdi3,
 * arch/x86/divdi3.c), which must also handle 64-bit divisors and costs
 * some forty instructions with its call and the signs.  When the divisor
 * is known to fit 32 bits and the dividend happens to fit as well - the
 * usual case for a scheduler's sums over a few tasks - one 32-bit
 * division gives the same quotient.  Linux/i386 takes the same shortcut
 * in do_div().  Both round towards zero, as C does.
 */
#ifndef KERNEL_LIB_MATH64_H
#define KERNEL_LIB_MATH64_H

#include <stdint.h>

static inline uint64_t
div_u64(uint64_t n, uint32_t d)
{
	if ((n >> 32) == 0)
		return (uint32_t)n / d;		/* one divl */
	return n / d;
}

/* d > 0 */
static inline int64_t
div_s64(int64_t n, uint32_t d)
{
	if (n < 0)
		return -(int64_t)div_u64(-(uint64_t)n, d);
	return (int64_t)div_u64((uint64_t)n, d);
}

#endif
