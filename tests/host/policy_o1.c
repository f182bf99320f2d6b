/*
 * policy_o1.c - what the O(1) scheduler promises (kernel/sched/o1.c),
 * tested on one CPU so that the balancer stays out of the picture.
 *
 * The expected numbers are computed here from the Linux formulas
 * (docs/reference/o1-2.6.0.md, o1-2.6.22.md), independently of o1.c.
 */
#include <stdio.h>
#include "kernel/cpu.h"
#include "kernel/sched/sched.h"
#include "kernel/time.h"
#include "kernel/tunable.h"
#include "tests/host/scenario.h"
#include "tests/host/sim.h"

static void
set_tunable(const char *name, int64_t v)
{
	if (tunable_set(name, v) != 0)
		sim_fail("%s=%lld refused", name, (long long)v);
}

struct renice {
	struct sim_task *t;
	int nice;
};

static void
renice_fn(void *arg)
{
	struct renice *r = arg;

	sched_set_nice(&r->t->task, r->nice);
}

static void
renice(struct sim_task *t, int nice)
{
	struct renice r = { t, nice };

	sim_on(0, renice_fn, &r);
}

static int
pr(struct sim_task *t)
{
	return sched_task_prio(&t->task);
}

/* The slice in ticks, 2.6.0 BASE_TIMESLICE / 2.6.22 SCALE_PRIO. */
static int
expected_slice(int nice, int variant)
{
	int sp = 120 + nice, lo, x, v;

	if (!variant) {
		lo = 10 * (int)hz / 1000;
		return lo + (200 * (int)hz / 1000 - lo) * (139 - sp) / 39;
	}
	lo = 5 * (int)hz / 1000;
	if (lo < 1)
		lo = 1;
	x = (nice < 0 ? 4 : 1) * 100 * (int)hz / 1000;
	v = x * (140 - sp) / 20;
	return v > lo ? v : lo;
}

/* One hog per nice level: hogs are never interactive, so each runs
 * exactly its slice, then waits in the expired array for the others. */
static void
slices_with(int variant, unsigned int h)
{
	static const int nices[] = { -20, -10, 0, 10, 19 };
	struct sim_task *t[5];
	uint64_t from;
	int n[5] = { 0 }, bad = 0;

	hz = h;
	sim_boot(1);
	set_tunable("o1_variant", variant);
	for (int i = 0; i < 5; i++) {
		t[i] = sim_task_new("hog");
		t[i]->priv = (void *)(intptr_t)i;
		sim_hog(t[i]);
		sim_start(t[i], 0);
		renice(t[i], nices[i]);
	}
	from = sim_now + 2 * SEC;	/* slices given before renice are over */
	sim_record_runs(0);
	sim_run_until(from + 10 * SEC);
	for (int r = 0; r < sim_nruns; r++) {
		int i = (int)(intptr_t)sim_runs[r].t->priv;
		int64_t want = (int64_t)expected_slice(nices[i], variant) *
			       (int64_t)sim_tick_ns;
		if (sim_runs[r].start < from)
			continue;
		n[i]++;
		if ((int64_t)sim_runs[r].ns != want && !bad++)
			sim_fail("HZ %u nice %d: ran %lld ns, slice %lld ns", h,
				 nices[i], (long long)sim_runs[r].ns,
				 (long long)want);
	}
	for (int i = 0; i < 5; i++) {
		if (n[i] < 3)
			sim_fail("HZ %u nice %d: only %d slices", h, nices[i],
				 n[i]);
		sim_info("%s HZ %-4u nice %3d: %2d slices of %3d ticks = %.0f ms",
			 variant ? "2.6.22" : "2.6.0 ", h, nices[i], n[i],
			 expected_slice(nices[i], variant),
			 expected_slice(nices[i], variant) * 1000.0 / h);
	}
}

