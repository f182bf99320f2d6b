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
int getpriority(int which, id_t who);
int setpriority(int which, id_t who, int prio);

#endif
