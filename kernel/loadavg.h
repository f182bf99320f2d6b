/*
 * loadavg.h - the load average, computed as Linux computes it.
 *
 * Every LOAD_FREQ ticks (5 s and one tick) CPU 0 samples the number of
 * runnable and uninterruptibly sleeping tasks on all CPUs and folds it
 * into three exponentially decaying averages (1, 5 and 15 minutes) in
 * 11-bit fixed point.  The constants and the rounding are Linux 6.1's:
 * include/linux/sched/loadavg.h and Linux 6.1 kernel/sched/loadavg.c
 * (docs/reference/procfs.md).
 */
#ifndef KERNEL_LOADAVG_H
#define KERNEL_LOADAVG_H

#include <stdint.h>

#define LOADAVG_FSHIFT	11			/* bits of fraction */
#define LOADAVG_FIXED_1	(1u << LOADAVG_FSHIFT)	/* 1.0 */

/* Ticks of CPU 0 at which the next sample is due (for loadavg_tick). */
extern uint64_t loadavg_next_tick;

/* CPU 0's tick, when loadavg_next_tick is due: fold the runnable and
 * uninterruptible counts of every CPU into the three averages and set
 * the next due tick (the first call only sets it). */
void loadavg_sample(uint64_t ticks);

/* CPU 0's timer interrupt: one comparison, and a sample every 5 s. */
static inline void
loadavg_tick(uint64_t ticks)
{
	if (ticks >= loadavg_next_tick)
		loadavg_sample(ticks);
}

/* The three averages (1, 5, 15 min) in LOADAVG_FIXED_1 units. */
void loadavg_get(uint32_t avg[3]);
/* Fold `active` runnable tasks (in FIXED_1 units) into load with the
 * decay factor exp: Linux's calc_load(); for the host tests too. */
uint32_t loadavg_calc(uint32_t load, uint32_t exp, uint32_t active);

#endif
