/*
 * nice_share - how the CPU is shared between hogs at different nice
 * levels on one CPU.
 *
 * Not from a seed mail: it checks the claim every policy's announcement
 * makes about nice (staircase v6.3 in seed mail 004: "nice 0 gets 20 times
 * what nice +20 gets"; CFS: each nice level is ~10% more or less CPU).
 * K hogs, all pinned to CPU 0, each at its nice level, spin for S seconds
 * (checking the clock every 10000 loops), then send their own CPU time
 * (getrusage(RUSAGE_SELF)) to the parent through a pipe.  The expected
 * share is CFS's, from Linux's nice-to-weight table (nice 0 = 1024).
 * Negative nice levels need privilege on Linux.
 *
 *   nice_share [seconds] [nice,nice,...]	default 2 0,5
 *
 * Prints one line per hog and a summary:
 *   RESULT bench=nice_share hog= nice= cpu_ms= share_pct= expected_pct=
 *   RESULT bench=nice_share hogs= seconds= ratio= expected_ratio=
 * (ratio: the first hog's CPU time over the last one's)
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench_util.h"

#define MAXHOGS	16

/* Linux's sched_prio_to_weight[], nice -20 .. 19 */
static const int weight[40] = {
	88761, 71755, 56483, 46273, 36291,
	29154, 23254, 18705, 14949, 11916,
	9548, 7620, 6100, 4904, 3906,
	3121, 2501, 1991, 1586, 1277,
	1024, 820, 655, 526, 423,
	335, 272, 215, 172, 137,
	110, 87, 70, 56, 45,
	36, 29, 23, 18, 15,
};

struct report {
	long long hog;		/* which hog */
	long long cpu_us;	/* its user + system time */
};

/* Hog i: spin until the deadline, then report its CPU time. */
static void
hog(int i, int nice_level, long long deadline, int fd)
{
	struct rusage ru;
	struct report r;
	volatile unsigned x = 0;

	setpriority(PRIO_PROCESS, 0, nice_level);
	while (now_ns() < deadline)
		for (int i = 0; i < 10000; i++)
			x += i;
	getrusage(RUSAGE_SELF, &ru);
	r.hog = i;
	r.cpu_us = ru.ru_utime.tv_sec * 1000000LL + ru.ru_utime.tv_usec +
		   ru.ru_stime.tv_sec * 1000000LL + ru.ru_stime.tv_usec;
	if (write(fd, &r, sizeof(r)) != sizeof(r))
		_exit(1);
	_exit(0);
}

int
main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 2;
	const char *list = argc > 2 ? argv[2] : "0,5";
	int nices[MAXHOGS], k = 0, fd[2], wsum = 0;
	long long cpu[MAXHOGS], total = 0, deadline;
	pid_t pid[MAXHOGS];

	for (const char *p = list; *p && k < MAXHOGS; k++) {
		nices[k] = atoi(p);
		if (nices[k] < -20)
			nices[k] = -20;
		if (nices[k] > 19)
			nices[k] = 19;
		wsum += weight[nices[k] + 20];
		p = strchr(p, ',');
		if (!p)
			break;
		p++;
	}
	k++;

	if (pin_cpu(0) != 0) {
		perror("sched_setaffinity");
		return 1;
	}
	if (pipe(fd) < 0) {
		perror("pipe");
		return 1;
	}
	deadline = now_ns() + (long long)(secs * 1e9);
	for (int i = 0; i < k; i++) {
		pid[i] = fork();
		if (pid[i] < 0) {
			perror("fork");
			return 1;
		}
		if (pid[i] == 0)
			hog(i, nices[i], deadline, fd[1]);
	}
	close(fd[1]);	/* so a dead hog shows as end of file */
	/* each hog sends one report, in the order they finish */
	for (int i = 0; i < k; i++) {
		struct report r;

		if (read(fd[0], &r, sizeof(r)) != sizeof(r) ||
		    r.hog < 0 || r.hog >= k) {
			fprintf(stderr, "nice_share: a hog failed\n");
			return 1;
		}
		cpu[r.hog] = r.cpu_us;
		total += r.cpu_us;
	}
	for (int i = 0; i < k; i++)
		waitpid(pid[i], NULL, 0);
	for (int i = 0; i < k; i++) {
		double share = total ? cpu[i] * 100.0 / total : 0;

		printf("RESULT bench=nice_share hog=%d nice=%d cpu_ms=%lld"
		       " share_pct=%.1f expected_pct=%.1f\n", i, nices[i],
		       cpu[i] / 1000, share,
		       weight[nices[i] + 20] * 100.0 / wsum);
	}
	printf("RESULT bench=nice_share hogs=%d seconds=%g ratio=%.2f"
	       " expected_ratio=%.2f\n", k, secs,
	       cpu[k - 1] ? (double)cpu[0] / cpu[k - 1] : 0.0,
	       (double)weight[nices[0] + 20] / weight[nices[k - 1] + 20]);
	return 0;
}
