/*
 * t_forkbomb - fork until the kernel says no: fork must fail cleanly
 * (EAGAIN or ENOMEM), the kernel must stay up, and once every child is
 * reaped, every page and task must be back (free pages and the task count
 * as before).  When the limit is the task table (EAGAIN), the children
 * and the tasks already there fill it exactly.
 */
#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <quanta.h>
#include "check.h"

static void
snapshot(unsigned *free_pages, unsigned *tasks)
{
	struct q_sysinfo si;

	q_sysinfo(&si);
	*free_pages = si.free_pages;
	*tasks = si.ntasks;
}

/* The task table's size, as getrlimit(RLIMIT_NPROC) reports it. */
static int
nproc_limit(void)
{
	struct rlimit rl;

	CHECK_EQ(getrlimit(RLIMIT_NPROC, &rl), 0);
	return (int)rl.rlim_cur;
}

/* Fork children that wait on a pipe until told to exit. */
static int
bomb(int *err)
{
	int fds[2], n = 0, st;
	char c;

	pipe(fds);
	for (;;) {
		pid_t pid = fork();
		if (pid == 0) {
			close(fds[1]);
			read(fds[0], &c, 1);	/* blocks until the end */
			_exit(0);
		}
		if (pid < 0) {
			*err = errno;
			break;
		}
		n++;
	}
	close(fds[1]);		/* EOF: every child exits */
	close(fds[0]);
	while (wait(&st) > 0)
		;
	return n;
}

int
main(void)
{
	unsigned free0, tasks0, free1, tasks1;
	int err = 0, n;

	n = bomb(&err);			/* warm-up: kernel caches fill */
	snapshot(&free0, &tasks0);
	n = bomb(&err);
	snapshot(&free1, &tasks1);
	printf("forked %d children before fork failed (errno %d); "
	       "free pages %u -> %u, tasks %u -> %u\n", n, err, free0, free1,
	       tasks0, tasks1);
	CHECK(n > 10);
	CHECK(err == EAGAIN || err == ENOMEM);
	/* EAGAIN is the task table full: RLIMIT_NPROC reports its size
	 * (MAX_TASKS), and every slot is ours or was in use before */
	CHECK(err != EAGAIN || n + (int)tasks1 == nproc_limit());
	CHECK_EQ(free1, free0);
	CHECK_EQ(tasks1, tasks0);
	check_done("t_forkbomb");
}
