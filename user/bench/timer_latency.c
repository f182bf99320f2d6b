/*
 * timer_latency - how long after its deadline a timer wakes its task up.
 *
 * cyclictest's measurement (rt-tests; "-n" for clock_nanosleep), one
 * thread, nothing else running: every interval, wait for the next point
 * of a fixed grid and record now - point, the overshoot.  Three ways of
 * waiting:
 *   abs    clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME) to the point
 *          (cyclictest -n);
 *   rel    clock_nanosleep(CLOCK_MONOTONIC, 0) for the interval, measured
 *          against the time asked for (no grid: each sleep is its own);
 *   timer  a periodic POSIX timer (SIGEV_SIGNAL, blocked) and sigwait
 *          (cyclictest without -n).
 * A wakeup later than a whole interval counts the points it overran as
 * missed and skips them.
 *
 *   timer_latency [mode=all] [samples=1000] [interval_us=1000]
 *
 * Prints per mode: RESULT bench=timer_latency mode= interval_us= samples=
 *   mean_us= p99_us= max_us= missed=
 * A mode the system does not offer prints mode=... error=<errno name>.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench_util.h"

static struct timespec
ts_of(long long ns)
{
	struct timespec ts = { ns / 1000000000LL, ns % 1000000000LL };

	return ts;
}

/* Wait for point, to which the timer is armed in the timer mode; 0 or an
 * errno. */
static int
wait_point(long long point, int timer)
{
	struct timespec ts = ts_of(point);
	sigset_t set;
	int sig;

	if (!timer)
		return clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts,
				       NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	return sigwait(&set, &sig);
}

/* The grid's first point is one interval from now; the timer mode arms
 * its timer for the same grid. */
static int
start_timer(timer_t *t, long long first, long long interval)
{
	struct sigevent ev;
	struct itimerspec its = { ts_of(interval), ts_of(first) };
	sigset_t set;
	int err;

	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	sigprocmask(SIG_BLOCK, &set, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGALRM;
	if (timer_create(CLOCK_MONOTONIC, &ev, t) < 0)
		return errno;
	if (timer_settime(*t, TIMER_ABSTIME, &its, NULL) < 0) {
		err = errno;
		timer_delete(*t);
		return err;
	}
	return 0;
}

static void
report(const char *mode, long long interval, long long *lat, long n,
       long missed)
{
	long long sum = 0;

	for (long i = 0; i < n; i++)
		sum += lat[i];
	qsort(lat, n, sizeof(*lat), cmp_ll);
	printf("RESULT bench=timer_latency mode=%s interval_us=%lld "
	       "samples=%ld mean_us=%.1f p99_us=%.1f max_us=%.1f missed=%ld\n",
	       mode, interval / 1000, n, n ? sum / 1000.0 / n : 0.0,
	       n ? lat[(n - 1) * 99 / 100] / 1000.0 : 0.0,
	       n ? lat[n - 1] / 1000.0 : 0.0, missed);
}

static int
run(const char *mode, long samples, long long interval)
{
	long long *lat = malloc(samples * sizeof(*lat));
	long long point, t0, late;
	long n = 0, missed = 0;
	timer_t t;
	int armed = 0, err = 0, rel = strcmp(mode, "rel") == 0;
	int timer = strcmp(mode, "timer") == 0;

	if (!lat) {
		fprintf(stderr, "timer_latency: out of memory\n");
		return 1;
	}
	point = now_ns() + interval;
	if (timer && (err = start_timer(&t, point, interval)) != 0)
		goto out;
	armed = timer;
	while (n < samples) {
		if (rel) {
			struct timespec ts = ts_of(interval);
			t0 = now_ns();
			err = clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
			late = now_ns() - t0 - interval;
		} else {
			err = wait_point(point, timer);
			late = now_ns() - point;
		}
		if (err)
			goto out;
		lat[n++] = late;
		if (!rel && late > interval) {	/* overran whole points */
			missed += late / interval;
			point += late / interval * interval;
		}
		point += interval;
	}
out:
	if (armed)
		timer_delete(t);
	if (err)
		printf("RESULT bench=timer_latency mode=%s error=%s\n", mode,
		       strerror(err));
	else
		report(mode, interval, lat, n, missed);
	free(lat);
	return err != 0;
}

int
main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "all";
	long samples = argc > 2 ? atol(argv[2]) : 1000;
	long long interval = (argc > 3 ? atol(argv[3]) : 1000) * 1000LL;
	static const char *const modes[] = { "abs", "rel", "timer" };
	int bad = 0, known = 0;

	if (samples < 1 || interval < 1000) {
		fprintf(stderr, "usage: timer_latency [abs|rel|timer|all] "
			"[samples>0] [interval_us>0]\n");
		return 1;
	}
	for (int i = 0; i < 3; i++)
		if (strcmp(mode, "all") == 0 || strcmp(mode, modes[i]) == 0) {
			known = 1;
			bad |= run(modes[i], samples, interval);
		}
	if (!known)
		fprintf(stderr, "timer_latency: no mode %s\n", mode);
	return bad || !known;
}
