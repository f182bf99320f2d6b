/*
 * hackbench - many tasks waking each other through pipes.
 *
 * Mirrors hackbench -p (rt-tests) and "perf bench sched messaging -p",
 * scaled down for a small kernel: each group has 10 senders and 10
 * receivers (hackbench's default is 20 + 20 and 10 groups); every sender
 * sends M messages of 100 bytes to every receiver of its group, each
 * receiver through its own pipe.  All tasks first wait at a start gate
 * (a pipe whose write end the parent closes), then the clock runs until
 * every task has finished.  Tasks are processes, or threads with -T.
 *
 *   hackbench [-T] [groups] [messages]	default 2 100
 *
 * Quanta allows 64 descriptors per process, so -T (which keeps every
 * group's pipes open at once) stops at 2 groups.
 *
 * Prints: RESULT bench=hackbench mode=process|thread groups= tasks=
 *   messages= elapsed_ms=
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench_util.h"

#define NSEND	10
#define NRECV	10
#define MSGSIZE	100

static int threads, msgs;
static int ready[2], gate[2];	/* ready: tasks -> parent; gate: start */

struct task {
	int sender;
	int fds[NRECV];		/* sender: write ends; receiver: fds[0] */
};

/* Tell the parent we exist, then wait until it opens the gate. */
static void
wait_for_start(void)
{
	char c = 0;

	if (write(ready[1], &c, 1) != 1)
		exit(1);
	while (read(gate[0], &c, 1) > 0)
		;
}

static void *
run_task(void *arg)
{
	struct task *t = arg;
	char buf[MSGSIZE];
	long ok = 1;

	wait_for_start();
	memset(buf, 's', sizeof(buf));
	if (t->sender) {
		for (int m = 0; m < msgs; m++)
			for (int r = 0; r < NRECV; r++)
				if (write(t->fds[r], buf, MSGSIZE) != MSGSIZE)
					ok = 0;
	} else {
		long want = (long)NSEND * msgs * MSGSIZE, got = 0;
		int n;

		while (got < want && (n = read(t->fds[0], buf, MSGSIZE)) > 0)
			got += n;
		ok = got == want;
	}
	return (void *)ok;
}

int
main(int argc, char **argv)
{
	int groups, ntask = 0, failed = 0, pipes[NRECV][2];
	struct task *tasks;
	pthread_t *tids;
	pid_t *pids;
	long long t0, t1;
	char c;

	if (argc > 1 && strcmp(argv[1], "-T") == 0) {
		threads = 1;
		argc--;
		argv++;
	}
	groups = argc > 1 ? atoi(argv[1]) : 2;
	msgs = argc > 2 ? atoi(argv[2]) : 100;
	if (groups < 1)
		groups = 1;
	tasks = calloc(groups * (NSEND + NRECV), sizeof(*tasks));
	tids = calloc(groups * (NSEND + NRECV), sizeof(*tids));
	pids = calloc(groups * (NSEND + NRECV), sizeof(*pids));
	if (!tasks || !tids || !pids || pipe(ready) < 0 || pipe(gate) < 0) {
		fprintf(stderr, "hackbench: setup failed\n");
		return 1;
	}

	for (int g = 0; g < groups; g++) {
		for (int r = 0; r < NRECV; r++) {
			if (pipe(pipes[r]) < 0) {
				perror("pipe");
				return 1;
			}
		}
		for (int i = 0; i < NSEND + NRECV; i++) {
			struct task *t = &tasks[ntask];

			t->sender = i < NSEND;
			for (int r = 0; r < NRECV; r++)
				t->fds[r] = pipes[r][1];
			if (!t->sender)
				t->fds[0] = pipes[i - NSEND][0];
			if (threads) {
				if (pthread_create(&tids[ntask], NULL,
						   run_task, t) != 0) {
					fprintf(stderr, "hackbench: "
						"pthread_create failed\n");
					return 1;
				}
			} else {
				pids[ntask] = fork();
				if (pids[ntask] < 0) {
					perror("fork");
					return 1;
				}
				if (pids[ntask] == 0) {
					close(gate[1]);
					_exit(run_task(t) ? 0 : 1);
				}
			}
			ntask++;
		}
		/* processes have their own copies of this group's pipes */
		if (!threads) {
			for (int r = 0; r < NRECV; r++) {
				close(pipes[r][0]);
				close(pipes[r][1]);
			}
		}
	}

	for (int i = 0; i < ntask; i++)	/* everyone at the gate */
		if (read(ready[0], &c, 1) != 1)
			return 1;
	t0 = now_ns();
	close(gate[1]);			/* open it: every read sees EOF */
	for (int i = 0; i < ntask; i++) {
		if (threads) {
			void *ok;

			pthread_join(tids[i], &ok);
			failed += ok == NULL;
		} else {
			int st;

			waitpid(pids[i], &st, 0);
			failed += !WIFEXITED(st) || WEXITSTATUS(st) != 0;
		}
	}
	t1 = now_ns();
	printf("RESULT bench=hackbench mode=%s groups=%d tasks=%d messages=%d"
	       " elapsed_ms=%lld failed=%d\n", threads ? "thread" : "process",
	       groups, ntask, msgs, (t1 - t0) / 1000000, failed);
	return failed != 0;
}
