/*
 * lab4.c - the host scenarios of lab 4, placement and balancing on 4 CPUs
 * (docs/course/lab4-smp.md).  Tasks are started on CPU 0, so where they
 * end up is the policy's select_cpu and balance hooks' doing (and the
 * core's newly-idle pull); the figures are judged by
 * tools/course/lab4.json.  The simulator itself fails a scenario if a
 * task ever runs outside its affinity.
 */
#include <stdio.h>
#include "tests/host/lab.h"
#include "tests/host/scenario.h"

/* The least and the most CPU share of tasks t[0..n) since mark. */
static void
share_range(struct sim_task **t, uint64_t *mark, int n, uint64_t ns,
	    double *least, double *most)
{
	sim_account_all();
	*least = 1e9;
	*most = 0;
	for (int i = 0; i < n; i++) {
		double s = (t[i]->ran_ns - mark[i]) / (double)ns;
		if (s < *least)
			*least = s;
		if (s > *most)
			*most = s;
		mark[i] = t[i]->ran_ns;
	}
}

static void
mark_all(struct sim_task **t, uint64_t *mark, int n)
{
	sim_account_all();
	for (int i = 0; i < n; i++)
		mark[i] = t[i]->ran_ns;
}

static uint64_t
migrations(struct sim_task **t, int n)
{
	uint64_t m = 0;

	for (int i = 0; i < n; i++)
		m += t[i]->task.migrations;
	return m;
}

static struct sim_task *
hogs(struct sim_task **t, int n, const char *prefix, uint32_t mask)
{
	char name[16];

	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "%s%d", prefix, i);
		t[i] = sim_task_new(strdup(name));
		t[i]->mask = mask;
		sim_hog(t[i]);
		sim_start(t[i], 0);
	}
	return t[0];
}

/* N tasks on N CPUs: four hogs started on CPU 0 each get a CPU of their
 * own, from the first 100 ms on. */
static void
lab4_spread(void)
{
	struct sim_task *t[4];
	uint64_t mark[4];
	double least, most;

	sim_boot(4);
	sim_run_until(LAB_T0);
	hogs(t, 4, "hog", 0);
	mark_all(t, mark, 4);
	sim_run_until(LAB_T0 + 100 * MS);
	share_range(t, mark, 4, 100 * MS, &least, &most);
	lab_measure("least_share_first_100ms", least);
	sim_run_until(LAB_T0 + 1100 * MS);
	share_range(t, mark, 4, SEC, &least, &most);
	lab_measure("least_share", least);
}

/* N+1 hogs on N CPUs: one CPU always has two, so only taking turns at it
 * gives each hog 4/5 of a CPU. */
static void
lab4_nplus1(void)
{
	struct sim_task *t[5];
	uint64_t mark[5];
	double least, most;

	sim_boot(4);
	sim_run_until(LAB_T0);
	hogs(t, 5, "hog", 0);
	sim_run_until(LAB_T0 + 500 * MS);
	mark_all(t, mark, 5);
	sim_run_until(LAB_T0 + 4500 * MS);
	share_range(t, mark, 5, 4 * SEC, &least, &most);
	lab_measure("least_share", least);
	lab_measure("most_share", most);
	lab_measure("migrations_per_s", migrations(t, 5) / 4.5);
}

/* Pinned tasks: two hogs pinned to CPU 0 and a sleeper pinned to CPU 3
 * stay there (the simulator checks every run), and the three unpinned
 * hogs, started on CPU 0 as well, find CPUs of their own rather than
 * waiting beside the pinned pair.  A balancer that only counts tasks sees
 * CPU 0 as the busiest for good and must not get stuck on it. */
static void
lab4_pinned(void)
{
	struct sim_task *pin[2], *free_[3], *sl;
	uint64_t pmark[2], fmark[3];
	double pl, pm, fl, fm;

	sim_boot(4);
	sim_run_until(LAB_T0);
	hogs(pin, 2, "pinned", 0x1);
	sl = sim_task_new("sleeper3");
	sl->mask = 0x8;
	sim_sleeper(sl, 1 * MS, 9 * MS);
	sim_start(sl, 0);
	hogs(free_, 3, "free", 0xf);
	sim_run_until(LAB_T0 + 300 * MS);
	mark_all(pin, pmark, 2);
	mark_all(free_, fmark, 3);
	sim_run_until(LAB_T0 + 2300 * MS);
	share_range(pin, pmark, 2, 2 * SEC, &pl, &pm);
	share_range(free_, fmark, 3, 2 * SEC, &fl, &fm);
	lab_measure("pinned_least_share", pl);
	lab_measure("unpinned_least_share", fl);
	lab_measure("sleeper_wakeups", (double)sl->wakeups);
}

