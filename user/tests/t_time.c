/*
 * t_time - clocks and sleeping: CLOCK_MONOTONIC never goes backwards, even
 * when the reading task moves between CPUs; sleeps last at least as long
 * as asked and, in the deterministic profile, not much longer.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <time.h>
#include <unistd.h>
#include <sys/time.h>
#include "check.h"
#include "../bench/bench_util.h"

static void
test_monotonic_across_cpus(void)
{
	int ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN), back = 0;
	long long prev = now_ns();

	for (int round = 0; round < 20; round++) {
		CHECK_EQ(pin_cpu(round % ncpu), 0);
		CHECK_EQ(sched_getcpu(), round % ncpu);
		long long t = now_ns();
		back += t < prev;
		prev = t;
	}
	CHECK_EQ(back, 0);
}

static void
test_sleep_lengths(void)
{
	long long ms[] = { 1, 5, 20, 100 };

	for (unsigned i = 0; i < sizeof(ms) / sizeof(ms[0]); i++) {
		long long t0 = now_ns(), slept;
		struct timespec req = { 0, (long)(ms[i] * 1000000) };
		CHECK_EQ(nanosleep(&req, NULL), 0);
		slept = now_ns() - t0;
		CHECK(slept >= ms[i] * 1000000);
		/* the timer fires when due; this is scheduling slack */
		CHECK(slept < ms[i] * 1000000 + 3000000);
	}
}

static void
test_absolute_sleep(void)
{
	struct timespec ts;
	long long target = now_ns() + 10000000;

	ts.tv_sec = (time_t)(target / 1000000000LL);
	ts.tv_nsec = (long)(target % 1000000000LL);
	CHECK_EQ(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL), 0);
	CHECK(now_ns() >= target);
}

static void
test_realtime(void)
{
	struct timeval tv;
	struct timespec ts;

	CHECK_EQ(gettimeofday(&tv, NULL), 0);
	CHECK(tv.tv_sec > 946684799);		/* 2000-01-01 or later */
	CHECK_EQ(clock_gettime(CLOCK_REALTIME, &ts), 0);
	CHECK(ts.tv_sec >= tv.tv_sec);
}

int
main(void)
{
	test_monotonic_across_cpus();
	test_sleep_lengths();
	test_absolute_sleep();
	test_realtime();
	check_done("t_time");
}
