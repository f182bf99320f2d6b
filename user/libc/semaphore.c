/*
 * semaphore.c - unnamed POSIX semaphores.  value is the count and the
 * futex word; waiters lets sem_post skip the system call when no one
 * sleeps.  A waiter announces itself before it sleeps and sleeps only
 * while value is still 0, so a post in between is never lost.
 */
#include <errno.h>
#include <semaphore.h>
#include "internal.h"

int
sem_init(sem_t *s, int pshared, unsigned int value)
{
	(void)pshared;
	if (value > SEM_VALUE_MAX) {
		errno = EINVAL;
		return -1;
	}
	s->value = value;
	s->waiters = 0;
	return 0;
}

int
sem_destroy(sem_t *s)
{
	(void)s;
	return 0;
}

/* Take one if the count is positive; 0 on success, -1 if it was 0. */
static int
try_take(sem_t *s)
{
	int v = __atomic_load_n(&s->value, __ATOMIC_SEQ_CST);

	while (v > 0)
		if (__atomic_compare_exchange_n(&s->value, &v, v - 1, 0,
						__ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST))
			return 0;
	return -1;
}

static int
sem_wait_until(sem_t *s, const struct timespec *abstime)
{
	struct timespec now;
	struct q_timespec rel;
	long r = 0;

	while (try_take(s) < 0) {
		if (abstime) {
			if (abstime->tv_nsec < 0 ||
			    abstime->tv_nsec >= 1000000000) {
				errno = EINVAL;
				return -1;
			}
			clock_gettime(CLOCK_REALTIME, &now);
			__timespec_sub(&rel, (const struct q_timespec *)abstime,
				       (const struct q_timespec *)&now);
			if (rel.tv_sec < 0) {
				errno = ETIMEDOUT;
				return -1;
			}
		}
		__atomic_add_fetch(&s->waiters, 1, __ATOMIC_SEQ_CST);
		r = __futex_wait(&s->value, 0, abstime ? &rel : NULL);
		__atomic_sub_fetch(&s->waiters, 1, __ATOMIC_SEQ_CST);
		if (r == -EINTR) {
			errno = EINTR;
			return -1;
		}
	}
	return 0;
}

int
sem_wait(sem_t *s)
{
	return sem_wait_until(s, NULL);
}

int
sem_timedwait(sem_t *s, const struct timespec *abstime)
{
	return sem_wait_until(s, abstime);
}

int
sem_trywait(sem_t *s)
{
	if (try_take(s) == 0)
		return 0;
	errno = EAGAIN;
	return -1;
}

int
sem_post(sem_t *s)
{
	__atomic_add_fetch(&s->value, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&s->waiters, __ATOMIC_SEQ_CST) > 0)
		__futex_wake(&s->value, 1);
	return 0;
}

int
sem_getvalue(sem_t *s, int *value)
{
	*value = __atomic_load_n(&s->value, __ATOMIC_SEQ_CST);
	return 0;
}
