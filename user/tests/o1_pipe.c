/*
 * o1_pipe - seed mail 000's pipe context-switcher under the O(1) policy,
 * watching both tasks' priorities (kernel/sched/o1.c).
 *
 * The writer (parent) makes COUNT one-byte writes to a pipe, the forked
 * reader COUNT one-byte reads, as in Guillaume Chazarain's test ("Re:
 * [PATCH]O18.1int", 28 Aug 2003).  Every SAMPLE writes the writer reads
 * both tasks' PR with q_taskinfo.  Run twice: with the interactivity bonus
 * (o1_interactive=1) the two ends must settle at least two levels apart,
 * and without it (0, the mail's "nobonus") at the same priority.  The
 * verdict uses the second half of the samples, after the sleep_avg
 * history of fork has washed out.  Both tasks are pinned to CPU 0, so a
 * 4-CPU machine behaves like the mail's uniprocessor Pentium III.
 *
 * Under another policy (no o1_interactive tunable) it checks nothing.
 */
#include <quanta.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

#define COUNT		(256 * 1024)
#define SAMPLE		2048
#define NSAMPLES	(COUNT / SAMPLE)

static struct q_taskinfo tasks[256];

struct result {
	int gap_min, gap_max;		/* |writer PR - reader PR|, 2nd half */
	int wpr, rpr;			/* last sample */
	double secs;
};

static int
find_tunable(const char *name, struct q_tunable *t)
{
	for (int i = 0; q_tunable_get(i, t) == 0; i++)
		if (strcmp(t->name, name) == 0)
			return 0;
	return -1;
}

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* PR of tasks w and r, or -100 if not found. */
static void
sample(pid_t w, pid_t r, int *wpr, int *rpr)
{
	int n = q_taskinfo(tasks, 256);

	*wpr = *rpr = -100;
	for (int i = 0; i < n; i++) {
		if (tasks[i].pid == w)
			*wpr = tasks[i].prio;
		else if (tasks[i].pid == r)
			*rpr = tasks[i].prio;
	}
}

static void
reader(int fd)
{
	char c;

	for (int i = 0; i < COUNT; i++)
		if (read(fd, &c, 1) != 1)
			exit(1);
	exit(0);
}

static void
run(struct result *res)
{
	int fd[2], st, wpr, rpr, s = 0, short_writes = 0;
	char c = 0;
	pid_t child;
	double t0 = now_s();

	res->gap_min = 100;
	res->gap_max = -1;
	CHECK_EQ(pipe(fd), 0);
	child = fork();
	if (child == 0) {
		close(fd[1]);
		reader(fd[0]);
	}
	close(fd[0]);
	for (int i = 0; i < COUNT; i++) {
		if (write(fd[1], &c, 1) != 1)
			short_writes++;
		if (i % SAMPLE != SAMPLE - 1)
			continue;
		sample(getpid(), child, &wpr, &rpr);
		if (++s > NSAMPLES / 2 && rpr != -100) {
			int gap = abs(wpr - rpr);
			res->gap_min = gap < res->gap_min ? gap : res->gap_min;
			res->gap_max = gap > res->gap_max ? gap : res->gap_max;
			res->wpr = wpr;
			res->rpr = rpr;
		}
	}
	close(fd[1]);
	CHECK_EQ(short_writes, 0);
	CHECK_EQ(waitpid(child, &st, 0), child);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	res->secs = now_s() - t0;
}

int
main(void)
{
	struct q_tunable t;
	struct result on, off;
	cpu_set_t one;
	long long saved;

	if (find_tunable("o1_interactive", &t) != 0) {
		printf("o1_pipe: not the o1 policy, nothing to check\n");
		check_done("o1_pipe");
	}
	saved = t.value;
	CPU_ZERO(&one);
	CPU_SET(0, &one);
	CHECK_EQ(sched_setaffinity(0, sizeof(one), &one), 0);
	CHECK_EQ(q_tunable_set("o1_interactive", 1), 0);
	run(&on);
	CHECK_EQ(q_tunable_set("o1_interactive", 0), 0);
	run(&off);
	CHECK_EQ(q_tunable_set("o1_interactive", saved), 0);
	printf("o1_pipe: bonus on:  %.2f s, writer PR %d, reader PR %d, "
	       "gap %d..%d\n", on.secs, on.wpr, on.rpr, on.gap_min, on.gap_max);
	printf("o1_pipe: bonus off: %.2f s, writer PR %d, reader PR %d, "
	       "gap %d..%d\n", off.secs, off.wpr, off.rpr, off.gap_min,
	       off.gap_max);
	CHECK(on.gap_max >= 0 && off.gap_max >= 0);	/* samples seen */
	CHECK(on.gap_min >= 2);
	CHECK_EQ(off.gap_max, 0);
	check_done("o1_pipe");
}
