/*
 * rt_scenarios.c - SCHED_FIFO and SCHED_RR above every policy
 * (kernel/sched/rt.c), as POSIX and Linux define them: the same verdicts
 * for rr, o1, staircase, rsdl, cfs and eevdf, since the policy below must
 * not matter.
 */
#include <stdio.h>
#include <string.h>
#include "kernel/cpu.h"
#include "kernel/sched/sched.h"
#include "kernel/tunable.h"
#include "tests/host/scenario.h"
#include "tests/host/sim.h"

#define T0	(10 * MS)

static struct sim_task *
rt_task(const char *name, int cls, int prio, uint32_t mask)
{
	struct sim_task *st = sim_task_new(name);

	st->rt_class = cls;
	st->rt_prio = prio;
	st->mask = mask;
	return st;
}

static struct sim_task *
hog(const char *name, int cls, int prio, uint32_t mask, int cpu)
{
	struct sim_task *st = rt_task(name, cls, prio, mask);

	sim_hog(st);
	sim_start(st, cpu);
	return st;
}

static double
ms(uint64_t ns)
{
	return ns / 1e6;
}

/* A SCHED_FIFO hog takes its CPU from a nice -20 task for good: no tick
 * and no wakeup of a lower class preempts it (throttling is off). */
static void
fifo_starves_nice(void)
{
	struct sim_task *a, *f;
	uint64_t before;

	sim_boot(1);
	sim_run_until(T0);
	a = hog("nice-20", 0, 0, 0, 0);
	sched_set_nice(&a->task, -20);
	sim_run_until(T0 + 50 * MS);
	sim_account_all();
	before = a->ran_ns;
	f = hog("fifo50", SCHED_CLASS_FIFO, 50, 0, 0);
	sim_run_until(T0 + 1050 * MS);
	sim_account_all();
	sim_info("nice -20 hog: %.3f ms before the FIFO hog, %.3f ms in the "
		 "1 s after; FIFO hog %.3f ms", ms(before),
		 ms(a->ran_ns - before), ms(f->ran_ns));
	if (a->ran_ns - before > sim_tick_ns)
		sim_fail("the nice -20 task ran %.3f ms beside a SCHED_FIFO hog",
			 ms(a->ran_ns - before));
	if (f->ran_ns < 999 * MS)
		sim_fail("the FIFO hog ran only %.3f ms of 1000", ms(f->ran_ns));
}

/* Two FIFO hogs of one priority: the first keeps the CPU (no timeslice);
 * two RR hogs take turns every sched_rr_timeslice_ms (100 ms). */
static void
equals(int cls)
{
	struct sim_task *x, *y;
	int n = 0, bad = 0;

	sim_boot(1);
	sim_run_until(T0);
	sim_record_runs(0);
	x = hog("X", cls, 10, 0, 0);
	y = hog("Y", cls, 10, 0, 0);
	sim_run_until(T0 + 1000 * MS);
	sim_account_all();
	for (int i = 1; i + 1 < sim_nruns; i++) {	/* first, last: partial */
		uint64_t d = sim_runs[i].ns;
		n++;
		if (d + sim_tick_ns < 100 * MS || d > 100 * MS + sim_tick_ns)
			bad++;
	}
	sim_info("%s: X %.3f ms, Y %.3f ms, %d whole stretches, %d not "
		 "100 ms", cls == SCHED_CLASS_RR ? "RR" : "FIFO", ms(x->ran_ns),
		 ms(y->ran_ns), n, bad);
	if (cls == SCHED_CLASS_FIFO && (y->ran_ns != 0 || x->ran_ns < 999 * MS))
		sim_fail("FIFO equals shared the CPU: X %.3f ms, Y %.3f ms",
			 ms(x->ran_ns), ms(y->ran_ns));
	if (cls == SCHED_CLASS_RR && (n < 8 || bad))
		sim_fail("RR equals: %d of %d stretches were not 100 ms", bad, n);
}

static void
fifo_equals(void)
{
	equals(SCHED_CLASS_FIFO);
}

static void
rr_equals(void)
{
	equals(SCHED_CLASS_RR);
}

/* A higher rt task that wakes runs at once, ahead of a lower FIFO hog; a
 * policy task that wakes does not run at all. */