static void o1_slice_1000(void) { slices_with(0, 1000); }
static void o1_slice_250(void) { slices_with(0, 250); }
static void o1_slice_100(void) { slices_with(0, 100); }
static void o1_slice_2622_1000(void) { slices_with(1, 1000); }
static void o1_slice_2622_250(void) { slices_with(1, 250); }

/* On one CPU (booted), a hog and a task that runs 1 ms and sleeps 10 ms,
 * for 3 s; the sleeper in *slp. */
static struct sim_task *
hog_and_sleeper(struct sim_task **slp)
{
	struct sim_task *hog, *sl;

	hog = sim_task_new("hog");
	sim_hog(hog);
	sim_start(hog, 0);
	sl = sim_task_new("sleeper");
	sim_sleeper(sl, 1 * MS, 10 * MS);
	sim_start(sl, 0);
	sim_run_until(3 * SEC);
	*slp = sl;
	return hog;
}

/* A hog's sleep_avg drains to 0: bonus -5, PR 25.  A task that runs 1 ms
 * and sleeps 10 ms fills it: bonus +5, PR 15. */
static void
o1_hog_sleeper_pr(void)
{
	struct sim_task *hog, *sl;
	int hog_pr, sl_pr;

	sim_boot(1);
	hog = hog_and_sleeper(&sl);
	hog_pr = pr(hog);
	sl_pr = pr(sl);
	sim_info("after 3 s: hog PR %d, sleeper PR %d (%llu wakeups)", hog_pr,
		 sl_pr, (unsigned long long)sl->wakeups);
	if (hog_pr != 25)
		sim_fail("hog at PR %d, expected 25", hog_pr);
	if (sl_pr != 15)
		sim_fail("sleeper at PR %d, expected 15", sl_pr);
}

/* Renice the sleeper of o1_hog_sleeper_pr, which holds a bonus of 5
 * (PR 15), to nice 1: 2.6.0's set_user_nice sets its dynamic prio to the
 * new static prio (p->prio += new_static - p->prio), PR 21 until its next
 * recalculation; 2.6.22 recomputes it with effective_prio() from its
 * sleep_avg at that moment: it keeps a bonus, PR 16..20. */
static void
o1_renice_with(int variant, int lo, int hi)
{
	struct sim_task *sl;
	int before, after;

	sim_boot(1);
	set_tunable("o1_variant", variant);
	hog_and_sleeper(&sl);
	before = pr(sl);
	renice(sl, 1);
	after = pr(sl);
	sim_info("o1_variant=%d: sleeper PR %d, after renice to nice 1 PR %d "
		 "(want %d..%d)", variant, before, after, lo, hi);
	if (before != 15)
		sim_fail("the sleeper had PR %d before, not 15", before);
	if (after < lo || after > hi)
		sim_fail("renice to nice 1 gave PR %d, not %d..%d", after, lo, hi);
}

static void
o1_renice_260(void)
{
	o1_renice_with(0, 21, 21);
}

static void
o1_renice_2622(void)
{
	o1_renice_with(1, 16, 20);
}

/* Phase 2 of o1_reinsert: the former sleeper never sleeps again. */
static void
become_hog(void *arg)
{
	struct sim_task *t = arg;

	t->run_ns = (uint64_t)SIM_FOREVER;
}

/* An interactive task that turns into a CPU hog keeps going back into the
 * active array at the end of each slice while an expired hog waits, until
 * EXPIRED_STARVING: STARVATION_LIMIT (1020 ticks at HZ=1000) times the 2
 * runnable tasks.  High credit (earned by ~100 maximal sleeps) makes it
 * pay only 1/bonus of its run time, so it stays interactive that long. */
