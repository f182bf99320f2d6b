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

/* ---- user tasks: exit, the idle-sleeper clamp ---- */

/* A task of its own process (Linux: p->mm), so that the user-task rules
 * apply. */
static struct sim_task *
user_task(const char *name)
{
	struct sim_task *t = sim_task_new(name);

	t->user = 1;
	return t;
}

/* A task that forks `child` at its first step after fork_at and reaps it
 * (waitpid: sched_reap, the reap hook) at its first step after the child
 * exited, then goes on with `next`, its own behaviour's step. */
struct reaper {
	struct sim_task *parent, *child;
	sim_fn next;
	uint64_t fork_at, forked_at, reaped_at;
	int64_t key_before, key_after, child_key;
};
static struct reaper reaper;

static void
reaper_step(struct sim_task *st)
{
	struct reaper *r = &reaper;

	if (!r->forked_at && sim_now >= r->fork_at) {
		r->forked_at = sim_now;
		sim_fork_now(r->child);
	} else if (r->forked_at && !r->reaped_at &&
		   r->child->task.state == TASK_ZOMBIE) {
		r->reaped_at = sim_now;
		r->key_before = sched_task_key(&st->task);
		r->child_key = sched_task_key(&r->child->task);
		sched_reap(&r->child->task);
		r->key_after = sched_task_key(&st->task);
	}
	r->next(st);
}

/* A hog that enters the kernel every millisecond (its first burst half a
 * millisecond, so that its steps fall between ticks). */
static void
stepper_step(struct sim_task *st)
{
	sim_user(st, (int64_t)MS);
}

static void
o1_start_pair(void *arg)
{
	struct sim_task **two = arg;

	sim_fork_now(two[0]);		/* from idle: both start fresh */
	sim_fork_now(two[1]);
}

/* sched_exit's slice return.  O and P, two fresh user hogs (slice S: 102
 * ticks in 2.6.0, 100 in 2.6.22), take turns; P forks C at 150.5 ms,
 * halfway through its own slice, C runs 5 ms first and exits, P reaps it
 * at its next step.  C hands back what it did not use, so P's slice ends
 * where it would have without the fork: at 2 S.  Without the return it
 * would end C's unused 22 (20) ms earlier. */
static void
o1_exit_slice_with(int variant)
{
	struct sim_task *o, *p, *c, *two[2];
	uint64_t slice = (variant ? 100 : 102) * MS, end = 0, c_end = 0;

	sim_boot(1);
	set_tunable("o1_variant", variant);
	o = user_task("O");
	p = user_task("P");
	c = user_task("C");
	sim_hog(o);
	sim_user(p, (int64_t)MS / 2);
	p->step = reaper_step;
	sim_runner(c, 5 * MS);
	reaper = (struct reaper){ .parent = p, .child = c,
				  .next = stepper_step, .fork_at = 150 * MS };
	two[0] = o;
	two[1] = p;
	sim_record_runs(0);
	sim_on(0, o1_start_pair, two);
	sim_run_until(3 * slice);
	for (int i = 0; i < sim_nruns; i++) {
		if (sim_runs[i].t == c)
			c_end = sim_runs[i].start + sim_runs[i].ns;
		else if (sim_runs[i].t == p && c_end && !end)
			end = sim_runs[i].start + sim_runs[i].ns;
	}
	sim_info("o1_variant=%d: fork at %.1f ms, C exited at %.1f ms, reaped "
		 "at %.1f ms; P's slice ended at %.1f ms (want %.0f)", variant,
		 reaper.forked_at / 1e6, c_end / 1e6, reaper.reaped_at / 1e6,
		 end / 1e6, 2.0 * slice / 1e6);
	if (!reaper.reaped_at)
		sim_fail("the child was never reaped");
	if (end + MS < 2 * slice || end > 2 * slice + MS)
		sim_fail("P's slice ended at %.1f ms, not %.0f ms: the child's "
			 "unused slice did not come back", end / 1e6,
			 2.0 * slice / 1e6);
}

static void o1_exit_slice_260(void) { o1_exit_slice_with(0); }
static void o1_exit_slice_2622(void) { o1_exit_slice_with(1); }

/* sched_exit's sleep_avg blend: a sleeper (1 ms run, 10 ms sleep, near
 * the top bonus after 2 s) forks a child that runs 200 ms and exits, a
 * hog by then; reaping it takes the parent's sleep_avg to 3/4 of its own
 * plus 1/4 of the child's (EXIT_WEIGHT 3), each divided first. */
