/*
 * threadtest - short-lived threads competing with the thread that
 * created them.
 *
 * The loop of seed mail 003 (Olof Johansson, "Scheduler(?) regression
 * from 2.6.22 to 2.6.24 for short-lived threads", 8 Feb 2008: 3332 ms on
 * 2.6.22, 8953 ms on 2.6.24): 500 times, create a thread; the thread and
 * the parent each spin 10000 loops, increment a shared counter and
 * busy-wait until it reaches 2; then the parent joins the thread.
 *
 * With -i it also records, per iteration, where the new thread first ran
 * (sched_getcpu(): the parent's CPU or another) and how long it waited
 * from just before pthread_create() to its first instruction.
 *
 *   threadtest [-i] [iterations] [loops]	default 500 10000
 *
 * Prints: RESULT bench=threadtest iterations= loops= elapsed_ms=
 *   and with -i also same_cpu= other_cpu= avg_wait_us= p50_wait_us=
 *   max_wait_us=
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench_util.h"

static volatile long stopped;
static int loops = 10000;
static long long created_ns;	/* set before pthread_create */
static long long first_ns;	/* set by the thread at its start */
static int first_cpu;

static void
spin_and_wait(void)
{
	volatile int j;

	for (j = 0; j < loops; j++)
		;
	__sync_fetch_and_add(&stopped, 1);
	while (stopped < 2)	/* busy-wait for the other one */
		;
}

static void *
thread_func(void *instrument)
{
	if (instrument) {
		first_ns = now_ns();
		first_cpu = sched_getcpu();
	}
	spin_and_wait();
	return NULL;
}

int
main(int argc, char **argv)
{
	int instrument = 0, iters, same = 0, other = 0;
	long long t0, t1, *waits, sum = 0;
	pthread_t th;

	if (argc > 1 && strcmp(argv[1], "-i") == 0) {
		instrument = 1;
		argc--;
		argv++;
	}
	iters = argc > 1 ? atoi(argv[1]) : 500;
	loops = argc > 2 ? atoi(argv[2]) : 10000;
	if (iters < 1)
		iters = 1;
	waits = malloc(iters * sizeof(*waits));
	if (!waits)
		return 1;

	t0 = now_ns();
	for (int i = 0; i < iters; i++) {
		int cpu = instrument ? sched_getcpu() : 0;

		stopped = 0;
		if (instrument)
			created_ns = now_ns();
		if (pthread_create(&th, NULL, thread_func,
				   instrument ? &instrument : NULL) != 0) {
			fprintf(stderr, "threadtest: pthread_create failed\n");
			return 1;
		}
		spin_and_wait();
		pthread_join(th, NULL);
		if (instrument) {
			waits[i] = first_ns - created_ns;
			sum += waits[i];
			if (first_cpu == cpu)
				same++;
			else
				other++;
		}
	}
	t1 = now_ns();

	printf("RESULT bench=threadtest iterations=%d loops=%d elapsed_ms=%lld",
	       iters, loops, (t1 - t0) / 1000000);
	if (instrument) {
		qsort(waits, iters, sizeof(*waits), cmp_ll);
		printf(" same_cpu=%d other_cpu=%d avg_wait_us=%.1f"
		       " p50_wait_us=%.1f max_wait_us=%.1f",
		       same, other, sum / 1000.0 / iters,
		       waits[iters / 2] / 1000.0, waits[iters - 1] / 1000.0);
	}
	printf("\n");
	return 0;
}
