/*
 * s_remote_wake - a wakeup aimed at an idle CPU takes effect at once
 * (run with trace=sched; the test case reads the trace).
 *
 * A child pinned to CPU 3 sleeps in read() on a pipe while CPU 3 has
 * nothing else to do (halted).  The parent, pinned to CPU 0, waits a
 * little so that the child is surely asleep, then writes a byte; the
 * child answers on another pipe and sleeps again, ROUNDS times.  The
 * wakeup must reach CPU 3 by IPI: the case's check requires CPU 3's next
 * sched_switch after each `sched_wakeup pid=<child> ... target_cpu=3` to
 * go to the child, less than one tick (1 ms at HZ=1000) later.  The child
 * prints "WAKEE pid=<pid>" for the check.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "../bench/bench_util.h"

#define WAKEE_CPU	3
#define WAKER_CPU	0
#define ROUNDS		5
#define GAP_US		10000	/* the child is long asleep by then */

int
main(void)
{
	int down[2], up[2], st;
	pid_t child;
	char c;

	CHECK((int)sysconf(_SC_NPROCESSORS_ONLN) > WAKEE_CPU);
	CHECK_EQ(pin_cpu(WAKER_CPU), 0);
	CHECK_EQ(pipe(down), 0);
	CHECK_EQ(pipe(up), 0);
	child = fork();
	if (child == 0) {
		close(down[1]);
		close(up[0]);
		if (pin_cpu(WAKEE_CPU) != 0 || sched_getcpu() != WAKEE_CPU)
			_exit(2);
		printf("WAKEE pid=%d\n", getpid());
		fflush(stdout);
		c = 'r';
		if (write(up[1], &c, 1) != 1)	/* ready */
			_exit(3);
		for (int i = 0; i < ROUNDS; i++) {
			if (read(down[0], &c, 1) != 1)
				_exit(4);
			if (sched_getcpu() != WAKEE_CPU)
				_exit(5);
			c++;
			if (write(up[1], &c, 1) != 1)
				_exit(6);
		}
		_exit(0);
	}
	CHECK(child > 0);
	close(down[0]);
	close(up[1]);
	CHECK_EQ(read(up[0], &c, 1), 1);
	CHECK_EQ(c, 'r');
	for (int i = 0; i < ROUNDS; i++) {
		struct pollfd pfd = { up[0], POLLIN, 0 };
		usleep(GAP_US);
		c = (char)('a' + i);
		CHECK_EQ(write(down[1], &c, 1), 1);
		CHECK_EQ(poll(&pfd, 1, 2000), 1);	/* no hang if lost */
		CHECK_EQ(read(up[0], &c, 1), 1);
		CHECK_EQ(c, 'a' + i + 1);
		CHECK_EQ(sched_getcpu(), WAKER_CPU);
	}
	CHECK_EQ(waitpid(child, &st, 0), child);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	check_done("s_remote_wake");
}
