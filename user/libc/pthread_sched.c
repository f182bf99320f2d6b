/*
 * pthread_sched.c - scheduling attributes of threads (POSIX 1003.1c):
 * every Quanta thread is a kernel task with its own class and priority,
 * so these are sched_setscheduler() and friends on the thread's id,
 * returning an errno instead of setting it.
 *
 * A thread created with PTHREAD_EXPLICIT_SCHED gets its class from its
 * creator right after SYS_thread_create returns, and waits on a futex
 * until then before it runs its start routine (pthread.c), as glibc
 * starts such a thread stopped: its own code always runs in the class it
 * was created with.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include "pthread_impl.h"

static int
valid_policy(int policy)
{
	return policy == SCHED_OTHER || policy == SCHED_FIFO ||
	       policy == SCHED_RR || policy == SCHED_BATCH ||
	       policy == SCHED_IDLE;
}

int
pthread_attr_setinheritsched(pthread_attr_t *a, int inherit)
{
	if (inherit != PTHREAD_INHERIT_SCHED &&
	    inherit != PTHREAD_EXPLICIT_SCHED)
		return EINVAL;
	a->inheritsched = inherit;
	return 0;
}

int
pthread_attr_getinheritsched(const pthread_attr_t *a, int *inherit)
{
	*inherit = a->inheritsched;
	return 0;
}

int
pthread_attr_setschedpolicy(pthread_attr_t *a, int policy)
{
	if (!valid_policy(policy))
		return EINVAL;
	a->schedpolicy = policy;
	return 0;
}

int
pthread_attr_getschedpolicy(const pthread_attr_t *a, int *policy)
{
	*policy = a->schedpolicy;
	return 0;
}

/* glibc checks the priority against the policy only at pthread_create. */
int
pthread_attr_setschedparam(pthread_attr_t *a, const struct sched_param *p)
{
	a->schedpriority = p->sched_priority;
	return 0;
}

int
pthread_attr_getschedparam(const pthread_attr_t *a, struct sched_param *p)
{
	p->sched_priority = a->schedpriority;
	return 0;
}

int
__pthread_apply_sched(long tid, const pthread_attr_t *attr)
{
	struct sched_param p = { attr->schedpriority };

	if (attr->inheritsched != PTHREAD_EXPLICIT_SCHED)
		return 0;
	return sched_setscheduler(tid, attr->schedpolicy, &p) < 0 ? errno : 0;
}

int
pthread_setschedparam(pthread_t t, int policy, const struct sched_param *p)
{
	return sched_setscheduler(t, policy, p) < 0 ? errno : 0;
}

int
pthread_getschedparam(pthread_t t, int *policy, struct sched_param *p)
{
	int r = sched_getscheduler(t);

	if (r < 0)
		return errno;
	*policy = r;
	return sched_getparam(t, p) < 0 ? errno : 0;
}

int
pthread_setschedprio(pthread_t t, int prio)
{
	struct sched_param p = { prio };

	return sched_setparam(t, &p) < 0 ? errno : 0;
}
