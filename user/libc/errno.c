/*
 * errno.c - where errno lives.
 *
 * The main thread's errno is the global int "errno" (so K&R code that
 * declares "extern int errno;" links and works in single-threaded
 * programs); a thread made by pthread_create has its own in its struct
 * uthread, found from the stack pointer (pthread.c).
 */
#include "internal.h"

#undef errno
int errno;

int *
__errno_location(void)
{
	int *p = __thread_errno();

	return p ? p : &errno;
}
