/*
 * lab3.c - the host scenarios of lab 3, MLFQ and interactivity
 * (docs/course/lab3-mlfq.md).  Every scenario runs on one CPU, so what
 * they measure is the policy's alone; the figures are judged by
 * tools/course/lab3.json.
 *
 * Wakeup latency is measured as cyclictest does: from the time a task
 * asked to wake (its sleep's deadline) to the time it runs.  The timer
 * fires at the first tick after the deadline, so up to one tick (1 ms)
 * of it is the timer's under every policy.
 */
#include <stdio.h>
#include <stdlib.h>
#include "tests/host/lab.h"
#include "tests/host/scenario.h"

#define LAT_MAX		4096

/* The tasks whose wakeups are timed, and what was seen. */
static struct sim_task *timed[16];
static uint64_t timed_sleeps[16];
static int ntimed;
static uint64_t lat[LAT_MAX];
static int nlat;
static void (*chained)(int, struct sim_task *, struct sim_task *);

/* At a switch to a timed task: if it slept since it last ran, it is
 * running its wakeup now. */
static void
time_wakeup(int cpu, struct sim_task *prev, struct sim_task *next)
{
	if (chained)
		chained(cpu, prev, next);
	for (int i = 0; i < ntimed; i++) {
		if (next != timed[i] || next->sleeps == timed_sleeps[i])
			continue;
		timed_sleeps[i] = next->sleeps;
		if (nlat < LAT_MAX && sim_now >= next->deadline)
			lat[nlat++] = sim_now - next->deadline;
	}
}

/* Time the wakeups of t from now on (call after sim_record_runs, which
 * this chains to). */
