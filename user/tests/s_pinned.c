/*
 * s_pinned - a task pinned to CPU 2 runs only there while hogs run
 * everywhere (run with trace=sched; the test case reads the trace).
 *
 * The parent pins itself to PIN_CPU, forks two children there (they
 * inherit the mask, so even their first run is on PIN_CPU), then unpins
 * itself and forks NHOGS unpinned hogs.  One pinned child spins without
 * pause; the other spins in short bursts and sleeps in between, so that it
 * is woken up again and again while other CPUs are idle or less loaded -
 * where a wakeup placement or the balancer would like to put it.  After
 * RUN_MS the parent checks the pinned tasks' affinity and cpu in
 * q_taskinfo, kills everything and reaps it.  It prints
 * "PINNED pid=<pid> cpu=2" for each pinned task; the case's check
 * requires every sched_switch to such a pid to be on cpu=2 (and at least
 * one of them), every wakeup of it to target cpu 2 and no migration to
 * take it elsewhere.
 */
#define _GNU_SOURCE
#include <quanta.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "../bench/bench_util.h"

#define PIN_CPU		2
#define NHOGS		6
#define RUN_MS		600

static struct q_taskinfo tasks[256];

static pid_t
child(int sleeper)
{
	pid_t pid = fork();

	if (pid == 0) {
		for (;;) {
			if (sched_getcpu() != PIN_CPU)
				_exit(1);	/* the trace shows it too */
			if (sleeper) {
				spin_ns(2000000);
				usleep(1000);
			} else {
				spin_ns(10000000);
			}
		}
	}
	return pid;
}

int
main(void)
{
	int ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN), st, n;
	pid_t pinned[2], hogs[NHOGS];
	cpu_set_t set;

	CHECK(ncpu > PIN_CPU);
	CPU_ZERO(&set);
	CPU_SET(PIN_CPU, &set);
	CHECK_EQ(sched_setaffinity(0, sizeof(set), &set), 0);
	pinned[0] = child(0);
	pinned[1] = child(1);
	CHECK(pinned[0] > 0 && pinned[1] > 0);
	CPU_ZERO(&set);
	for (int c = 0; c < ncpu; c++)
		CPU_SET(c, &set);
	CHECK_EQ(sched_setaffinity(0, sizeof(set), &set), 0);
	for (int i = 0; i < NHOGS; i++) {
		hogs[i] = fork_spinner();
		CHECK(hogs[i] > 0);
	}
	for (int i = 0; i < 2; i++)
		printf("PINNED pid=%d cpu=%d\n", pinned[i], PIN_CPU);

	usleep(RUN_MS * 1000);
	n = q_taskinfo(tasks, 256);
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < n; k++)
			if (tasks[k].pid == pinned[i]) {
				CHECK_EQ(tasks[k].affinity, 1u << PIN_CPU);
				CHECK_EQ(tasks[k].cpu, PIN_CPU);
				CHECK_EQ(tasks[k].migrations, 0);
			}

	for (int i = 0; i < 2; i++)
		CHECK_EQ(kill(pinned[i], SIGKILL), 0);
	for (int i = 0; i < NHOGS; i++)
		CHECK_EQ(kill(hogs[i], SIGKILL), 0);
	for (int i = 0; i < 2; i++) {
		CHECK_EQ(waitpid(pinned[i], &st, 0), pinned[i]);
		/* killed, not exited 1 for running on another CPU */
		CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	}
	for (int i = 0; i < NHOGS; i++) {
		CHECK_EQ(waitpid(hogs[i], &st, 0), hogs[i]);
		CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	}
	check_done("s_pinned");
}
