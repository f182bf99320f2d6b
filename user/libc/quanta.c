/*
 * quanta.c - Quanta's own calls (<quanta.h>): introspection, tunables and
 * the raw thread and futex calls.
 */
#include <string.h>
#include <quanta.h>
#include "internal.h"

int
q_sysinfo(struct q_sysinfo *si)
{
	return __sysret(__sys1(SYS_sysinfo, __A(si)));
}

int
q_trace(int op, unsigned arg, struct q_trace_status *st)
{
	return __sysret(__sys3(SYS_trace, op, arg, __A(st)));
}

int
q_meminfo(int op, void *buf, int max)
{
	return __sysret(__sys3(SYS_meminfo, op, __A(buf), max));
}

int
q_sched_setslice(int pid, unsigned ns)
{
	return __sysret(__sys2(SYS_sched_setslice, pid, ns));
}

int
q_taskinfo(struct q_taskinfo *tasks, int max)
{
	return __sysret(__sys2(SYS_taskinfo, __A(tasks), max));
}

int
q_cpuinfo(struct q_cpuinfo *cpus, int max)
{
	return __sysret(__sys2(SYS_cpuinfo, __A(cpus), max));
}

int
q_tunable_get(int index, struct q_tunable *t)
{
	return __sysret(__sys3(SYS_tunable, Q_TUNABLE_GET, index, __A(t)));
}

/* The kernel looks the tunable up by name; the index is not used. */
int
q_tunable_set(const char *name, long long value)
{
	struct q_tunable t;

	if (strlen(name) >= sizeof(t.name)) {
		errno = EINVAL;
		return -1;
	}
	memset(&t, 0, sizeof(t));
	strcpy(t.name, name);
	t.value = value;
	return __sysret(__sys3(SYS_tunable, Q_TUNABLE_SET, -1, __A(&t)));
}

int
q_sched_dump(int cpu)
{
	return __sysret(__sys1(SYS_sched_dump, cpu));
}

int
q_nprocs(void)
{
	return __sysret(__sys0(SYS_nprocs));
}

int
q_thread_create(void (*entry)(void), void *arg, void *stack_top)
{
	return __sysret(__sys3(SYS_thread_create, __A(entry), __A(arg),
			       __A(stack_top)));
}

void
q_thread_exit(int value)
{
	for (;;)
		__sys1(SYS_thread_exit, value);
}

int
q_thread_join(int tid, int *value)
{
	return __sysret(__sys2(SYS_thread_join, tid, __A(value)));
}

int
q_futex(int *uaddr, int op, int val, const struct timespec *rel)
{
	return __sysret(__sys4(SYS_futex, __A(uaddr), op, val, __A(rel)));
}
