/*
 * policy_rsdl.c - what RSDL promises (kernel/sched/rsdl.c): a bounded
 * wait for every runnable task, a switch every RR_INTERVAL between equal
 * hogs, and nice as a number of levels.
 *
 * The bound, from the rotation rules: between two runs of task i, every
 * other task j on its CPU can run at most one quantum on each level it is
 * entitled to, 20 - nice_j of them, so
 *
 *	wait_i <= RR * sum over j != i of (20 - nice_j)
 *
 * and n equal hogs take turns: wait <= (n - 1) * RR.  Sleepers are woken
 * by a timer at the next tick, so their wait is counted from the timer's
 * expiry and may be up to one tick longer.
 */
#include <stdio.h>
#include <string.h>
#include "kernel/sched/sched.h"
#include "kernel/time.h"
#include "kernel/tunable.h"
#include "tests/host/scenario.h"
#include "tests/host/sim.h"

#define T0	(10 * MS)
#define CPU0	1u

static uint64_t wait_from[SIM_MAX_TASKS], max_wait[SIM_MAX_TASKS];

/* Waiting starts when a task is switched out still runnable, or when the
 * timer of a sleeper expires; it ends when the task is switched in. */
static void
record_wait(int cpu, struct sim_task *prev, struct sim_task *next)
{
	uint64_t w;

	(void)cpu;
	if (!prev->task.is_idle)
		wait_from[prev->index] = prev->task.state == TASK_RUNNING ?
					 sim_now : prev->deadline;
	if (next->task.is_idle)
		return;
	w = sim_now - wait_from[next->index];
	if (w > max_wait[next->index])
		max_wait[next->index] = w;
}

static void
set_tunable(const char *name, int64_t v)
{
	if (tunable_set(name, v) != 0)
		sim_fail("tunable %s=%lld refused", name, (long long)v);
}

static uint64_t
rr_ns(void)
{
	int64_t ms = *tunable_find("rsdl_rr_interval_ms")->var;

	return (uint64_t)(ms * hz / 1001 + 1) * (1000000000ull / hz);
}

static void
set_nice_fn(void *arg)
{
	struct sim_task *t = arg;

	sched_set_nice(&t->task, (int)(intptr_t)t->priv);
}

static struct sim_task *
pinned(const char *name, int nice)
{
	struct sim_task *t = sim_task_new(name);

	t->mask = CPU0;
	t->priv = (void *)(intptr_t)nice;
	return t;
}

static void
start_all(struct sim_task **t, int n)
{
	memset(wait_from, 0, sizeof(wait_from));
	memset(max_wait, 0, sizeof(max_wait));
	for (int i = 0; i < n; i++) {
		sim_start(t[i], 0);
		sim_on(0, set_nice_fn, t[i]);
		wait_from[t[i]->index] = sim_now;
	}
	sim_on_switch = record_wait;
}

/* Check every task's longest wait against its bound. */
static void
judge(struct sim_task **t, int n, uint64_t (*bound)(struct sim_task **, int, int))
{
	for (int i = 0; i < n; i++) {
		uint64_t b = bound(t, n, i);
		sim_info("%-8s nice %3d: longest wait %8.3f ms, bound %8.3f ms, "
			 "ran %8.1f ms", t[i]->name, t[i]->task.nice,
			 max_wait[t[i]->index] / 1e6, b / 1e6, t[i]->ran_ns / 1e6);
		if (!t[i]->ran_ns)
			sim_fail("%s never ran", t[i]->name);
		if (max_wait[t[i]->index] > b)
			sim_fail("%s waited %.3f ms, bound %.3f ms", t[i]->name,
				 max_wait[t[i]->index] / 1e6, b / 1e6);
	}
}

static uint64_t
bound_equal(struct sim_task **t, int n, int i)
{
	(void)t, (void)i;
	return (uint64_t)(n - 1) * rr_ns();
}

static uint64_t
bound_rotation(struct sim_task **t, int n, int i)
{
	uint64_t levels = 0;

	for (int j = 0; j < n; j++)
		if (j != i)
			levels += (uint64_t)(20 - t[j]->task.nice);
	return levels * rr_ns() + sim_tick_ns;	/* + timer resolution */
}

/* n equal hogs on one CPU: strict turns of one quantum each. */
static void
bound_hogs(int n)
{
	struct sim_task *t[8];
	char name[16];

	sim_boot(2);
	sim_run_until(T0);
	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "hog%d", i);
		t[i] = pinned(strdup(name), 0);
		sim_hog(t[i]);
	}
	start_all(t, n);
	sim_run_until(T0 + 3 * SEC);
	sim_account_all();
	sim_info("%d hogs, RR %.3f ms: bound (n-1) x RR", n, rr_ns() / 1e6);
	judge(t, n, bound_equal);
}

static void
rsdl_bound_2(void)
{
	bound_hogs(2);
}

