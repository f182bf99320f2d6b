/*
 * timer.c - POSIX timers: thin wrappers of the kernel's calls.
 *
 * timer_t is glibc's void *; it holds the kernel's timer id (0, 1, ...)
 * cast to a pointer.  struct sigevent and struct itimerspec are the
 * kernel's q_sigevent and q_itimerspec (asserted below).  SIGEV_THREAD,
 * which needs a helper thread in the libc (glibc's), is not provided:
 * EINVAL.
 */
#include <signal.h>
#include <stdint.h>
#include <time.h>
#include "internal.h"

_Static_assert(sizeof(struct sigevent) == sizeof(struct q_sigevent) &&
	       __builtin_offsetof(struct sigevent, sigev_notify_thread_id) ==
	       __builtin_offsetof(struct q_sigevent, sigev_tid),
	       "struct sigevent must be struct q_sigevent");
_Static_assert(sizeof(struct itimerspec) == sizeof(struct q_itimerspec),
	       "struct itimerspec must be struct q_itimerspec");

#define ID(t)	((long)(intptr_t)(t))

int
timer_create(clockid_t clk, struct sigevent *sevp, timer_t *timerid)
{
	int id;

	if (__kernel_clock(clk) < 0 ||
	    (sevp && sevp->sigev_notify == SIGEV_THREAD)) {
		errno = EINVAL;
		return -1;
	}
	if (__sysret(__sys3(SYS_timer_create, __kernel_clock(clk), __A(sevp),
			    __A(&id))) < 0)
		return -1;
	*timerid = (timer_t)(intptr_t)id;
	return 0;
}

int
timer_settime(timer_t timerid, int flags, const struct itimerspec *nv,
	      struct itimerspec *old)
{
	return __sysret(__sys4(SYS_timer_settime, ID(timerid), flags, __A(nv),
			       __A(old)));
}

int
timer_gettime(timer_t timerid, struct itimerspec *cur)
{
	return __sysret(__sys2(SYS_timer_gettime, ID(timerid), __A(cur)));
}

int
timer_getoverrun(timer_t timerid)
{
	return __sysret(__sys1(SYS_timer_getoverrun, ID(timerid)));
}

int
timer_delete(timer_t timerid)
{
	return __sysret(__sys1(SYS_timer_delete, ID(timerid)));
}
