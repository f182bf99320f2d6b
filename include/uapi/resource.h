/*
 * uapi/resource.h - resource limits, numbered as in
 * Linux 6.1 include/uapi/asm-generic/resource.h.  The kernel keeps 64-bit limits
 * (prlimit64's struct rlimit64); the libc narrows them for getrlimit.
 */
#ifndef QUANTA_UAPI_RESOURCE_H
#define QUANTA_UAPI_RESOURCE_H

#include <stdint.h>

#define Q_RLIMIT_CPU		0
#define Q_RLIMIT_FSIZE		1
#define Q_RLIMIT_DATA		2
#define Q_RLIMIT_STACK		3
#define Q_RLIMIT_CORE		4
#define Q_RLIMIT_RSS		5
#define Q_RLIMIT_NPROC		6
#define Q_RLIMIT_NOFILE		7
#define Q_RLIMIT_MEMLOCK	8
#define Q_RLIMIT_AS		9
#define Q_RLIMIT_LOCKS		10
#define Q_RLIMIT_SIGPENDING	11
#define Q_RLIMIT_MSGQUEUE	12
#define Q_RLIMIT_NICE		13
#define Q_RLIMIT_RTPRIO		14
#define Q_RLIMIT_RTTIME		15
#define Q_RLIM_NLIMITS		16

#define Q_RLIM64_INFINITY	(~0ull)

struct q_rlimit64 {
	uint64_t rlim_cur, rlim_max;
};

#endif
