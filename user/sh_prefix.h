/*
 * sh_prefix.h - the command prefixes "nice" and "taskset" of the shell
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

#endif
