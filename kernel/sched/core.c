/*
 * core.c - the scheduler core: runqueues, schedule(), wakeups, the tick.
 *
 * Every CPU has a runqueue (struct rq, sched.h) with its own lock.  A
 * runnable task is on exactly one runqueue: either as that CPU's current
 * task or queued in the policy's structure (and on rq->queued).  The core
 * never decides *which* task runs - the policy does (policy.h) - but it
 * owns every transition of a task's life.  Tasks come in two classes,
 * asked in order as Linux's pick_next_task walks its class stack: the
 * real-time class (SCHED_FIFO, SCHED_RR: rt.c), then the compiled-in
 * policy (SCHED_NORMAL, SCHED_BATCH, SCHED_IDLE), then the idle task.
 * The functions named *_task below send each call to the task's class:
 *
 *   fork -> sched_wake_new: placed on a CPU, enqueue(ENQ_NEW)
 *   run  -> pick_next took it out of the queue; it is rq->curr
 *   preempted -> put_prev puts it back in the queue
 *   sleep -> schedule() sees state != RUNNING: dequeue(DEQ_SLEEP)
 *   wakeup -> sched_wake: placed (select_cpu), enqueue(ENQ_WAKEUP)
 *   exit -> schedule() sees a zombie: dequeue(DEQ_EXIT), never runs again
 *
 * Locking: rq->lock protects the runqueue and the scheduling fields of its
 * tasks.  A context switch happens with the lock held; the task switched to
 * releases it (sched_finish_switch).  Two runqueue locks are always taken
 * in CPU order (double_rq_lock).  A wakeup first takes the task's
 * wake_lock, which makes concurrent wakeups of one task take turns.
 *
 * Preemption: user code is always preemptible (the tick or a wakeup sets
 * need_resched, acted on when the CPU returns to user mode); kernel code is
 * not - like Linux 2.6 without CONFIG_PREEMPT - so a task in the kernel
 * runs until it sleeps, yields or returns to user mode.
 */
#include <stdint.h>
#include "arch/x86/x86.h"
#include "kernel/cpu.h"
#include "kernel/kmalloc.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/sched/rt.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/trace.h"
#include "kernel/time.h"
#include "kernel/timer.h"
#include "kernel/tunable.h"
#include "kernel/xcall.h"

struct rq runqueues[MAX_CPUS];

static int64_t sched_newidle = 1;
const struct tunable sched_core_tunables[] = {
	TUNABLE("newidle_balance", sched_newidle, 1, 0, 1, "bool",
		"pull work from a busy CPU before going idle"),
};
const size_t sched_core_ntunables = TUNABLES_COUNT(sched_core_tunables);

static struct rq *
this_rq(void)
{
	return cpu_rq(this_cpu()->id);
}

void
assert_rq_locked_fail(struct rq *rq, const char *fn)
{
	panic("%s: cpu%d's rq must be locked with interrupts off", fn, rq->cpu);
}

static int
is_rt(const struct task *p)
{
	return task_is_rt(&p->view);
}

/* What rq->lb_load should be: the weights of the policy's queued tasks
 * and of its current one. */
static unsigned long
load_sum(struct rq *rq)
{
	unsigned long sum = 0;
	struct list *pos;

	list_for_each(pos, &rq->queued)
		sum += list_entry(pos, struct task, rq_node)->lb_weight;
	if (rq->curr != rq->idle && rq->curr->on_rq && !is_rt(rq->curr))
		sum += rq->curr->lb_weight;
	return sum;
}

/* Invariants of a locked runqueue (SCHED_DEBUG builds). */
static void
rq_check(struct rq *rq)
{
	unsigned nq, curr_runs;

	if (!SCHED_DEBUG)
		return;
	assert_rq_locked(rq);
	nq = (unsigned)list_length(&rq->queued);
	curr_runs = rq->curr != rq->idle && rq->curr->on_rq;
	if (rq->nr_running != nq + rq->rt.nr + curr_runs)
		panic("rq_check: cpu%d nr_running %u but %u+%u queued, curr %d",
		      rq->cpu, rq->nr_running, nq, rq->rt.nr, rq->curr->tid);
	if (rq->nr_policy != nq + (curr_runs && !is_rt(rq->curr)))
		panic("rq_check: cpu%d nr_policy %u but %u queued, curr %d",
		      rq->cpu, rq->nr_policy, nq, rq->curr->tid);
	if (rq->lb_load != load_sum(rq))
		panic("rq_check: cpu%d lb_load %lu but its tasks weigh %lu",
		      rq->cpu, rq->lb_load, load_sum(rq));
	if (sched_ops.count && sched_ops.count(rq) != nq)
		panic("rq_check: cpu%d policy holds %u tasks, core %u",
		      rq->cpu, sched_ops.count(rq), nq);
	if (!list_empty(&rq->curr->rq_node))
		panic("rq_check: cpu%d's current task %d is queued", rq->cpu,
		      rq->curr->tid);
	if (rq->curr->magic != TASK_MAGIC)
		panic("rq_check: cpu%d's current task %p is corrupt", rq->cpu,
		      (void *)rq->curr);
}

void
sched_check_rq(struct rq *rq)
{
	rq_check(rq);
}

