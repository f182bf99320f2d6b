/*
 * pingpong - the cost of a wakeup plus a context switch: two processes
 * pass an int back and forth over two pipes, so every message is a sleep
 * and a wakeup on each side.
 *
 * Mirrors "perf bench sched pipe" (process mode, -l loops), the modern
 * form of seed mail 000's pipe test; Linux 6.18 run natively on a 2-core
 * Debian 12 host takes about 5.1 us per round trip.  -s pins both
 * processes to CPU 0, -d pins the parent to CPU 0 and the child to CPU 1
 * (sched_setaffinity).
 *
 *   pingpong [-s | -d] [round_trips]	default 100000, no pinning
 *
 * Prints: RESULT bench=pingpong pin=none|same|diff round_trips=
 *   elapsed_ms= rtt_ns=
 */
#define _GNU_SOURCE
#include <sched.h>
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
	const char *mode = "none";
	int to_child[2], to_parent[2], v, st;
	long n;
	long long t0, t1;
	pid_t child;

	if (argc > 1 && (strcmp(argv[1], "-s") == 0 ||
			 strcmp(argv[1], "-d") == 0)) {
		mode = argv[1][1] == 's' ? "same" : "diff";
		argc--;
		argv++;
	}
	n = argc > 1 ? atol(argv[1]) : 100000;
	if (n < 1)
		n = 1;
	if (strcmp(mode, "none") != 0 && pin_cpu(0) != 0) {
		perror("sched_setaffinity");
		return 1;
	}
	if (pipe(to_child) < 0 || pipe(to_parent) < 0) {
		perror("pipe");
		return 1;
	}
	child = fork();
	if (child < 0) {
		perror("fork");
		return 1;
	}
	if (child == 0) {
		if (strcmp(mode, "diff") == 0 && pin_cpu(1) != 0) {
			perror("sched_setaffinity");
			_exit(1);
		}
		for (long i = 0; i < n; i++) {
			if (read(to_child[0], &v, sizeof(v)) != sizeof(v))
				_exit(1);
			v++;
			if (write(to_parent[1], &v, sizeof(v)) != sizeof(v))
				_exit(1);
		}
		_exit(0);
	}

	t0 = now_ns();
	v = 0;
	for (long i = 0; i < n; i++) {
		if (write(to_child[1], &v, sizeof(v)) != sizeof(v) ||
		    read(to_parent[0], &v, sizeof(v)) != sizeof(v)) {
			fprintf(stderr, "pingpong: child gone\n");
			return 1;
		}
	}
	t1 = now_ns();
	if (waitpid(child, &st, 0) < 0 || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0 || v != n) {
		fprintf(stderr, "pingpong: child failed\n");
		return 1;
	}
	printf("RESULT bench=pingpong pin=%s round_trips=%ld elapsed_ms=%lld"
	       " rtt_ns=%lld\n", mode, n, (t1 - t0) / 1000000,
	       (t1 - t0) / n);
	return 0;
}
