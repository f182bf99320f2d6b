/*
 * pthread_sync.c - mutexes, condition variables, read-write locks, spin
 * locks, barriers and pthread_once, all sleeping on SYS_futex.
 *
 * The futex contract: FUTEX_WAIT(addr, val) sleeps only if *addr still
 * equals val when the kernel looks (so a wake between our check and the
 * sleep is never lost) and may return early for any reason; FUTEX_WAKE
 * wakes up to n sleepers on addr.  Every wait below sits in a loop that
 * re-checks its condition.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <time.h>
#include "internal.h"

/*
 * Mutex: Drepper's "mutex3" from "Futexes Are Tricky".  state is 0 when
 * free, 1 when locked, 2 when locked and someone may be asleep.  The
 * uncontended lock and unlock are one atomic instruction each and no
 * system call; only a contended unlock pays for a FUTEX_WAKE.
 */
static void
mutex_lock_slow(int *state, int c)
{
	if (c != 2)
		c = __atomic_exchange_n(state, 2, __ATOMIC_ACQUIRE);
	while (c != 0) {
		__futex_wait(state, 2, NULL);
		c = __atomic_exchange_n(state, 2, __ATOMIC_ACQUIRE);
	}
}

static void
mutex_acquire(int *state)
{
	int c = 0;

	if (!__atomic_compare_exchange_n(state, &c, 1, 0, __ATOMIC_ACQUIRE,
					 __ATOMIC_RELAXED))
		mutex_lock_slow(state, c);
}

static void
mutex_release(int *state)
{
	if (__atomic_exchange_n(state, 0, __ATOMIC_RELEASE) == 2)
		__futex_wake(state, 1);
}

int
pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a)
{
	m->state = 0;
	m->type = a ? a->type : PTHREAD_MUTEX_DEFAULT;
	m->owner = 0;
	m->count = 0;
	return 0;
}

int
pthread_mutex_destroy(pthread_mutex_t *m)
{
	return m->state ? EBUSY : 0;
}

/*
 * Recursive and error-checking mutexes need to know who holds them, which
 * costs a gettid call; plain ones do not.
 */
int
pthread_mutex_lock(pthread_mutex_t *m)
{
	int me;

	if (m->type == PTHREAD_MUTEX_NORMAL) {
		mutex_acquire(&m->state);
		return 0;
	}
	me = __sys0(SYS_gettid);
	if (m->owner == me) {
		if (m->type == PTHREAD_MUTEX_ERRORCHECK)
			return EDEADLK;
		m->count++;
		return 0;
	}
	mutex_acquire(&m->state);
	m->owner = me;
	m->count = 1;
	return 0;
}