static void
fifo_wakeup_preempts(void)
{
	struct sim_task *lo, *hi, *fair;

	sim_boot(1);
	sim_run_until(T0);
	lo = hog("fifo10", SCHED_CLASS_FIFO, 10, 0, 0);
	hi = rt_task("fifo60", SCHED_CLASS_FIFO, 60, 0);
	sim_sleeper(hi, 1 * MS, 9 * MS);
	sim_start(hi, 0);
	fair = sim_task_new("fair");
	sim_sleeper(fair, 1 * MS, 9 * MS);
	sim_start(fair, 0);
	sim_run_until(T0 + 1000 * MS);
	sim_account_all();
	sim_info("fifo60 woke %llu times and ran %.3f ms; fifo10 %.3f ms; the "
		 "policy's sleeper ran %.3f ms",
		 (unsigned long long)hi->wakeups, ms(hi->ran_ns),
		 ms(lo->ran_ns), ms(fair->ran_ns));
	if (hi->wakeups < 90 || hi->ran_ns < 95 * MS)
		sim_fail("the higher FIFO task did not run as it woke");
	if (fair->ran_ns > sim_tick_ns)
		sim_fail("a policy task ran %.3f ms beside a FIFO hog",
			 ms(fair->ran_ns));
}

/* Three CPUs run FIFO 50 hogs, the fourth a policy hog: a FIFO 20 task
 * that wakes goes to the fourth, the only one it can run on at once
 * (2.6.25's find_lowest_rq). */
static void
wake_lowest(void)
{
	struct sim_task *s, *fair;

	sim_boot(4);
	sim_run_until(T0);
	for (int c = 0; c < 3; c++) {
		char name[16];
		snprintf(name, sizeof(name), "fifo50-%d", c);
		hog(strdup(name), SCHED_CLASS_FIFO, 50, 1u << c, c);
	}
	fair = hog("fair", 0, 0, 1u << 3, 3);
	s = rt_task("fifo20", SCHED_CLASS_FIFO, 20, 0xf);
	sim_sleeper(s, 1 * MS, 9 * MS);
	sim_start(s, 0);
	sim_run_until(T0 + 1000 * MS);
	sim_account_all();
	sim_info("fifo20: %llu wakeups, %.3f ms in all, %.3f ms on cpu3; the "
		 "policy hog %.3f ms", (unsigned long long)s->wakeups,
		 ms(s->ran_ns), ms(s->ran_on[3]), ms(fair->ran_ns));
	if (s->wakeups < 90 || s->ran_ns < 95 * MS)
		sim_fail("the FIFO 20 sleeper did not run as it woke");
	if (s->ran_on[3] + sim_tick_ns < s->ran_ns)
		sim_fail("it ran %.3f ms away from cpu3, the lowest CPU",
			 ms(s->ran_ns - s->ran_on[3]));
}

/* cpu1 of two runs a FIFO 90 task for 100 ms, then a policy hog; two FIFO
 * 50 hogs start meanwhile, so one of them must wait on cpu0.  When the
 * FIFO 90 task exits, cpu1 is about to run something lower than the
 * waiting hog: it pulls it (2.6.25's pull_rt_task), and from then on both
 * rt hogs run all the time. */
static void
pull(void)
{
	struct sim_task *a, *b, *fair, *top;

	sim_boot(2);
	sim_run_until(T0);
	fair = hog("fair", 0, 0, 1u << 1, 1);
	top = rt_task("fifo90", SCHED_CLASS_FIFO, 90, 1u << 1);
	sim_runner(top, 100 * MS);
	sim_start(top, 1);
	a = hog("fifo50-a", SCHED_CLASS_FIFO, 50, 0x3, 0);
	b = hog("fifo50-b", SCHED_CLASS_FIFO, 50, 0x3, 0);
	sim_run_until(T0 + 1000 * MS);
	sim_account_all();
	sim_info("fifo90 %.3f ms; fifo50-a %.3f ms, fifo50-b %.3f ms; policy "
		 "hog %.3f ms", ms(top->ran_ns), ms(a->ran_ns), ms(b->ran_ns),
		 ms(fair->ran_ns));
	if (a->ran_ns + b->ran_ns < 1895 * MS)
		sim_fail("an rt hog waited while a CPU ran a policy task");
	if (fair->ran_ns > 5 * MS)
		sim_fail("the policy hog ran %.3f ms", ms(fair->ran_ns));
}

