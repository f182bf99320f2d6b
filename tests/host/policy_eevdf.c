/*
 * policy_eevdf.c - what EEVDF (kernel/sched/eevdf.c) promises: weighted
 * shares as CFS gives them, lag within the EEVDF bound, and lower wakeup
 * latency with shorter requests.  Tasks are pinned to CPU 0 so that the
 * balancer stays out of the picture.
 */
#include <stdint.h>
#include <stdio.h>
#include "kernel/cpu.h"
#include "kernel/sched/sched.h"
#include "kernel/tunable.h"
#include "tests/host/scenario.h"
#include "tests/host/sim.h"

#define T0		(10 * MS)
#define NICE_0_LOAD	1024.0


static void
renice_fn(void *arg)
{
	struct sim_task *st = arg;

	sched_set_nice(&st->task, (int)(intptr_t)st->priv);
}

/* Start a hog pinned to CPU 0 at nice (set through the kernel's renice:
 * a fork copies the parent's nice, and the simulator's parent is idle). */
static struct sim_task *
pinned_hog(const char *name, int nice)
{
	struct sim_task *st = sim_task_new(name);

	st->mask = 1;
	sim_hog(st);
	sim_start(st, 0);
	st->priv = (void *)(intptr_t)nice;
	sim_on(0, renice_fn, st);
	return st;
}

static void
set_tunable(const char *name, int64_t v)
{
	if (tunable_set(name, v) != 0)
		sim_fail("tunable %s=%lld refused", name, (long long)v);
}

/* Two hogs at nice 0 and n on one CPU (of two) for 10 s: the CPU splits in
 * the ratio of their weights, within 2 %, as under CFS. */
static void
shares_with(int n)
{
	struct sim_task *a, *b;
	double want, got, err;

	sim_boot(2);
	sim_run_until(T0);
	a = pinned_hog("nice0", 0);
	b = pinned_hog("niceN", n);
	sim_run_until(T0 + 10 * SEC);
	sim_account_all();
	want = sim_weight_of(0) / sim_weight_of(n);
	got = (double)a->ran_ns / (double)b->ran_ns;
	err = 100.0 * (got - want) / want;
	sim_info("nice 0/%d: ran %.1f / %.1f ms, ratio %.3f, weights %.3f "
		 "(%+.3f %%)", n, a->ran_ns / 1e6, b->ran_ns / 1e6, got, want,
		 err);
	if (err > 2.0 || err < -2.0)
		sim_fail("nice 0/%d ratio %.3f, weights say %.3f (%+.2f %%)", n,
			 got, want, err);
}

static void eevdf_shares_5(void) { shares_with(5); }
static void eevdf_shares_10(void) { shares_with(10); }
static void eevdf_shares_19(void) { shares_with(19); }

/*
 * Lag in service terms: what the ideal weighted processor would have given
 * task i since t0, w_i / W * (t - t0), minus what it got.  Stoica and
 * Abdel-Wahab (1995, theorem 1) bound it by -r < lag < max(r, q) for
 * requests of r and a quantum q.  Quanta enforces deadlines at ticks, so a
 * request can run over by up to a tick: r = slice + tick, q = tick.
 */
#define LAG_TASKS	4
static struct sim_task *lag_task[LAG_TASKS];
static double lag_w[LAG_TASKS], lag_base[LAG_TASKS], lag_min, lag_max;
static uint64_t lag_t0;

static void
lag_on_switch(int cpu, struct sim_task *prev, struct sim_task *next)
{
	double wsum = 0;

	(void)cpu, (void)prev, (void)next;
	for (int i = 0; i < LAG_TASKS; i++)
		wsum += lag_w[i];
	for (int i = 0; i < LAG_TASKS; i++) {
		double ideal = lag_w[i] / wsum * (double)(sim_now - lag_t0);
		double lag = ideal - ((double)lag_task[i]->ran_ns - lag_base[i]);
		if (lag < lag_min)
			lag_min = lag;
		if (lag > lag_max)
			lag_max = lag;
	}
}