static void
rsdl_bound_5(void)
{
	bound_hogs(5);
}

/* Mixed nice levels, sleepers and a yielder on one CPU: every task runs
 * within one rotation of everybody else's entitlement. */
static void
rsdl_bound_mixed(void)
{
	struct sim_task *t[7];
	int n = 0;

	sim_boot(2);
	sim_run_until(T0);
	t[n] = pinned("hog0", 0);
	sim_hog(t[n++]);
	t[n] = pinned("hog5", 5);
	sim_hog(t[n++]);
	t[n] = pinned("hog19", 19);
	sim_hog(t[n++]);
	t[n] = pinned("hog-5", -5);
	sim_hog(t[n++]);
	t[n] = pinned("sleep0", 0);
	sim_sleeper(t[n++], 2 * MS, 7 * MS);
	t[n] = pinned("sleep10", 10);
	sim_sleeper(t[n++], 500 * US, 3 * MS);
	t[n] = pinned("yield0", 0);
	sim_yielder(t[n++], 300 * US);
	start_all(t, n);
	sim_run_until(T0 + 5 * SEC);
	sim_account_all();
	sim_info("mixed, RR %.3f ms: bound RR x sum of the others' levels + 1 tick",
		 rr_ns() / 1e6);
	judge(t, n, bound_rotation);
}

/* Seed 002: 8 spinners on 4 CPUs switch about ncpu * 1000 / RR times a
 * second (RR as the macro rounds it at this HZ). */
static void
switch_rate(int64_t ms)
{
	struct sim_task *t[8];
	uint64_t s0 = 0, s1 = 0;
	double rate, want;
	char name[16];

	sim_boot(4);
	if (ms)
		set_tunable("rsdl_rr_interval_ms", ms);
	sim_run_until(T0);
	for (int i = 0; i < 8; i++) {
		snprintf(name, sizeof(name), "spin%d", i);
		t[i] = sim_task_new(strdup(name));
		sim_hog(t[i]);
		sim_start(t[i], i % 4);
	}
	sim_run_until(T0 + SEC);
	for (int c = 0; c < 4; c++)
		s0 += cpu_rq(c)->stats.switches;
	sim_run_until(T0 + 3 * SEC);
	for (int c = 0; c < 4; c++)
		s1 += cpu_rq(c)->stats.switches;
	rate = (double)(s1 - s0) / 2.0;
	want = 4.0 * 1e9 / (double)rr_ns();
	sim_info("rr_interval %lld ms (%.3f ms at HZ=%u): %.1f switches/s, "
		 "predicted %.1f (ncpu x 1000 / RR)",
		 (long long)*tunable_find("rsdl_rr_interval_ms")->var,
		 rr_ns() / 1e6, hz, rate, want);
	if (rate < want * 0.9 || rate > want * 1.1)
		sim_fail("%.1f switches/s, not within 10%% of %.1f", rate, want);
}

static void
rsdl_switch_rate(void)
{
	switch_rate(0);
}

static void
rsdl_switch_rate_12(void)
{
	switch_rate(12);
}

/* Nice is a number of levels: 20 for nice 0, 1 for nice 19. */
static void
rsdl_nice_ratio(void)
{
	struct sim_task *t[2];
	uint64_t a0, b0;
	double ratio;

	sim_boot(2);
	sim_run_until(T0);
	t[0] = pinned("nice0", 0);
	t[1] = pinned("nice19", 19);
	sim_hog(t[0]);
	sim_hog(t[1]);
	start_all(t, 2);
	sim_run_until(T0 + SEC);
	sim_account_all();
	a0 = t[0]->ran_ns;
	b0 = t[1]->ran_ns;
	sim_run_until(T0 + 5 * SEC);
	sim_account_all();
	ratio = (double)(t[0]->ran_ns - a0) / (double)(t[1]->ran_ns - b0 + 1);
	sim_info("over 4 s: nice 0 %.1f ms, nice 19 %.1f ms, ratio %.2f (20 levels "
		 "to 1)", (t[0]->ran_ns - a0) / 1e6, (t[1]->ran_ns - b0) / 1e6,
		 ratio);
	if (ratio < 18.0 || ratio > 22.0)
		sim_fail("nice 0 / nice 19 CPU ratio %.2f, not 20 +- 10%%", ratio);
}

const struct scenario policy_scenarios[] = {
	{ "rsdl-bound-2", rsdl_bound_2 },
	{ "rsdl-bound-5", rsdl_bound_5 },
	{ "rsdl-bound-mixed", rsdl_bound_mixed },
	{ "rsdl-switch-rate", rsdl_switch_rate },
	{ "rsdl-switch-rate-12", rsdl_switch_rate_12 },
	{ "rsdl-nice-ratio", rsdl_nice_ratio },
};
const int policy_count = sizeof(policy_scenarios) / sizeof(policy_scenarios[0]);
