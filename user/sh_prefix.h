/*
 * sh_prefix.h - the command prefixes "nice", "taskset" and "chrt" of the shell
 * (user/sh.c), shared with the Linux peer's init (tools/lab/linux_init.c)
 * so that a lab workload means the same on both kernels.  Portable C: the
 * Quanta libc and glibc (with _GNU_SOURCE, for the CPU_SET macros) both
 * build it.  Each runs in the forked child about to exec: it applies
 * itself to the calling process and returns the rest of argv; a bad
 * argument ends the child with status 2.
 */
#ifndef USER_SH_PREFIX_H
#define USER_SH_PREFIX_H

#include <ctype.h>
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* "nice [-n N | -N] CMD...": lower CMD's priority by N (default 10);
 * without CMD, print the current nice value. */
static char **
prefix_nice(char **argv)
{
	int inc = 10;

	if (argv[0] && strcmp(argv[0], "-n") == 0 && argv[1]) {
		inc = atoi(argv[1]);
		argv += 2;
	} else if (argv[0] && argv[0][0] == '-' &&
		   isdigit((unsigned char)argv[0][1])) {
		inc = atoi(argv[0] + 1);
		argv++;
	}
	if (!argv[0]) {
		printf("%d\n", getpriority(PRIO_PROCESS, 0));
		fflush(stdout);
		_exit(0);
	}
	errno = 0;
	if (nice(inc) == -1 && errno)
		fprintf(stderr, "nice: %s\n", strerror(errno));
	return argv;
}

/* "taskset MASK CMD...": run CMD only on the CPUs whose bits (hex) MASK
 * sets. */
static char **
prefix_taskset(char **argv)
{
	unsigned long mask;
	cpu_set_t set;
	char *end;

	if (!argv[0] || !argv[1]) {
		fprintf(stderr, "usage: taskset MASK CMD [ARG]...\n");
		_exit(2);
	}
	mask = strtoul(argv[0], &end, 16);
	if (*end || mask == 0) {
		fprintf(stderr, "taskset: bad CPU mask '%s'\n", argv[0]);
		_exit(2);
	}
	CPU_ZERO(&set);
	for (int cpu = 0; cpu < 32; cpu++)
		if ((mask >> cpu) & 1)
			CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0) {
		fprintf(stderr, "taskset: %s\n", strerror(errno));
		_exit(1);
	}
	return argv + 1;
}

static const char *
chrt_name(int policy)
{
	switch (policy) {
	case SCHED_OTHER: return "SCHED_OTHER";
	case SCHED_FIFO: return "SCHED_FIFO";
	case SCHED_RR: return "SCHED_RR";
	case SCHED_BATCH: return "SCHED_BATCH";
	case SCHED_IDLE: return "SCHED_IDLE";
	}
	return "SCHED_?";
}

static void
chrt_show(int pid)
{
	struct sched_param sp;
	int policy = sched_getscheduler(pid);

	if (policy < 0 || sched_getparam(pid, &sp) < 0) {
		fprintf(stderr, "chrt: pid %d: %s\n", pid, strerror(errno));
		_exit(1);
	}
	printf("pid %d's current scheduling policy: %s\n", pid,
	       chrt_name(policy));
	printf("pid %d's current scheduling priority: %d\n", pid,
	       sp.sched_priority);
	fflush(stdout);
}

static void
chrt_max(void)
{
	static const int all[] = { SCHED_OTHER, SCHED_FIFO, SCHED_RR,
				   SCHED_BATCH, SCHED_IDLE };

	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		printf("%s min/max priority\t: %d/%d\n", chrt_name(all[i]),
		       sched_get_priority_min(all[i]),
		       sched_get_priority_max(all[i]));
	fflush(stdout);
	_exit(0);
}

/* "chrt [-f|-r|-o|-b|-i] PRIO CMD...", "chrt [-f|...] -p [PRIO] PID",
 * "chrt -m": util-linux's chrt.  The default policy is SCHED_RR, as
 * there. */
static char **
prefix_chrt(char **argv)
{
	int policy = SCHED_RR, pid_mode = 0;
	struct sched_param sp;
	char *end;

	for (; argv[0] && argv[0][0] == '-' && argv[0][1]; argv++) {
		for (const char *o = argv[0] + 1; *o; o++) {
			switch (*o) {
			case 'f': policy = SCHED_FIFO; break;
			case 'r': policy = SCHED_RR; break;
			case 'o': policy = SCHED_OTHER; break;
			case 'b': policy = SCHED_BATCH; break;
			case 'i': policy = SCHED_IDLE; break;
			case 'p': pid_mode = 1; break;
			case 'm': chrt_max(); break;
			default:
				fprintf(stderr, "chrt: unknown option -%c\n", *o);
				_exit(2);
			}
		}
	}
	if (pid_mode && argv[0] && !argv[1]) {	/* -p PID: show it */
		chrt_show((int)strtol(argv[0], NULL, 10));
		_exit(0);
	}
	if (!argv[0] || !argv[1]) {
		fprintf(stderr, "usage: chrt [-f|-r|-o|-b|-i] PRIO CMD [ARG]...\n"
			"       chrt [-f|-r|-o|-b|-i] -p [PRIO] PID\n"
			"       chrt -m\n");
		_exit(2);
	}
	sp.sched_priority = (int)strtol(argv[0], &end, 10);
	if (*end) {
		fprintf(stderr, "chrt: bad priority '%s'\n", argv[0]);
		_exit(2);
	}
	if (sched_setscheduler(pid_mode ? (int)strtol(argv[1], NULL, 10) : 0,
			       policy, &sp) < 0) {
		fprintf(stderr, "chrt: failed to set %s priority %d: %s\n",
			chrt_name(policy), sp.sched_priority, strerror(errno));
		_exit(1);
	}
	if (pid_mode)
		_exit(0);
	return argv + 1;
}

#endif