static void
o1_reinsert(void)
{
	struct sim_task *hog, *it;
	uint64_t turn = 3 * SEC, limit, gap = 0, gap_at = 0, last_out = 0;
	int it_pr;

	sim_boot(1);
	hog = sim_task_new("hog");
	sim_hog(hog);
	sim_start(hog, 0);
	it = sim_task_new("interactive");
	sim_sleeper(it, 1 * MS, 10 * MS);
	sim_start(it, 0);
	sim_at(turn, 0, become_hog, it);
	sim_record_runs(0);
	sim_run_until(turn + 8 * SEC);
	it_pr = pr(it);
	for (int i = 0; i < sim_nruns; i++) {
		if (sim_runs[i].t != hog || sim_runs[i].start < turn)
			continue;
		if (last_out && sim_runs[i].start - last_out > gap) {
			gap = sim_runs[i].start - last_out;
			gap_at = last_out;
		}
		last_out = sim_runs[i].start + sim_runs[i].ns;
	}
	/* The hog was preempted in the active array; the starvation clock
	 * starts at the interactive task's first expiry (up to a slice
	 * later) and is checked at its expiries (another slice). */
	limit = (1020 * 2 + 1) * MS + 2 * 102 * MS + 2 * MS;
	sim_info("hog waited at most %.0f ms (from %.3f s); starvation limit "
		 "%.0f ms; interactive task now PR %d", gap / 1e6,
		 gap_at / 1e9, limit / 1e6, it_pr);
	if (gap < 1 * SEC)
		sim_fail("hog waited only %.0f ms: no reinsertion", gap / 1e6);
	if (gap > limit)
		sim_fail("hog waited %.0f ms: starvation not detected",
			 gap / 1e6);
}

/* Fork splits the parent's slice and the child runs first. */
struct forked {
	struct sim_task *child;
	uint64_t at;
};

static void
fork_fn(void *arg)
{
	struct forked *f = arg;

	f->at = sim_now;
	sim_start(f->child, 0);
}

static void
o1_fork_split(void)
{
	struct sim_task *parent, *child;
	struct forked f;
	int64_t first = -1, want;

	sim_boot(1);
	parent = sim_task_new("parent");
	sim_hog(parent);
	sim_start(parent, 0);
	child = sim_task_new("child");
	sim_hog(child);
	f.child = child;
	/* fork at 50.5 ms: the parent (started at 0) has 102 - 50 = 52
	 * ticks left, the child gets (52 + 1) / 2 = 26 of them, the first
	 * ending 0.5 ms after the fork */
	sim_run_until(10 * MS);
	want = 26 * (int64_t)MS - (int64_t)MS / 2;
	sim_record_runs(0);
	sim_at(50 * MS + MS / 2, 0, fork_fn, &f);
	sim_run_until(sim_now + 2 * SEC);
	for (int i = 0; i < sim_nruns; i++)
		if (sim_runs[i].t == child) {
			first = (int64_t)sim_runs[i].ns;
			if (i == 0 || sim_runs[i - 1].t != parent ||
			    sim_runs[i].start > f.at + MS)
				sim_fail("the child did not run right after fork");
			break;
		}
	sim_info("child's first stretch %.3f ms, expected %.3f ms",
		 first / 1e6, want / 1e6);
	if (first != want)
		sim_fail("child's first slice %.3f ms, expected %.3f ms",
			 first / 1e6, want / 1e6);
}

const struct scenario policy_scenarios[] = {
	{ "o1-timeslice-hz1000", o1_slice_1000 },
	{ "o1-timeslice-hz250", o1_slice_250 },
	{ "o1-timeslice-hz100", o1_slice_100 },
	{ "o1-timeslice-2622-hz1000", o1_slice_2622_1000 },
	{ "o1-timeslice-2622-hz250", o1_slice_2622_250 },
	{ "o1-hog-sleeper-pr", o1_hog_sleeper_pr },
	{ "o1-reinsert", o1_reinsert },
	{ "o1-fork-split", o1_fork_split },
	{ "o1-renice-2.6.0", o1_renice_260 },
	{ "o1-renice-2.6.22", o1_renice_2622 },
};
const int policy_count = sizeof(policy_scenarios) / sizeof(policy_scenarios[0]);