static inline __attribute__((always_inline)) void
update_clock(struct rq *rq)
{
	uint64_t now = sched_clock_at(rdtsc());	/* inline, unlike sched_clock() */

	if (now > rq->clock)
		rq->clock = now;
}

/* Charge the running task for the time since it was last charged;
 * returns the ns charged.  Inline: schedule() and the tick call it. */
static inline __attribute__((always_inline)) uint64_t
account_curr(struct rq *rq)
{
	struct task *curr = rq->curr;
	uint64_t delta;

	assert_rq_locked(rq);
	if (curr == rq->idle)
		return 0;
	delta = rq->clock - curr->exec_start;
	if ((int64_t)delta <= 0)
		return 0;
	curr->sum_exec_ns += delta;
	curr->exec_start = rq->clock;
	rq->stats.busy_ns += delta;
	if (__builtin_expect(is_rt(curr), 0))
		rt_charge(rq, delta);
	return delta;
}

uint64_t
sched_curr_runtime(struct rq *rq)
{
	return rq->clock - rq->curr->exec_start;
}

/* ---- the class stack: each call goes to the task's class ---- */

/* A policy task joins rq: its weight counts in the balancer's load
 * (Linux 2.6.22 inc_raw_weighted_load; a word other CPUs read unlocked)
 * until it leaves with the same weight. */
static inline __attribute__((always_inline)) void
load_add(struct rq *rq, struct task *p)
{
	p->lb_weight = sched_ops.task_load(p);
	rq->lb_load += p->lb_weight;
}

/* Queue a runnable task that is not current.  rq locked. */
static inline __attribute__((always_inline)) void
enqueue_task(struct rq *rq, struct task *p, int flags)
{
	assert_rq_locked(rq);
	if (is_rt(p)) {
		rt_enqueue(rq, p, flags);
		return;
	}
	sched_ops.enqueue(rq, p, flags);
	list_add_tail(&p->rq_node, &rq->queued);
	rq->nr_policy++;
	load_add(rq, p);
}

/* Take a queued (not running) task out of its class's queue. */
static void
dequeue_queued(struct rq *rq, struct task *p)
{
	assert_rq_locked(rq);
	if (is_rt(p)) {
		rt_dequeue(rq, p);
		return;
	}
	sched_ops.dequeue(rq, p, DEQ_MIGRATE);
	list_del(&p->rq_node);
	rq->nr_policy--;
	rq->lb_load -= p->lb_weight;
}

/* The running task leaves the CPU for good (sleep, exit) or for now. */
static inline __attribute__((always_inline)) void
dequeue_curr(struct rq *rq, struct task *p, int flags)
{
	assert_rq_locked(rq);
	if (!is_rt(p)) {
		sched_ops.dequeue(rq, p, flags);
		rq->nr_policy--;
		rq->lb_load -= p->lb_weight;
	}
}

static inline __attribute__((always_inline)) void
put_prev_task(struct rq *rq, struct task *p, int yield)
{
	assert_rq_locked(rq);
	if (is_rt(p)) {
		rt_put_prev(rq, p);
		return;
	}
	if (yield)
		sched_ops.enqueue(rq, p, ENQ_YIELD);
	else
		sched_ops.put_prev(rq, p);
	list_add_tail(&p->rq_node, &rq->queued);
}

static inline __attribute__((always_inline)) struct task *
pick_next_task(struct rq *rq)
{
	struct task *p;

	assert_rq_locked(rq);
	p = rq->rt.nr ? rt_pick_next(rq) : NULL;
	if (!p) {
		p = sched_ops.pick_next(rq);
		if (!p)
			return NULL;
		/* the policy is checked, not trusted, in SCHED_DEBUG builds
		 * (a release build is for measuring a policy that passed) */
		if (SCHED_DEBUG && (list_empty(&p->rq_node) ||
				    p->cpu != rq->cpu || is_rt(p)))
			panic("pick_next: policy chose task %d, not one of its "
			      "queued tasks on cpu%d", p->tid, rq->cpu);
		list_del(&p->rq_node);
	}
	p->exec_start = rq->clock;
	return p;
}

/* curr is settled on its CPU: running, and not on its way out (a newly
 * idle balance may run while the task that slept is still rq->curr). */
static inline __attribute__((always_inline)) int
curr_settled(struct rq *rq)
{
	struct task *curr = rq->curr;

	return curr->state == TASK_RUNNING && list_empty(&curr->rq_node);
}

/* p was just queued on rq: preempt what runs there? */
static inline __attribute__((always_inline)) int
check_preempt_task(struct rq *rq, struct task *p, int sync)
{
	if (rq->curr == rq->idle)
		return 1;
	if (!curr_settled(rq))
		return 0;
	if (__builtin_expect(is_rt(p) || is_rt(rq->curr), 0))
		return is_rt(p) && rt_check_preempt(rq, p);
	return sched_ops.check_preempt(rq, p, sync);
}

static inline __attribute__((always_inline)) void
activate(struct rq *rq, struct task *p, int flags)
{
	if (SCHED_DEBUG && (p->on_rq || !list_empty(&p->rq_node)))
		panic("activate: task %d is on a runqueue already (cpu%d)",
		      p->tid, p->cpu);
	enqueue_task(rq, p, flags);
	p->on_rq = 1;
	p->last_queued = rq->clock;	/* its wait begins (rq->clock is now) */
	rq->nr_running++;
}