int
pthread_mutex_trylock(pthread_mutex_t *m)
{
	int c = 0, me = 0;

	if (m->type != PTHREAD_MUTEX_NORMAL) {
		me = __sys0(SYS_gettid);
		if (m->owner == me) {
			if (m->type == PTHREAD_MUTEX_ERRORCHECK)
				return EBUSY;
			m->count++;
			return 0;
		}
	}
	if (!__atomic_compare_exchange_n(&m->state, &c, 1, 0,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return EBUSY;
	m->owner = me;
	m->count = 1;
	return 0;
}

int
pthread_mutex_unlock(pthread_mutex_t *m)
{
	if (m->type != PTHREAD_MUTEX_NORMAL) {
		if (m->owner != __sys0(SYS_gettid))
			return EPERM;
		if (--m->count > 0)
			return 0;
		m->owner = 0;
	}
	mutex_release(&m->state);
	return 0;
}

int
pthread_mutexattr_init(pthread_mutexattr_t *a)
{
	a->type = PTHREAD_MUTEX_DEFAULT;
	return 0;
}

int
pthread_mutexattr_destroy(pthread_mutexattr_t *a)
{
	(void)a;
	return 0;
}

int
pthread_mutexattr_settype(pthread_mutexattr_t *a, int type)
{
	if (type != PTHREAD_MUTEX_NORMAL && type != PTHREAD_MUTEX_RECURSIVE &&
	    type != PTHREAD_MUTEX_ERRORCHECK)
		return EINVAL;
	a->type = type;
	return 0;
}

int
pthread_mutexattr_gettype(const pthread_mutexattr_t *a, int *type)
{
	*type = a->type;
	return 0;
}

/*
 * Condition variables: a sequence number bumped by every signal.  A
 * waiter samples it before letting go of the mutex and sleeps only while
 * it is unchanged, so a signal that comes in between is never lost.
 * Spurious wake-ups are allowed by POSIX and happen (broadcast wakes all).
 */
int
pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *a)
{
	c->seq = 0;
	c->clock = a ? a->clock : CLOCK_REALTIME;
	c->waiters = 0;
	return 0;
}

int
pthread_cond_destroy(pthread_cond_t *c)
{
	return c->waiters ? EBUSY : 0;
}

/* abstime on clock, less now, as a relative timeout; -ETIMEDOUT if past. */
static long
time_left(int clock, const struct timespec *abstime, struct q_timespec *rel)
{
	struct timespec now;

	if (abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000)
		return -EINVAL;
	clock_gettime(clock, &now);
	__timespec_sub(rel, (const struct q_timespec *)abstime,
		       (const struct q_timespec *)&now);
	return rel->tv_sec < 0 ? -ETIMEDOUT : 0;
}

static int
cond_wait(pthread_cond_t *c, pthread_mutex_t *m,
	  const struct timespec *abstime)
{
	unsigned int seq = __atomic_load_n(&c->seq, __ATOMIC_SEQ_CST);
	int owner = m->owner, count = m->count;
	struct q_timespec rel;
	long r = 0;

	__atomic_add_fetch(&c->waiters, 1, __ATOMIC_SEQ_CST);
	m->owner = m->count = 0;
	mutex_release(&m->state);
	if (abstime)
		r = time_left(c->clock, abstime, &rel);
	if (r == 0)
		r = __futex_wait((int *)&c->seq, (int)seq,
				 abstime ? &rel : NULL);
	__atomic_sub_fetch(&c->waiters, 1, __ATOMIC_SEQ_CST);
	/* Others may be asleep on the mutex too: take it as "contended". */
	while (__atomic_exchange_n(&m->state, 2, __ATOMIC_ACQUIRE) != 0)
		__futex_wait(&m->state, 2, NULL);
	m->owner = owner;
	m->count = count;
	if (r == -ETIMEDOUT || r == -EINVAL)
		return (int)-r;
	return 0;
}

int
pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	return cond_wait(c, m, NULL);
}

int
pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
		       const struct timespec *abstime)
{
	return cond_wait(c, m, abstime);
}

static int
cond_wake(pthread_cond_t *c, int n)
{
	__atomic_add_fetch(&c->seq, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&c->waiters, __ATOMIC_SEQ_CST) > 0)
		__futex_wake((int *)&c->seq, n);
	return 0;
}

int
pthread_cond_signal(pthread_cond_t *c)
{
	return cond_wake(c, 1);
}

int
pthread_cond_broadcast(pthread_cond_t *c)
{
	return cond_wake(c, INT_MAX);
}

int
pthread_condattr_init(pthread_condattr_t *a)
{
	a->clock = CLOCK_REALTIME;
	return 0;
}

int
pthread_condattr_destroy(pthread_condattr_t *a)
{
	(void)a;
	return 0;
}

int
pthread_condattr_setclock(pthread_condattr_t *a, clockid_t clk)
{
	if (clk != CLOCK_REALTIME && clk != CLOCK_MONOTONIC)
		return EINVAL;
	a->clock = clk;
	return 0;
}

/* Read-write locks: a mutex and a condition; waiting writers go first. */
int
pthread_rwlock_init(pthread_rwlock_t *rw, const pthread_rwlockattr_t *a)
{
	(void)a;
	pthread_mutex_init(&rw->lock, NULL);
	pthread_cond_init(&rw->cond, NULL);
	rw->readers = rw->writers_waiting = 0;
	return 0;
}

int
pthread_rwlock_destroy(pthread_rwlock_t *rw)
{
	return rw->readers ? EBUSY : 0;
}

