/*
 * errno.h - error numbers (Linux's values, from uapi/errno.h) and errno.
 *
 * errno is per thread: each thread created by pthread_create keeps its own
 * copy in the block at the top of its stack; the main thread uses the
 * global int errno, so old code that says "extern int errno;" still links.
 */
#ifndef _ERRNO_H
#define _ERRNO_H

#include <uapi/errno.h>

/* Names the kernel never returns but programs and the libc use. */
#define EWOULDBLOCK	EAGAIN
#define EOVERFLOW	75
#define ENOTSUP		EOPNOTSUPP

int *__errno_location(void);
#define errno (*__errno_location())

#endif
