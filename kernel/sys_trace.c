/*
 * sys_trace.c - the scheduler trace's controls: the trace system call
 * (include/uapi/trace.h, the /bin/trace tool) and the functions gdb's
 * "call" may use (GDB_CALLABLE, kernel/sched/trace.h).  The rings
 * themselves are kernel/sched/trace.c's.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/trace.h"
#include "kernel/cpu.h"
#include "kernel/mm.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/trace.h"
#include "kernel/syscall.h"

static int ctl_busy;		/* a control call is running */

static int
trace_ctl(int op, uint32_t arg, struct q_trace_status *st)
{
	switch (op) {
	case Q_TRACE_START:
		if (arg && (arg < Q_TRACE_MIN_EVENTS || arg > Q_TRACE_MAX_EVENTS))
			return -EINVAL;
		return trace_start(arg);
	case Q_TRACE_STOP:
		trace_stop();
		return 0;
	case Q_TRACE_DUMP:
		return trace_dump_now();
	case Q_TRACE_CLEAR:
		trace_clear();
		return 0;
	case Q_TRACE_STATUS:
		trace_status(st);
		return 0;
	}
	return -EINVAL;
}

/* One control call at a time: a second one gets -EBUSY rather than
 * waiting (a dump can take seconds). */
SYSCALL(sys_trace)
{
	struct q_trace_status st;
	int err;

	(void)a4, (void)a5;
	if ((int)a1 < Q_TRACE_START || (int)a1 > Q_TRACE_STATUS)
		return -EINVAL;
	if (__atomic_exchange_n(&ctl_busy, 1, __ATOMIC_ACQUIRE))
		return -EBUSY;
	err = trace_ctl((int)a1, a2, &st);
	__atomic_store_n(&ctl_busy, 0, __ATOMIC_RELEASE);
	if (!err && (int)a1 == Q_TRACE_STATUS &&
	    copy_to_user((void *)(uintptr_t)a3, &st, sizeof(st)) < 0)
		return -EFAULT;
	return err;
}

/* ---- for gdb's call command ---- */

void GDB_CALLABLE
gdb_sched_dump(int cpu)
{
	if (cpu < 0 || cpu >= ncpu) {
		printk("gdb_sched_dump: cpu %d: %d CPUs online\n", cpu, ncpu);
		return;
	}
	sched_dump(cpu);
}

void GDB_CALLABLE
gdb_trace_dump(void)
{
	if (trace_dump_now() < 0)
		printk("gdb_trace_dump: nothing recorded\n");
}
