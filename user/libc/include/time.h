/*
 * time.h - clocks and sleeps.  No calendar (struct tm) yet: Quanta's
 * programs measure intervals.
 */
#ifndef _TIME_H
#define _TIME_H

#include <sys/types.h>
#include <uapi/types.h>

#define CLOCK_REALTIME			Q_CLOCK_REALTIME
#define CLOCK_MONOTONIC			Q_CLOCK_MONOTONIC
/* Computed by the libc from getrusage(); microsecond resolution. */
#define CLOCK_PROCESS_CPUTIME_ID	2
#define CLOCK_THREAD_CPUTIME_ID		3
/* Aliases of CLOCK_MONOTONIC: Quanta neither slews nor suspends. */
#define CLOCK_MONOTONIC_RAW		4
#define CLOCK_BOOTTIME			7
#define TIMER_ABSTIME			Q_TIMER_ABSTIME

/* clock() counts microseconds of CPU time, as POSIX's XSI option says */
#define CLOCKS_PER_SEC	1000000L

/* = struct q_itimerspec */
struct itimerspec {
	struct timespec it_interval;
	struct timespec it_value;
};

/* POSIX timers (timer.c): CLOCK_REALTIME and CLOCK_MONOTONIC (its
 * aliases too); SIGEV_SIGNAL, SIGEV_NONE, SIGEV_THREAD_ID (<signal.h>). */
struct sigevent;
int timer_create(clockid_t clk, struct sigevent *sevp, timer_t *timerid);
int timer_settime(timer_t timerid, int flags, const struct itimerspec *nv,
		  struct itimerspec *old);
int timer_gettime(timer_t timerid, struct itimerspec *cur);
int timer_getoverrun(timer_t timerid);
int timer_delete(timer_t timerid);

int clock_gettime(clockid_t clk, struct timespec *ts);
int clock_getres(clockid_t clk, struct timespec *res);
int clock_nanosleep(clockid_t clk, int flags, const struct timespec *req,
		    struct timespec *rem);
int nanosleep(const struct timespec *req, struct timespec *rem);
time_t time(time_t *t);
clock_t clock(void);
double difftime(time_t end, time_t start);

#endif
