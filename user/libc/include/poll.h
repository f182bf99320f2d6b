/* poll.h - poll(); struct pollfd is struct q_pollfd. */
#ifndef _POLL_H
#define _POLL_H

#include <uapi/types.h>

#define POLLIN		Q_POLLIN
#define POLLPRI		0x002	/* never reported by Quanta */
#define POLLOUT		Q_POLLOUT
#define POLLERR		Q_POLLERR
#define POLLHUP		Q_POLLHUP
#define POLLNVAL	Q_POLLNVAL
#define POLLRDNORM	POLLIN
#define POLLWRNORM	POLLOUT

typedef unsigned long nfds_t;

struct pollfd {
	int fd;
	short events;
	short revents;
};

int poll(struct pollfd *fds, nfds_t nfds, int timeout_ms);
struct timespec;
/* The mask is a sigset_t (signal.h); declared loosely to keep this
 * header free of signal.h, as glibc's poll.h is without _GNU_SOURCE. */
int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *ts,
	  const q_sigset_t *mask);

#endif