static void
lat_watch(struct sim_task *t)
{
	if (ntimed == 0) {
		chained = sim_on_switch;
		sim_on_switch = time_wakeup;
	}
	timed_sleeps[ntimed] = t->sleeps;
	timed[ntimed++] = t;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The latencies recorded since the last lat_report: median, mean, 90th
 * percentile in ms, and their number, as figures prefix_*. */
static void
lat_report(const char *prefix)
{
	char key[48];
	double sum = 0;

	if (nlat == 0) {
		sim_fail("%s: no timed wakeup ran", prefix);
		return;
	}
	qsort(lat, (size_t)nlat, sizeof(lat[0]), cmp_u64);
	for (int i = 0; i < nlat; i++)
		sum += lat[i];
	snprintf(key, sizeof(key), "%s_median_ms", prefix);
	lab_measure(key, lat[nlat / 2] / 1e6);
	snprintf(key, sizeof(key), "%s_mean_ms", prefix);
	lab_measure(key, sum / nlat / 1e6);
	snprintf(key, sizeof(key), "%s_p90_ms", prefix);
	lab_measure(key, lat[nlat * 9 / 10] / 1e6);
	snprintf(key, sizeof(key), "%s_wakeups", prefix);
	lab_measure(key, nlat);
	nlat = 0;
}

/* An interactive task: 1 ms of CPU, then it sleeps 19 ms (a 50 Hz
 * frame), using 5% of the CPU. */
static struct sim_task *
interactive(const char *name)
{
	struct sim_task *t = sim_task_new(name);

	sim_sleeper(t, 1 * MS, 19 * MS);
	sim_start(t, 0);
	return t;
}

static double
share_of(struct sim_task *a, uint64_t a0, struct sim_task *b, uint64_t b0)
{
	uint64_t x = a->ran_ns - a0, y = b->ran_ns - b0;

	return x + y ? x / (double)(x + y) : 0;
}

/* Rules 3 and 4: a hog has run alone for 500 ms (it is at the bottom by
 * now) when a second hog arrives.  The newcomer runs at once and keeps
 * the CPU while it works through its allotments at the upper levels;
 * then, at the bottom too, the two share.  (It arrives 465 ms after
 * boot, between two boosts of the default 100 ms period.) */
static void
lab3_new_top(void)
{
	struct sim_task *a, *b;
	uint64_t arrive, a0, b0, wait;

	sim_boot(1);
	sim_run_until(LAB_T0);
	a = lab_hog("old", 0, 0);
	sim_run_until(LAB_T0 + 455 * MS);	/* not just after a boost */
	sim_account_all();
	arrive = sim_now;
	sim_record_runs(0);
	b = lab_hog("new", 0, 0);
	sim_run_until(arrive + 25 * MS);
	sim_account_all();
	wait = lab_first_run(b, arrive);
	lab_measure("newcomer_wait_ms", wait == SIM_NEVER ? 25.0 : wait / 1e6);
	lab_measure("newcomer_share_25ms", b->ran_ns / (25.0 * MS));
	a0 = a->ran_ns;
	b0 = b->ran_ns;
	sim_run_until(arrive + 2 * SEC);
	sim_account_all();
	lab_measure("newcomer_share_later", share_of(b, b0, a, a0));
}

/* One CPU, idle for LAB_T0, then three hogs. */
static void
boot_three_hogs(void)
{
	sim_boot(1);
	sim_run_until(LAB_T0);
	for (int i = 0; i < 3; i++)
		lab_hog(i == 0 ? "hogA" : i == 1 ? "hogB" : "hogC", 0, 0);
}

/* Three hogs and an interactive task: it wakes 50 times a second and
 * must run at once, not after the hogs' quanta. */
static void
lab3_interactive(void)
{
	struct sim_task *it;

	boot_three_hogs();
	it = interactive("interactive");
	sim_run_until(LAB_T0 + 200 * MS);
	lat_watch(it);
	sim_run_until(LAB_T0 + 2200 * MS);
	lat_report("latency");
}

/* Rule 5 against starvation: a hog at the bottom, then a stream of new
 * jobs, one every 10 ms, each needing 10 ms of CPU.  New jobs start at
 * the top (rule 3) and between them keep it busy: without a boost the
 * hog never runs again.  With one it is at the top again every boost
 * period, for its top allotment: 10 ms of every 100 by default. */
static void
lab3_boost(void)
{
	struct sim_task *hog, *job;
	uint64_t from, h0;
	char name[16];

	sim_boot(1);
	sim_run_until(LAB_T0);
	hog = lab_hog("hog", 0, 0);
	sim_run_until(LAB_T0 + 300 * MS);
	sim_account_all();
	from = sim_now;
	h0 = hog->ran_ns;
	for (int i = 0; i < 150; i++) {
		sim_run_until(from + (uint64_t)i * 10 * MS);
		snprintf(name, sizeof(name), "job%d", i);
		job = sim_task_new(strdup(name));
		sim_runner(job, 10 * MS);
		sim_start(job, 0);
	}
	sim_run_until(from + 1500 * MS);
	sim_account_all();
	lab_measure("hog_share", (hog->ran_ns - h0) / (1.5 * SEC));
}

/* Rule 5, the other half: a task that was a hog for 300 ms of CPU (at the
 * bottom with three others by then) turns interactive, 1 ms every 20 ms.
 * Rule 4 never moves a task up: only a boost brings it back to the top,
 * where its wakeups are served at once. */
static void
lab3_phase(void)
{
	struct sim_task *t;

	boot_three_hogs();
	t = sim_task_new("phase");
	sim_sleeper(t, 1 * MS, 19 * MS);
	sim_user(t, 300 * MS);		/* its first burst: a hog's */
	sim_start(t, 0);
	sim_run_until(LAB_T0 + 1500 * MS);
	if (t->sleeps == 0)
		sim_fail("the task never finished its 300 ms first burst");
	lat_watch(t);
	sim_run_until(LAB_T0 + 3500 * MS);
	lat_report("latency");
}

/* Gaming (rule 4): a task that gives the CPU up just before its quantum
 * ends, beside a hog and an interactive task.  If giving it up reset its
 * allotment it would stay at the top for good: most of the CPU against
 * the hog, and the interactive task waiting behind it. */
static void
gaming(int by_sleep)
{
	struct sim_task *hog, *gamer, *it;
	uint64_t h0, g0;

	sim_boot(1);
	sim_run_until(LAB_T0);
	hog = lab_hog("hog", 0, 0);
	gamer = sim_task_new("gamer");
	if (by_sleep)
		sim_sleeper(gamer, 9 * MS, 1 * MS);
	else
		sim_yielder(gamer, 9 * MS);
	sim_start(gamer, 0);
	it = interactive("interactive");
	sim_run_until(LAB_T0 + 200 * MS);
	sim_account_all();
	h0 = hog->ran_ns;
	g0 = gamer->ran_ns;
	lat_watch(it);
	sim_run_until(LAB_T0 + 2200 * MS);
	sim_account_all();
	lab_measure("gamer_share", share_of(gamer, g0, hog, h0));
	lat_report("latency");
}

static void
lab3_gaming_yield(void)
{
	gaming(0);
}

static void
lab3_gaming_sleep(void)
{
	gaming(1);
}

const struct scenario policy_scenarios[] = {
	{ "lab3-new-top", lab3_new_top },
	{ "lab3-interactive", lab3_interactive },
	{ "lab3-boost", lab3_boost },
	{ "lab3-phase", lab3_phase },
	{ "lab3-gaming-yield", lab3_gaming_yield },
	{ "lab3-gaming-sleep", lab3_gaming_sleep },
};
const int policy_count = sizeof(policy_scenarios) / sizeof(policy_scenarios[0]);