static inline __attribute__((always_inline)) void
set_curr_prio(struct rq *rq, struct task *next)
{
	/* a policy task's rt_priority is 0 (RT_CURR_POLICY) */
	int prio = next == rq->idle ? RT_CURR_IDLE : next->rt_priority;

	__atomic_store_n(&rq->curr_prio, prio, __ATOMIC_RELAXED);
}

void
sched_resched(struct rq *rq)
{
	struct task *curr = rq->curr;

	assert_rq_locked(rq);
	if (curr->need_resched)
		return;
	curr->need_resched = 1;
	if (rq->cpu != this_cpu()->id)
		smp_resched(rq->cpu);	/* it acts on it at once */
}

/* What the task switched to must do first: let go of the previous one.
 * Inline in context_switch(); a new task calls sched_finish_switch(). */
static inline __attribute__((always_inline)) void
finish_switch(struct rq *rq)
{
	struct task *prev = rq->prev;
	int move, to = rq->push_cpu;

	rq->prev = NULL;
	rq->push_cpu = -1;
	/* Decide while prev is still ours: once on_cpu is clear, other CPUs
	 * may take prev, run it, and reap it when it exits, unless it is
	 * pinned until balance_after_switch() is done with it (a count:
	 * another CPU may be moving it still after an earlier switch). */
	move = prev->state == TASK_RUNNING && prev != rq->idle &&
	       (to >= 0 || !(prev->cpus_allowed & (1u << rq->cpu)));
	if (move)
		sched_pin(prev);
	__atomic_store_n(&prev->on_cpu, 0, __ATOMIC_RELEASE);
	spin_unlock(&rq->lock);
	if (move)
		balance_after_switch(rq, prev, to); /* active balance, affinity */
	if (rq->rt.nr)
		rt_push(rq);	/* rt tasks wait here: another CPU may run one */
}

void
sched_finish_switch(void)
{
	finish_switch(this_rq());
}

/* c: this CPU, until the switch. */
static void
context_switch(struct cpu *c, struct rq *rq, struct task *prev,
	       struct task *next)
{
	int intena;

	rq->curr = next;
	rq->prev = prev;
	set_curr_prio(rq, next);
	rq_check(rq);
	rq->stats.switches++;
	if (next != rq->idle) {		/* Linux's sched_info_arrive() */
		uint64_t wait = rq->clock - next->last_queued;
		next->run_delay_ns += wait;
		next->pcount++;
		rq->stats.run_delay_ns += wait;
		rq->stats.pcount++;
	}
	prev->last_queued = rq->clock;	/* still runnable: it waits now */
	prev->last_ran = rq->clock;
	next->on_cpu = 1;
	c->cur_task = next;
	trace_switch(rq, prev, next);
	/* The interrupt flag to restore belongs to the task, not the CPU:
	 * keep it across the switch (xv6 does the same). */
	intena = c->intena;
	arch_switch_to(prev, next);
	c = this_cpu();		/* we are prev again, maybe on another CPU */
	c->intena = intena;
	finish_switch(cpu_rq(c->id));
}

/* A class change that sched_setscheduler() left for the task's own
 * switch (rq locked, prev still runnable and rq->curr): to the policy, the
 * task went to sleep in one class and woke in the other. */
static void
switch_class(struct rq *rq, struct task *prev)
{
	dequeue_curr(rq, prev, DEQ_SLEEP);
	prev->sched_class = prev->next_class;
	prev->rt_priority = prev->next_rt_priority;
	prev->rt_slice_ns = rt_rr_timeslice_ns();
	prev->class_pending = 0;
	if (!is_rt(prev)) {
		sched_ops.enqueue(rq, prev, ENQ_WAKEUP);
		list_add_tail(&prev->rq_node, &rq->queued);
		rq->nr_policy++;
		load_add(rq, prev);
	} else {
		rt_enqueue(rq, prev, 0);
	}
	set_curr_prio(rq, prev);	/* if it is picked again: no switch */
}

/* Take the running task off the CPU (or put it back in its queue) and
 * switch to the best task of the highest class that has one.  yield: the
 * running task calls sched_yield() (see sched_yield). */
