/*
 * cputime.c - user and system time: exact in sum, sampled in split.
 *
 * Linux's default accounting (CONFIG_TICK_CPU_ACCOUNTING): the tick
 * charges a whole tick to the task it interrupts, to its user time if it
 * interrupted user mode and to its system time otherwise (Linux's
 * account_process_tick(), in its sched/cputime.c).  A task that makes a
 * thousand system calls between two ticks is sampled once, so the counts
 * alone would be off by up to a tick per sample; readers therefore take
 * the exact CPU time the scheduler charged (sum_exec_ns) and divide it in
 * the ratio of the samples, as Linux's cputime_adjust() does (6.1 has
 * it).  The result is clamped so that neither side ever goes backwards
 * between two reads.
 *
 * A tick that falls due while interrupts are off is taken when they come
 * back on; on the way out of the kernel that is just after the iret, in
 * user mode.  So the way out keeps its interrupts-off stretch short: it
 * switches with interrupts on (proc_return_to_user()).
 *
 * The alternative, a clock read at every entry to and exit from the
 * kernel (Linux's VIRT_CPU_ACCOUNTING_GEN, for nohz_full CPUs), is exact
 * but puts two clock reads and two 64-bit sums on every system call;
 * docs/performance.md measures what it cost here.
 */
#include "kernel/cputime.h"
#include "kernel/config.h"
#include "kernel/cpu.h"
#include "kernel/panic.h"
#include "kernel/spinlock.h"
#include "kernel/proc.h"
#include "kernel/sched/sched.h"
#include "kernel/task.h"
#include "kernel/time.h"

void
cputime_tick(int user)
{
	struct cpu *c = this_cpu();
	struct task *t = c->cur_task;

	if (!t || t->is_idle)	/* idle time is counted as it halts */
		return;
	if (user) {
		t->utime_ticks++;
		c->user_ns += tick_ns;
	} else {
		t->stime_ticks++;
		c->system_ns += tick_ns;
	}
}

/* stime * rtime / total without overflow: stime <= total, so the
 * quotient's part q * stime is at most rtime; the remainder's part
 * overflows only past 2^32 ticks, and then loses low bits instead. */
static uint64_t
scale_stime(uint64_t stime, uint64_t rtime, uint64_t total)
{
	uint64_t q = rtime / total, r = rtime % total;

	while (r && stime > UINT64_MAX / r) {
		r >>= 1;
		total >>= 1;
	}
	return q * stime + r * stime / total;
}

/* Divide rtime (exact, ns) in the ratio uticks : sticks (samples), never
 * reporting less than prev did (proc_lock serializes prev). */
static void
cputime_adjust(uint64_t rtime, uint64_t uticks, uint64_t sticks,
	       struct prev_cputime *prev, uint64_t *ut, uint64_t *st)
{
	uint64_t stime, utime;

	KASSERT(!SCHED_DEBUG || spin_holding(&proc_lock));
	if (prev->utime + prev->stime >= rtime)
		goto out;	/* no time since the last read */
	if (sticks == 0)	/* no sample yet says kernel: all user */
		stime = 0;
	else if (uticks == 0)
		stime = rtime;
	else
		stime = scale_stime(sticks, rtime, uticks + sticks);
	/* monotonic: a side that would shrink keeps its old value and the
	 * other takes the rest, which rtime's growth makes no smaller */
	if (stime < prev->stime)
		stime = prev->stime;
	utime = rtime - stime;
	if (utime < prev->utime) {
		utime = prev->utime;
		stime = rtime - utime;
	}
	prev->utime = utime;
	prev->stime = stime;
out:
	*ut = prev->utime;
	*st = prev->stime;
}

void
task_cputime(struct task *t, uint64_t *ut, uint64_t *st)
{
	cputime_adjust(sched_task_runtime(t), t->utime_ticks, t->stime_ticks,
		       &t->prev_cputime, ut, st);
}

void
process_cputime(struct process *p, uint64_t *ut, uint64_t *st)
{
	uint64_t rtime = p->dead_exec_ns, uticks = p->dead_uticks;
	uint64_t sticks = p->dead_sticks;
	struct list *pos;

	list_for_each(pos, &p->tasks) {
		struct task *t = list_entry(pos, struct task, thread_node);
		if (t->state == TASK_ZOMBIE)
			continue;	/* counted in the dead_ sums */
		rtime += sched_task_runtime(t);
		uticks += t->utime_ticks;
		sticks += t->stime_ticks;
	}
	cputime_adjust(rtime, uticks, sticks, &p->prev_cputime, ut, st);
}

void
cputime_exit(struct task *t)
{
	struct process *p = t->proc;

	KASSERT(!SCHED_DEBUG || spin_holding(&proc_lock));
	p->dead_exec_ns += sched_task_runtime(t);
	p->dead_uticks += t->utime_ticks;
	p->dead_sticks += t->stime_ticks;
}
