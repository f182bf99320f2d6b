/*
 * sys/resource.h - getrusage() and nice values.
 *
 * struct rusage has all of Linux's fields so that programs written for
 * Linux compile; Quanta fills ru_utime, ru_stime, ru_maxrss, ru_minflt,
 * ru_majflt, ru_nvcsw and ru_nivcsw, and the rest read 0.
 */
#ifndef _SYS_RESOURCE_H
#define _SYS_RESOURCE_H

#include <sys/types.h>
#include <uapi/resource.h>
#include <uapi/types.h>

#define RUSAGE_SELF	Q_RUSAGE_SELF
#define RUSAGE_CHILDREN	Q_RUSAGE_CHILDREN
#define RUSAGE_THREAD	Q_RUSAGE_THREAD

#define PRIO_PROCESS	Q_PRIO_PROCESS
#define PRIO_PGRP	1
#define PRIO_USER	2
#define PRIO_MIN	(-20)
#define PRIO_MAX	20

struct rusage {
	struct timeval ru_utime;
	struct timeval ru_stime;
	long ru_maxrss;
	long ru_ixrss;
	long ru_idrss;
	long ru_isrss;
	long ru_minflt;
	long ru_majflt;
	long ru_nswap;
	long ru_inblock;
	long ru_oublock;
	long ru_msgsnd;
	long ru_msgrcv;
	long ru_nsignals;
	long ru_nvcsw;		/* voluntary context switches */
	long ru_nivcsw;		/* involuntary (preempted) */
};

int getrusage(int who, struct rusage *ru);

/* Resource limits (uapi/resource.h): glibc's i386 types without
 * _FILE_OFFSET_BITS=64, so rlim_t is 32 bits and a limit that does not
 * fit reads as RLIM_INFINITY; the 64-bit calls see the kernel's values. */
typedef unsigned long rlim_t;
typedef unsigned long long rlim64_t;
#define RLIM_INFINITY		(~0UL)
#define RLIM_SAVED_MAX		RLIM_INFINITY
#define RLIM_SAVED_CUR		RLIM_INFINITY
#define RLIM64_INFINITY		Q_RLIM64_INFINITY
#define RLIMIT_CPU		Q_RLIMIT_CPU
#define RLIMIT_FSIZE		Q_RLIMIT_FSIZE
#define RLIMIT_DATA		Q_RLIMIT_DATA
#define RLIMIT_STACK		Q_RLIMIT_STACK
#define RLIMIT_CORE		Q_RLIMIT_CORE
#define RLIMIT_RSS		Q_RLIMIT_RSS
#define RLIMIT_NPROC		Q_RLIMIT_NPROC
#define RLIMIT_NOFILE		Q_RLIMIT_NOFILE
#define RLIMIT_OFILE		RLIMIT_NOFILE
#define RLIMIT_MEMLOCK		Q_RLIMIT_MEMLOCK
#define RLIMIT_AS		Q_RLIMIT_AS
#define RLIMIT_LOCKS		Q_RLIMIT_LOCKS
#define RLIMIT_SIGPENDING	Q_RLIMIT_SIGPENDING
#define RLIMIT_MSGQUEUE		Q_RLIMIT_MSGQUEUE
#define RLIMIT_NICE		Q_RLIMIT_NICE
#define RLIMIT_RTPRIO		Q_RLIMIT_RTPRIO
#define RLIMIT_RTTIME		Q_RLIMIT_RTTIME
#define RLIMIT_NLIMITS		Q_RLIM_NLIMITS
#define RLIM_NLIMITS		RLIMIT_NLIMITS

struct rlimit {
	rlim_t rlim_cur;	/* soft limit */
	rlim_t rlim_max;	/* hard limit */
};

struct rlimit64 {
	rlim64_t rlim_cur;
	rlim64_t rlim_max;
};

int getrlimit(int resource, struct rlimit *rl);
int setrlimit(int resource, const struct rlimit *rl);
int getrlimit64(int resource, struct rlimit64 *rl);
int setrlimit64(int resource, const struct rlimit64 *rl);
int prlimit(pid_t pid, int resource, const struct rlimit *nw,
	    struct rlimit *old);
int prlimit64(pid_t pid, int resource, const struct rlimit64 *nw,
	      struct rlimit64 *old);
int getpriority(int which, id_t who);
int setpriority(int which, id_t who, int prio);

#endif
