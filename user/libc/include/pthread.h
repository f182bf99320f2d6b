/*
 * pthread.h - POSIX threads on Quanta's kernel threads.
 *
 * Each pthread is a kernel thread in the same address space
 * (SYS_thread_create) running on a 64 KiB stack from malloc().  Blocking
 * primitives sleep in the kernel with SYS_futex; nothing here spins except
 * pthread_spin_*.  The functions return an error number, not -1.
 */
#ifndef _PTHREAD_H
#define _PTHREAD_H

#include <sys/types.h>
#include <sched.h>
#include <time.h>

#define PTHREAD_CREATE_JOINABLE	0
#define PTHREAD_CREATE_DETACHED	1

#define PTHREAD_MUTEX_NORMAL		0
#define PTHREAD_MUTEX_RECURSIVE		1
#define PTHREAD_MUTEX_ERRORCHECK	2
#define PTHREAD_MUTEX_DEFAULT		PTHREAD_MUTEX_NORMAL

#define PTHREAD_PROCESS_PRIVATE	0
#define PTHREAD_PROCESS_SHARED	1

#define PTHREAD_SCOPE_SYSTEM	0
#define PTHREAD_SCOPE_PROCESS	1
#define PTHREAD_INHERIT_SCHED	0
#define PTHREAD_EXPLICIT_SCHED	1

#define PTHREAD_BARRIER_SERIAL_THREAD	(-1)

#define PTHREAD_MUTEX_INITIALIZER	{ 0, PTHREAD_MUTEX_NORMAL, 0, 0 }
#define PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP \
	{ 0, PTHREAD_MUTEX_RECURSIVE, 0, 0 }
#define PTHREAD_COND_INITIALIZER	{ 0, CLOCK_REALTIME, 0 }
#define PTHREAD_RWLOCK_INITIALIZER \
	{ PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0 }
#define PTHREAD_ONCE_INIT		0

#define PTHREAD_STACK_DEFAULT	(64 * 1024)

int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
		   void *(*start)(void *), void *arg);
int pthread_join(pthread_t thread, void **retval);
void pthread_exit(void *retval) __attribute__((__noreturn__));
int pthread_detach(pthread_t thread);
pthread_t pthread_self(void);
/* A thread's name (at most 15 bytes: ERANGE beyond), as ps and traces
 * show it (prctl PR_SET_NAME for the caller). */
int pthread_setname_np(pthread_t t, const char *name);
int pthread_getname_np(pthread_t t, char *buf, size_t len);
int pthread_equal(pthread_t a, pthread_t b);
int pthread_once(pthread_once_t *once, void (*init)(void));
int pthread_setaffinity_np(pthread_t thread, size_t bytes,
			   const cpu_set_t *set);
int pthread_getaffinity_np(pthread_t thread, size_t bytes, cpu_set_t *set);

int pthread_attr_init(pthread_attr_t *a);
int pthread_attr_destroy(pthread_attr_t *a);
int pthread_attr_setdetachstate(pthread_attr_t *a, int state);
int pthread_attr_getdetachstate(const pthread_attr_t *a, int *state);
int pthread_attr_setstacksize(pthread_attr_t *a, size_t size);
int pthread_attr_getstacksize(const pthread_attr_t *a, size_t *size);
/* The caller's own stack: addr is its lowest byte; the thread's block
 * (about 200 bytes) is kept at its top, and the caller frees it after
 * the thread is joined, as POSIX says. */
int pthread_attr_setstack(pthread_attr_t *a, void *addr, size_t size);
int pthread_attr_getstack(const pthread_attr_t *a, void **addr,
			  size_t *size);
int pthread_attr_setscope(pthread_attr_t *a, int scope);
int pthread_attr_setinheritsched(pthread_attr_t *a, int inherit);
int pthread_attr_getinheritsched(const pthread_attr_t *a, int *inherit);
int pthread_attr_setschedpolicy(pthread_attr_t *a, int policy);
int pthread_attr_getschedpolicy(const pthread_attr_t *a, int *policy);
int pthread_attr_setschedparam(pthread_attr_t *a, const struct sched_param *p);
int pthread_attr_getschedparam(const pthread_attr_t *a, struct sched_param *p);
int pthread_setschedparam(pthread_t t, int policy, const struct sched_param *p);
int pthread_getschedparam(pthread_t t, int *policy, struct sched_param *p);
int pthread_setschedprio(pthread_t t, int prio);

int pthread_key_create(pthread_key_t *key, void (*destructor)(void *));
int pthread_key_delete(pthread_key_t key);
void *pthread_getspecific(pthread_key_t key);
int pthread_setspecific(pthread_key_t key, const void *value);

int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a);
int pthread_mutex_destroy(pthread_mutex_t *m);
int pthread_mutex_lock(pthread_mutex_t *m);
int pthread_mutex_trylock(pthread_mutex_t *m);
int pthread_mutex_unlock(pthread_mutex_t *m);
int pthread_mutexattr_init(pthread_mutexattr_t *a);
int pthread_mutexattr_destroy(pthread_mutexattr_t *a);
int pthread_mutexattr_settype(pthread_mutexattr_t *a, int type);
int pthread_mutexattr_gettype(const pthread_mutexattr_t *a, int *type);

int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *a);
int pthread_cond_destroy(pthread_cond_t *c);
int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m);
int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
			   const struct timespec *abstime);
int pthread_cond_signal(pthread_cond_t *c);
int pthread_cond_broadcast(pthread_cond_t *c);
int pthread_condattr_init(pthread_condattr_t *a);
int pthread_condattr_destroy(pthread_condattr_t *a);
int pthread_condattr_setclock(pthread_condattr_t *a, clockid_t clk);

int pthread_rwlock_init(pthread_rwlock_t *rw, const pthread_rwlockattr_t *a);
int pthread_rwlock_destroy(pthread_rwlock_t *rw);
int pthread_rwlock_rdlock(pthread_rwlock_t *rw);
int pthread_rwlock_wrlock(pthread_rwlock_t *rw);
int pthread_rwlock_unlock(pthread_rwlock_t *rw);

int pthread_spin_init(pthread_spinlock_t *s, int pshared);
int pthread_spin_destroy(pthread_spinlock_t *s);
int pthread_spin_lock(pthread_spinlock_t *s);
int pthread_spin_trylock(pthread_spinlock_t *s);
int pthread_spin_unlock(pthread_spinlock_t *s);

int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *a,
			 unsigned int count);
int pthread_barrier_destroy(pthread_barrier_t *b);
int pthread_barrier_wait(pthread_barrier_t *b);

#endif
