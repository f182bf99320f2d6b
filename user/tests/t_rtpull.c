/*
 * t_rtpull - real-time balancing under churn: more SCHED_FIFO threads
 * than CPUs, of different priorities, that run in short bursts and sleep
 * to the next tick, beside policy threads that do the same.
 *
 * Every tick wakes most of them on every CPU at once, so CPUs schedule
 * together, and each one that is about to run something below a waiting
 * rt task pulls it from the CPU that has it (rt_pull, 2.6.25's
 * pull_rt_task).  A pull lets go of the puller's runqueue lock to take
 * both in order; while it is let go, other CPUs take that runqueue and
 * the kernel's debug build checks it (rq_check).  A preempted task must
 * therefore not be queued yet while its CPU pulls: 2.6.25 pulls in
 * pre_schedule(), before put_prev_task().  The interbench Audio
 * benchmark against Burn on 2 or 4 CPUs once stopped the kernel here.
 *
 * Checks: the run ends (no panic, no hang), and every thread, rt or not,
 * made progress: rt threads are never starved here (there are idle
 * gaps in every tick), and each policy thread gets the CPU time the rt
 * threads leave.
 */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

#define NRT		6	/* SCHED_FIFO threads, priorities 10..15 */
#define NPOL		4	/* threads of the compiled-in policy */
#define RUN_NS		2000000000LL	/* how long they churn */

static volatile int stop;
static long rounds[NRT + NPOL];

static long long
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Spin for about ns nanoseconds. */
static void
spin(long long ns)
{
	long long end = now_ns() + ns;

	while (now_ns() < end)
		;
}

static void *
churn(void *arg)
{
	long i = (long)arg;
	struct timespec nap = { 0, 100000 };	/* to the next tick */

	while (!stop) {
		spin(30000 + 35000 * (i % 5));	/* 30 .. 170 us */
		nanosleep(&nap, NULL);
		rounds[i]++;
	}
	return NULL;
}

static void
start(pthread_t *t, long i)
{
	pthread_attr_t a;
	struct sched_param sp = { .sched_priority = 10 + (int)i };

	pthread_attr_init(&a);
	if (i < NRT) {
		pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
		pthread_attr_setschedpolicy(&a, SCHED_FIFO);
		pthread_attr_setschedparam(&a, &sp);
	}
	CHECK_EQ(pthread_create(t, &a, churn, (void *)i), 0);
	pthread_attr_destroy(&a);
}

int
main(void)
{
	pthread_t t[NRT + NPOL];
	struct sched_param top = { .sched_priority = 90 };
	struct timespec run = { RUN_NS / 1000000000LL, 0 };

	/* above every churner, so that stopping them is never delayed */
	CHECK_EQ(sched_setscheduler(0, SCHED_FIFO, &top), 0);
	for (long i = 0; i < NRT + NPOL; i++)
		start(&t[i], i);
	nanosleep(&run, NULL);
	stop = 1;
	for (int i = 0; i < NRT + NPOL; i++) {
		CHECK_EQ(pthread_join(t[i], NULL), 0);
		printf("t_rtpull: %s thread %d: %ld rounds\n",
		       i < NRT ? "rt" : "policy", i, rounds[i]);
		CHECK(rounds[i] > 0);
	}
	check_done("t_rtpull");
}
