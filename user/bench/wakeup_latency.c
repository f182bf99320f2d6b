/*
 * wakeup_latency - how late a periodic sleeper wakes up.
 *
 * Mirrors seed mail 001 (Mathieu Desnoyers, "check_preempt_tick should
 * not compare vruntime with wall time", 13 Sep 2010), which ran a 1 ms
 * periodic timer under make -j10 and reported maximum latency, average
 * latency and missed timer events.  This is the clock_nanosleep(
 * CLOCK_MONOTONIC, TIMER_ABSTIME) form (cyclictest -n's core loop, a
 * stand-in for the mail's timer; timer_latency measures the timer form
 * too, with nothing else running): sleep until
 * start + k * period, record now - target.  A wakeup more than one period
 * late counts the grid points it overran as missed and skips them.
 * Instead of make -j10 it can fork K busy spinners as the load.
 *
 *   wakeup_latency [seconds] [spinners] [period_us]	default 2 0 1000
 *
 * Prints: RESULT bench=wakeup_latency seconds= spinners= period_us=
 *   samples= avg_us= p99_us= max_us= missed=
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench_util.h"

int
main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 2;
	int nspin = argc > 2 ? atoi(argv[2]) : 0;
	long period_us = argc > 3 ? atol(argv[3]) : 1000;
	long long period = period_us * 1000LL, start, end, target, late;
	long max_samples, n = 0, missed = 0;
	long long *lat, sum = 0;
	pid_t *spin;

	if (period < 1000)
		period = 1000;
	max_samples = (long)(secs * 1e9 / period) + 1;
	lat = malloc(max_samples * sizeof(*lat));
	spin = malloc((nspin > 0 ? nspin : 1) * sizeof(*spin));
	if (!lat || !spin) {
		fprintf(stderr, "wakeup_latency: out of memory\n");
		return 1;
	}
	nspin = spawn_spinners(spin, nspin);

	start = now_ns() + period;
	end = start + (long long)(secs * 1e9);
	for (target = start; target < end; target += period) {
		sleep_until(target);
		late = now_ns() - target;
		lat[n++] = late;
		sum += late;
		if (late > period) {	/* overran whole periods: skip them */
			missed += late / period;
			target += late / period * period;
		}
		if (n == max_samples)
			break;
	}

	stop_spinners(spin, nspin);

	qsort(lat, n, sizeof(*lat), cmp_ll);
	printf("RESULT bench=wakeup_latency seconds=%g spinners=%d period_us=%ld"
	       " samples=%ld avg_us=%.1f p99_us=%.1f max_us=%.1f missed=%ld\n",
	       secs, nspin, period_us, n, n ? sum / 1000.0 / n : 0.0,
	       n ? lat[(n - 1) * 99 / 100] / 1000.0 : 0.0,
	       n ? lat[n - 1] / 1000.0 : 0.0, missed);
	return 0;
}
