/* sys/time.h - gettimeofday() and struct timeval helpers. */
#ifndef _SYS_TIME_H
#define _SYS_TIME_H

#include <sys/types.h>
#include <uapi/types.h>
#include <sys/select.h>		/* as glibc's sys/time.h */

struct timezone {
	int tz_minuteswest;
	int tz_dsttime;
};

int gettimeofday(struct timeval *tv, void *tz);

/* Only ITIMER_REAL exists (EINVAL for the others). */
#define ITIMER_REAL	Q_ITIMER_REAL
#define ITIMER_VIRTUAL	Q_ITIMER_VIRTUAL
#define ITIMER_PROF	Q_ITIMER_PROF
/* = struct q_itimerval */
struct itimerval {
	struct timeval it_interval;
	struct timeval it_value;
};
int setitimer(int which, const struct itimerval *nv, struct itimerval *old);
int getitimer(int which, struct itimerval *v);

#define timerisset(t)	((t)->tv_sec || (t)->tv_usec)
#define timerclear(t)	((t)->tv_sec = (t)->tv_usec = 0)
#define timercmp(a, b, CMP) \
	((a)->tv_sec == (b)->tv_sec ? (a)->tv_usec CMP (b)->tv_usec \
				    : (a)->tv_sec CMP (b)->tv_sec)
#define timeradd(a, b, r) do { \
	(r)->tv_sec = (a)->tv_sec + (b)->tv_sec; \
	(r)->tv_usec = (a)->tv_usec + (b)->tv_usec; \
	if ((r)->tv_usec >= 1000000) { \
		(r)->tv_sec++; \
		(r)->tv_usec -= 1000000; \
	} \
} while (0)
#define timersub(a, b, r) do { \
	(r)->tv_sec = (a)->tv_sec - (b)->tv_sec; \
	(r)->tv_usec = (a)->tv_usec - (b)->tv_usec; \
	if ((r)->tv_usec < 0) { \
		(r)->tv_sec--; \
		(r)->tv_usec += 1000000; \
	} \
} while (0)

#endif