static void
eevdf_lag_bound(void)
{
	static const int nice[LAG_TASKS] = { 0, 0, 5, 10 };
	double slice, tick, r;

	sim_boot(1);
	sim_run_until(T0);
	for (int i = 0; i < LAG_TASKS; i++) {
		lag_task[i] = pinned_hog(i == 0 ? "A" : i == 1 ? "B" :
					 i == 2 ? "C" : "D", nice[i]);
		lag_w[i] = sim_weight_of(nice[i]);
	}
	/* measure from the first tick after every weight is set */
	sim_run_until(T0 + MS);
	sim_account_all();
	lag_t0 = sim_now;
	for (int i = 0; i < LAG_TASKS; i++)
		lag_base[i] = (double)lag_task[i]->ran_ns;
	lag_min = lag_max = 0;
	sim_on_switch = lag_on_switch;
	sim_run_until(T0 + MS + 5 * SEC);
	sim_on_switch = 0;
	slice = (double)*tunable_find("eevdf_base_slice_ns")->var;
	tick = (double)sim_tick_ns;
	r = slice + tick;
	sim_info("service lag over 5 s, 4 hogs nice 0 0 5 10: %.3f .. %.3f ms; "
		 "bound -%.3f .. %.3f ms (r = slice %.3f + tick %.3f)",
		 lag_min / 1e6, lag_max / 1e6, r / 1e6, (r > tick ? r : tick) / 1e6,
		 slice / 1e6, tick / 1e6);
	if (lag_min <= -r || lag_max >= (r > tick ? r : tick))
		sim_fail("lag %.3f .. %.3f ms outside -%.3f .. %.3f ms",
			 lag_min / 1e6, lag_max / 1e6, r / 1e6, r / 1e6);
}

/*
 * Latency of a short sleeper among 3 hogs on one CPU (12 ms requests), with
 * the base slice and then with its own 0.3 ms slice (sched_setslice, 6.12's
 * sched_runtime).  Its earlier deadline, and PREEMPT_SHORT ending the
 * running hog's RUN_TO_PARITY protection, let it run at once.  PLACE_LAG is
 * off: with it, this sleeper's negative lag (it always runs more than its
 * share while runnable) makes it ineligible at most wakeups whatever its
 * slice, 6.6's behaviour that 6.12's DELAY_DEQUEUE addressed.  Latency is
 * measured from the tick whose timer woke the sleeper.
 */
static struct sim_task *lat_sleeper;
static double lat_sum, lat_max;
static int lat_n, lat_late;		/* late: waited over 2 ticks */

/* The timer fires at the first tick of CPU 0 at or after t. */
static uint64_t
wake_tick(uint64_t t)
{
	uint64_t next = sim_cpus[0].next_tick;

	return next - (next - t) / sim_tick_ns * sim_tick_ns;
}

static void
lat_on_switch(int cpu, struct sim_task *prev, struct sim_task *next)
{
	double l;

	(void)cpu, (void)prev;
	if (next != lat_sleeper || sim_now < lat_sleeper->deadline)
		return;
	l = (double)(sim_now - wake_tick(lat_sleeper->deadline));
	lat_sum += l;
	lat_n++;
	if (l > 2.0 * (double)sim_tick_ns)
		lat_late++;
	if (l > lat_max)
		lat_max = l;
}

/* One phase of the run: from now for 3 s, the sleeper with its own slice
 * slice_ns (sched_setslice; 0 = the base slice); the first 100 ms are left
 * out while the old requests run out. */
static void
latency_phase(uint32_t slice_ns, double *mean, double *max)
{
	if (sched_set_slice(&lat_sleeper->task, slice_ns) < 0)
		sim_fail("eevdf refuses a per-task slice");
	sim_run_until(sim_now + 100 * MS);
	lat_sum = lat_max = 0;
	lat_n = lat_late = 0;
	sim_on_switch = lat_on_switch;
	sim_run_until(sim_now + 3 * SEC);
	sim_on_switch = 0;
	*mean = lat_n ? lat_sum / lat_n : 0;
	*max = lat_max;
	sim_info("sleeper's slice %s%.2f ms: %d wakeups, latency mean %.3f ms, "
		 "max %.3f ms, %d over 2 ticks", slice_ns ? "" : "(base) ",
		 (slice_ns ? slice_ns : 12000000) / 1e6, lat_n, *mean / 1e6,
		 *max / 1e6, lat_late);
	if (lat_n < 50)
		sim_fail("only %d wakeups with slice %lld", lat_n,
			 (long long)slice_ns);
}

static void
eevdf_slice_latency(void)
{
	double m_short, x_short, m_long, x_long;

	sim_boot(1);
	set_tunable("eevdf_base_slice_ns", 12000000);
	set_tunable("eevdf_place_lag", 0);
	sim_run_until(T0);
	for (int i = 0; i < 3; i++)
		pinned_hog(i == 0 ? "hog0" : i == 1 ? "hog1" : "hog2", 0);
	lat_sleeper = sim_task_new("sleeper");
	lat_sleeper->mask = 1;
	sim_sleeper(lat_sleeper, 200 * US, 7 * MS + 300 * US);
	sim_start(lat_sleeper, 0);
	latency_phase(0, &m_long, &x_long);
	latency_phase(300000, &m_short, &x_short);
	if (m_short > m_long || !(x_short < x_long))
		sim_fail("own slice 0.3 ms: mean %.3f max %.3f ms; base 12 ms: "
			 "mean %.3f max %.3f ms - shorter should be sooner",
			 m_short / 1e6, x_short / 1e6, m_long / 1e6, x_long / 1e6);
}