static void
__schedule(int yield)
{
	struct rq *rq;
	struct task *prev, *next;
	struct cpu *c;
	int requeue;

	c = irq_push_cpu();
	if (c->ncli != 1)
		panic("schedule: called holding %d spinlock(s)", c->ncli - 1);
	if (SCHED_DEBUG && c->nheld)	/* a task lock (spinlock.h) */
		panic("schedule: called holding lock '%s'",
		      c->held[c->nheld - 1].lk->name);
	rq = cpu_rq(c->id);
	spin_lock_nested_on(c, &rq->lock);	/* interrupts off: pushed above */
	rq->stats.sched_count++;
	prev = rq->curr;
	update_clock(rq);
	account_curr(rq);
	/* decided once, before rt_pull may let go of the lock: whatever
	 * happens to prev meanwhile, this CPU queues it only if it ran */
	requeue = prev != rq->idle && prev->state == TASK_RUNNING;
	if (prev != rq->idle && !requeue) {
		dequeue_curr(rq, prev, prev->state == TASK_ZOMBIE ?
			     DEQ_EXIT : DEQ_SLEEP);
		prev->on_rq = 0;
		rq->nr_running--;
		/* counted here, uncounted by the wakeup, wherever it
		 * queues the task (2.6.0 deactivate_task) */
		if (prev->sleep_unint)
			rq->nr_uninterruptible++;
	}
	/*
	 * Pull before a runnable prev goes back to its queue, as 2.6.25's
	 * pre_schedule() runs before put_prev_task(): rt_pull lets go of
	 * the lock, and until prev is queued the runqueue is consistent
	 * for whoever takes it meanwhile (prev is current and counted).
	 */
	if (__atomic_load_n(&rt_overload_mask, __ATOMIC_RELAXED) &
	    ~(1u << rq->cpu)) {
		rt_pull(rq, requeue && is_rt(prev) ? prev->rt_priority : 0);
	}
	if (requeue) {
		if (prev->class_pending)
			switch_class(rq, prev);
		else
			put_prev_task(rq, prev, yield);
	}
	next = pick_next_task(rq);
	if (!next && sched_newidle) {
		balance_newidle(rq);
		next = pick_next_task(rq);
	}
	if (!next) {
		next = rq->idle;
		rq->stats.sched_goidle++;
	}
	/* cleared only now: a task the newidle balance pulled may have
	 * asked prev (still rq->curr) to reschedule */
	prev->need_resched = 0;
	if (next == prev && prev != rq->idle && (rq->push_cpu >= 0 ||
	    !(prev->cpus_allowed & (1u << rq->cpu)))) {
		/* Its new affinity excludes this CPU, or an active balance
		 * wants it elsewhere: switch away (to idle if need be) so
		 * that finish_switch can move it. */
		put_prev_task(rq, prev, 0);
		next = rq->idle;
	}
	if (next != prev) {
		if (prev->state == TASK_RUNNING)
			prev->nivcsw++;
		else
			prev->nvcsw++;
		context_switch(c, rq, prev, next);
	} else {
		rq_check(rq);
		spin_unlock(&rq->lock);
		if (rq->rt.nr)
			rt_push(rq);
	}
	irq_pop();
}

void
schedule(void)
{
	__schedule(0);
}

void
sched_preempt_point(void)
{
	if (current->need_resched)
		schedule();
}

void
sched_sleep(void)
{
	schedule();
}

/* Wait until p's registers are saved on the CPU it last ran on.  That
 * takes a few hundred instructions; far longer is a kernel bug. */
static void
wait_off_cpu(struct task *p)
{
	uint64_t start = sched_clock();
	uint32_t tries = 0;

	while (__atomic_load_n(&p->on_cpu, __ATOMIC_ACQUIRE)) {
		cpu_relax();
		if ((++tries & 4095) == 0 && sched_clock() - start > SPIN_TIMEOUT_NS)
			panic("sched_wake: task %d stays on cpu%d (curr %d there)",
			      p->tid, p->cpu, cpu_rq(p->cpu)->curr->tid);
	}
}

/* The CPU p is queued on when woken (ENQ_WAKEUP | ENQ_SYNC) or new
 * (ENQ_NEW): the rt class's choice for an rt task (the core's placement
 * if no CPU runs lower), the policy's select_cpu for the policy's own,
 * held to p's affinity.  from: the waker's or the parent's CPU. */
static inline __attribute__((always_inline)) int
select_task_cpu(struct task *p, int flags, int from)
{
	uint32_t mask = p->cpus_allowed;
	int cpu;

	/* Nothing to choose: one CPU online, or p allowed on one only.  The
	 * balancer answers so too (balance_place), but two calls later; Linux
	 * asks the class only when there is a choice (5.10 select_task_rq():
	 * nr_cpus_allowed > 1; 2.6's try_to_wake_up() skips its affine logic
	 * for a task that may not run here). */
	if (ncpu == 1)
		return 0;
	if (mask && !(mask & (mask - 1)))
		return __builtin_ctz(mask);
	if (__builtin_expect(is_rt(p), 0)) {
		cpu = rt_select_cpu(p);
		return cpu >= 0 ? cpu : sched_default_select_cpu(p, flags, from);
	}
	cpu = sched_ops.select_cpu(p, flags, from);
	if (SCHED_DEBUG && ((unsigned)cpu >= (unsigned)ncpu ||
			    !((p->cpus_allowed >> cpu) & 1)))
		panic("select_cpu: policy %s put task %d on cpu %d, outside "
		      "its CPUs (mask 0x%x, %d online)", sched_ops.name, p->tid,
		      cpu, p->cpus_allowed, ncpu);
	return cpu;
}

/* Wake p: put it on a runqueue chosen by select_task_cpu().
 *
 * p->wake_lock orders wakers of the same task.  Under the lock of p's
 * runqueue, a sleeping task is in one of two states: still queued and
 * maybe running (it set TASK_SLEEPING but has not reached schedule()), in
 * which case the wakeup just cancels the sleep; or off the runqueue, and
 * then nearly always off its CPU too: schedule() dequeues it and
 * sched_finish_switch() clears on_cpu within one hold of that lock, unless
 * an rt pull or a newly-idle balance let go of the lock in between
 * (waited for below). */
