/*
 * sys/select.h - select() and pselect(), on top of ppoll, with glibc's
 * i386 fd_set: FD_SETSIZE (1024) bits in longs.
 */
#ifndef _SYS_SELECT_H
#define _SYS_SELECT_H

#include <sys/types.h>
#include <signal.h>
#include <time.h>

#define FD_SETSIZE	1024
#define NFDBITS		(8 * (int)sizeof(long))
typedef long fd_mask;

typedef struct {
	long fds_bits[FD_SETSIZE / (8 * sizeof(long))];
} fd_set;

#define FD_ZERO(s)	do {						\
	for (unsigned __i = 0; __i < FD_SETSIZE / NFDBITS; __i++)	\
		(s)->fds_bits[__i] = 0;					\
} while (0)
#define FD_SET(d, s)	((void)((s)->fds_bits[(d) / NFDBITS] |=		\
			  (long)(1UL << ((d) % NFDBITS))))
#define FD_CLR(d, s)	((void)((s)->fds_bits[(d) / NFDBITS] &=		\
			  ~(long)(1UL << ((d) % NFDBITS))))
#define FD_ISSET(d, s)	(((s)->fds_bits[(d) / NFDBITS] &		\
			  (long)(1UL << ((d) % NFDBITS))) != 0)

struct timeval;
int select(int nfds, fd_set *rd, fd_set *wr, fd_set *ex, struct timeval *tv);
int pselect(int nfds, fd_set *rd, fd_set *wr, fd_set *ex,
	    const struct timespec *ts, const sigset_t *mask);

#endif
