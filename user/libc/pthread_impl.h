/*
 * pthread_impl.h - the per-thread block that pthread.c keeps at the top
 * of each thread's stack.
 */
#ifndef LIBC_PTHREAD_IMPL_H
#define LIBC_PTHREAD_IMPL_H

#include <limits.h>
#include <pthread.h>

/*
 * One per thread made by pthread_create, just below the top of the
 * thread's malloc'd stack, and on the thread list from creation until it
 * has been joined (or reaped, if detached).  The main thread has none.
 * The list lock guards next, tid, detached and joining; finished is
 * written once by the thread itself, atomically.
 */
struct uthread {
	struct uthread *next;
	int tid;		/* 0 until SYS_thread_create has returned */
	int err;		/* this thread's errno */
	void *(*start)(void *);
	void *arg;
	char *stack;		/* the malloc'd block: lowest address */
	char *stack_end;	/* one past its highest */
	int own_stack;		/* the caller's (pthread_attr_setstack): not
				 * freed here */
	int detached;
	int joining;
	int finished;		/* about to call SYS_thread_exit */
	int held;		/* 1 until the creator has applied explicit
				 * scheduling (a futex word) */
	void *keys[PTHREAD_KEYS_MAX];
};

/* pthread_sched.c: after pthread_create, the attribute's explicit
 * scheduling (PTHREAD_EXPLICIT_SCHED); 0 or an errno. */
int __pthread_apply_sched(long tid, const pthread_attr_t *attr);

#endif
