/*
 * policy_staircase.c - what staircase v6.3 promises (kernel/sched/
 * staircase.c), on one CPU of a two-CPU machine: every task is pinned to
 * cpu0 so that the balancer stays out of the picture.
 */
#include <stdio.h>
#include "kernel/sched/sched.h"
#include "kernel/time.h"
#include "kernel/tunable.h"
#include "tests/host/scenario.h"
#include "tests/host/sim.h"

#define T0	(10 * MS)
#define CPU0	1u		/* affinity mask */
static void
set_tunable(const char *name, int64_t v)
{
	if (tunable_set(name, v) != 0)
		sim_fail("tunable %s=%lld refused", name, (long long)v);
}

static void
renice19(void *arg)
{
	sched_set_nice(&((struct sim_task *)arg)->task, 19);
}

static struct sim_task *
pinned(const char *name)
{
	struct sim_task *t = sim_task_new(name);

	t->mask = CPU0;
	return t;
}

/* A nice 0 hog walks 20 stairs (120..139) of 10 ms, a nice 19 hog has
 * only stair 139: they share it once per lap, so 200 ms against 10 ms. */
static void
stair_nice_ratio(void)
{
	struct sim_task *a, *b;
	uint64_t a0, b0;
	double ratio;

	sim_boot(2);
	sim_run_until(T0);
	a = pinned("nice0");
	b = pinned("nice19");
	sim_hog(a);
	sim_hog(b);
	sim_start(a, 0);
	sim_start(b, 0);
	sim_on(0, renice19, b);
	sim_run_until(T0 + SEC);	/* past the fork split's first lap */
	sim_account_all();
	a0 = a->ran_ns;
	b0 = b->ran_ns;
	sim_run_until(T0 + 5 * SEC);
	sim_account_all();
	ratio = (double)(a->ran_ns - a0) / (double)(b->ran_ns - b0 + 1);
	sim_info("over 4 s: nice 0 %.1f ms, nice 19 %.1f ms, ratio %.2f "
		 "(want 20 +- 10%%)", (a->ran_ns - a0) / 1e6,
		 (b->ran_ns - b0) / 1e6, ratio);
	if (ratio < 18.0 || ratio > 22.0)
		sim_fail("nice 0 / nice 19 CPU ratio %.2f, not 20 +- 10%%", ratio);
}

/* PR of a bursty task, sampled every ms while it runs, next to a hog. */
struct bursty {
	int samples, at_top, worst;
	double burst_ms;	/* mean wall time of a sleep-run cycle */
};

static struct bursty
run_bursty(uint64_t run, uint64_t sleep, uint64_t warm, uint64_t len)
{
	struct sim_task *hog, *b;
	struct bursty r = { 0, 0, 0, 0 };
	uint64_t sleeps0 = 0;

	sim_run_until(T0);
	hog = pinned("hog");
	b = pinned("bursty");
	sim_hog(hog);
	sim_sleeper(b, run, sleep);
	sim_start(hog, 0);
	sim_start(b, 0);
	sim_run_until(T0 + warm);
	sleeps0 = b->sleeps;
	for (uint64_t t = T0 + warm + 500 * US; t < T0 + warm + len; t += MS) {
		sim_run_until(t);
		if (b->running_on < 0)
			continue;
		int pr = sched_task_prio(&b->task);
		r.samples++;
		r.at_top += pr == 20;
		if (pr > r.worst)
			r.worst = pr;
	}
	if (b->sleeps > sleeps0)
		r.burst_ms = (double)(len / MS) / (double)(b->sleeps - sleeps0);
	return r;
}

/* Default: after a few sleeps the elevation covers the whole 30 ms burst,
 * so it runs on its top stair (PR 20) however far the hog has walked. */
static void
stair_interactive_on(void)
{
	struct bursty on;

	sim_boot(2);
	on = run_bursty(30 * MS, 70 * MS, SEC, 2 * SEC);
	sim_info("interactive=1: %d samples, %d on the top stair, worst PR %d, "
		 "a cycle every %.1f ms", on.samples, on.at_top, on.worst,
		 on.burst_ms);
	if (on.samples < 100 || on.at_top != on.samples)
		sim_fail("interactive=1: bursty task left its top stair (%d of %d "
			 "samples at PR 20)", on.at_top, on.samples);
}

/* interactive=0: one interval per stair whatever the sleeps, so the same
 * burst walks 20, 21, 22 like a hog. */
static void
stair_interactive_off(void)
{
	struct bursty off;

	sim_boot(2);
	set_tunable("stair_interactive", 0);
	off = run_bursty(30 * MS, 70 * MS, SEC, 2 * SEC);
	sim_info("interactive=0: %d samples, %d on the top stair, worst PR %d, "
		 "a cycle every %.1f ms", off.samples, off.at_top, off.worst,
		 off.burst_ms);
	if (off.samples < 100 || off.worst < 22 ||
	    off.at_top * 2 > off.samples)
		sim_fail("interactive=0: bursty task still elevated (%d of %d "
			 "samples at PR 20, worst PR %d)", off.at_top,
			 off.samples, off.worst);
}