static void
o1_exit_blend(void)
{
	struct sim_task *p, *c;
	int64_t want;

	sim_boot(1);
	p = user_task("parent");
	c = user_task("child");
	sim_sleeper(p, 1 * MS, 10 * MS);
	reaper = (struct reaper){ .parent = p, .child = c,
				  .next = p->step, .fork_at = 2 * SEC };
	p->step = reaper_step;
	sim_runner(c, 200 * MS);
	sim_start(p, 0);
	sim_run_until(3 * SEC);
	want = reaper.key_before / 4 * 3 + reaper.child_key / 4;
	sim_info("sleep_avg at the reap: parent %.3f ms, child %.3f ms; "
		 "parent after %.3f ms (want %.3f)", reaper.key_before / 1e6,
		 reaper.child_key / 1e6, reaper.key_after / 1e6, want / 1e6);
	if (!reaper.reaped_at)
		sim_fail("the child was never reaped");
	else if (reaper.child_key >= reaper.key_before)
		sim_fail("the child was no hog: nothing to test");
	else if (reaper.key_after != want)
		sim_fail("parent's sleep_avg %lld ns after the reap, want %lld",
			 (long long)reaper.key_after, (long long)want);
}

/* One sleep longer than JUST_INTERACTIVE_SLEEP (815 ms at nice 0) leaves
 * a user task "just interactive": sleep_avg MAX_SLEEP_AVG - AVG_TIMESLICE
 * = 918 ms, bonus 9, PR 16 (2.6.0).  A kernel thread is not clamped:
 * x10 of its sleep fills sleep_avg, PR 15. */
static void
o1_idle_clamp(void)
{
	struct sim_task *u, *k;
	int upr, kpr;

	sim_boot(1);
	u = user_task("user");
	k = sim_task_new("kthread");
	sim_sleeper(u, 1 * MS, 900 * MS);
	sim_sleeper(k, 1 * MS, 900 * MS);
	sim_start(u, 0);
	sim_start(k, 0);
	sim_run_until(950 * MS);	/* both woke once, ran 1 ms */
	upr = pr(u);
	kpr = pr(k);
	sim_info("after one 900 ms sleep: user task PR %d (key %.0f ms), "
		 "kernel task PR %d", upr, sched_task_key(&u->task) / 1e6, kpr);
	if (upr != 16)
		sim_fail("user task at PR %d, want 16 (the idle clamp)", upr);
	if (kpr != 15)
		sim_fail("kernel task at PR %d, want 15 (no clamp)", kpr);
}

/* 2.6.0's sync wakeups: two user tasks passing a message back and forth
 * on one CPU, each waking the other just before it sleeps.  With the sync
 * hint the wakee is queued without any sleep credit (__activate_task), so
 * both stay at PR 25 like hogs; asynchronous wakeups credit the sleeps
 * and both climb. */
static void
o1_sync_pair_with(int sync, int *pa, int *pb)
{
	static struct sim_chan ab, ba;
	struct sim_task *a, *b;

	sim_boot(1);
	sim_chan_init(&ab);
	sim_chan_init(&ba);
	a = user_task("ping");
	b = user_task("pong");
	sim_pinger(a, &ba, &ab, 1 * MS, sync);
	sim_ponger(b, &ab, &ba, 1 * MS, sync);
	sim_start(a, 0);
	sim_start(b, 0);
	sim_run_until(2 * SEC);
	*pa = pr(a);
	*pb = pr(b);
}

static void
o1_sync_wakeups(void)
{
	int sa, sb;

	o1_sync_pair_with(1, &sa, &sb);
	if (sa != 25 || sb != 25)
		sim_fail("sync pair at PR %d and %d, want 25 and 25 (no credit)",
			 sa, sb);
	sim_info("sync pair: PR %d and %d (no sleep credit)", sa, sb);
}

static void
o1_async_wakeups(void)
{
	int a, b;

	o1_sync_pair_with(0, &a, &b);
	sim_info("asynchronous pair: PR %d and %d", a, b);
	if (a >= 25 || b >= 25)
		sim_fail("asynchronous pair at PR %d and %d: no sleep credit", a, b);
}

/* 2.6.0 sys_sched_yield: the yielder goes to the expired array, so beside
 * a hog it runs once per hog slice (102 ms): about 19 turns in 2 s. */
static void
o1_yield_expired(void)
{
	struct sim_task *h, *y;
	uint64_t in0;
	unsigned turns;

	sim_boot(1);
	h = user_task("hog");
	y = user_task("yielder");
	sim_hog(h);
	sim_yielder(y, 300 * US);
	sim_start(h, 0);
	sim_start(y, 0);
	sim_run_until(1 * SEC);
	in0 = y->switched_in;
	sim_run_until(3 * SEC);
	turns = (unsigned)(y->switched_in - in0);
	sim_info("yielder switched in %u times in 2 s beside a hog (want about "
		 "2000 / 102 = 19.6)", turns);
	if (turns < 18 || turns > 21)
		sim_fail("yielder ran %u times in 2 s, not once per hog slice",
			 turns);
}

