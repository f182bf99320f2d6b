/*
 * forkmem - cost of fork() for a process with a given amount of touched
 * memory (default 1 MiB): fork, the child exits at once, the parent waits.
 * Quanta copies address spaces eagerly at fork (no copy-on-write yet), so
 * this is the number that says what that costs.
 *
 *   forkmem [KiB] [rounds]
 *
 * Prints: RESULT bench=forkmem kib=<k> rounds=<n> fork_wait_us=<avg>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench_util.h"

int
main(int argc, char **argv)
{
	long kib = argc > 1 ? atol(argv[1]) : 1024;
	int rounds = argc > 2 ? atoi(argv[2]) : 50;
	char *mem = malloc((size_t)kib * 1024);
	long long t0, t1;
	int st;

	if (!mem) {
		fprintf(stderr, "forkmem: cannot allocate %ld KiB\n", kib);
		return 1;
	}
	memset(mem, 1, (size_t)kib * 1024);	/* touch every page */
	t0 = now_ns();
	for (int i = 0; i < rounds; i++) {
		pid_t pid = fork();
		if (pid == 0)
			_exit(0);
		if (pid < 0) {
			perror("fork");
			return 1;
		}
		waitpid(pid, &st, 0);
	}
	t1 = now_ns();
	printf("RESULT bench=forkmem kib=%ld rounds=%d fork_wait_us=%lld\n",
	       kib, rounds, (t1 - t0) / rounds / 1000);
	return 0;
}
