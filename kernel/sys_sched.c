/*
 * sys_sched.c - system calls about scheduling, and the introspection calls
 * behind ps, top, vmstat and sysctl.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/cpu.h"
#include "kernel/frame.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/pipe.h"
#include "kernel/sched/sched.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/time.h"
#include "kernel/tunable.h"

SYSCALL(sys_sched_yield)
{
	UNUSED_ARGS5;
	sched_yield();
	return 0;
}

/* The target of a pid argument: 0 is the caller.  For a process id, its
 * first task.  Caller holds proc_lock. */
static struct task *
target(int pid)
{
	if (pid == 0)
		return current;
	return task_find(pid);
}

static int
renice(int pid, int nice)
{
	struct task *t;
	struct list *pos;

	spin_lock(&proc_lock);
	t = target(pid);
	if (!t || t->proc == &kernel_process) {
		spin_unlock(&proc_lock);
		return -ESRCH;
	}
	/* a process id renices all its threads, a thread id just that one */
	if (t->proc->pid == t->tid) {
		list_for_each(pos, &t->proc->tasks) {
			struct task *u = list_entry(pos, struct task, thread_node);
			if (u->state != TASK_ZOMBIE)
				sched_set_nice(u, nice);
		}
	} else {
		sched_set_nice(t, nice);
	}
	spin_unlock(&proc_lock);
	return 0;
}

/* nice(inc): Linux clamps the increment to the width of the nice range
 * first (kernel/sched/core.c sys_nice), so no increment overflows. */
SYSCALL(sys_nice)
{
	int inc = (int)a1;

	UNUSED_ARGS5;
	if (inc < -40)
		inc = -40;
	if (inc > 40)
		inc = 40;
	return renice(0, current->nice + inc);
}

SYSCALL(sys_getpriority)
{
	struct task *t;
	int r;

	UNUSED_ARGS5;
	if (a1 != Q_PRIO_PROCESS)
		return -EINVAL;
	spin_lock(&proc_lock);
	t = target((int)a2);
	r = t ? 20 - t->nice : -ESRCH;
	spin_unlock(&proc_lock);
	return r;
}

SYSCALL(sys_setpriority)
{
	UNUSED_ARGS5;
	if (a1 != Q_PRIO_PROCESS)
		return -EINVAL;
	return renice((int)a2, (int)a3);
}

/* A task's own slice (Linux 6.12 takes it from sched_attr.sched_runtime
 * for fair tasks, clamped to 0.1 .. 100 ms; here out of range is EINVAL).
 * 0 returns to the policy's default.  EINVAL too if the policy has no
 * per-task slice (only eevdf has one). */
SYSCALL(sys_sched_setslice)
{
	struct task *t;
	int r;

	UNUSED_ARGS5;
	if (a2 != 0 && (a2 < Q_SLICE_MIN_NS || a2 > Q_SLICE_MAX_NS))
		return -EINVAL;
	spin_lock(&proc_lock);
	t = target((int)a1);
	if (!t || t->proc == &kernel_process)
		r = -ESRCH;
	else
		r = sched_set_slice(t, a2) < 0 ? -EINVAL : 0;
	spin_unlock(&proc_lock);
	return r;
}

SYSCALL(sys_sched_setaffinity)
{
	uint32_t mask = 0;
	struct task *t;
	int r;

	UNUSED_ARGS5;
	if (a2 < sizeof(mask))
		return -EINVAL;
	if (copy_from_user(&mask, (void *)a3, sizeof(mask)) < 0)
		return -EFAULT;
	spin_lock(&proc_lock);
	t = target((int)a1);
	if (!t || t->proc == &kernel_process) {
		spin_unlock(&proc_lock);
		return -ESRCH;
	}
	if (t != current) {
		/* as on Linux, return once t has left the CPUs the new mask
		 * excludes; waiting needs no proc_lock, only t's memory */
		r = sched_set_affinity(t, mask) < 0 ? -EINVAL : 0;
		if (r == 0)
			sched_pin(t);
		spin_unlock(&proc_lock);
		if (r == 0) {
			sched_affinity_wait(t);
			sched_unpin(t);
		}
		return r;
	}
	spin_unlock(&proc_lock);
	/* may switch CPUs, so no lock held */
	return sched_set_affinity(t, mask) < 0 ? -EINVAL : 0;
}

