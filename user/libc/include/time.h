/*
 * time.h - clocks, sleeps and the calendar.  Local time is UTC (Quanta
 * has no time zone database: user/libc/calendar.c).
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

/* Broken-down time, glibc's layout (tm_gmtoff, tm_zone included). */
struct tm {
	int tm_sec;
	int tm_min;
	int tm_hour;
	int tm_mday;
	int tm_mon;
	int tm_year;
	int tm_wday;
	int tm_yday;
	int tm_isdst;
	long tm_gmtoff;
	const char *tm_zone;
};

extern char *tzname[2];
extern long timezone;
extern int daylight;

struct tm *gmtime(const time_t *t);
struct tm *gmtime_r(const time_t *t, struct tm *tm);
struct tm *localtime(const time_t *t);
struct tm *localtime_r(const time_t *t, struct tm *tm);
time_t mktime(struct tm *tm);
time_t timegm(struct tm *tm);
char *asctime(const struct tm *tm);
char *asctime_r(const struct tm *tm, char *buf);
char *ctime(const time_t *t);
char *ctime_r(const time_t *t, char *buf);
size_t strftime(char *s, size_t max, const char *fmt, const struct tm *tm)
	__attribute__((__format__(__strftime__, 3, 0)));
void tzset(void);

#endif
