/*
 * cputime_split.h - divide an exact CPU time in the ratio of tick samples,
 * never reporting less than before (cputime_split.c; Linux's
 * cputime_adjust()).  Arithmetic only: the caller serializes prev.
 */
#ifndef KERNEL_LIB_CPUTIME_SPLIT_H
#define KERNEL_LIB_CPUTIME_SPLIT_H

#include <stdint.h>

/* What was reported last (ns): the split times never go backwards. */
struct prev_cputime {
	uint64_t utime, stime;
};

/* rtime (exact ns) divided as uticks : sticks, the result kept monotonic
 * against prev and stored there; *ut + *st is rtime, or prev's sum when
 * rtime has not grown past it. */
void cputime_split(uint64_t rtime, uint64_t uticks, uint64_t sticks,
		   struct prev_cputime *prev, uint64_t *ut, uint64_t *st);

#endif