int
sched_wake(struct task *p, int how)
{
	struct rq *rq, *src;
	int cpu, woke = 0, sync = how & WAKE_SYNC, kind;

	spin_lock(&p->wake_lock);
	if (p->state != TASK_SLEEPING)
		goto out;
	src = cpu_rq(p->cpu);
	spin_lock_nested(&src->lock);	/* under wake_lock: interrupts off */
	if (p->on_rq) {		/* not switched out yet: just cancel */
		p->state = TASK_RUNNING;
		spin_unlock(&src->lock);
		woke = 1;
		goto out;
	}
	if (__atomic_load_n(&p->on_cpu, __ATOMIC_ACQUIRE)) {
		/* schedule() let go of the lock for an rt pull or a
		 * newly-idle balance after dequeuing p: wait (unlocked)
		 * for the switch */
		spin_unlock(&src->lock);
		wait_off_cpu(p);
		spin_lock_nested(&src->lock);
	}
	cpu = select_task_cpu(p, ENQ_WAKEUP | (sync ? ENQ_SYNC : 0),
			      this_cpu()->id);
	rq = cpu_rq(cpu);
	if (rq != src) {
		spin_unlock(&src->lock);
		double_rq_lock(src, rq);
		sched_ops.migrate_out(src, p);
		p->cpu = cpu;
		sched_ops.migrate_in(rq, p);
		p->migrations++;
		p->migrated_at = rq->clock;
		rq->stats.migrations++;
		trace_migrate(p, src->cpu, cpu);
		spin_unlock(&src->lock);
	}
	update_clock(rq);
	p->state = TASK_RUNNING;
	/* how it slept and who wakes it: O(1)'s activated -1 and 2 */
	kind = (how & WAKE_IRQ ? ENQ_IRQ : 0) | (p->sleep_unint ? ENQ_UNINT : 0);
	if (p->sleep_unint)		/* on the waking rq: 2.6.0 try_to_wake_up */
		rq->nr_uninterruptible--;
	__atomic_store_n(&p->sleep_unint, 0, __ATOMIC_RELAXED);
	activate(rq, p, ENQ_WAKEUP | (sync ? ENQ_SYNC : 0) | kind |
		 (cpu == this_cpu()->id ? ENQ_LOCAL : 0));
	if (cpu == this_cpu()->id)
		rq->stats.ttwu_local++;
	else
		rq->stats.ttwu_remote++;
	trace_wakeup(p, cpu, sync);
	if (check_preempt_task(rq, p, sync))
		sched_resched(rq);
	rq_check(rq);
	spin_unlock(&rq->lock);
	woke = 1;
out:
	spin_unlock(&p->wake_lock);
	return woke;
}

/* A child inherits its parent's class, priority, nice, slice request and
 * affinity, as on Linux without SCHED_RESET_ON_FORK; a child of an idle
 * task (init, kernel threads) starts as SCHED_NORMAL, nice 0, unpinned.
 * The policy's fork hook sets up every child's private state; an rt
 * parent is not the policy's, so the hook sees the child as the
 * kernel's (parent NULL), and an rt child never runs first. */
int
sched_fork(struct task *parent, struct task *child)
{
	struct rq *rq;
	int child_first, kernel = parent->is_idle;

	child->cpu = parent->cpu;
	child->nice = kernel ? 0 : parent->nice;
	child->slice_ns = kernel ? 0 : parent->slice_ns;
	child->cpus_allowed = kernel ? ~0u : parent->cpus_allowed;
	child->sched_class = kernel ? SCHED_CLASS_NORMAL : parent->sched_class;
	child->rt_priority = kernel ? 0 : parent->rt_priority;
	if (parent->class_pending && !kernel) {
		child->sched_class = parent->next_class;
		child->rt_priority = parent->next_rt_priority;
	}
	child->task_flags = child->proc == &kernel_process ? TF_KTHREAD : 0;
	child->state = TASK_RUNNING;
	irq_push();
	rq = this_rq();
	spin_lock(&rq->lock);
	update_clock(rq);
	account_curr(rq);
	child->migrated_at = rq->clock;	/* it arrives on this CPU now */
	rq->stats.forks++;
	child_first = sched_ops.fork(kernel || is_rt(parent) ? NULL : parent,
				     child);
	if (is_rt(child))
		child_first = 0;
	rq_check(rq);
	spin_unlock(&rq->lock);
	irq_pop();
	return child_first;
}

void
sched_wake_new(struct task *p, struct task *parent, int child_first)
{
	int cpu = select_task_cpu(p, ENQ_NEW, parent ? parent->cpu : p->cpu);
	struct rq *rq = cpu_rq(cpu);

	if (cpu != p->cpu) {
		struct rq *src = cpu_rq(p->cpu);
		double_rq_lock(src, rq);
		sched_ops.migrate_out(src, p);
		p->cpu = cpu;
		sched_ops.migrate_in(rq, p);
		spin_unlock(&src->lock);
	} else {
		spin_lock(&rq->lock);
	}
	update_clock(rq);
	p->migrated_at = rq->clock;
	activate(rq, p, ENQ_NEW);
	trace_wakeup(p, cpu, 0);
	/* child first preempts the parent only where the parent runs */
	if ((child_first && parent && rq->curr == parent) ||
	    check_preempt_task(rq, p, 0))
		sched_resched(rq);
	rq_check(rq);
	spin_unlock(&rq->lock);
}

