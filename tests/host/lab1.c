/*
 * lab1.c - the host scenarios of lab 1, round-robin on 4 CPUs
 * (docs/course/lab1-rr.md).  Linked as a policy's own scenarios into
 * build/host/grade-<tag> with the student's policy; the figures are judged
 * by tools/course/lab1.json.
 */
#include <stdio.h>
#include "kernel/cpu.h"
#include "tests/host/lab.h"
#include "tests/host/scenario.h"

/* One CPU: a hog runs alone, a second hog arrives.  It must get the CPU
 * within a timeslice and half of it from then on. */
static void
lab1_preempt(void)
{
	struct sim_task *a, *b;
	uint64_t start, arrive, wait;

	sim_boot(1);
	sim_run_until(LAB_T0);
	a = lab_hog("A", 0, 0);
	sim_run_until(LAB_T0 + 55 * MS);
	sim_account_all();
	start = a->ran_ns;
	arrive = sim_now;
	sim_record_runs(0);
	b = lab_hog("B", 0, 0);
	sim_run_until(LAB_T0 + 55 * MS + SEC);
	sim_account_all();
	if (!b->switched_in)
		sim_fail("B never ran beside the hog A");
	lab_measure("newcomer_share", b->ran_ns / (double)SEC);
	lab_measure("hog_share", (a->ran_ns - start) / (double)SEC);
	wait = lab_first_run(b, arrive);
	lab_measure("newcomer_wait_ms", wait == SIM_NEVER ? 1000.0 : wait / 1e6);
}

/* The longest time t waited between two of its stretches, in ms. */
static double
longest_wait_ms(struct sim_task *t, uint64_t until)
{
	uint64_t last_end = 0, worst = 0;
	int seen = 0;

	for (int i = 0; i < sim_nruns; i++) {
		if (sim_runs[i].t != t)
			continue;
		if (seen && sim_runs[i].start - last_end > worst)
			worst = sim_runs[i].start - last_end;
		last_end = sim_runs[i].start + sim_runs[i].ns;
		seen = 1;
	}
	if (!seen)
		return until / 1e6;
	if (t->running_on < 0 && until - last_end > worst)
		worst = until - last_end;	/* still waiting at the end */
	return worst / 1e6;
}

/* Four CPUs, ten hogs: nobody waits long, everybody gets a fair part of
 * the machine (4/10 of a CPU each, give or take the balancer). */
static void
lab1_starvation(void)
{
	struct sim_task *hog[10];
	double worst = 0, least = 1.0;
	uint64_t from;
	char name[8];

	sim_boot(4);
	sim_run_until(LAB_T0);
	for (int i = 0; i < 10; i++) {
		snprintf(name, sizeof(name), "hog%d", i);
		hog[i] = lab_hog(name, i % 4, 0);
	}
	sim_run_until(LAB_T0 + 500 * MS);	/* the balancer settles */
	sim_account_all();
	from = sim_now;
	for (int i = 0; i < 10; i++)
		hog[i]->priv = (void *)(uintptr_t)hog[i]->ran_ns;
	sim_record_runs(0);
	sim_run_until(from + 2 * SEC);
	sim_account_all();
	for (int i = 0; i < 10; i++) {
		double w = longest_wait_ms(hog[i], sim_now);
		double s = (hog[i]->ran_ns - (uintptr_t)hog[i]->priv) /
			   (2.0 * SEC);
		if (w > worst)
			worst = w;
		if (s < least)
			least = s;
	}
	lab_measure("longest_wait_ms", worst);
	lab_measure("least_cpu_share", least);
}

/* One CPU, three hogs: the typical stretch one runs is the timeslice. */
static void
lab1_timeslice(void)
{
	uint64_t ns[64];
	int n = 0;

	sim_boot(1);
	sim_run_until(LAB_T0);
	for (int i = 0; i < 3; i++)
		lab_hog(i == 0 ? "A" : i == 1 ? "B" : "C", 0, 0);
	sim_record_runs(0);
	sim_run_until(LAB_T0 + 500 * MS);
	for (int i = 1; i < sim_nruns && n < 64; i++)	/* 0: partial */
		ns[n++] = sim_runs[i].ns;
	if (n < 3) {
		sim_fail("only %d switches in 500 ms among three hogs", n);
		lab_measure("median_slice_ms", 500.0);
		return;
	}
	for (int i = 1; i < n; i++)			/* insertion sort */
		for (int j = i; j > 0 && ns[j - 1] > ns[j]; j--) {
			uint64_t x = ns[j];
			ns[j] = ns[j - 1];
			ns[j - 1] = x;
		}
	lab_measure("median_slice_ms", ns[n / 2] / 1e6);
	lab_measure("switches", n);
}

/* Four CPUs and one task that sleeps 49 ms of every 50: every CPU is
 * idle (halted in the idle task) nearly all the time, and the task still
 * wakes up every time. */
static void
lab1_idle(void)
{
	struct sim_task *s;
	uint64_t idle0[MAX_CPUS];
	double least = 100.0;

	sim_boot(4);
	sim_run_until(LAB_T0);
	s = sim_task_new("sleeper");
	sim_sleeper(s, 1 * MS, 49 * MS);
	sim_start(s, 1);
	sim_run_until(LAB_T0 + 100 * MS);
	sim_account_all();
	for (int c = 0; c < 4; c++)
		idle0[c] = sim_cpus[c].idle_ns;
	sim_run_until(LAB_T0 + 1100 * MS);
	sim_account_all();
	for (int c = 0; c < 4; c++) {
		double pct = 100.0 * (sim_cpus[c].idle_ns - idle0[c]) / SEC;
		if (pct < least)
			least = pct;
	}
	lab_measure("least_idle_pct", least);
	lab_measure("wakeups", (double)s->wakeups);
}

const struct scenario policy_scenarios[] = {
	{ "lab1-preempt", lab1_preempt },
	{ "lab1-starvation", lab1_starvation },
	{ "lab1-timeslice", lab1_timeslice },
	{ "lab1-idle", lab1_idle },
};
const int policy_count = sizeof(policy_scenarios) / sizeof(policy_scenarios[0]);
