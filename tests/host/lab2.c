/*
 * lab2.c - the host scenarios of lab 2, proportional share
 * (docs/course/lab2-share.md).  Nice maps to tickets as 20 - nice, so
 * nice 10, 0 and -10 hold 10, 20 and 30 tickets: shares 1:2:3.  Every
 * scenario runs on one CPU, so the shares are the policy's alone (no
 * balancer); the figures are judged by tools/course/lab2.json.
 */
#include <stdio.h>
#include "tests/host/lab.h"
#include "tests/host/scenario.h"

/* CPU time of n tasks since the last call for them, as shares. */
static void
shares_since(struct sim_task **t, uint64_t *mark, int n, double *share)
{
	uint64_t total = 0;

	sim_account_all();
	for (int i = 0; i < n; i++)
		total += t[i]->ran_ns - mark[i];
	for (int i = 0; i < n; i++) {
		share[i] = total ? (t[i]->ran_ns - mark[i]) / (double)total : 0;
		mark[i] = t[i]->ran_ns;
	}
}

/* Three hogs at nice 10, 0, -10 for 3 s: 1/6, 2/6 and 3/6 of the CPU. */
static void
lab2_share_123(void)
{
	static const int nice[3] = { 10, 0, -10 };
	struct sim_task *t[3];
	uint64_t mark[3] = { 0 };
	double share[3];
	char key[16];

	sim_boot(1);
	sim_run_until(LAB_T0);
	for (int i = 0; i < 3; i++) {
		snprintf(key, sizeof(key), "nice%d", nice[i]);
		t[i] = lab_hog(key, 0, nice[i]);
	}
	sim_run_until(LAB_T0 + 3 * SEC);
	shares_since(t, mark, 3, share);
	for (int i = 0; i < 3; i++) {
		snprintf(key, sizeof(key), "share_%d", i + 1);
		lab_measure(key, share[i]);
	}
}

/* Hogs at nice 10 and -10 (10 and 30 tickets) run alone for 2 s; a hog
 * at nice 0 (20 tickets) arrives.  Over the next 600 ms the three share
 * 1:3:2.  The newcomer must not get the CPU to itself because it is
 * "owed" the time before it existed, nor wait until it has "paid" it. */
static void
lab2_late_join(void)
{
	struct sim_task *t[3];
	uint64_t mark[3];
	double share[3];

	sim_boot(1);
	sim_run_until(LAB_T0);
	t[0] = lab_hog("nice10", 0, 10);
	t[1] = lab_hog("nice-10", 0, -10);
	sim_run_until(LAB_T0 + 2 * SEC);
	sim_account_all();
	t[2] = lab_hog("late", 0, 0);
	for (int i = 0; i < 3; i++)
		mark[i] = t[i]->ran_ns;
	sim_run_until(sim_now + 600 * MS);
	shares_since(t, mark, 3, share);
	lab_measure("share_1", share[0]);
	lab_measure("share_3", share[1]);
	lab_measure("newcomer_share", share[2]);
}

/* Two equal hogs; after 1 s one of them is reniced to -10 (30 tickets
 * against 20): over the next 2 s the shares are 0.6 and 0.4. */
static void
lab2_renice(void)
{
	struct sim_task *t[2];
	uint64_t mark[2] = { 0 };
	double share[2];

	sim_boot(1);
	sim_run_until(LAB_T0);
	t[0] = lab_hog("reniced", 0, 0);
	t[1] = lab_hog("other", 0, 0);
	sim_run_until(LAB_T0 + SEC);
	shares_since(t, mark, 2, share);
	lab_measure("share_before", share[0]);
	sched_set_nice(&t[0]->task, -10);
	sim_run_until(LAB_T0 + 3 * SEC);
	shares_since(t, mark, 2, share);
	lab_measure("share_after", share[0]);
}

/* A task at nice -10 (30 tickets) sleeps 1 s beside a hog at nice 0 (20
 * tickets), then wakes up a hog itself.  The time it slept is no credit:
 * from its wakeup on it gets its 0.6 of the CPU, it does not run alone
 * until it has "caught up". */
static void
lab2_wake_no_credit(void)
{
	struct sim_task *t[2];
	uint64_t mark[2];
	double share[2];

	sim_boot(1);
	sim_run_until(LAB_T0);
	t[0] = lab_hog("hog", 0, 0);
	t[1] = sim_task_new("sleeper");
	sim_sleeper(t[1], 1 * MS, SEC);
	sim_start(t[1], 0);
	sched_set_nice(&t[1]->task, -10);
	sim_run_until(LAB_T0 + 100 * MS);
	t[1]->run_ns = SIM_FOREVER;	/* what it runs after its wakeup */
	sim_run_until(LAB_T0 + 1100 * MS);
	sim_account_all();
	if (t[1]->wakeups == 0)
		sim_fail("the sleeper did not wake up after 1 s");
	mark[0] = t[0]->ran_ns;
	mark[1] = t[1]->ran_ns;
	sim_run_until(LAB_T0 + 1400 * MS);
	shares_since(t, mark, 2, share);
	lab_measure("woken_share", share[1]);
}

const struct scenario policy_scenarios[] = {
	{ "lab2-share-1-2-3", lab2_share_123 },
	{ "lab2-late-join", lab2_late_join },
	{ "lab2-renice", lab2_renice },
	{ "lab2-wake-no-credit", lab2_wake_no_credit },
};
const int policy_count = sizeof(policy_scenarios) / sizeof(policy_scenarios[0]);
