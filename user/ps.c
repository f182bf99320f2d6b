/*
 * ps.c - /bin/ps: list every task (thread), one line each.
 *
 *   ps [-a]     PID TID PPID S CLS CPU AFFINITY NI PR KEY TIME COMMAND
 *   ps -c       ... and context switches (voluntary, involuntary),
 *               migrations between CPUs and the task's own slice in us
 *               (sched_setslice, see slice(1); - for the policy's)
 *
 * PID is the process, TID the thread (equal for a main thread).  S is
 * R (running or runnable), S (sleeping), T (stopped) or Z (zombie).  CPU
 * is where it last ran, AFFINITY the CPUs it may run on as a hex mask (as
 * taskset prints it: f = CPUs 0-3), PR the policy's priority (as top shows it), KEY the policy's
 * sort key in ns (vruntime, deadline, ...; its meaning depends on the
 * policy), TIME the CPU time used, user + system, as m:ss.cc.
 *
 * System calls: taskinfo (Quanta's), write.
 */
#include <errno.h>
#include <quanta.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* All tasks, in a buffer that grows until they fit; returns the count. */
static int
get_tasks(struct q_taskinfo **out)
{
	struct q_taskinfo *t = NULL;
	int max = 64, n;

	for (;;) {
		free(t);
		if (!(t = malloc(max * sizeof(*t))))
			return -1;
		if ((n = q_taskinfo(t, max)) < max)
			break;
		max *= 2;
	}
	*out = t;
	return n;
}

/* By process, then by thread. */
static int
by_pid(const void *a, const void *b)
{
	const struct q_taskinfo *x = a, *y = b;

	if (x->tgid != y->tgid)
		return x->tgid < y->tgid ? -1 : 1;
	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

/* ns as m:ss.cc */
static void
print_time(uint64_t ns)
{
	uint64_t cs = ns / 10000000;		/* hundredths of a second */

	printf("%3llu:%02llu.%02llu", cs / 6000, cs / 100 % 60, cs % 100);
}

/* procps's CLS column: TS (SCHED_OTHER), FF, RR, B, IDL. */
static const char *
class_name(int policy)
{
	switch (policy) {
	case Q_SCHED_FIFO: return "FF";
	case Q_SCHED_RR: return "RR";
	case Q_SCHED_BATCH: return "B";
	case Q_SCHED_IDLE: return "IDL";
	}
	return "TS";
}

static void
usage(void)
{
	fprintf(stderr, "usage: ps [-a] [-c]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	struct q_taskinfo *t;
	int n, opt, csw = 0;

	while ((opt = getopt(argc, argv, "ac")) != -1) {
		if (opt == 'c')
			csw = 1;
		else if (opt != 'a')
			usage();
	}
	if ((n = get_tasks(&t)) < 0) {
		fprintf(stderr, "ps: %s\n", strerror(errno));
		return 1;
	}
	qsort(t, n, sizeof(*t), by_pid);
	printf("  PID   TID  PPID S CLS CPU AFFINITY  NI  PR          KEY"
	       "      TIME");
	printf(csw ? "   VCSW  IVCSW  MIGR  SLICE COMMAND\n" : " COMMAND\n");
	for (int i = 0; i < n; i++) {
		printf("%5d %5d %5d %c %3s %3d %8x %3d %3d %12lld ",
		       t[i].tgid, t[i].pid, t[i].ppid, t[i].state,
		       class_name(t[i].policy), t[i].cpu, t[i].affinity,
		       t[i].nice, t[i].prio, (long long)t[i].key);
		print_time(t[i].utime_ns + t[i].stime_ns);
		if (csw && t[i].slice_ns)
			printf(" %6u %6u %5u %6u", t[i].nvcsw, t[i].nivcsw,
			       t[i].migrations, t[i].slice_ns / 1000);
		else if (csw)
			printf(" %6u %6u %5u      -", t[i].nvcsw, t[i].nivcsw,
			       t[i].migrations);
		printf(" %.*s\n", Q_COMM_LEN, t[i].comm);
	}
	return 0;
}