void
sched_exit(struct task *p)
{
	if (!is_rt(p))
		sched_ops.exit(p);
}

/* Linux 2.6.0-2.6.22 release_task() -> sched_exit(): the reaper is
 * current, so its runqueue is this CPU's.  The child may still be
 * finishing its last switch on another CPU; its state is final once it
 * is off that CPU. */
void
sched_reap(struct task *child)
{
	struct task *parent = current;
	struct rq *rq;

	KASSERT(child->state == TASK_ZOMBIE);
	if (is_rt(parent) || is_rt(child) || parent->is_idle)
		return;
	while (__atomic_load_n(&child->on_cpu, __ATOMIC_ACQUIRE))
		cpu_relax();
	irq_push();
	rq = this_rq();
	spin_lock(&rq->lock);
	update_clock(rq);
	sched_ops.reap(rq, parent, child);
	spin_unlock(&rq->lock);
	irq_pop();
}

/* Linux 2.6.8+ sched_exec(): an exec leaves no cache worth keeping, so
 * the era may send the task to the idlest CPU.  Linux's migration thread
 * moves it at once; here the push of an active balance does, when the
 * task next switches out (at the latest on its return to user). */
void
sched_exec(void)
{
	struct task *p = current;
	struct rq *rq;
	int cpu;

	if (is_rt(p))
		return;
	irq_push();
	rq = this_rq();
	spin_lock(&rq->lock);
	cpu = balance_place(p, PLACE_EXEC, rq->cpu);
	if (cpu != rq->cpu && rq->curr == p) {
		rq->push_cpu = cpu;
		sched_resched(rq);
	}
	spin_unlock(&rq->lock);
	irq_pop();
}

/* The tick: account, let the running task's class decide on preemption,
 * run timers, balance.  Interrupt context, interrupts off. */
void
sched_tick(void)
{
	struct rq *rq = this_rq();
	struct task *curr;

	spin_lock(&rq->lock);
	update_clock(rq);
	curr = rq->curr;
	if (curr != rq->idle) {
		account_curr(rq);
		if (is_rt(curr))
			rt_tick(rq, curr);
		else
			sched_ops.tick(rq, curr);
	}
	rt_period_tick(rq);
	balance_update_load(rq);
	/* rt tasks wait on another CPU, and this one runs less: pull */
	if ((__atomic_load_n(&rt_overload_mask, __ATOMIC_RELAXED) &
	     ~(1u << rq->cpu)) && !is_rt(curr))
		sched_resched(rq);
	rq_check(rq);
	spin_unlock(&rq->lock);
	timer_run_expired();
	sched_ops.balance(rq);	/* default: balance_tick() */
}

/* The running task gives up the CPU.  The class's yield hook says how; a
 * policy without one gets the task back through enqueue(ENQ_YIELD). */
void
sched_yield(void)
{
	struct rq *rq;
	int by_enqueue;

	irq_push();
	rq = this_rq();
	spin_lock(&rq->lock);
	update_clock(rq);
	account_curr(rq);
	rq->stats.yld_count++;
	by_enqueue = !is_rt(rq->curr) && !sched_policy.yield;
	if (is_rt(rq->curr))
		rt_yield(rq, rq->curr);
	else if (sched_policy.yield)
		sched_policy.yield(rq, rq->curr);
	rq->curr->need_resched = 1;
	rq_check(rq);
	spin_unlock(&rq->lock);
	irq_pop();
	__schedule(by_enqueue);
}

/* Lock p's runqueue; p->wake_lock first keeps p from moving. */
static struct rq *
task_rq_lock(struct task *p)
{
	struct rq *rq;

	spin_lock(&p->wake_lock);
	for (;;) {
		rq = cpu_rq(p->cpu);
		spin_lock(&rq->lock);
		if (rq->cpu == p->cpu)
			return rq;
		spin_unlock(&rq->lock);	/* the balancer moved it */
	}
}

static void
task_rq_unlock(struct rq *rq, struct task *p)
{
	rq_check(rq);
	spin_unlock(&rq->lock);
	spin_unlock(&p->wake_lock);
}

void
sched_kick(struct task *p)
{
	struct rq *rq = task_rq_lock(p);

	if (rq->curr == p)
		sched_resched(rq);
	task_rq_unlock(rq, p);
}

int
sched_set_slice(struct task *p, uint32_t ns)
{
	struct rq *rq;

	if (!sched_ops.set_slice)
		return -1;
	rq = task_rq_lock(p);
	update_clock(rq);
	if (rq->curr == p)
		account_curr(rq);
	p->slice_ns = ns;
	sched_ops.set_slice(rq, p);
	task_rq_unlock(rq, p);
	return 0;
}

/* p's CPU time to this moment, the running task's current stretch
 * charged first (Linux's task_sched_runtime()).  The lock also makes the
 * 64-bit read whole on a 32-bit CPU. */
uint64_t
sched_task_runtime(struct task *p)
{
	struct rq *rq = task_rq_lock(p);
	uint64_t ns;

	if (rq->curr == p) {
		update_clock(rq);
		account_curr(rq);
	}
	ns = p->sum_exec_ns;
	task_rq_unlock(rq, p);
	return ns;
}

