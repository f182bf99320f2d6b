/*
 * sys_sched_rt.c - the POSIX real-time scheduling calls: choosing a task's
 * class (SCHED_OTHER, SCHED_BATCH, SCHED_IDLE for the compiled-in policy;
 * SCHED_FIFO and SCHED_RR for kernel/sched/rt.c) and its rt priority.
 *
 * Errors as Linux gives them (kernel/sched/core.c, sched_setscheduler and
 * friends; sched_setscheduler(2)): EINVAL for a negative pid, a NULL
 * parameter, an unknown policy or a priority outside the policy's range
 * (1..99 for FIFO and RR, 0 otherwise), ESRCH for no such task, EFAULT
 * for a parameter that cannot be read or written.  Linux gives EPERM to an
 * unprivileged caller whose RLIMIT_RTPRIO does not cover the priority;
 * Quanta has no users, every caller is privileged, so EPERM comes only for
 * the kernel's own tasks, which user space may not change.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/mm.h"
#include "kernel/sched/rt.h"
#include "kernel/sched/sched.h"
#include "kernel/syscall.h"
#include "kernel/task.h"

static int
policy_valid(int policy)
{
	return policy == Q_SCHED_OTHER || policy == Q_SCHED_FIFO ||
	       policy == Q_SCHED_RR || policy == Q_SCHED_BATCH ||
	       policy == Q_SCHED_IDLE;
}

static int
policy_is_rt(int policy)
{
	return policy == Q_SCHED_FIFO || policy == Q_SCHED_RR;
}

/* The task a pid names, with proc_lock held on success (0 is the caller;
 * a thread id names that thread, as on Linux). */
static int
lock_target(int pid, struct task **out)
{
	struct task *t;

	if (pid < 0)
		return -EINVAL;
	spin_lock(&proc_lock);
	t = pid == 0 ? current : task_find(pid);
	if (!t || t->state == TASK_ZOMBIE) {
		spin_unlock(&proc_lock);
		return -ESRCH;
	}
	if (t->proc == &kernel_process) {
		spin_unlock(&proc_lock);
		return -EPERM;
	}
	*out = t;
	return 0;
}

/* policy < 0: keep the task's policy (sched_setparam). */
static int
setscheduler(int pid, int policy, uint32_t uparam)
{
	struct q_sched_param param;
	struct task *t;
	int r, cls, prio;

	if (!uparam)
		return -EINVAL;
	if (copy_from_user(&param, (const void *)uparam, sizeof(param)) < 0)
		return -EFAULT;
	if (policy >= 0 && !policy_valid(policy))
		return -EINVAL;
	r = lock_target(pid, &t);
	if (r < 0)
		return r;
	if (policy < 0)
		sched_getscheduler(t, &policy, &prio);
	if (policy_is_rt(policy) ? param.sched_priority < 1 ||
				   param.sched_priority > RT_PRIO_MAX
				 : param.sched_priority != 0) {
		spin_unlock(&proc_lock);
		return -EINVAL;
	}
	cls = policy;		/* the uapi values are the classes' */
	sched_setscheduler(t, cls, param.sched_priority);
	spin_unlock(&proc_lock);
	return 0;
}

SYSCALL(sys_sched_setscheduler)
{
	UNUSED_ARGS5;
	if ((int)a2 < 0)	/* < 0 means "keep" only to sched_setparam */
		return -EINVAL;
	return setscheduler((int)a1, (int)a2, a3);
}

SYSCALL(sys_sched_setparam)
{
	UNUSED_ARGS5;
	return setscheduler((int)a1, -1, a2);
}

/* The class and rt priority of the task pid names; 0 or -errno. */
static int
get_class(int pid, int *cls, int *prio)
{
	struct task *t;
	int r = lock_target(pid, &t);

	if (r < 0)
		return r;
	sched_getscheduler(t, cls, prio);
	spin_unlock(&proc_lock);
	return 0;
}

SYSCALL(sys_sched_getscheduler)
{
	int r, cls, prio;

	UNUSED_ARGS5;
	r = get_class((int)a1, &cls, &prio);
	return r < 0 ? r : cls;
}

SYSCALL(sys_sched_getparam)
{
	struct q_sched_param param = { 0 };
	int r, cls;

	UNUSED_ARGS5;
	if (!a2)
		return -EINVAL;
	r = get_class((int)a1, &cls, &param.sched_priority);
	if (r < 0)
		return r;
	return copy_to_user((void *)a2, &param, sizeof(param)) < 0 ? -EFAULT : 0;
}

SYSCALL(sys_sched_get_priority_max)
{
	UNUSED_ARGS5;
	if (!policy_valid((int)a1))
		return -EINVAL;
	return policy_is_rt((int)a1) ? RT_PRIO_MAX : 0;
}

SYSCALL(sys_sched_get_priority_min)
{
	UNUSED_ARGS5;
	if (!policy_valid((int)a1))
		return -EINVAL;
	return policy_is_rt((int)a1) ? 1 : 0;
}

/* SCHED_RR: the rr timeslice; SCHED_FIFO: 0, as on Linux.  For the
 * policy's tasks Linux reports the fair class's current slice; Quanta's
 * policies have no common notion of one, so this reports 0 (documented in
 * docs/syscalls.md). */
SYSCALL(sys_sched_rr_get_interval)
{
	struct q_timespec ts = { 0, 0 };
	int r, cls, prio;

	UNUSED_ARGS5;
	r = get_class((int)a1, &cls, &prio);
	if (r < 0)
		return r;
	if (cls == Q_SCHED_RR) {
		uint64_t ns = rt_rr_timeslice_ns();
		ts.tv_sec = (int64_t)(ns / 1000000000u);
		ts.tv_nsec = (int32_t)(ns % 1000000000u);
	}
	return copy_to_user((void *)a2, &ts, sizeof(ts)) < 0 ? -EFAULT : 0;
}
