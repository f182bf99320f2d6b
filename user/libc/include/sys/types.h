/*
 * sys/types.h - the basic system types on i686 Quanta.
 *
 * Like glibc's (with its default _DEFAULT_SOURCE), this also defines
 * struct timespec, struct timeval and the pthread types, so programs that
 * include only <stdlib.h> still see pthread_t.  The integer types have the
 * sizes glibc gives an i386 program built without _TIME_BITS=64 or
 * _FILE_OFFSET_BITS=64 (time_t, off_t, clock_t, suseconds_t are a long),
 * so printf("%ld", tv.tv_sec) prints what it prints on Linux; struct
 * timespec and struct timeval are then the kernel's q_timespec and
 * q_timeval byte for byte and are passed to it unconverted.
 */
#ifndef _SYS_TYPES_H
#define _SYS_TYPES_H

#include <stddef.h>
#include <stdint.h>

typedef int ssize_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int id_t;
typedef unsigned int mode_t;
typedef long off_t;
typedef unsigned long ino_t;
typedef unsigned int nlink_t;
typedef unsigned int dev_t;
typedef long blksize_t;
typedef long blkcnt_t;
typedef long time_t;
typedef long suseconds_t;
typedef unsigned int useconds_t;
typedef long clock_t;
typedef int clockid_t;
typedef void *timer_t;		/* glibc's type; holds the kernel's id */
typedef char *caddr_t;
typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;

#ifndef _STRUCT_TIMESPEC
#define _STRUCT_TIMESPEC
/* = struct q_timespec: 8 bytes, tv_nsec at offset 4 */
struct timespec {
	time_t tv_sec;
	long tv_nsec;
};
/* = struct q_timeval */
struct timeval {
	time_t tv_sec;
	suseconds_t tv_usec;
};
#endif

/*
 * pthread types.  pthread_t is the kernel's thread id, so it prints as the
 * same number ps and top show.  The layouts are private to the libc
 * (user/libc/pthread*.c); only the initializers are public.
 */
typedef unsigned long pthread_t;
typedef unsigned int pthread_key_t;
typedef int pthread_once_t;
typedef volatile int pthread_spinlock_t;

typedef struct {
	int detachstate;
	size_t stacksize;
	void *stackaddr;	/* pthread_attr_setstack's, or NULL */
	int inheritsched;	/* PTHREAD_INHERIT_SCHED or _EXPLICIT_SCHED */
	int schedpolicy;
	int schedpriority;
} pthread_attr_t;

typedef struct {
	int state;		/* 0 free, 1 locked, 2 locked with waiters */
	int type;		/* PTHREAD_MUTEX_* */
	int owner;		/* tid: recursive and error-checking types */
	int count;		/* recursion depth */
} pthread_mutex_t;

typedef struct {
	int type;
} pthread_mutexattr_t;

typedef struct {
	unsigned int seq;	/* bumped by every signal and broadcast */
	int clock;		/* for pthread_cond_timedwait */
	int waiters;		/* no waiters: signal makes no system call */
} pthread_cond_t;

typedef struct {
	int clock;
} pthread_condattr_t;

typedef struct {
	int lock;
	unsigned int count;	/* threads per round */
	unsigned int arrived;
	unsigned int round;	/* futex word the waiters sleep on */
} pthread_barrier_t;

typedef struct {
	int pshared;
} pthread_barrierattr_t;

typedef struct {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int readers;		/* > 0 readers inside, -1 a writer inside */
	int writers_waiting;
} pthread_rwlock_t;

typedef struct {
	int pshared;
} pthread_rwlockattr_t;

#endif