/* The policy hears of every nice change, of rt tasks too: their private
 * state must be right when they come back to the policy. */
int
sched_set_nice(struct task *p, int nice)
{
	struct rq *rq;

	if (nice < -20)
		nice = -20;
	if (nice > 19)
		nice = 19;
	rq = task_rq_lock(p);
	update_clock(rq);
	if (rq->curr == p)
		account_curr(rq);
	sched_ops.set_nice(rq, p, nice);
	p->nice = nice;
	if (p->on_rq && !is_rt(p)) {	/* reweigh it (2.6.22 set_load_weight) */
		rq->lb_load -= p->lb_weight;
		load_add(rq, p);
	}
	task_rq_unlock(rq, p);
	return 0;
}

/*
 * Linux's sched_setscheduler() (kernel/sched.c, 2.6.0 and later): move p
 * to class cls (SCHED_CLASS_*) with rt_priority prio.  The caller checked
 * the arguments (sys_sched.c).  A queued task leaves its old class's
 * queue and joins the new one at once; one that sleeps just changes; a
 * running one changes at its next switch (switch_class), which is asked
 * for now, so that the policy never has a running task it did not pick.
 */
void
sched_setscheduler(struct task *p, int cls, int prio)
{
	struct rq *rq = task_rq_lock(p);
	int was_rt = is_rt(p), now_rt = cls == SCHED_CLASS_FIFO ||
					 cls == SCHED_CLASS_RR;

	update_clock(rq);
	if (rq->curr == p) {
		account_curr(rq);
		if (was_rt != now_rt) {
			p->next_class = cls;
			p->next_rt_priority = prio;
			p->class_pending = 1;
		} else {
			p->sched_class = cls;
			p->rt_priority = prio;
		}
		sched_resched(rq);
	} else if (!list_empty(&p->rq_node)) {
		dequeue_queued(rq, p);
		p->sched_class = cls;
		p->rt_priority = prio;
		if (now_rt && !was_rt)
			p->rt_slice_ns = rt_rr_timeslice_ns();
		enqueue_task(rq, p, now_rt || !was_rt ? 0 : ENQ_WAKEUP);
		if (check_preempt_task(rq, p, 0))
			sched_resched(rq);
	} else {
		p->sched_class = cls;
		p->rt_priority = prio;
		p->rt_slice_ns = rt_rr_timeslice_ns();
	}
	if (!now_rt)		/* BATCH and IDLE may weigh differently */
		sched_ops.set_nice(rq, p, p->nice);
	task_rq_unlock(rq, p);
}

/* What sched_getscheduler() answers: a change on its way counts. */
void
sched_getscheduler(struct task *p, int *cls, int *prio)
{
	struct rq *rq = task_rq_lock(p);

	*cls = p->class_pending ? p->next_class : p->sched_class;
	*prio = p->class_pending ? p->next_rt_priority : p->rt_priority;
	task_rq_unlock(rq, p);
}

int
sched_set_affinity(struct task *p, uint32_t mask)
{
	struct rq *rq;
	uint32_t online = (ncpu >= 32) ? ~0u : ((1u << ncpu) - 1);

	mask &= online;
	if (!mask)
		return -1;
	rq = task_rq_lock(p);
	p->cpus_allowed = mask;
	if (!(mask & (1u << p->cpu)) && rq->curr == p) {
		sched_resched(rq);	/* finish_switch moves it away */
	} else if (!(mask & (1u << p->cpu)) && p->on_rq) {
		/* queued: move it now, not after it ran here once more */
		struct rq *dst = cpu_rq(__builtin_ctz(mask));
		spin_unlock(&rq->lock);
		double_rq_lock(rq, dst);
		if (p->cpu == rq->cpu && !list_empty(&p->rq_node))
			sched_move_task(rq, dst, p);
		else if (p->cpu == rq->cpu && rq->curr == p)
			sched_resched(rq);	/* picked meanwhile */
		double_rq_unlock(rq, dst);
		spin_unlock(&p->wake_lock);
		return 0;
	}
	task_rq_unlock(rq, p);
	if (p == current && !(mask & (1u << this_cpu()->id))) {
		current->need_resched = 1;
		schedule();
	}
	return 0;
}

/* Where p is (read unlocked, as the loop below retries) agrees with its
 * mask, or p is off every runqueue: a wakeup places it within the mask. */
static int
placed_within_mask(const struct task *p)
{
	int cpu = __atomic_load_n(&p->cpu, __ATOMIC_ACQUIRE);

	if ((__atomic_load_n(&p->cpus_allowed, __ATOMIC_RELAXED) >> cpu) & 1)
		return 1;
	return !__atomic_load_n(&p->on_cpu, __ATOMIC_ACQUIRE) &&
	       !__atomic_load_n(&p->on_rq, __ATOMIC_ACQUIRE);
}

/* A running p takes the reschedule IPI, switches out and is moved by
 * balance_after_switch(); a queued one was moved already.  Either takes
 * microseconds, so a wait far longer is a kernel bug. */