int
pthread_rwlock_rdlock(pthread_rwlock_t *rw)
{
	pthread_mutex_lock(&rw->lock);
	while (rw->readers < 0 || rw->writers_waiting)
		pthread_cond_wait(&rw->cond, &rw->lock);
	rw->readers++;
	pthread_mutex_unlock(&rw->lock);
	return 0;
}

int
pthread_rwlock_wrlock(pthread_rwlock_t *rw)
{
	pthread_mutex_lock(&rw->lock);
	rw->writers_waiting++;
	while (rw->readers != 0)
		pthread_cond_wait(&rw->cond, &rw->lock);
	rw->writers_waiting--;
	rw->readers = -1;
	pthread_mutex_unlock(&rw->lock);
	return 0;
}

int
pthread_rwlock_unlock(pthread_rwlock_t *rw)
{
	pthread_mutex_lock(&rw->lock);
	if (rw->readers > 0)
		rw->readers--;
	else
		rw->readers = 0;
	if (rw->readers == 0)
		pthread_cond_broadcast(&rw->cond);
	pthread_mutex_unlock(&rw->lock);
	return 0;
}

/* Spin locks really spin: the caller chose them over a mutex. */
int
pthread_spin_init(pthread_spinlock_t *s, int pshared)
{
	(void)pshared;
	*s = 0;
	return 0;
}

int
pthread_spin_destroy(pthread_spinlock_t *s)
{
	(void)s;
	return 0;
}

int
pthread_spin_lock(pthread_spinlock_t *s)
{
	while (__atomic_exchange_n(s, 1, __ATOMIC_ACQUIRE) != 0)
		while (__atomic_load_n(s, __ATOMIC_RELAXED) != 0)
			__builtin_ia32_pause();
	return 0;
}

int
pthread_spin_trylock(pthread_spinlock_t *s)
{
	return __atomic_exchange_n(s, 1, __ATOMIC_ACQUIRE) ? EBUSY : 0;
}

int
pthread_spin_unlock(pthread_spinlock_t *s)
{
	__atomic_store_n(s, 0, __ATOMIC_RELEASE);
	return 0;
}

/*
 * Barriers: the last thread to arrive starts a new round and wakes the
 * others, who sleep on the round number.
 */
int
pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *a,
		     unsigned int count)
{
	(void)a;
	if (count == 0)
		return EINVAL;
	b->lock = 0;
	b->count = count;
	b->arrived = 0;
	b->round = 0;
	return 0;
}

int
pthread_barrier_destroy(pthread_barrier_t *b)
{
	return b->arrived ? EBUSY : 0;
}

int
pthread_barrier_wait(pthread_barrier_t *b)
{
	unsigned int round;

	mutex_acquire(&b->lock);
	round = b->round;
	if (++b->arrived == b->count) {
		b->arrived = 0;
		__atomic_store_n(&b->round, round + 1, __ATOMIC_RELEASE);
		mutex_release(&b->lock);
		__futex_wake((int *)&b->round, INT_MAX);
		return PTHREAD_BARRIER_SERIAL_THREAD;
	}
	mutex_release(&b->lock);
	while (__atomic_load_n(&b->round, __ATOMIC_ACQUIRE) == round)
		__futex_wait((int *)&b->round, (int)round, NULL);
	return 0;
}

/* 0: not run, 1: running, 2: done. */
int
pthread_once(pthread_once_t *once, void (*init)(void))
{
	int c = 0;

	if (__atomic_load_n(once, __ATOMIC_ACQUIRE) == 2)
		return 0;
	if (__atomic_compare_exchange_n(once, &c, 1, 0, __ATOMIC_ACQUIRE,
					__ATOMIC_ACQUIRE)) {
		init();
		__atomic_store_n(once, 2, __ATOMIC_RELEASE);
		__futex_wake(once, INT_MAX);
		return 0;
	}
	while (__atomic_load_n(once, __ATOMIC_ACQUIRE) == 1)
		__futex_wait(once, 1, NULL);
	return 0;
}
