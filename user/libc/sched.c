/*
 * sched.c - the scheduler-facing calls (yield, affinity, the current CPU)
 * and what the system is: CPU counts, sysconf, uname, sysinfo.
 */
#include <sched.h>
#include <string.h>
#include <unistd.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include "internal.h"

_Static_assert(sizeof(struct utsname) == sizeof(struct q_utsname),
	       "struct utsname must be struct q_utsname");

int
sched_yield(void)
{
	return __sysret(__sys0(SYS_sched_yield));
}

int
sched_setaffinity(pid_t pid, size_t bytes, const cpu_set_t *set)
{
	return __sysret(__sys3(SYS_sched_setaffinity, pid, bytes, __A(set)));
}

/* The kernel fills the bytes it knows and says how many; glibc's wrapper
 * returns 0 with the rest of the set cleared, and so does this one. */
int
sched_getaffinity(pid_t pid, size_t bytes, cpu_set_t *set)
{
	long r = __sysret(__sys3(SYS_sched_getaffinity, pid, bytes, __A(set)));

	if (r < 0)
		return -1;
	if ((size_t)r < bytes)
		memset((char *)set + r, 0, bytes - r);
	return 0;
}

int
sched_getcpu(void)
{
	return __sysret(__sys0(SYS_sched_getcpu));
}

/* The POSIX scheduling calls go straight to the kernel
 * (kernel/sys_sched_rt.c): SCHED_OTHER, SCHED_BATCH and SCHED_IDLE are the
 * compiled-in policy, SCHED_FIFO and SCHED_RR the rt classes above it. */
int
sched_getscheduler(pid_t pid)
{
	return __sysret(__sys1(SYS_sched_getscheduler, pid));
}

int
sched_setscheduler(pid_t pid, int policy, const struct sched_param *p)
{
	return __sysret(__sys3(SYS_sched_setscheduler, pid, policy, __A(p)));
}

int
sched_getparam(pid_t pid, struct sched_param *p)
{
	return __sysret(__sys2(SYS_sched_getparam, pid, __A(p)));
}

int
sched_setparam(pid_t pid, const struct sched_param *p)
{
	return __sysret(__sys2(SYS_sched_setparam, pid, __A(p)));
}

int
sched_get_priority_max(int policy)
{
	return __sysret(__sys1(SYS_sched_get_priority_max, policy));
}

int
sched_get_priority_min(int policy)
{
	return __sysret(__sys1(SYS_sched_get_priority_min, policy));
}

int
sched_rr_get_interval(pid_t pid, struct timespec *ts)
{
	return __sysret(__sys2(SYS_sched_rr_get_interval, pid, __A(ts)));
}

int
get_nprocs(void)
{
	return __sysret(__sys0(SYS_nprocs));
}

int
get_nprocs_conf(void)
{
	struct q_sysinfo si;

	if (__sysret(__sys1(SYS_sysinfo, __A(&si))) < 0)
		return get_nprocs();
	return si.ncpu;
}

int
sysinfo(struct sysinfo *info)
{
	struct q_sysinfo si;

	if (__sysret(__sys1(SYS_sysinfo, __A(&si))) < 0)
		return -1;
	memset(info, 0, sizeof(*info));
	info->uptime = (long)(si.uptime_ns / 1000000000ULL);
	info->totalram = si.total_pages;
	info->freeram = si.free_pages;
	info->procs = si.ntasks;
	info->mem_unit = 4096;
	return 0;
}

long
sysconf(int name)
{
	struct sysinfo si;

	switch (name) {
	case _SC_CLK_TCK:
		return Q_USER_HZ;
	case _SC_PAGESIZE:
		return 4096;
	case _SC_OPEN_MAX:
		return getdtablesize();
	case _SC_NPROCESSORS_ONLN:
		return get_nprocs();
	case _SC_NPROCESSORS_CONF:
		return get_nprocs_conf();
	case _SC_PHYS_PAGES:
	case _SC_AVPHYS_PAGES:
		if (sysinfo(&si) < 0)
			return -1;
		return name == _SC_PHYS_PAGES ? si.totalram : si.freeram;
	default:
		errno = EINVAL;
		return -1;
	}
}

int
getpagesize(void)
{
	return 4096;
}

int
uname(struct utsname *u)
{
	return __sysret(__sys1(SYS_uname, __A(u)));
}