void
sched_affinity_wait(struct task *p)
{
	uint64_t start = sched_clock();
	uint32_t tries = 0;

	KASSERT(p != current && (read_eflags() & FL_IF));
	while (!placed_within_mask(p)) {
		cpu_relax();
		if ((++tries & 4095) == 0 &&
		    sched_clock() - start > SPIN_TIMEOUT_NS)
			panic("sched_setaffinity: task %d stays on cpu%d, "
			      "outside its mask 0x%x", p->tid, p->cpu,
			      p->cpus_allowed);
	}
}

/* Keep p's memory while looking at it without locks (task_free waits). */
void
sched_pin(struct task *p)
{
	__atomic_add_fetch(&p->pinned, 1, __ATOMIC_RELAXED);
}

void
sched_unpin(struct task *p)
{
	__atomic_sub_fetch(&p->pinned, 1, __ATOMIC_RELEASE);
}

/* Move queued task p (not running) from src to dst.  Both locked. */
void
sched_move_task(struct rq *src, struct rq *dst, struct task *p)
{
	assert_rq_locked(src);
	assert_rq_locked(dst);
	/* every caller decides first, maybe unlocked: what it decided must
	 * still hold now */
	if (!((p->cpus_allowed >> dst->cpu) & 1) || p->on_cpu ||
	    p->cpu != src->cpu)
		panic("sched_move_task: task %d from cpu%d to cpu%d, but its "
		      "mask is 0x%x, its cpu %d, on a CPU: %d", p->tid,
		      src->cpu, dst->cpu, p->cpus_allowed, p->cpu, p->on_cpu);
	dequeue_queued(src, p);
	src->nr_running--;
	sched_ops.migrate_out(src, p);
	p->cpu = dst->cpu;
	update_clock(dst);
	p->migrated_at = dst->clock;
	sched_ops.migrate_in(dst, p);
	enqueue_task(dst, p, ENQ_MIGRATED);
	dst->nr_running++;
	p->migrations++;
	dst->stats.migrations++;
	trace_migrate(p, src->cpu, dst->cpu);
	if (check_preempt_task(dst, p, 0))
		sched_resched(dst);
}

void
double_rq_lock(struct rq *a, struct rq *b)
{
	if (a == b) {
		spin_lock(&a->lock);
	} else if (a->cpu < b->cpu) {
		spin_lock(&a->lock);
		spin_lock(&b->lock);
	} else {
		spin_lock(&b->lock);
		spin_lock(&a->lock);
	}
}

/* Every balancing move ends here: check both runqueues. */
void
double_rq_unlock(struct rq *a, struct rq *b)
{
	rq_check(a);
	if (a != b)
		rq_check(b);
	spin_unlock(&a->lock);
	if (a != b)
		spin_unlock(&b->lock);
}

int
sched_task_prio(struct task *p)
{
	return is_rt(p) ? rt_prio_shown(p) : sched_ops.prio(p);
}

int64_t
sched_task_key(struct task *p)
{
	if (is_rt(p))
		return p->sched_class == SCHED_CLASS_RR ? p->rt_slice_ns : 0;
	return sched_ops.key(p);
}

void
sched_dump(int cpu)
{
	struct rq *rq = cpu_rq(cpu);

	spin_lock(&rq->lock);
	printk("cpu%d: %s, nr_running %u, curr %d, %llu switches\n", cpu,
	       sched_ops.name, rq->nr_running, rq->curr->tid,
	       rq->stats.switches);
	rt_dump(rq);
	sched_ops.dump(rq);
	spin_unlock(&rq->lock);
}

void
sched_init(void)
{
	sched_fill_defaults();
	for (int i = 0; i < MAX_CPUS; i++) {
		struct rq *rq = cpu_rq(i);
		spin_init(&rq->lock, "rq");
		rq->cpu = i;
		rq->push_cpu = -1;
		list_init(&rq->queued);
		rt_init_rq(rq);
		if (sched_ops.rq_size) {
			rq->priv = kzalloc(sched_ops.rq_size);
			if (!rq->priv)
				panic("sched_init: no memory for runqueues");
		}
		sched_ops.init_rq(rq);
	}
	pr_info("sched: policy %s\n", sched_ops.name);
}

/* Turn what this CPU is running now (its boot path) into its idle task. */
void
sched_init_cpu(void)
{
	struct cpu *c = this_cpu();
	struct rq *rq = cpu_rq(c->id);
	struct task *idle = task_alloc_idle(c->id, c->idle_stack_top);

	rq->curr = rq->idle = idle;
	rq->clock = sched_clock();
	c->cur_task = idle;
}

/* Work the idle CPU could pick: a policy task, or an rt task while the
 * rt class is not throttled.  A throttled rt task is runnable (it counts
 * in nr_running) but cannot be picked, and the idle loop must halt with
 * interrupts on: the tick that lifts the throttle (rt_period_tick) would
 * never come if it spun on schedule() with them off.  Read unlocked; a
 * wakeup from another CPU sets need_resched as well. */
int
sched_idle_has_work(struct rq *rq)
{
	return rq->nr_policy > 0 || (rq->rt.nr > 0 && !rq->rt.throttled);
}

void
sched_idle_loop(void)
{
	struct rq *rq;

	for (;;) {
		cli();
		rq = this_rq();
		if (current->need_resched || sched_idle_has_work(rq)) {
			schedule();
			continue;
		}
		idle_halt();	/* sti; hlt: a wakeup IPI ends it */
	}
}
