/*
 * s_idle - with nothing to run, every CPU halts.
 *
 * The only task, this one, reads q_cpuinfo, sleeps SLEEP_MS with
 * nanosleep() and reads it again.  Over the elapsed CLOCK_MONOTONIC time
 * every CPU must have counted at least 90 % as idle (idle_ns, time halted
 * in the idle loop) and less than 10 % as busy (busy_ns, time charged to
 * tasks): the sleeper itself costs almost nothing.  The idle CPUs' ticks
 * must keep coming (ticks rose) and the runqueues must be empty.
 */
#include <quanta.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "../bench/bench_util.h"

#define SLEEP_MS	1000
#define MAXCPU		8

int
main(void)
{
	struct q_cpuinfo a[MAXCPU], b[MAXCPU];
	struct timespec req = { SLEEP_MS / 1000, (SLEEP_MS % 1000) * 1000000L };
	int ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN), na, nb;
	long long t0, t1;
	double elapsed;

	usleep(10000);			/* let boot-time work settle */
	t0 = now_ns();
	na = q_cpuinfo(a, MAXCPU);
	CHECK_EQ(nanosleep(&req, NULL), 0);
	nb = q_cpuinfo(b, MAXCPU);
	t1 = now_ns();
	CHECK_EQ(na, ncpu);
	CHECK_EQ(nb, ncpu);
	elapsed = (double)(t1 - t0);
	CHECK(elapsed >= SLEEP_MS * 1e6);
	for (int i = 0; i < nb && i < na; i++) {
		double idle = (double)(b[i].idle_ns - a[i].idle_ns) / elapsed;
		double busy = (double)(b[i].busy_ns - a[i].busy_ns) / elapsed;

		printf("s_idle: cpu%d idle %.2f%% busy %.3f%% ticks +%llu "
		       "switches +%llu\n", i, 100 * idle, 100 * busy,
		       b[i].ticks - a[i].ticks, b[i].switches - a[i].switches);
		if (idle < 0.90 || busy >= 0.10) {
			printf("FAIL cpu%d: idle %.2f%% (>= 90%% expected), "
			       "busy %.2f%% (< 10%% expected)\n", i,
			       100 * idle, 100 * busy);
			check_failed++;
		}
		check_count++;
		CHECK(b[i].ticks > a[i].ticks);
		/* only this task exists, and it runs on one CPU */
		CHECK(b[i].nr_running <= 1);
	}
	check_done("s_idle");
}
