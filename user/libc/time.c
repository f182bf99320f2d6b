/*
 * time.c - clocks, sleeps and CPU-time accounting.
 *
 * struct timespec and struct timeval are the kernel's q_timespec and
 * q_timeval (the static asserts below hold the libc to that), so they are
 * passed straight through.  The CPU-time clocks are built here from
 * getrusage(), which is all Quanta counts per process and per thread.
 */
#include <time.h>
#include <unistd.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/resource.h>
#include "internal.h"

_Static_assert(sizeof(struct timespec) == sizeof(struct q_timespec) &&
	       __builtin_offsetof(struct timespec, tv_nsec) ==
	       __builtin_offsetof(struct q_timespec, tv_nsec),
	       "struct timespec must be struct q_timespec");
_Static_assert(sizeof(struct timeval) == sizeof(struct q_timeval) &&
	       __builtin_offsetof(struct timeval, tv_usec) ==
	       __builtin_offsetof(struct q_timeval, tv_usec),
	       "struct timeval must be struct q_timeval");
_Static_assert(sizeof(struct tms) == sizeof(struct q_tms),
	       "struct tms must be struct q_tms");

/* The kernel's clock for an alias, or -1 for the ones the libc computes. */
static int
kernel_clock(clockid_t clk)
{
	switch (clk) {
	case CLOCK_REALTIME:
		return Q_CLOCK_REALTIME;
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_BOOTTIME:
		return Q_CLOCK_MONOTONIC;
	default:
		return -1;
	}
}

static int
cpu_clock(int who, struct timespec *ts)
{
	struct rusage ru;
	long long us;

	if (getrusage(who, &ru) < 0)
		return -1;
	us = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000LL +
	     ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
	ts->tv_sec = us / 1000000;
	ts->tv_nsec = (long)(us % 1000000) * 1000;
	return 0;
}

int
clock_gettime(clockid_t clk, struct timespec *ts)
{
	if (clk == CLOCK_PROCESS_CPUTIME_ID)
		return cpu_clock(RUSAGE_SELF, ts);
	if (clk == CLOCK_THREAD_CPUTIME_ID)
		return cpu_clock(RUSAGE_THREAD, ts);
	if (kernel_clock(clk) < 0) {
		errno = EINVAL;
		return -1;
	}
	return __sysret(__sys2(SYS_clock_gettime, kernel_clock(clk), __A(ts)));
}

/* The kernel's clocks: the step its timers can be set in (the clock
 * itself reads in ns); the CPU-time clocks: rusage's microsecond. */
int
clock_getres(clockid_t clk, struct timespec *res)
{
	if (clk == CLOCK_PROCESS_CPUTIME_ID || clk == CLOCK_THREAD_CPUTIME_ID) {
		if (res) {
			res->tv_sec = 0;
			res->tv_nsec = 1000;
		}
		return 0;
	}
	if (kernel_clock(clk) < 0) {
		errno = EINVAL;
		return -1;
	}
	return __sysret(__sys2(SYS_clock_getres, kernel_clock(clk), __A(res)));
}

/* Used by timer.c: the kernel's clock for clk, or -1. */
int
__kernel_clock(int clk)
{
	return kernel_clock(clk);
}

/* POSIX: returns the error number itself and leaves errno alone. */
int
clock_nanosleep(clockid_t clk, int flags, const struct timespec *req,
		struct timespec *rem)
{
	long r;

	if (kernel_clock(clk) < 0)
		return EINVAL;
	r = __sys4(SYS_clock_nanosleep, kernel_clock(clk), flags, __A(req),
		   __A(rem));
	return __SYS_IS_ERR(r) ? (int)-r : 0;
}

int
nanosleep(const struct timespec *req, struct timespec *rem)
{
	return __sysret(__sys2(SYS_nanosleep, __A(req), __A(rem)));
}

unsigned int
sleep(unsigned int seconds)
{
	struct timespec req = { seconds, 0 }, rem;

	if (nanosleep(&req, &rem) == 0)
		return 0;
	return rem.tv_sec + (rem.tv_nsec > 0);
}

int
usleep(useconds_t usec)
{
	struct timespec req;

	req.tv_sec = usec / 1000000;
	req.tv_nsec = (long)(usec % 1000000) * 1000;
	return nanosleep(&req, NULL);
}

int
gettimeofday(struct timeval *tv, void *tz)
{
	return __sysret(__sys2(SYS_gettimeofday, __A(tv), __A(tz)));
}

time_t
time(time_t *t)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts) < 0)
		return -1;
	if (t)
		*t = ts.tv_sec;
	return ts.tv_sec;
}

double
difftime(time_t end, time_t start)
{
	return (double)(end - start);
}

/* User plus system time of this process in microseconds. */
clock_t
clock(void)
{
	struct timespec ts;

	if (cpu_clock(RUSAGE_SELF, &ts) < 0)
		return (clock_t)-1;
	return (clock_t)(ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
}

/* Returns clock ticks (1/100 s) since boot. */
clock_t
times(struct tms *buf)
{
	return __sysret(__sys1(SYS_times, __A(buf)));
}

int
getrusage(int who, struct rusage *ru)
{
	struct q_rusage q;

	if (__sysret(__sys2(SYS_getrusage, who, __A(&q))) < 0)
		return -1;
	ru->ru_utime.tv_sec = q.ru_utime.tv_sec;
	ru->ru_utime.tv_usec = q.ru_utime.tv_usec;
	ru->ru_stime.tv_sec = q.ru_stime.tv_sec;
	ru->ru_stime.tv_usec = q.ru_stime.tv_usec;
	ru->ru_maxrss = q.ru_maxrss;
	ru->ru_ixrss = ru->ru_idrss = ru->ru_isrss = 0;
	ru->ru_minflt = q.ru_minflt;
	ru->ru_majflt = q.ru_majflt;
	ru->ru_nswap = ru->ru_inblock = ru->ru_oublock = 0;
	ru->ru_msgsnd = ru->ru_msgrcv = ru->ru_nsignals = 0;
	ru->ru_nvcsw = q.ru_nvcsw;
	ru->ru_nivcsw = q.ru_nivcsw;
	return 0;
}

void
__timespec_sub(struct q_timespec *out, const struct q_timespec *a,
	       const struct q_timespec *b)
{
	out->tv_sec = a->tv_sec - b->tv_sec;
	out->tv_nsec = a->tv_nsec - b->tv_nsec;
	if (out->tv_nsec < 0) {
		out->tv_sec--;
		out->tv_nsec += 1000000000;
	}
}
