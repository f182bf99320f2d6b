/*
 * t_rtpull - real-time balancing under churn: more SCHED_FIFO threads
 * than CPUs, of different priorities, that run in short bursts and sleep
 * to the next tick, beside policy threads that do the same.
 *
 * Every millisecond wakes most of them on every CPU at once, so CPUs schedule
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
 * made progress: the rt threads want about 0.5 ms of every 1 ms between
 * them, so even on one CPU each policy thread gets some of the rest.
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

/* Sleep to the next whole millisecond of the clock: every thread wakes
 * at the same moment, whether timers expire at the tick or between. */
static void
sleep_to_next_ms(void)
{
	long long next = (now_ns() / 1000000 + 1) * 1000000;
	struct timespec ts = { next / 1000000000, next % 1000000000 };

	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

static void *
churn(void *arg)
{
	long i = (long)arg;

	while (!stop) {
		spin(30000 + 35000 * (i % 5));	/* 30 .. 170 us */
		sleep_to_next_ms();
		rounds[i]++;
	}
	return NULL;
}

static void
start(pthread_t *t, long i)
{
	pthread_attr_t a;
	struct sched_param sp = { .sched_priority = i < NRT ? 10 + (int)i : 0 };

	/* explicit for both kinds: the creator's own SCHED_FIFO 90 would be
	 * inherited otherwise */
	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, i < NRT ? SCHED_FIFO : SCHED_OTHER);
	pthread_attr_setschedparam(&a, &sp);
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