/*
 * 40 tasks of every kind on 2 CPUs, reniced while they run, queue or
 * sleep: nothing to measure - the point is the debug build's checks (the
 * tree's subtree minima and the sums behind V, verified by count() at
 * every runqueue check) through thousands of inserts and erases.
 */
static void
renice_random(void *arg)
{
	struct sim_task *st = sim_tasks[sim_rand() % (uint64_t)sim_ntasks];

	(void)arg;
	sched_set_nice(&st->task, (int)(sim_rand() % 40) - 20);
}

static void
eevdf_tree_stress(void)
{
	sim_boot(2);
	sim_seed(6);
	sim_run_until(T0);
	for (int i = 0; i < 40; i++) {
		struct sim_task *st = sim_task_new("t");

		if (i % 3 == 0)
			sim_hog(st);
		else if (i % 3 == 1)
			sim_sleeper(st, 100 * US + sim_rand() % (2 * MS),
				    sim_rand() % (5 * MS));
		else
			sim_yielder(st, 50 * US + sim_rand() % MS);
		sim_start(st, (int)(sim_rand() % 2));
	}
	for (int i = 0; i < 400; i++)
		sim_at(T0 + MS + (uint64_t)i * 2 * MS + sim_rand() % MS,
		       (int)(sim_rand() % 2), renice_random, 0);
	sim_run_until(T0 + SEC);
	sim_info("40 tasks, 400 renices: %llu switches on cpu0, %llu on cpu1",
		 (unsigned long long)cpu_rq(0)->stats.switches,
		 (unsigned long long)cpu_rq(1)->stats.switches);
}

/*
 * pick_eevdf against a brute-force reference on random trees: 60 tasks on
 * one CPU with random nice levels and random own slices (0.1 - 6 ms, so
 * deadlines and vruntimes are far from in step), sleeping, yielding and
 * hogging, reniced and re-sliced while they run.  The debug build's count()
 * runs at every runqueue check and scans the whole tree for the eligible
 * task with the earliest deadline; a different answer from the O(log n)
 * descent along the subtree minima panics (check_pick in eevdf.c).
 */
static void
reslice_random(void *arg)
{
	struct sim_task *st = sim_tasks[sim_rand() % (uint64_t)sim_ntasks];

	(void)arg;
	if (sched_set_slice(&st->task,
			    (uint32_t)(100 * US + sim_rand() % (6 * MS))) < 0)
		sim_fail("eevdf refuses a per-task slice");
}

static void
eevdf_pick_reference(void)
{
	if (!SCHED_DEBUG) {
		sim_info("skipped: the reference check is in SCHED_DEBUG "
			 "builds only");
		return;
	}
	sim_boot(1);
	sim_seed(17);
	sim_run_until(T0);
	for (int i = 0; i < 60; i++) {
		struct sim_task *st = sim_task_new("t");

		if (i % 4 == 0)
			sim_hog(st);
		else if (i % 4 == 3)
			sim_yielder(st, 20 * US + sim_rand() % (2 * MS));
		else
			sim_sleeper(st, 50 * US + sim_rand() % (3 * MS),
				    sim_rand() % (8 * MS));
		sim_start(st, 0);
		sim_on(0, renice_random, 0);
		sim_on(0, reslice_random, 0);
	}
	for (int i = 0; i < 300; i++) {
		uint64_t at = T0 + MS + (uint64_t)i * 3 * MS + sim_rand() % MS;
		sim_at(at, 0, i % 2 ? renice_random : reslice_random, 0);
	}
	sim_run_until(T0 + SEC);
	sim_info("60 tasks, 300 renices and re-slices: %llu switches, each "
		 "pick checked against a scan",
		 (unsigned long long)cpu_rq(0)->stats.switches);
}

const struct scenario policy_scenarios[] = {
	{ "eevdf-shares-0-5", eevdf_shares_5 },
	{ "eevdf-shares-0-10", eevdf_shares_10 },
	{ "eevdf-shares-0-19", eevdf_shares_19 },
	{ "eevdf-lag-bound", eevdf_lag_bound },
	{ "eevdf-slice-latency", eevdf_slice_latency },
	{ "eevdf-tree-stress", eevdf_tree_stress },
	{ "eevdf-pick-reference", eevdf_pick_reference },
};
const int policy_count = sizeof(policy_scenarios) / sizeof(policy_scenarios[0]);
