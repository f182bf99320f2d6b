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

/* proc_lock serializes every task's and process's prev_cputime. */
static void
cputime_adjust(uint64_t rtime, uint64_t uticks, uint64_t sticks,
	       struct prev_cputime *prev, uint64_t *ut, uint64_t *st)
{
	KASSERT(!SCHED_DEBUG || spin_holding(&proc_lock));
	cputime_split(rtime, uticks, sticks, prev, ut, st);
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
