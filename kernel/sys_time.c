/*
 * sys_time.c - clocks, sleeping, and CPU-time reports.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/sched/sched.h"
#include "kernel/signal.h"
#include "kernel/spinlock.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/time.h"

#define NS	1000000000ull

uint64_t realtime_base_ns;	/* wall-clock time at sched_clock() == 0 */

static int
get_timespec(const void *u, uint64_t *ns)
{
	struct q_timespec ts;

	if (copy_from_user(&ts, u, sizeof(ts)) < 0)
		return -EFAULT;
	if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= (int32_t)NS)
		return -EINVAL;
	*ns = (uint64_t)ts.tv_sec * NS + (uint64_t)ts.tv_nsec;
	return 0;
}

static int
put_timespec(void *u, uint64_t ns)
{
	struct q_timespec ts = { (int64_t)(ns / NS), (int32_t)(ns % NS) };

	return copy_to_user(u, &ts, sizeof(ts));
}

/*
 * Sleep until deadline.  A signal interrupts it: after a handler the call
 * fails with EINTR and *urem gets what was left; when no handler ran (a
 * stop and continue) it resumes through SYS_restart_syscall with the time
 * left, as Linux's restart_block does.  An absolute sleep just restarts.
 */
static int
do_sleep(uint64_t deadline, void *urem, int absolute)
{
	struct task *t = current;
	int err = sleep_until(deadline);
	uint64_t now = sched_clock();

	if (err != -EINTR)
		return err;
	if (absolute)
		return -ERESTARTNOHAND;
	if (urem)
		put_timespec(urem, deadline > now ? deadline - now : 0);
	t->restart_deadline = deadline;
	t->restart_urem = (uint32_t)urem;
	return -ERESTART_RESTARTBLOCK;
}

SYSCALL(sys_restart_syscall)
{
	struct task *t = current;
	uint64_t deadline = t->restart_deadline;

	UNUSED_ARGS5;
	if (!deadline)
		return -EINTR;		/* nothing to resume (Linux's answer) */
	t->restart_deadline = 0;
	return do_sleep(deadline, (void *)t->restart_urem, 0);
}

SYSCALL(sys_nanosleep)
{
	uint64_t ns;
	int err;

	UNUSED_ARGS5;
	if ((err = get_timespec((void *)a1, &ns)) < 0)
		return err;
	return do_sleep(sched_clock() + ns, (void *)a2, 0);
}

SYSCALL(sys_clock_nanosleep)
{
	uint64_t ns, deadline;
	int err;

	UNUSED_ARGS5;
	if (a1 != Q_CLOCK_MONOTONIC && a1 != Q_CLOCK_REALTIME)
		return -EINVAL;
	if ((err = get_timespec((void *)a3, &ns)) < 0)
		return err;
	if (!(a2 & Q_TIMER_ABSTIME))
		deadline = sched_clock() + ns;
	else if (a1 == Q_CLOCK_REALTIME)
		deadline = ns > realtime_base_ns ? ns - realtime_base_ns : 0;
	else
		deadline = ns;
	return do_sleep(deadline, (a2 & Q_TIMER_ABSTIME) ? NULL : (void *)a4,
			a2 & Q_TIMER_ABSTIME);
}

SYSCALL(sys_clock_gettime)
{
	uint64_t now = sched_clock();

	UNUSED_ARGS5;
	if (a1 == Q_CLOCK_REALTIME)
		now += realtime_base_ns;
	else if (a1 != Q_CLOCK_MONOTONIC)
		return -EINVAL;
	return put_timespec((void *)a2, now);
}

SYSCALL(sys_gettimeofday)
{
	uint64_t now = sched_clock() + realtime_base_ns;
	struct q_timeval tv = { (int64_t)(now / NS), (int32_t)(now % NS / 1000) };

	UNUSED_ARGS5;
	if (a1 && copy_to_user((void *)a1, &tv, sizeof(tv)) < 0)
		return -EFAULT;
	return 0;
}

static void
ns_to_timeval(uint64_t ns, struct q_timeval *tv)
{
	tv->tv_sec = (int64_t)(ns / NS);
	tv->tv_usec = (int32_t)(ns % NS / 1000);
}

/* Sum the context switches of the live tasks of p (proc_lock held). */
static void
live_switches(struct process *p, uint32_t *nv, uint32_t *niv)
{
	struct list *pos;

	list_for_each(pos, &p->tasks) {
		struct task *t = list_entry(pos, struct task, thread_node);
		*nv += t->nvcsw;
		*niv += t->nivcsw;
	}
}

SYSCALL(sys_getrusage)
{
	struct process *p = current->proc;
	struct task *t = current;
	uint64_t ut = 0, st = 0;
	uint32_t nv = 0, niv = 0;
	struct q_rusage ru;
	int who = (int)a1;

	UNUSED_ARGS5;
	memset(&ru, 0, sizeof(ru));
	spin_lock(&proc_lock);
	if (who == Q_RUSAGE_SELF) {
		process_cputime(p, &ut, &st);
		live_switches(p, &nv, &niv);
		nv += p->dead_nvcsw, niv += p->dead_nivcsw;
	} else if (who == Q_RUSAGE_CHILDREN) {
		ut = p->child_utime, st = p->child_stime;
		nv = p->child_nvcsw, niv = p->child_nivcsw;
	} else if (who == Q_RUSAGE_THREAD) {
		task_cputime(t, &ut, &st);
		nv = t->nvcsw, niv = t->nivcsw;
	} else {
		spin_unlock(&proc_lock);
		return -EINVAL;
	}
	spin_unlock(&proc_lock);
	ns_to_timeval(ut, &ru.ru_utime);
	ns_to_timeval(st, &ru.ru_stime);
	ru.ru_nvcsw = (int32_t)nv;
	ru.ru_nivcsw = (int32_t)niv;
	ru.ru_maxrss = (int32_t)(p->mm ? mm_pages(p->mm) * 4 : 0);
	return copy_to_user((void *)a2, &ru, sizeof(ru));
}

SYSCALL(sys_times)
{
	struct process *p = current->proc;
	uint64_t ut, st, per = NS / Q_USER_HZ;
	struct q_tms tms;

	UNUSED_ARGS5;
	spin_lock(&proc_lock);
	process_cputime(p, &ut, &st);
	tms.tms_utime = (int32_t)(ut / per);
	tms.tms_stime = (int32_t)(st / per);
	tms.tms_cutime = (int32_t)(p->child_utime / per);
	tms.tms_cstime = (int32_t)(p->child_stime / per);
	spin_unlock(&proc_lock);
	if (a1 && copy_to_user((void *)a1, &tms, sizeof(tms)) < 0)
		return -EFAULT;
	return (int32_t)(sched_clock() / per);
}
