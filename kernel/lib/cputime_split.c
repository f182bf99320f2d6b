/*
 * cputime_split.c - the arithmetic of Linux's cputime_adjust(): the tick
 * samples give the ratio, the scheduler's exact runtime the total, and
 * the last answer a floor for each side (kernel/cputime.c explains why;
 * tests/host/cputime.c checks it against 128-bit arithmetic).
 */
#include "kernel/lib/cputime_split.h"

/* stime * rtime / total without overflow: stime <= total, so the
 * quotient's part q * stime is at most rtime, and the remainder's part
 * r * stime (r < total) fits 64 bits while total is at most 2^32 samples
 * (a task's own: 49 days of ticks at 1000 Hz).  Past that, r and total
 * lose low bits until it fits: an error of a few ns in the result. */
static uint64_t
scale_stime(uint64_t stime, uint64_t rtime, uint64_t total)
{
	uint64_t q = rtime / total, r = rtime % total;

	while (r && stime > UINT64_MAX / r) {
		r >>= 1;
		total >>= 1;
	}
	return q * stime + r * stime / total;
}

void
cputime_split(uint64_t rtime, uint64_t uticks, uint64_t sticks,
	      struct prev_cputime *prev, uint64_t *ut, uint64_t *st)
{
	uint64_t stime, utime;

	if (prev->utime + prev->stime >= rtime)
		goto out;	/* no time since the last read */
	if (sticks == 0)	/* no sample yet says kernel: all user */
		stime = 0;
	else if (uticks == 0)
		stime = rtime;
	else
		stime = scale_stime(sticks, rtime, uticks + sticks);
	/* monotonic: a side that would shrink keeps its old value and the
	 * other takes the rest, which rtime's growth makes no smaller */
	if (stime < prev->stime)
		stime = prev->stime;
	utime = rtime - stime;
	if (utime < prev->utime) {
		utime = prev->utime;
		stime = rtime - utime;
	}
	prev->utime = utime;
	prev->stime = stime;
out:
	*ut = prev->utime;
	*st = prev->stime;
}