/* sched_rt_runtime_us=950000: the rt hog leaves 50 ms of every second to
 * the policy, as Linux's default does. */
static void
throttle(void)
{
	struct sim_task *f, *fair;
	uint64_t at1;

	sim_boot(1);
	if (tunable_set("sched_rt_runtime_us", 950000) != 0)
		sim_fail("sched_rt_runtime_us=950000 refused");
	sim_run_until(T0);
	fair = hog("fair", 0, 0, 0, 0);
	f = hog("fifo50", SCHED_CLASS_FIFO, 50, 0, 0);
	sim_run_until(1000 * MS);	/* periods start at 0, 1 s, 2 s ... */
	sim_account_all();
	at1 = fair->ran_ns;
	sim_run_until(3000 * MS);
	sim_account_all();
	sim_info("in the periods [1 s, 3 s): policy hog %.3f ms (want 100 "
		 "+- 2 ticks), FIFO hog %.3f ms in all", ms(fair->ran_ns - at1),
		 ms(f->ran_ns));
	if (fair->ran_ns - at1 + 2 * sim_tick_ns < 100 * MS ||
	    fair->ran_ns - at1 > 100 * MS + 2 * sim_tick_ns)
		sim_fail("throttled rt left the policy %.3f ms of 2 s, not 100",
			 ms(fair->ran_ns - at1));
}

/* A FIFO hog alone on its CPU, throttled (950 ms of each 1 s period):
 * 2.6.25's pick_next_task_rt() returns nothing while the rt class is
 * throttled, the CPU idles, and the next period's tick lets the hog run
 * again.  The idle CPU must halt with interrupts on to get that tick: it
 * once spun on schedule() with them off, and the hog never ran again. */
static void
throttle_alone(void)
{
	struct sim_task *f;

	sim_boot(1);
	if (tunable_set("sched_rt_runtime_us", 950000) != 0)
		sim_fail("sched_rt_runtime_us=950000 refused");
	sim_run_until(T0);
	f = hog("fifo50", SCHED_CLASS_FIFO, 50, 0, 0);
	sim_run_until(3000 * MS);
	sim_account_all();
	/* each period it runs until the tick that finds more than 950 ms
	 * used (2.6.25 sched_rt_runtime_exceeded(): rt_time > runtime) */
	sim_info("a throttled FIFO hog alone: %.3f ms of the 3 s (want 3 x "
		 "951)", ms(f->ran_ns));
	if (f->ran_ns + 3 * sim_tick_ns < 2853 * MS ||
	    f->ran_ns > 2853 * MS + 3 * sim_tick_ns)
		sim_fail("the throttled hog ran %.3f ms of 3 s", ms(f->ran_ns));
}

/* Throttling counts all the time an rt task runs, not only what the tick
 * sees (2.6.25 update_curr_rt(), from dequeue_task_rt and put_prev_task_rt
 * as well as the tick).  A FIFO task that runs 900 us after each tick and
 * sleeps until the next (sleeps end at ticks) wants 90 % of the CPU, and
 * no tick ever finds it running; throttled to 500 ms a second it must
 * leave a policy hog half.  Charged only at ticks, it was never throttled
 * and the hog got a tenth. */
static void
throttle_counts_sleepers(void)
{
	struct sim_task *f, *fair;
	uint64_t f1, h1;

	sim_boot(1);
	if (tunable_set("sched_rt_runtime_us", 500000) != 0)
		sim_fail("sched_rt_runtime_us=500000 refused");
	sim_run_until(T0);
	fair = hog("fair", 0, 0, 0, 0);
	f = rt_task("fifo50", SCHED_CLASS_FIFO, 50, 0);
	sim_sleeper(f, 900 * US, 100 * US);
	sim_start(f, 0);
	sim_run_until(1000 * MS);
	sim_account_all();
	f1 = f->ran_ns;
	h1 = fair->ran_ns;
	sim_run_until(3000 * MS);
	sim_account_all();
	sim_info("in [1 s, 3 s): FIFO sleeper %.3f ms, policy hog %.3f ms "
		 "(want at most 1000 and at least 980)", ms(f->ran_ns - f1),
		 ms(fair->ran_ns - h1));
	if (f->ran_ns - f1 > 1000 * MS + 2 * sim_tick_ns)
		sim_fail("the FIFO sleeper ran %.3f ms of 2 s, over its 1000",
			 ms(f->ran_ns - f1));
	if (fair->ran_ns - h1 + 20 * MS < 1000 * MS)
		sim_fail("the policy hog got %.3f ms of 2 s, not half",
			 ms(fair->ran_ns - h1));
}

