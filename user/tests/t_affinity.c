/*
 * t_affinity - sched_setaffinity is honoured: a task pinned to one CPU
 * only ever runs there, through many yields and sleeps, and a pinned child
 * inherits the mask across fork.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"

static int
stays_on(int cpu, int rounds)
{
	int wrong = 0;

	for (int i = 0; i < rounds; i++) {
		wrong += sched_getcpu() != cpu;
		if (i % 3 == 0)
			usleep(500);
		else
			sched_yield();
	}
	return wrong;
}

int
main(void)
{
	int ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN), st;
	int target = ncpu - 1;
	cpu_set_t set, got;

	CPU_ZERO(&set);
	CPU_SET(target, &set);
	CHECK_EQ(sched_setaffinity(0, sizeof(set), &set), 0);
	CHECK_EQ(sched_getcpu(), target);
	CHECK_EQ(stays_on(target, 200), 0);
	CPU_ZERO(&got);
	CHECK(sched_getaffinity(0, sizeof(got), &got) >= 0);
	CHECK(CPU_ISSET(target, &got));
	CHECK_EQ(CPU_COUNT(&got), 1);

	if (fork() == 0)		/* the child inherits the mask */
		_exit(stays_on(target, 100) ? 1 : 0);
	wait(&st);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);

	CPU_ZERO(&set);			/* an empty mask is refused */
	CHECK_EQ(sched_setaffinity(0, sizeof(set), &set), -1);
	CHECK_EQ(errno, EINVAL);
	check_done("t_affinity");
}