/* 2.6.22 notes the best static prio in the expired array only when a
 * slice ends there (task_running_tick); sys_sched_yield moves the task
 * without touching it.  So a nice -10 yielder waiting in the expired
 * array (PR 15 without a bonus: the interactive task's PR 15 does not
 * preempt it, so it leaves the CPU by yielding) does not make a nice 0
 * interactive task "starving" the others: when
 * that task turns into a hog it goes back into the active array at the
 * end of each slice (2.6.22 charges a task with bonus b only 1/b of its
 * run, so it stays interactive for seconds) until EXPIRED_STARVING's time
 * test: STARVATION_LIMIT (1000 ticks at HZ=1000) times the 2 runnable
 * tasks after its first expiry, checked at its slice ends.  Had the yield
 * lowered best_expired_prio to 110, its first slice end would have sent
 * it to the expired array and the yielder would be back within one slice
 * (74 ms). */
static void
o1_yield_best_expired(void)
{
	struct sim_task *it, *y;
	uint64_t turn = 3 * SEC, hog_at = 0, back = 0, limit;

	sim_boot(1);
	set_tunable("o1_variant", 1);
	it = user_task("interactive");
	y = user_task("yielder");
	sim_sleeper(it, 1 * MS, 10 * MS);
	sim_yielder(y, 300 * US);
	sim_start(it, 0);
	sim_start(y, 0);
	sim_run_until(1 * SEC);
	renice(y, -10);
	sim_run_until(turn);
	sim_on(0, become_hog, it);
	sim_record_runs(0);
	sim_run_until(turn + 4 * SEC);
	/* from the start of the hog's first long run (a stretch ends at a
	 * switch: reinsertions do not end it) */
	for (int i = 0; i < sim_nruns && !back; i++) {
		if (!hog_at && sim_runs[i].t == it && sim_runs[i].ns > 20 * MS)
			hog_at = sim_runs[i].start;
		else if (hog_at && sim_runs[i].t == y)
			back = sim_runs[i].start - hog_at;
	}
	limit = (1000 * 2 + 1) * MS + 2 * 100 * MS + 2 * MS;
	sim_info("o1_variant=1: the yielder ran again %.0f ms after the "
		 "interactive task began to run as a hog (want 1000..%.0f)",
		 back / 1e6, limit / 1e6);
	if (back < SEC)
		sim_fail("the yielder waited %.0f ms: the hog was not reinserted",
			 back / 1e6);
	if (back > limit)
		sim_fail("the yielder waited %.0f ms: starvation not detected",
			 back / 1e6);
}

/* The step of a sleeper whose sleeps are uninterruptible (the wakeup
 * then says ENQ_UNINT, as after waitq_sleep_unint). */
static sim_fn unint_next;

static void
unint_step(struct sim_task *st)
{
	st->task.sleep_unint = 1;
	unint_next(st);
}

/* 2.6.0: a user task waking from uninterruptible sleep (activated -1) is
 * likely a hog waiting on I/O: its sleep_avg stops at
 * JUST_INTERACTIVE_SLEEP, 815 ms at nice 0, bonus 815 * 10 / 1020 = 7,
 * PR 18, where the same sleeper sleeping interruptibly reaches PR 15. */
static void
o1_unint_limit(void)
{
	struct sim_task *hog, *sl;
	int p;

	sim_boot(1);
	hog = user_task("hog");
	sl = user_task("unint");
	sim_hog(hog);
	sim_sleeper(sl, 1 * MS, 10 * MS);
	unint_next = sl->step;
	sl->step = unint_step;
	sim_start(hog, 0);
	sim_start(sl, 0);
	sim_run_until(3 * SEC);
	p = pr(sl);
	sim_info("uninterruptible sleeper after 3 s: PR %d, sleep_avg %.0f ms "
		 "(want PR 18, 815 ms at most)", p, sched_task_key(&sl->task) / 1e6);
	if (p != 18)
		sim_fail("uninterruptible sleeper at PR %d, want 18", p);
	if (sched_task_key(&sl->task) > 815 * (int64_t)MS)
		sim_fail("sleep_avg %.0f ms above JUST_INTERACTIVE_SLEEP",
			 sched_task_key(&sl->task) / 1e6);
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
	{ "o1-exit-slice-2.6.0", o1_exit_slice_260 },
	{ "o1-exit-slice-2.6.22", o1_exit_slice_2622 },
	{ "o1-exit-blend", o1_exit_blend },
	{ "o1-idle-clamp", o1_idle_clamp },
	{ "o1-sync-wakeups", o1_sync_wakeups },
	{ "o1-async-wakeups", o1_async_wakeups },
	{ "o1-yield-expired", o1_yield_expired },
	{ "o1-yield-best-expired", o1_yield_best_expired },
	{ "o1-unint-limit", o1_unint_limit },
};
const int policy_count = sizeof(policy_scenarios) / sizeof(policy_scenarios[0]);