/* SCHED_IDLE beside a nice 0 hog on one CPU.  CFS (2.6.24) and EEVDF
 * (6.6) give it a weight below nice 19's (WEIGHT_IDLEPRIO: 2 in 2.6.24, 3
 * in 6.6), so it gets weight / (1024 + weight) of the CPU; the older
 * policies predate SCHED_IDLE (2.6.23) and run it as SCHED_NORMAL, half
 * each (docs/policies/rt.md). */
static void
idle_class_share(void)
{
	struct sim_task *a, *b;
	double want, got;
	int fair = !strcmp(sched_policy.name, "cfs") ||
		   !strcmp(sched_policy.name, "eevdf");

	sim_boot(1);
	sim_run_until(T0);
	a = hog("normal", 0, 0, 0, 0);
	b = hog("idle-class", SCHED_CLASS_IDLE, 0, 0, 0);
	sim_run_until(T0 + 4000 * MS);
	sim_account_all();
	got = (double)b->ran_ns / (double)(a->ran_ns + b->ran_ns);
	want = !fair ? 0.5 : !strcmp(sched_policy.name, "cfs") ? 2.0 / 1026
							       : 3.0 / 1027;
	sim_info("SCHED_IDLE got %.4f %% of the CPU beside a nice 0 hog "
		 "(want %.4f %%)", got * 100, want * 100);
	if (fair ? got > want * 3 + 0.001 : got < 0.45 || got > 0.55)
		sim_fail("SCHED_IDLE share %.4f %%, want %.4f %%", got * 100,
			 want * 100);
}

/* A SCHED_FIFO hog pinned to cpu0 and one policy hog beside it, on 2
 * CPUs.  Linux's balancer counts the rt task: in 2.6.24 it weighs
 * prio_to_weight[0] * 2 in rq->load and counts in nr_running
 * (set_load_weight(), find_busiest_group()), in 2.6.22 RTPRIO_TO_LOAD_
 * WEIGHT, and 6.6 counts rq->nr_running in update_sg_lb_stats(); so idle
 * cpu1 pulls the queued policy task, which then runs nearly all the time
 * (lb_nr() and lb_load() in balance.h, every era). */
static void
rt_hides_policy_task(void)
{
	struct sim_task *f = rt_task("fifo", SCHED_CLASS_FIFO, 50, 1u);
	struct sim_task *c = sim_task_new("normal");

	sim_boot(2);
	sim_run_until(T0);
	sim_hog(c);
	sim_start(c, 0);
	sim_run_until(T0 + 5 * MS);
	sim_hog(f);
	sim_start(f, 0);
	sim_run_until(T0 + 2 * SEC);
	sim_account_all();
	sim_info("a FIFO hog pinned to cpu0 and a policy hog: the policy hog "
		 "ran %.1f ms of 2 s, now on cpu%d", c->ran_ns / 1e6,
		 c->task.cpu);
	if (c->ran_ns < SEC)
		sim_fail("the policy hog ran %.1f ms in 2 s beside an idle CPU",
			 c->ran_ns / 1e6);
}

const struct scenario rt_scenarios[] = {
	{ "rt-fifo-starves-nice", fifo_starves_nice },
	{ "rt-fifo-equals", fifo_equals },
	{ "rt-rr-equals", rr_equals },
	{ "rt-fifo-wakeup-preempts", fifo_wakeup_preempts },
	{ "rt-wake-lowest", wake_lowest },
	{ "rt-pull", pull },
	{ "rt-throttle", throttle },
	{ "rt-throttle-alone", throttle_alone },
	{ "rt-throttle-counts-sleepers", throttle_counts_sleepers },
	{ "class-idle-share", idle_class_share },
	{ "rt-hides-policy-task", rt_hides_policy_task },
};
const int rt_count = sizeof(rt_scenarios) / sizeof(rt_scenarios[0]);