SYSCALL(sys_sched_getaffinity)
{
	uint32_t mask, online = (1u << ncpu) - 1;
	struct task *t;

	UNUSED_ARGS5;
	if (a2 < sizeof(mask))
		return -EINVAL;
	spin_lock(&proc_lock);
	t = target((int)a1);
	mask = t ? t->cpus_allowed & online : 0;
	spin_unlock(&proc_lock);
	if (!t)
		return -ESRCH;
	if (copy_to_user((void *)a3, &mask, sizeof(mask)) < 0)
		return -EFAULT;
	return sizeof(mask);
}

SYSCALL(sys_sched_getcpu)
{
	UNUSED_ARGS5;
	return cpu_id();
}

SYSCALL(sys_nprocs)
{
	UNUSED_ARGS5;
	return ncpu;
}

SYSCALL(sys_uname)
{
	struct q_utsname u;

	UNUSED_ARGS5;
	memset(&u, 0, sizeof(u));
	strlcpy(u.sysname, "Quanta", sizeof(u.sysname));
	strlcpy(u.nodename, "quanta", sizeof(u.nodename));
	strlcpy(u.release, "0.1", sizeof(u.release));
	strlcpy(u.version, sched_policy.name, sizeof(u.version));
	strlcpy(u.machine, "i686", sizeof(u.machine));
	return copy_to_user((void *)a1, &u, sizeof(u));
}

SYSCALL(sys_sysinfo)
{
	struct q_sysinfo si;

	UNUSED_ARGS5;
	memset(&si, 0, sizeof(si));
	si.uptime_ns = sched_clock();
	si.hz = hz;
	si.ncpu = (uint32_t)ncpu;
	si.free_pages = (uint32_t)frame_free_count();
	si.total_pages = (uint32_t)frame_total_count();
	si.ntasks = (uint32_t)task_count();
	si.pipe_size = pipe_size;
	strlcpy(si.sched, sched_policy.name, sizeof(si.sched));
	return copy_to_user((void *)a1, &si, sizeof(si));
}

/* ps's letter.  An uninterruptible sleeper is D whatever its process
 * does (Linux shows the task's own state); the flag is read without a
 * lock, as ps reads every field. */
static char
state_letter(const struct task *t)
{
	if (t->state == TASK_SLEEPING &&
	    __atomic_load_n(&t->sleep_unint, __ATOMIC_RELAXED))
		return Q_TASK_DISK;
	if (t->state == TASK_SLEEPING && t->proc->stop_sig)
		return Q_TASK_STOPPED;	/* asleep in a group stop */
	return t->state == TASK_RUNNING ? Q_TASK_RUNNING :
	       t->state == TASK_ZOMBIE ? Q_TASK_ZOMBIE : Q_TASK_SLEEPING;
}

void
taskinfo_fill(struct task *t, struct q_taskinfo *ti)
{
	struct process *p = t->proc;

	memset(ti, 0, sizeof(*ti));
	ti->pid = t->tid;
	ti->tgid = p->pid;
	ti->ppid = p->parent ? p->parent->pid : 0;
	ti->state = state_letter(t);
	strlcpy(ti->comm, task_name(t), sizeof(ti->comm));
	ti->cpu = t->cpu;
	ti->nice = t->nice;
	ti->prio = sched_task_prio(t);
	ti->key = sched_task_key(t);
	ti->affinity = t->cpus_allowed & ((1u << ncpu) - 1);
	task_cputime(t, &ti->utime_ns, &ti->stime_ns);
	ti->start_ns = t->start_ns;
	ti->nvcsw = t->nvcsw;
	ti->nivcsw = t->nivcsw;
	ti->migrations = t->migrations;
	ti->slice_ns = t->slice_ns;
	sched_getscheduler(t, &ti->policy, &ti->rt_priority);
}

