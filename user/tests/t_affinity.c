/*
 * t_affinity - sched_setaffinity is honoured: a task pinned to one CPU
 * only ever runs there, through many yields and sleeps, a pinned child
 * inherits the mask across fork, and a running task moved by another has
 * left its old CPU when the call returns, as on Linux.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <quanta.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"

static void
pin(pid_t pid, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	CHECK_EQ(sched_setaffinity(pid, sizeof(set), &set), 0);
}

/* The CPU the kernel has pid on (ps's PSR); -1 if it is gone. */
static int
cpu_of(pid_t pid)
{
	static struct q_taskinfo ti[128];
	int n = q_taskinfo(ti, 128);

	for (int i = 0; i < n; i++)
		if (ti[i].pid == pid)
			return (int)ti[i].cpu;
	return -1;
}

/* Linux's sched_setaffinity() on a task that runs on a CPU the new mask
 * excludes returns once the migration thread has moved it: from then on
 * its CPU is in the mask.  A spinning child is moved back and forth
 * between two CPUs while this task, on a third, looks right after each
 * call. */
static void
moved_before_return(int ncpu)
{
	int ready[2], wrong = 0;
	char c;
	pid_t pid;

	if (ncpu < 3) {
		printf("t_affinity: a move by another task needs 3 CPUs, "
		       "%d here: not checked\n", ncpu);
		return;
	}
	pin(0, 0);
	CHECK_EQ(pipe(ready), 0);
	if ((pid = fork()) == 0) {
		pin(0, 1);
		if (write(ready[1], "r", 1) != 1)
			_exit(1);
		for (;;)
			;
	}
	CHECK_EQ(read(ready[0], &c, 1), 1);
	for (int i = 0; i < 40; i++) {
		int to = 1 + (i + 1) % 2;	/* 2, 1, 2, ... */
		pin(pid, to);
		wrong += cpu_of(pid) != to;
	}
	CHECK_EQ(wrong, 0);
	CHECK_EQ(kill(pid, SIGKILL), 0);
	CHECK_EQ(waitpid(pid, NULL, 0), pid);
	close(ready[0]);
	close(ready[1]);
}

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

	moved_before_return(ncpu);

	CPU_ZERO(&set);			/* an empty mask is refused */
	CHECK_EQ(sched_setaffinity(0, sizeof(set), &set), -1);
	CHECK_EQ(errno, EINVAL);
	check_done("t_affinity");
}
