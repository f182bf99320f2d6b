/*
 * lab.h - what the scheduler labs' host scenarios (lab1.c, lab2.c) share.
 *
 * A lab scenario measures and reports; the grader (tools/course/grade.py)
 * judges each figure against the bounds in the lab's definition
 * (tools/course/lab1.json, lab2.json), so a teacher changes a tolerance there, not
 * here.  A figure is a line "  # <policy>/<scenario>: measure NAME=VALUE".
 * sim_fail() is kept for what no tolerance can excuse: a task that never
 * ran, a machine that did nothing.
 */
#ifndef TESTS_HOST_LAB_H
#define TESTS_HOST_LAB_H

#include <string.h>
#include "kernel/sched/sched.h"
#include "tests/host/sim.h"

#define LAB_T0	(10 * MS)	/* the machine idles this long first */

static inline void
lab_measure(const char *name, double value)
{
	sim_info("measure %s=%.4f", name, value);
}

/* A hog forked on cpu (the core may place it elsewhere), at nice.  It is
 * forked from whatever cpu runs, maybe another hog, whose nice it
 * inherits: hence the nice is always set. */
static inline struct sim_task *
lab_hog(const char *name, int cpu, int nice)
{
	struct sim_task *t = sim_task_new(strdup(name));

	sim_hog(t);
	sim_start(t, cpu);
	sched_set_nice(&t->task, nice);
	return t;
}

/* When t first ran after since, in ns after since (SIM_NEVER: never),
 * from the record of sim_record_runs() started at since. */
static inline uint64_t
lab_first_run(struct sim_task *t, uint64_t since)
{
	for (int i = 0; i < sim_nruns; i++)
		if (sim_runs[i].t == t)
			return sim_runs[i].start - since;
	return t->running_on >= 0 ? t->last_in - since : SIM_NEVER;
}

#endif
