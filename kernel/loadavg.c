/*
 * loadavg.c - the 1, 5 and 15 minute load averages (/proc/loadavg).
 *
 * Linux 6.1, kernel/sched/loadavg.c: avenrun[i] is a fixed-point number
 * with 11 bits of fraction; every LOAD_FREQ = 5 * HZ + 1 ticks
 *     avenrun = avenrun * e + active * (1 - e)
 * with e = exp(-5 s / 1 min), exp(-5 s / 5 min), exp(-5 s / 15 min) as
 * EXP_1 = 1884, EXP_5 = 2014, EXP_15 = 2037 (out of 2048), rounding up
 * while the load grows.  "Active" is the number of runnable tasks,
 * running ones included, plus those in uninterruptible sleep
 * (calc_load_fold_active: nr_running + nr_uninterruptible; 2.6.0's
 * count_active_tasks() summed nr_running() + nr_uninterruptible()): in
 * Quanta the tasks in waitq_sleep_unint, counted on the CPU where each
 * went to sleep and uncounted on the CPU that queues it again, so only
 * the sum over CPUs is a count.  Linux samples 10 ticks after each
 * LOAD_FREQ boundary so that every CPU has folded its count in; here
 * CPU 0 reads every runqueue's two counts at once, without locks, and
 * like calc_global_load treats a sum below 0 (a wakeup's -1 seen before
 * its sleep's +1) as 0.
 */
#include <stdint.h>
#include "kernel/config.h"
#include "kernel/cpu.h"
#include "kernel/loadavg.h"
#include "kernel/sched/sched.h"
#include "kernel/time.h"

#define EXP_1		1884u
#define EXP_5		2014u
#define EXP_15		2037u

uint64_t loadavg_next_tick;
static uint32_t avenrun[3];

uint32_t
loadavg_calc(uint32_t load, uint32_t exp, uint32_t active)
{
	uint64_t newload = (uint64_t)load * exp +
			   (uint64_t)active * (LOADAVG_FIXED_1 - exp);

	if (active >= load)
		newload += LOADAVG_FIXED_1 - 1;
	return (uint32_t)(newload / LOADAVG_FIXED_1);
}

void
loadavg_sample(uint64_t ticks)
{
	int64_t sum = 0;
	uint32_t active;

	if (loadavg_next_tick == 0) {		/* the first tick: start */
		loadavg_next_tick = ticks + 5 * hz + 1;
		return;
	}
	for (int i = 0; i < ncpu; i++) {
		struct rq *rq = cpu_rq(i);
		sum += __atomic_load_n(&rq->nr_running, __ATOMIC_RELAXED);
		sum += __atomic_load_n(&rq->nr_uninterruptible,
				       __ATOMIC_RELAXED);
	}
	active = sum > 0 ? (uint32_t)sum * LOADAVG_FIXED_1 : 0;
	__atomic_store_n(&avenrun[0], loadavg_calc(avenrun[0], EXP_1, active),
			 __ATOMIC_RELAXED);
	__atomic_store_n(&avenrun[1], loadavg_calc(avenrun[1], EXP_5, active),
			 __ATOMIC_RELAXED);
	__atomic_store_n(&avenrun[2], loadavg_calc(avenrun[2], EXP_15, active),
			 __ATOMIC_RELAXED);
	loadavg_next_tick += 5 * hz + 1;
}

void
loadavg_get(uint32_t avg[3])
{
	for (int i = 0; i < 3; i++)
		avg[i] = __atomic_load_n(&avenrun[i], __ATOMIC_RELAXED);
}
