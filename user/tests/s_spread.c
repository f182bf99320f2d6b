/*
 * s_spread - the balancer spreads 8 hogs started on CPU 0 over 4 CPUs.
 *
 * The parent pins itself to CPU 0 and forks NHOGS spinning children; they
 * inherit the mask, so fork placement must put them on CPU 0, and each
 * resets its own mask to every CPU as soon as it runs.  From then on only
 * the load balancer can move them.  After SETTLE_MS the parent samples
 * q_taskinfo NSAMPLES times, SAMPLE_MS apart (spinning, not sleeping: a
 * sleeping sampler would wait behind the hogs on CPU 0 before every
 * sample, a ninth runnable task each time), and counts the hogs on each
 * CPU by their cpu field.
 *
 * While it samples, the parent is itself a ninth runnable task on CPU 0,
 * and the balancer may rightly answer that by moving a hog (3 tasks
 * against 2 is over lb_imbalance_pct).  So a sample is even when, counting
 * the sampler on its CPU, every CPU runs NHOGS/ncpu or NHOGS/ncpu + 1
 * tasks; a hog caught mid-migration may spoil a sample, so a majority of
 * them must be even.  The placement before the sampler woke, which it
 * cannot see without disturbing it, is checked from the trace by the test
 * case (trace=sched): the program prints "SPREAD parent=<pid> hogs=<list>".
 * The CPUs' migration counters (q_cpuinfo) must have risen by at least the
 * number of hogs that had to leave CPU 0.  argv[1] overrides SETTLE_MS.
 */
#define _GNU_SOURCE
#include <quanta.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "../bench/bench_util.h"

#define NHOGS		8
#define MAXCPU		8
#define SETTLE_MS	1500
#define NSAMPLES	9
#define SAMPLE_MS	2

static struct q_taskinfo tasks[256];

static void
spin_ms(long ms)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do
		clock_gettime(CLOCK_MONOTONIC, &t);
	while ((t.tv_sec - t0.tv_sec) * 1000 +
	       (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

static unsigned long long
migrations(void)
{
	struct q_cpuinfo ci[MAXCPU];
	unsigned long long sum = 0;
	int n = q_cpuinfo(ci, MAXCPU);

	for (int i = 0; i < n; i++)
		sum += ci[i].migrations;
	return sum;
}

int
main(int argc, char **argv)
{
	int ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN), st, good = 0;
	unsigned all = (1u << ncpu) - 1, bad_mask = 0;
	unsigned long long mig0 = migrations(), mig;
	pid_t hogs[NHOGS];
	cpu_set_t set;
	char line[160];
	size_t len;

	CHECK(ncpu >= 2 && ncpu <= MAXCPU && NHOGS % ncpu == 0);
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	CHECK_EQ(sched_setaffinity(0, sizeof(set), &set), 0);
	CHECK_EQ(sched_getcpu(), 0);
	for (int i = 0; i < NHOGS; i++) {
		hogs[i] = fork();
		if (hogs[i] == 0) {
			volatile unsigned long n = 0;
			CPU_ZERO(&set);
			for (int c = 0; c < ncpu; c++)
				CPU_SET(c, &set);
			if (sched_setaffinity(0, sizeof(set), &set) != 0)
				_exit(1);
			for (;;)
				n++;
		}
		CHECK(hogs[i] > 0);
	}
	len = (size_t)snprintf(line, sizeof(line), "SPREAD parent=%d hogs=",
			       getpid());
	for (int i = 0; i < NHOGS; i++)
		len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%d",
					i ? "," : "", hogs[i]);
	printf("%s\n", line);

	sleep_ms(argc > 1 ? atoi(argv[1]) : SETTLE_MS);
	for (int s = 0; s < NSAMPLES; s++) {
		int per_cpu[MAXCPU] = { 0 }, n, me, lo = NHOGS, hi = 0;

		if (s)
			spin_ms(SAMPLE_MS);
		n = q_taskinfo(tasks, 256);
		me = sched_getcpu();
		for (int i = 0; i < n; i++) {
			int cpu = tasks[i].cpu;
			for (int h = 0; h < NHOGS; h++) {
				if (tasks[i].pid != hogs[h])
					continue;
				if (cpu >= 0 && cpu < ncpu)
					per_cpu[cpu]++;
				if (tasks[i].affinity != all)
					bad_mask++;
			}
		}
		len = (size_t)snprintf(line, sizeof(line),
				       "sample %d: hogs per cpu", s);
		for (int c = 0; c < ncpu; c++) {
			int tasks_here = per_cpu[c] + (c == me);
			len += (size_t)snprintf(line + len, sizeof(line) - len,
						" %d", per_cpu[c]);
			lo = tasks_here < lo ? tasks_here : lo;
			hi = tasks_here > hi ? tasks_here : hi;
		}
		int ok = lo >= NHOGS / ncpu && hi <= NHOGS / ncpu + 1;
		printf("%s, sampler on cpu%d%s\n", line, me, ok ? "" :
		       "  <- uneven");
		good += ok;
	}
	mig = migrations() - mig0;
	printf("s_spread: %d of %d samples even, %llu migrations\n", good,
	       NSAMPLES, mig);
	CHECK(2 * good > NSAMPLES);
	CHECK(mig >= (unsigned long long)(NHOGS - NHOGS / ncpu));
	CHECK_EQ(bad_mask, 0);		/* every hog reset its own mask */

	for (int i = 0; i < NHOGS; i++)
		CHECK_EQ(kill(hogs[i], SIGKILL), 0);
	for (int i = 0; i < NHOGS; i++) {
		CHECK_EQ(waitpid(hogs[i], &st, 0), hogs[i]);
		CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	}
	check_done("s_spread");
}