/* Wake-affine: two pipe pairs (sync wakeups: the writer is about to wait
 * for the answer) started on CPU 0 of four.  Each pair belongs on one
 * CPU, where the reader runs as soon as the writer sleeps, rather than
 * spread over two idle CPUs and waking each other across them; and the
 * two pairs on two different CPUs. */
static void
lab4_wake_affine(void)
{
	static struct sim_chan ab[2], ba[2];
	struct sim_task *t[4];
	uint64_t local0 = 0, remote0 = 0, local = 0, remote = 0;
	uint64_t idle0[MAX_CPUS];
	double busy[4], top2;
	char name[16];

	sim_boot(4);
	sim_run_until(LAB_T0);
	for (int i = 0; i < 2; i++) {
		sim_chan_init(&ab[i]);
		sim_chan_init(&ba[i]);
		snprintf(name, sizeof(name), "ping%d", i);
		t[2 * i] = sim_task_new(strdup(name));
		sim_pinger(t[2 * i], &ba[i], &ab[i], 200 * US, 1);
		snprintf(name, sizeof(name), "pong%d", i);
		t[2 * i + 1] = sim_task_new(strdup(name));
		sim_ponger(t[2 * i + 1], &ab[i], &ba[i], 200 * US, 1);
		sim_start(t[2 * i + 1], 0);
		sim_start(t[2 * i], 0);
	}
	sim_run_until(LAB_T0 + 100 * MS);
	sim_account_all();
	for (int c = 0; c < 4; c++) {
		local0 += cpu_rq(c)->stats.ttwu_local;
		remote0 += cpu_rq(c)->stats.ttwu_remote;
		idle0[c] = sim_cpus[c].idle_ns;
	}
	sim_run_until(LAB_T0 + 1100 * MS);
	sim_account_all();
	for (int c = 0; c < 4; c++) {
		busy[c] = 1.0 - (sim_cpus[c].idle_ns - idle0[c]) / (double)SEC;
		local += cpu_rq(c)->stats.ttwu_local;
		remote += cpu_rq(c)->stats.ttwu_remote;
	}
	local -= local0;
	remote -= remote0;
	if (local + remote == 0) {
		sim_fail("no wakeup in 1 s of two pipe pairs");
		return;
	}
	for (int i = 1; i < 4; i++)		/* busiest first */
		for (int j = i; j > 0 && busy[j - 1] < busy[j]; j--) {
			double x = busy[j];
			busy[j] = busy[j - 1];
			busy[j - 1] = x;
		}
	top2 = busy[1];
	lab_measure("local_wakeups", local / (double)(local + remote));
	lab_measure("second_busiest_cpu", top2);
	lab_measure("exchanges", (double)(t[0]->wakeups + t[2]->wakeups));
}

/* A migration budget: four hogs and four tasks that run 2 ms of every
 * 10, all started on CPU 0.  The load changes every few ms as the
 * sleepers come and go; a balancer that chases every difference moves
 * tasks back and forth all the time.  Spreading the hogs takes three
 * migrations; after that there is little to gain. */
static void
lab4_migrations(void)
{
	struct sim_task *h[4], *s[4];
	uint64_t mark[4], m0;
	double least, most;
	char name[16];

	sim_boot(4);
	sim_run_until(LAB_T0);
	hogs(h, 4, "hog", 0);
	for (int i = 0; i < 4; i++) {
		snprintf(name, sizeof(name), "sleeper%d", i);
		s[i] = sim_task_new(strdup(name));
		sim_sleeper(s[i], 2 * MS, 8 * MS);
		sim_start(s[i], 0);
	}
	sim_run_until(LAB_T0 + 500 * MS);
	mark_all(h, mark, 4);
	m0 = migrations(h, 4) + migrations(s, 4);
	sim_run_until(LAB_T0 + 2500 * MS);
	share_range(h, mark, 4, 2 * SEC, &least, &most);
	lab_measure("migrations_per_s",
		    (migrations(h, 4) + migrations(s, 4) - m0) / 2.0);
	lab_measure("hog_least_share", least);
}

const struct scenario policy_scenarios[] = {
	{ "lab4-spread", lab4_spread },
	{ "lab4-nplus1", lab4_nplus1 },
	{ "lab4-pinned", lab4_pinned },
	{ "lab4-wake-affine", lab4_wake_affine },
	{ "lab4-migrations", lab4_migrations },
};
const int policy_count = sizeof(policy_scenarios) / sizeof(policy_scenarios[0]);
