/*
 * s_share5 - 5 hogs on 4 CPUs: what each gets of the machine.
 *
 * Four CPUs cannot be split evenly among five spinning tasks by placement
 * alone: one CPU always has two.  Only balancing that keeps rotating the
 * hogs (the "5 hogs on 4 CPUs" case of active balancing) gives each of
 * them 4/5 of a CPU, i.e. 20 % of the machine.  After WARMUP_MS the parent
 * reads every hog's CPU time (q_taskinfo utime_ns + stime_ns), sleeps
 * MEASURE_MS of guest time, reads again, and divides each hog's delta by
 * the elapsed CLOCK_MONOTONIC time times the number of CPUs.
 *
 *   s_share5          each share must be 20 % +/- TOLERANCE points (a
 *                     balancer that rotates: lb_era 4 or 5);
 *   s_share5 pair     two hogs share one CPU and three run alone: two
 *                     shares of 12.5 % and three of 25 %, +/- TOLERANCE
 *                     (Linux 2.6.22's balancer, lb_era 2).
 */
#include <quanta.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "../bench/bench_util.h"

#define NHOGS		5
#define WARMUP_MS	500
#define MEASURE_MS	5000
#define TOLERANCE	2.0	/* percentage points */

static struct q_taskinfo tasks[256];

/* Each hog's CPU time and migration count now; returns how many found. */
static int
snapshot(const pid_t *hogs, unsigned long long *cpu_ns, unsigned *migr)
{
	int n = q_taskinfo(tasks, 256), found = 0;

	for (int h = 0; h < NHOGS; h++)
		for (int i = 0; i < n; i++)
			if (tasks[i].pid == hogs[h]) {
				cpu_ns[h] = tasks[i].utime_ns +
					    tasks[i].stime_ns;
				migr[h] = tasks[i].migrations;
				found++;
			}
	return found;
}

/* The share hog h is expected to have: 20 %, or in pair mode 12.5 % for
 * the two smallest and 25 % for the others. */
static double
expected(const double *share, int h, int pair)
{
	int below = 0;

	if (!pair)
		return 20.0;
	for (int i = 0; i < NHOGS; i++) {
		int earlier = i < h;	/* ties: the earlier hog ranks lower */
		below += share[i] < share[h] || (earlier && share[i] == share[h]);
	}
	return below < 2 ? 12.5 : 25.0;
}

int
main(int argc, char **argv)
{
	int pair = argc > 1 && strcmp(argv[1], "pair") == 0;
	double shares[NHOGS];
	int ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN), st;
	unsigned long long a[NHOGS], b[NHOGS];
	unsigned ma[NHOGS], mb[NHOGS];
	double total = 0, lo = 100, hi = 0;
	long long t0, t1;
	pid_t hogs[NHOGS];

	CHECK_EQ(ncpu, 4);
	for (int i = 0; i < NHOGS; i++) {
		hogs[i] = fork_spinner();
		CHECK(hogs[i] > 0);
	}
	sleep_ms(WARMUP_MS);
	CHECK_EQ(snapshot(hogs, a, ma), NHOGS);
	t0 = now_ns();
	sleep_ms(MEASURE_MS);
	CHECK_EQ(snapshot(hogs, b, mb), NHOGS);
	t1 = now_ns();

	printf("s_share5: %.3f s x %d CPUs; shares:", (t1 - t0) / 1e9, ncpu);
	for (int h = 0; h < NHOGS; h++) {
		double share = 100.0 * (double)(b[h] - a[h]) /
			       ((double)(t1 - t0) * ncpu);
		printf(" %.2f%%", share);
		shares[h] = share;
		total += share;
		lo = share < lo ? share : lo;
		hi = share > hi ? share : hi;
	}
	printf("\ns_share5: total %.2f%%, min %.2f%%, max %.2f%%; "
	       "migrations:", total, lo, hi);
	for (int h = 0; h < NHOGS; h++)
		printf(" %u", mb[h] - ma[h]);
	printf("\n");
	for (int h = 0; h < NHOGS; h++) {
		double want = expected(shares, h, pair);
		if (shares[h] < want - TOLERANCE || shares[h] > want + TOLERANCE) {
			printf("FAIL hog %d (pid %d): %.2f%% of the machine, "
			       "expected %.1f%% +/- %.0f\n", h, hogs[h],
			       shares[h], want, TOLERANCE);
			check_failed++;
		}
		check_count++;
	}

	for (int i = 0; i < NHOGS; i++)
		CHECK_EQ(kill(hogs[i], SIGKILL), 0);
	for (int i = 0; i < NHOGS; i++) {
		CHECK_EQ(waitpid(hogs[i], &st, 0), hogs[i]);
		CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	}
	check_done("s_share5");
}
