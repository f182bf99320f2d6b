/*
 * lat_ctx - context switch time the way lmbench's lat_ctx measures it: a
 * token goes round a ring of N processes joined by pipes, and the cost
 * of one hop (a pipe write, a wakeup, a switch, a pipe read) less the
 * pipe's own cost is the switch.  The pipe's cost, the "overhead", is one
 * process passing the token through each of the N pipes by itself:
 * write, then read the same pipe, no other process involved.
 *
 * lmbench 3 runs each measurement in a child of its harness (benchmp in
 * lib_timing.c), and the harness waits for the child's "done" in
 * select() with a one-second timeout.  That waiting parent matters on a
 * kernel whose every pipe change wakes every task in poll() or select():
 * each of the child's writes and reads then wakes the parent, and a policy
 * that lets a woken task preempt at once (eevdf, staircase) charges two
 * switches to every hop of the "overhead".  The same structure is kept
 * here: a parent in select() with a one-second timeout on a control
 * pipe, a child that measures and reports through it.  -w replaces the
 * select() by a blocking read() of the same pipe: the harness without
 * the effect.
 *
 *   lat_ctx [-w] [procs=8] [passes=2000]
 *
 * Prints: RESULT bench=lat_ctx procs= passes= parent=select|wait
 *   overhead_ns= hop_ns= ctx_ns=
 * (ctx_ns = hop_ns - overhead_ns, lmbench's figure; ns of CLOCK_MONOTONIC)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench_util.h"

#define MAXPROCS	64

static int ring[MAXPROCS][2];

/* One process, every pipe in turn: the hop's cost without a switch. */
static long long
overhead(int procs, long passes)
{
	long long t0 = now_ns();
	int tok = 1;

	for (long k = 0; k < passes; k++)
		for (int i = 0; i < procs; i++)
			if (write(ring[i][1], &tok, sizeof(tok)) != sizeof(tok) ||
			    read(ring[i][0], &tok, sizeof(tok)) != sizeof(tok))
				return -1;
	return (now_ns() - t0) / (passes * procs);
}

/* Member i of the ring: from pipe i - 1 to pipe i, until EOF.  It keeps
 * only its two ends, so that EOF can travel round the ring at the end. */
static void
member(int i, int procs)
{
	int tok;

	for (int j = 0; j < procs; j++) {
		if (j != i - 1)
			close(ring[j][0]);
		if (j != i)
			close(ring[j][1]);
	}
	while (read(ring[i - 1][0], &tok, sizeof(tok)) == sizeof(tok))
		if (write(ring[i][1], &tok, sizeof(tok)) != sizeof(tok))
			break;
	_exit(0);
}

/* The whole ring, passes times round; this process is member 0. */
static long long
hop(int procs, long passes)
{
	pid_t pid[MAXPROCS];
	long long t0, t;
	int tok = 1, ok = 1;

	for (int i = 1; i < procs; i++) {
		pid[i] = fork();
		if (pid[i] < 0)
			return -1;
		if (pid[i] == 0)
			member(i, procs);
	}
	/* once round first: every member has run and sleeps in read() */
	if (write(ring[0][1], &tok, sizeof(tok)) != sizeof(tok) ||
	    read(ring[procs - 1][0], &tok, sizeof(tok)) != sizeof(tok))
		ok = 0;
	t0 = now_ns();
	for (long k = 0; ok && k < passes; k++)
		if (write(ring[0][1], &tok, sizeof(tok)) != sizeof(tok) ||
		    read(ring[procs - 1][0], &tok, sizeof(tok)) != sizeof(tok))
			ok = 0;
	t = (now_ns() - t0) / (passes * procs);
	for (int i = 0; i < procs; i++)
		close(ring[i][1]);	/* EOF round the ring: members exit */
	for (int i = 1; i < procs; i++)
		waitpid(pid[i], NULL, 0);
	return ok ? t : -1;
}

/* The measuring child: both figures, written to the control pipe. */
static void
measure(int procs, long passes, int ctl)
{
	long long r[2];

	for (int i = 0; i < procs; i++)
		if (pipe(ring[i]) < 0) {
			perror("pipe");
			_exit(1);
		}
	r[0] = overhead(procs, passes);
	r[1] = hop(procs, passes);
	if (write(ctl, r, sizeof(r)) != sizeof(r))
		_exit(1);
	_exit(r[0] < 0 || r[1] < 0);
}

/* lmbench's harness: wait for the result in select(), a second at a time. */
static int
wait_select(int ctl, long long r[2])
{
	for (;;) {
		struct timeval tv = { 1, 0 };
		fd_set rd;

		FD_ZERO(&rd);
		FD_SET(ctl, &rd);
		if (select(ctl + 1, &rd, NULL, NULL, &tv) < 0)
			return -1;
		if (FD_ISSET(ctl, &rd))
			return read(ctl, r, 2 * sizeof(r[0])) ==
			       (ssize_t)(2 * sizeof(r[0])) ? 0 : -1;
	}
}

int
main(int argc, char **argv)
{
	int use_select = 1, ctl[2], st;
	long long r[2] = { -1, -1 };
	long passes;
	int procs;
	pid_t child;

	if (argc > 1 && strcmp(argv[1], "-w") == 0) {
		use_select = 0;
		argc--;
		argv++;
	}
	procs = argc > 1 ? atoi(argv[1]) : 8;
	passes = argc > 2 ? atol(argv[2]) : 2000;
	if (procs < 2 || procs > MAXPROCS || passes < 1) {
		fprintf(stderr, "usage: lat_ctx [-w] [procs=8 (2-%d)] "
			"[passes=2000]\n", MAXPROCS);
		return 1;
	}
	if (pipe(ctl) < 0) {
		perror("pipe");
		return 1;
	}
	child = fork();
	if (child < 0) {
		perror("fork");
		return 1;
	}
	if (child == 0) {
		close(ctl[0]);
		measure(procs, passes, ctl[1]);
	}
	close(ctl[1]);
	if (use_select ? wait_select(ctl[0], r) :
	    read(ctl[0], r, sizeof(r)) != sizeof(r) ? -1 : 0) {
		fprintf(stderr, "lat_ctx: no result from the child\n");
		r[0] = r[1] = -1;
	}
	waitpid(child, &st, 0);
	if (r[0] < 0 || r[1] < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "lat_ctx: the measurement failed\n");
		return 1;
	}
	printf("RESULT bench=lat_ctx procs=%d passes=%ld parent=%s "
	       "overhead_ns=%lld hop_ns=%lld ctx_ns=%lld\n", procs, passes,
	       use_select ? "select" : "wait", r[0], r[1], r[1] - r[0]);
	return 0;
}