SYSCALL(sys_taskinfo)
{
	struct q_taskinfo ti;
	int n = 0, max = (int)a2;

	UNUSED_ARGS5;
	if (max < 0)
		return -EINVAL;
	for (int i = 0; i < MAX_TASKS && n < max; i++) {
		int ok = 0;
		spin_lock(&proc_lock);
		if (task_table[i]) {
			taskinfo_fill(task_table[i], &ti);
			ok = 1;
		}
		spin_unlock(&proc_lock);
		if (ok && copy_to_user((struct q_taskinfo *)a1 + n++, &ti,
				       sizeof(ti)) < 0)
			return -EFAULT;
	}
	return n;
}

static void
fill_cpuinfo(int i, struct q_cpuinfo *ci)
{
	struct cpu *c = &cpus[i];
	struct rq *rq = cpu_rq(i);

	memset(ci, 0, sizeof(*ci));
	ci->cpu = i;
	ci->apic_id = (int32_t)c->apic_id;
	ci->nr_running = (int32_t)rq->nr_running;
	ci->curr_pid = rq->curr ? rq->curr->tid : 0;
	ci->idle_ns = read_u64_stable(&c->idle_ns);
	ci->busy_ns = rq->stats.busy_ns;
	ci->ticks = read_u64_stable(&c->ticks);
	ci->irqs = read_u64_stable(&c->irqs);
	ci->user_ns = c->user_ns;
	ci->system_ns = c->system_ns;
	ci->switches = rq->stats.switches;
	ci->migrations = rq->stats.migrations;
	ci->lb_count = rq->stats.lb_count;
	ci->lb_failed = rq->stats.lb_failed;
	ci->lb_pulled = rq->stats.lb_pulled;
	ci->alb_pushed = rq->stats.alb_pushed;
	ci->ttwu_local = rq->stats.ttwu_local;
	ci->ttwu_remote = rq->stats.ttwu_remote;
}

SYSCALL(sys_cpuinfo)
{
	struct q_cpuinfo ci;
	int n = 0;

	UNUSED_ARGS5;
	if ((int)a2 < 0)		/* as taskinfo */
		return -EINVAL;
	for (int i = 0; i < ncpu && i < (int)a2; i++, n++) {
		fill_cpuinfo(i, &ci);
		if (copy_to_user((struct q_cpuinfo *)a1 + i, &ci, sizeof(ci)) < 0)
			return -EFAULT;
	}
	return n;
}

/* Copy a description into dst (size bytes), cut at a word with "..."
 * if it does not fit. */
static void
copy_desc(char *dst, size_t size, const char *desc)
{
	size_t cut;

	if (strlcpy(dst, desc, size) < size)
		return;
	cut = size - 4;
	while (cut > 0 && dst[cut] != ' ')
		cut--;
	strlcpy(dst + cut, "...", size - cut);
}

SYSCALL(sys_tunable)
{
	struct q_tunable qt;
	const struct tunable *t;

	UNUSED_ARGS5;
	if (a1 == Q_TUNABLE_GET) {
		if (!(t = tunable_at(a2)))
			return -ENOENT;
		memset(&qt, 0, sizeof(qt));
		strlcpy(qt.name, t->name, sizeof(qt.name));
		strlcpy(qt.unit, t->unit, sizeof(qt.unit));
		copy_desc(qt.desc, sizeof(qt.desc), t->desc);
		qt.value = *t->var;
		qt.def = t->def, qt.min = t->min, qt.max = t->max;
		return copy_to_user((void *)a3, &qt, sizeof(qt));
	}
	if (a1 != Q_TUNABLE_SET)
		return -EINVAL;
	if (copy_from_user(&qt, (void *)a3, sizeof(qt)) < 0)
		return -EFAULT;
	qt.name[sizeof(qt.name) - 1] = 0;
	return tunable_set(qt.name, qt.value);
}

SYSCALL(sys_sched_dump)
{
	UNUSED_ARGS5;
	if ((int)a1 < 0 || (int)a1 >= ncpu)
		return -EINVAL;
	sched_dump((int)a1);
	return 0;
}
