/*
 * policy_rr.c - what round-robin promises (kernel/sched/rr.c), tested on
 * one CPU so that the balancer stays out of the picture.
 */
#include <stdio.h>
#include "kernel/cpu.h"
#include "kernel/sched/sched.h"
#include "kernel/tunable.h"
#include "tests/host/scenario.h"
#include "tests/host/sim.h"

static int64_t
timeslice_ns(void)
{
	return *tunable_find("rr_timeslice_ms")->var * (int64_t)MS;
}

/* Three hogs: each runs exactly one timeslice, in FIFO order.  Slices are
 * charged a tick at a time (like Linux 2.6), so "exactly" means the
 * timeslice rounded up to whole ticks (10 ms at HZ=250 is 3 ticks, 12 ms),
 * and the very first stretch, which started between two ticks, may be up
 * to a tick shorter. */
static void
timeslice_with(int64_t ms)
{
	struct sim_task *hog[3];
	int64_t slice, bad = 0;

	sim_boot(1);
	if (ms && tunable_set("rr_timeslice_ms", ms) != 0)
		sim_fail("rr_timeslice_ms=%lld refused", (long long)ms);
	slice = timeslice_ns();
	slice = (slice + (int64_t)sim_tick_ns - 1) / (int64_t)sim_tick_ns *
		(int64_t)sim_tick_ns;
	sim_run_until(10 * MS + 300 * US);
	for (int i = 0; i < 3; i++) {
		hog[i] = sim_task_new(i == 0 ? "A" : i == 1 ? "B" : "C");
		sim_hog(hog[i]);
		sim_start(hog[i], 0);
	}
	sim_record_runs(0);
	sim_run_until(10 * MS + 300 * US + 30 * (uint64_t)slice + 1);
	if (sim_nruns < 20)
		sim_fail("only %d switches", sim_nruns);
	for (int i = 0; i < sim_nruns; i++) {
		int64_t ns = (int64_t)sim_runs[i].ns;
		int ok = i ? ns == slice :
			     ns > slice - (int64_t)sim_tick_ns && ns <= slice;
		if (!ok && !bad++)
			sim_fail("stretch %d: %s ran %lld ns, timeslice %lld "
				 "ns", i, sim_runs[i].t->name, (long long)ns,
				 (long long)slice);
		if (i && sim_runs[i].t != hog[(sim_runs[i - 1].t->index + 1) % 3])
			sim_fail("stretch %d: %s ran after %s, out of turn", i,
				 sim_runs[i].t->name, sim_runs[i - 1].t->name);
	}
	sim_info("%d stretches: first %.3f ms, then all %s %.3f ms, A B C "
		 "in turn", sim_nruns, sim_runs[0].ns / 1e6, bad ? "NOT" : "exactly",
		 slice / 1e6);
}

static void
rr_timeslice(void)
{
	timeslice_with(0);		/* the default, 100 ms */
}

static void
rr_timeslice_10(void)
{
	timeslice_with(10);
}

/* A waking task waits for its turn: it never cuts a hog's slice short. */
static void
rr_wakeup_waits(void)
{
	struct sim_task *hog, *sl;
	int64_t slice, shortest = INT64_MAX;
	int n = 0;

	sim_boot(1);
	slice = timeslice_ns();
	sim_run_until(10 * MS);
	hog = sim_task_new("hog");
	sim_hog(hog);
	sim_start(hog, 0);
	sl = sim_task_new("sleeper");
	sim_sleeper(sl, 1300 * US, 5 * MS);
	sim_start(sl, 0);
	sim_record_runs(0);
	sim_run_until(2 * SEC);
	for (int i = 1; i < sim_nruns; i++) {
		if (sim_runs[i].t != hog)
			continue;
		n++;
		if ((int64_t)sim_runs[i].ns < shortest)
			shortest = (int64_t)sim_runs[i].ns;
	}
	sim_info("hog ran %d slices, shortest %.3f ms; sleeper woke %llu times",
		 n, shortest / 1e6, (unsigned long long)sl->wakeups);
	if (n < 10 || sl->wakeups < 10)
		sim_fail("too little happened (%d slices, %llu wakeups)", n,
			 (unsigned long long)sl->wakeups);
	if (shortest <= slice - (int64_t)sim_tick_ns)
		sim_fail("the hog was preempted after %.3f ms of a %.3f ms "
			 "slice", shortest / 1e6, slice / 1e6);
}

const struct scenario policy_scenarios[] = {
	{ "rr-timeslice", rr_timeslice },
	{ "rr-timeslice-10", rr_timeslice_10 },
	{ "rr-wakeup-waits", rr_wakeup_waits },
};
const int policy_count = sizeof(policy_scenarios) / sizeof(policy_scenarios[0]);
