/*
 * s_preempt - two CPU-bound spinners do not starve a pipe reader (xv6's
 * preempt test, with a bound on the reply time).
 *
 * The parent forks two spinners, then a reader that waits on a pipe and
 * answers on another.  While the spinners run, the parent sends ROUNDS
 * bytes, each after a short sleep, and waits for every reply with poll()
 * and a BOUND_MS timeout of guest time.  Then it kills the spinners with
 * SIGKILL and reaps all three children.  Run on 1 and on 4 CPUs.
 */
#include <poll.h>
#include <quanta.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "../bench/bench_util.h"

#define ROUNDS		5
#define BOUND_MS	2000

int
main(void)
{
	int to_reader[2], to_parent[2], st, got_all = 1;
	long long worst = 0;
	pid_t spin[2], reader;
	char c;

	CHECK_EQ(pipe(to_reader), 0);
	CHECK_EQ(pipe(to_parent), 0);
	spin[0] = fork_spinner();
	spin[1] = fork_spinner();
	CHECK(spin[0] > 0 && spin[1] > 0);
	reader = fork();
	if (reader == 0) {
		close(to_reader[1]);
		close(to_parent[0]);
		for (int i = 0; i < ROUNDS; i++) {
			if (read(to_reader[0], &c, 1) != 1)
				_exit(2);
			c++;
			if (write(to_parent[1], &c, 1) != 1)
				_exit(3);
		}
		_exit(0);
	}
	CHECK(reader > 0);
	close(to_reader[0]);
	close(to_parent[1]);

	for (int i = 0; i < ROUNDS; i++) {
		struct pollfd pfd = { to_parent[0], POLLIN, 0 };
		long long t0, dt;
		int r;

		usleep(20000);		/* the spinners get the CPU(s) */
		c = (char)('a' + i);
		t0 = now_ns();
		CHECK_EQ(write(to_reader[1], &c, 1), 1);
		r = poll(&pfd, 1, BOUND_MS);
		dt = now_ns() - t0;
		if (r != 1) {
			printf("round %d: no reply within %d ms\n", i,
			       BOUND_MS);
			CHECK(r == 1);
			got_all = 0;
			break;
		}
		CHECK_EQ(read(to_parent[0], &c, 1), 1);
		CHECK_EQ(c, 'a' + i + 1);
		if (dt > worst)
			worst = dt;
	}
	if (got_all)
		printf("s_preempt: %d replies, slowest %lld us\n", ROUNDS,
		       worst / 1000);

	/* the spinners did spin meanwhile (and are still runnable) */
	for (int i = 0; i < 2; i++) {
		static struct q_taskinfo ti[256];
		int n = q_taskinfo(ti, 256), seen = 0;
		for (int k = 0; k < n; k++)
			if (ti[k].pid == spin[i]) {
				seen = 1;
				CHECK_EQ(ti[k].state, 'R');
				CHECK(ti[k].utime_ns >= 20000000ull);
			}
		CHECK(seen);
	}
	CHECK_EQ(kill(spin[0], SIGKILL), 0);
	CHECK_EQ(kill(spin[1], SIGKILL), 0);
	if (!got_all)
		kill(reader, SIGKILL);
	for (int i = 0; i < 2; i++) {
		CHECK_EQ(waitpid(spin[i], &st, 0), spin[i]);
		CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	}
	CHECK_EQ(waitpid(reader, &st, 0), reader);
	if (got_all)
		CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	CHECK_EQ(wait(&st), -1);	/* nothing left */
	check_done("s_preempt");
}
