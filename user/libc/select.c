/*
 * select.c - select() and pselect() on top of ppoll, as POSIX allows:
 * the sets become a pollfd array and the answers go back into the sets
 * with Linux's mapping (fs/select.c: readable is POLLIN, POLLHUP or
 * POLLERR; writable POLLOUT or POLLERR; exceptional POLLPRI).  A closed
 * descriptor in a set fails the call with EBADF, as in Linux.  select
 * leaves the time not slept in *tv, as Linux does.
 */
#include <poll.h>
#include <signal.h>
#include <time.h>
#include <sys/select.h>
#include <sys/time.h>
#include "internal.h"

int
ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *ts,
      const q_sigset_t *mask)
{
	return __sysret(__sys5(SYS_ppoll, __A(fds), nfds, __A(ts), __A(mask),
			       sizeof(q_sigset_t)));
}

static int
sets_to_poll(int nfds, fd_set *rd, fd_set *wr, fd_set *ex, struct pollfd *pf)
{
	int n = 0;

	for (int fd = 0; fd < nfds; fd++) {
		short ev = (rd && FD_ISSET(fd, rd) ? POLLIN : 0) |
			   (wr && FD_ISSET(fd, wr) ? POLLOUT : 0) |
			   (ex && FD_ISSET(fd, ex) ? POLLPRI : 0);
		if (ev) {
			pf[n].fd = fd;
			pf[n].events = ev;
			pf[n++].revents = 0;
		}
	}
	return n;
}

/* The answers back into the sets; the number of bits set, or -1 with
 * EBADF. */
static int
poll_to_sets(const struct pollfd *pf, int n, fd_set *rd, fd_set *wr,
	     fd_set *ex)
{
	int count = 0;

	for (int i = 0; i < n; i++)
		if (pf[i].revents & POLLNVAL) {
			errno = EBADF;
			return -1;
		}
	if (rd)
		FD_ZERO(rd);
	if (wr)
		FD_ZERO(wr);
	if (ex)
		FD_ZERO(ex);
	for (int i = 0; i < n; i++) {
		short ev = pf[i].events, r = pf[i].revents;
		if ((ev & POLLIN) && (r & (POLLIN | POLLHUP | POLLERR)))
			FD_SET(pf[i].fd, rd), count++;
		if ((ev & POLLOUT) && (r & (POLLOUT | POLLERR)))
			FD_SET(pf[i].fd, wr), count++;
		if ((ev & POLLPRI) && (r & POLLPRI))
			FD_SET(pf[i].fd, ex), count++;
	}
	return count;
}

static int
do_select(int nfds, fd_set *rd, fd_set *wr, fd_set *ex,
	  const struct timespec *ts, const sigset_t *mask)
{
	struct pollfd pf[FD_SETSIZE];
	int n, r;

	if (nfds < 0) {
		errno = EINVAL;
		return -1;
	}
	if (nfds > FD_SETSIZE)
		nfds = FD_SETSIZE;
	n = sets_to_poll(nfds, rd, wr, ex, pf);
	r = ppoll(pf, (nfds_t)n, ts, mask);
	return r < 0 ? -1 : poll_to_sets(pf, n, rd, wr, ex);
}

int
pselect(int nfds, fd_set *rd, fd_set *wr, fd_set *ex,
	const struct timespec *ts, const sigset_t *mask)
{
	return do_select(nfds, rd, wr, ex, ts, mask);
}

int
select(int nfds, fd_set *rd, fd_set *wr, fd_set *ex, struct timeval *tv)
{
	struct timespec ts, t0, t1;
	long long left;
	int r;

	if (!tv)
		return do_select(nfds, rd, wr, ex, NULL, NULL);
	if (tv->tv_sec < 0 || tv->tv_usec < 0 || tv->tv_usec >= 1000000) {
		errno = EINVAL;
		return -1;
	}
	ts.tv_sec = tv->tv_sec;
	ts.tv_nsec = tv->tv_usec * 1000;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	r = do_select(nfds, rd, wr, ex, &ts, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	left = (long long)tv->tv_sec * 1000000 + tv->tv_usec -
	       ((long long)(t1.tv_sec - t0.tv_sec) * 1000000 +
		(t1.tv_nsec - t0.tv_nsec) / 1000);
	if (left < 0)
		left = 0;
	tv->tv_sec = left / 1000000;
	tv->tv_usec = left % 1000000;
	return r;
}
