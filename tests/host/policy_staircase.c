/*
 * policy_staircase.c - what staircase v6.3 promises (kernel/sched/
 * staircase.c), on one CPU of a two-CPU machine: every task is pinned to
 * cpu0 so that the balancer stays out of the picture.
 */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
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
	t->user = 1;		/* kernel threads stay on their top stair */
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

/* v6.3 sched_exit: P, a user hog entering the kernel every ms, forks C
 * at 100.5 ms (each takes half of what P had left of its interval and of
 * its allowance), C runs 5 ms and exits, and P reaps it at its next
 * step.  The patch gives C's unused interval (time_slice) back to P's
 * interval, not to its allowance: P's allowance (the key, in ns) is the
 * same after the reap, and P stays on its present stair longer than in
 * the same run without the reap, by what C left of its half interval
 * (1 to 5 ms). */
struct reap {
	struct sim_task *child;
	int do_reap, prio_at_reap;
	uint64_t fork_at, forked_at, reaped_at, stepped_at;
	int64_t before, after;
};
static struct reap reap;

static void
reap_step(struct sim_task *st)
{
	if (!reap.forked_at && sim_now >= reap.fork_at) {
		reap.forked_at = sim_now;
		sim_fork_now(reap.child);
	} else if (reap.forked_at && !reap.reaped_at &&
		   reap.child->task.state == TASK_ZOMBIE) {
		reap.reaped_at = sim_now;
		reap.prio_at_reap = sched_task_prio(&st->task);
		reap.before = sched_task_key(&st->task);
		if (reap.do_reap)
			sched_reap(&reap.child->task);
		reap.after = sched_task_key(&st->task);
	} else if (reap.reaped_at && !reap.stepped_at &&
		   sched_task_prio(&st->task) != reap.prio_at_reap) {
		reap.stepped_at = sim_now;
	}
	sim_user(st, (int64_t)MS);
}

static struct reap
reap_run(int do_reap)
{
	struct sim_task *p, *c;

	sim_boot(2);
	sim_run_until(T0);
	p = pinned("parent");
	c = pinned("child");
	sim_user(p, (int64_t)MS / 2);
	p->step = reap_step;
	sim_runner(c, 5 * MS);
	reap = (struct reap){ .child = c, .do_reap = do_reap,
			      .fork_at = T0 + 100 * MS };
	sim_start(p, 0);
	sim_run_until(T0 + 300 * MS);
	return reap;
}

/* The run without the reap, in a child process: the simulated machine
 * boots once per process. */
static struct reap
reap_run_apart(int do_reap)
{
	struct reap r = { 0 };
	int fd[2], status;
	pid_t pid;

	if (pipe(fd) < 0 || (pid = fork()) < 0) {
		sim_fail("pipe/fork for the second run failed");
		return r;
	}
	if (pid == 0) {
		r = reap_run(do_reap);
		_exit(write(fd[1], &r, sizeof(r)) == (ssize_t)sizeof(r) ? 0 : 1);
	}
	close(fd[1]);
	if (read(fd[0], &r, sizeof(r)) != (ssize_t)sizeof(r))
		memset(&r, 0, sizeof(r));
	close(fd[0]);
	waitpid(pid, &status, 0);
	return r;
}

static void
stair_exit_slice(void)
{
	struct reap without = reap_run_apart(0), with = reap_run(1);
	double longer;

	if (!with.reaped_at || !with.stepped_at || !without.stepped_at) {
		sim_fail("the child was never reaped, or the parent never "
			 "stepped after it");
		return;
	}
	longer = ((double)with.stepped_at - (double)without.stepped_at) / 1e6;
	sim_info("reaped at %.1f ms on PR %d: parent's allowance %.0f -> %.0f "
		 "ms; its next step at %.1f ms (%.1f ms without the reap)",
		 (with.reaped_at - T0) / 1e6, with.prio_at_reap,
		 with.before / 1e6, with.after / 1e6,
		 (with.stepped_at - T0) / 1e6, (without.stepped_at - T0) / 1e6);
	if (with.after != with.before)
		sim_fail("the reap changed the parent's allowance (%.0f -> %.0f "
			 "ms): v6.3 returns the child's interval, not its "
			 "allowance", with.before / 1e6, with.after / 1e6);
	if (longer < 1.0 || longer > 5.0)
		sim_fail("the parent's stair lasted %.1f ms longer with the "
			 "reap, want 1 to 5 (the child's unused half interval)",
			 longer);
}

/* v6.3: kernel threads (no mm) keep the full rank and stay on their top
 * stair; a user hog beside it walks down its stairs. */