/* A lone hog's stairs, sampled every ms: how long it stays on each stair
 * (the interval) and which PRs it visits.  It starts from the idle task
 * (no parent), so with a full allowance on its top stair. */
static void
stair_interval_with(int compute)
{
	struct sim_task *hog;
	uint64_t run = 0, first = 0, want = 10 * hz / 1000;
	int last = -1, steps = 0, bad = 0, lo = 99, hi = 0;

	/* v6.3: 10 * HZ / 1000 ticks, at least one; x10 in compute mode */
	want = (want ? want : 1) * (compute ? 10 : 1) * (SEC / hz);
	sim_boot(2);
	set_tunable("stair_compute", compute);
	sim_run_until(T0);
	hog = pinned("hog");
	sim_hog(hog);
	sim_start(hog, 0);
	for (uint64_t t = T0 + 500 * US; t < T0 + 5 * SEC; t += MS) {
		int pr;

		sim_run_until(t);
		pr = sched_task_prio(&hog->task);
		lo = pr < lo ? pr : lo;
		hi = pr > hi ? pr : hi;
		if (pr == last) {
			run += MS;
			continue;
		}
		if (last >= 0 && steps++ && run != want && !bad++)
			first = run;	/* the first stretch may be cut short */
		last = pr;
		run = MS;
	}
	sim_info("compute=%d, HZ=%u: %d stair changes, PR %d..%d, %d stays not "
		 "%llu ms%s", compute, hz, steps, lo, hi, bad,
		 (unsigned long long)(want / MS), bad ? " (see failure)" : "");
	if (steps < 20 || bad || lo != 20 || hi != 39)
		sim_fail("compute=%d: %d stays of %d were not %llu ms (one was "
			 "%llu ms), PR %d..%d", compute, bad, steps,
			 (unsigned long long)(want / MS),
			 (unsigned long long)(first / MS), lo, hi);
}

static void
stair_interval(void)
{
	stair_interval_with(0);
}

static void
stair_compute_interval(void)
{
	stair_interval_with(1);
}

/* compute=1: a 250 ms burst drops a stair after each 100 ms however often
 * the task slept (the default would elevate it to 20 intervals). */
static void
stair_compute_no_elevation(void)
{
	struct bursty c;

	sim_boot(2);
	set_tunable("stair_compute", 1);
	c = run_bursty(250 * MS, 250 * MS, 2 * SEC, 4 * SEC);
	sim_info("compute=1 bursty: %d samples, %d on the top stair, worst PR %d",
		 c.samples, c.at_top, c.worst);
	if (c.samples < 200 || c.worst < 21 || c.at_top * 10 > c.samples * 6)
		sim_fail("compute=1: bursty task elevated (%d of %d samples at "
			 "PR 20, worst PR %d)", c.at_top, c.samples, c.worst);
}

/* Yield refills the allowance on the top stair: a yielder next to a hog
 * is always seen at PR 20. */
static void
stair_yield_top(void)
{
	struct sim_task *hog, *y;
	int samples = 0, top = 0;

	sim_boot(2);
	sim_run_until(T0);
	hog = pinned("hog");
	y = pinned("yielder");
	sim_hog(hog);
	sim_yielder(y, 300 * US);
	sim_start(hog, 0);
	sim_start(y, 0);
	/* from 50 ms: until it first yields it runs on the fork's split */
	for (uint64_t t = T0 + 50 * MS; t < T0 + SEC; t += 700 * US) {
		sim_run_until(t);
		if (y->running_on < 0)
			continue;
		samples++;
		top += sched_task_prio(&y->task) == 20;
	}
	sim_account_all();
	sim_info("yielder: %d samples, %d at PR 20; hog %.1f ms, yielder %.1f ms",
		 samples, top, hog->ran_ns / 1e6, y->ran_ns / 1e6);
	if (samples < 50 || top != samples)
		sim_fail("yielder left its top stair (%d of %d samples at PR 20)",
			 top, samples);
}

const struct scenario policy_scenarios[] = {
	{ "stair-nice-ratio", stair_nice_ratio },
	{ "stair-interactive-on", stair_interactive_on },
	{ "stair-interactive-off", stair_interactive_off },
	{ "stair-interval", stair_interval },
	{ "stair-compute-interval", stair_compute_interval },
	{ "stair-compute-no-elevation", stair_compute_no_elevation },
	{ "stair-yield-top", stair_yield_top },
};
const int policy_count = sizeof(policy_scenarios) / sizeof(policy_scenarios[0]);