static void
stair_kthread_top(void)
{
	struct sim_task *k, *u;
	int samples = 0, ktop = 0, uworst = 0;

	sim_boot(2);
	sim_run_until(T0);
	k = pinned("kthread");
	k->user = 0;
	u = pinned("user");
	sim_hog(k);
	sim_hog(u);
	sim_start(k, 0);
	sim_start(u, 0);
	for (uint64_t t = T0 + 500 * US; t < T0 + SEC; t += MS) {
		sim_run_until(t);
		if (k->running_on >= 0) {
			samples++;
			ktop += sched_task_prio(&k->task) == 20;
		}
		if (sched_task_prio(&u->task) > uworst)
			uworst = sched_task_prio(&u->task);
	}
	sim_info("kernel hog: %d samples, %d at PR 20; the user hog reached "
		 "PR %d", samples, ktop, uworst);
	if (samples < 100 || ktop != samples)
		sim_fail("the kernel thread left its top stair (%d of %d at PR 20)",
			 ktop, samples);
	if (uworst < 25)
		sim_fail("the user hog stayed near its top (worst PR %d)", uworst);
}

/* Renice as mainline does it: the task lands on its new top stair at
 * once, whatever stair it was on, and its allowance is left as it was. */
static void
renice5(void *arg)
{
	sched_set_nice(&((struct sim_task *)arg)->task, 5);
}

static void
stair_renice_top(void)
{
	struct sim_task *a, *b;
	int before, after;
	int64_t left_before, left_after;

	sim_boot(2);
	sim_run_until(T0);
	a = pinned("a");
	b = pinned("b");
	sim_hog(a);
	sim_hog(b);
	sim_start(a, 0);
	sim_start(b, 0);
	sim_run_until(T0 + 150 * MS + 500 * US);
	before = sched_task_prio(&b->task);
	left_before = sched_task_key(&b->task);
	sim_on(0, renice5, b);
	after = sched_task_prio(&b->task);
	left_after = sched_task_key(&b->task);
	sim_info("b: PR %d with %.0f ms left; reniced to 5: PR %d with %.0f ms "
		 "left", before, left_before / 1e6, after, left_after / 1e6);
	if (before <= 25)
		sim_fail("b was still near its top stair (PR %d)", before);
	if (after != 25)
		sim_fail("reniced to 5, b is at PR %d, not its top stair 25", after);
	if (left_after != left_before)
		sim_fail("renice changed b's allowance (%.0f -> %.0f ms)",
			 left_before / 1e6, left_after / 1e6);
}

/* A renice to a worse nice leaves the allowance as it was, which is then
 * more than the new full one (100 ms for nice 10).  v6.3 computes the
 * part used unsigned: it wraps, and at each step the task goes to the
 * bottom stair (PR 39) until its allowance falls to the new full size;
 * then it starts again from its new top stair (PR 30). */
static void
renice10(void *arg)
{
	sched_set_nice(&((struct sim_task *)arg)->task, 10);
}

static void
stair_renice_worse(void)
{
	struct sim_task *a;
	int samples = 0, bottom = 0, back = 0;

	sim_boot(2);
	sim_run_until(T0);
	a = pinned("a");
	sim_hog(a);
	sim_start(a, 0);
	sim_run_until(T0 + 20 * MS + 500 * US);	/* 180 ms left of 200 */
	sim_on(0, renice10, a);
	for (uint64_t t = T0 + 31 * MS; t < T0 + 99 * MS; t += MS) {
		sim_run_until(t);
		samples++;
		bottom += sched_task_prio(&a->task) == 39;
	}
	sim_run_until(T0 + 105 * MS);
	back = sched_task_prio(&a->task);
	sim_info("reniced to 10 with 180 ms left: %d of %d samples at PR 39 "
		 "until 99 ms; PR %d at 105 ms", bottom, samples, back);
	if (bottom != samples)
		sim_fail("%d of %d samples on the bottom stair while the "
			 "allowance exceeded the new full one", bottom, samples);
	if (back != 30)
		sim_fail("PR %d at 105 ms, want its new top stair 30", back);
}

const struct scenario policy_scenarios[] = {
	{ "stair-nice-ratio", stair_nice_ratio },
	{ "stair-interactive-on", stair_interactive_on },
	{ "stair-interactive-off", stair_interactive_off },
	{ "stair-interval", stair_interval },
	{ "stair-compute-interval", stair_compute_interval },
	{ "stair-compute-no-elevation", stair_compute_no_elevation },
	{ "stair-yield-top", stair_yield_top },
	{ "stair-exit-slice", stair_exit_slice },
	{ "stair-kthread-top", stair_kthread_top },
	{ "stair-renice-top", stair_renice_top },
	{ "stair-renice-worse", stair_renice_worse },
};
const int policy_count = sizeof(policy_scenarios) / sizeof(policy_scenarios[0]);
