/*
 * rt.c - SCHED_FIFO and SCHED_RR, the real-time classes above the policy.
 *
 * Semantics (POSIX 1003.1b, Linux sched(7); kernel/sched.c of 2.6.0 and
 * kernel/sched_rt.c of 2.6.25):
 *   - an rt task has a static rt_priority 1..99; the highest runnable one
 *     runs, and always before any task of the compiled-in policy;
 *   - SCHED_FIFO runs until it blocks, yields or a higher one wakes; a
 *     preempted task stays at the head of its list, a yielding one goes
 *     to the tail;
 *   - SCHED_RR is FIFO with a timeslice (sched_rr_timeslice_ms, 100 ms,
 *     Linux's RR_TIMESLICE): when it runs out the task goes to the tail
 *     of its list, if it is not alone there;
 *   - a waking rt task preempts a lower one (and any policy task) at once.
 *
 * Throttling (2.6.25's sched_rt_runtime_us / sched_rt_period_us): rt tasks
 * of a CPU may use at most runtime of every period; then they wait for
 * the next period and the policy's tasks run.  Linux's default is 950 ms
 * of every second; Quanta's is -1 (no limit), so that the classroom
 * experiment "an rt hog starves everything" shows what POSIX promises.
 * Linux 2.6.25 throttled each CPU on its own, as here; later kernels
 * (RT_RUNTIME_SHARE) let a CPU borrow runtime from the others.
 *
 * Locking: every function but rt_select_cpu() and rt_push() runs with the
 * rq lock held; those two take what they need.
 */
#include <stdint.h>
#include "kernel/cpu.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/trace.h"
#include "kernel/tunable.h"

static int64_t sched_rr_timeslice_ms = 100;
static int64_t rt_runtime_us = -1;
static int64_t rt_period_us = 1000000;

const struct tunable rt_tunables[] = {
	TUNABLE("sched_rr_timeslice_ms", sched_rr_timeslice_ms, 100, 1, 10000, "ms",
		"SCHED_RR timeslice (Linux's RR_TIMESLICE)"),
	TUNABLE("sched_rt_runtime_us", rt_runtime_us, -1, -1, 1000000000, "us",
		"rt time allowed per period and CPU; -1: no limit (Linux: "
		"950000)"),
	TUNABLE("sched_rt_period_us", rt_period_us, 1000000, 1000, 1000000000,
		"us", "the throttling period"),
};
const size_t rt_ntunables = TUNABLES_COUNT(rt_tunables);

uint32_t rt_overload_mask;

uint64_t
rt_rr_timeslice_ns(void)
{
	return (uint64_t)sched_rr_timeslice_ms * 1000000;
}

static int
rt_index(const struct task *p)
{
	return RT_PRIO_MAX - p->rt_priority;
}

int
rt_prio_shown(const struct task *p)
{
	return -1 - p->rt_priority;
}

static int
allowed(const struct task *p, int cpu)
{
	return (p->cpus_allowed >> cpu) & 1;
}

void
rt_init_rq(struct rq *rq)
{
	for (int i = 0; i < RT_NPRIO; i++)
		list_init(&rq->rt.queue[i]);
	rq->curr_prio = RT_CURR_IDLE;
}

static void
mark_queued(struct rq *rq, int i)
{
	rq->rt.bitmap[i / 32] |= 1u << (i % 32);
	if (rq->rt.nr++ == 0)
		__atomic_or_fetch(&rt_overload_mask, 1u << rq->cpu, __ATOMIC_RELAXED);
}

/* The index of the highest non-empty list, or RT_NPRIO if none. */
static int
first_index(const struct rt_rq *rt)
{
	for (int w = 0; w < (RT_NPRIO + 31) / 32; w++)
		if (rt->bitmap[w])
			return w * 32 + __builtin_ctz(rt->bitmap[w]);
	return RT_NPRIO;
}

/* The rt_priority of the best queued task, 0 if none. */
static int
best_queued(const struct rt_rq *rt)
{
	int i = first_index(rt);

	return i == RT_NPRIO ? 0 : RT_PRIO_MAX - i;
}

void
rt_dump(struct rq *rq)
{
	if (!rq->rt.nr)
		return;
	printk("  rt queue (%u%s):", rq->rt.nr,
	       rq->rt.throttled ? ", throttled" : "");
	for (int i = first_index(&rq->rt); i < RT_NPRIO; i++) {
		struct list *pos;
		list_for_each(pos, &rq->rt.queue[i]) {
			struct task *p = list_entry(pos, struct task, rq_node);
			printk(" %d(%s %d)", p->tid, p->sched_class ==
			       SCHED_CLASS_RR ? "RR" : "FIFO", p->rt_priority);
		}
	}
	printk("\n");
}

void
rt_enqueue(struct rq *rq, struct task *p, int flags)
{
	int i = rt_index(p);

	assert_rq_locked(rq);
	KASSERT(p->rt_priority >= 1 && p->rt_priority <= RT_PRIO_MAX);
	if (flags & ENQ_NEW)
		p->rt_slice_ns = rt_rr_timeslice_ns();
	list_add_tail(&p->rq_node, &rq->rt.queue[i]);
	mark_queued(rq, i);
}

void
rt_dequeue(struct rq *rq, struct task *p)
{
	int i = rt_index(p);

	assert_rq_locked(rq);
	list_del(&p->rq_node);
	if (list_empty(&rq->rt.queue[i]))
		rq->rt.bitmap[i / 32] &= ~(1u << (i % 32));
	if (--rq->rt.nr == 0)
		__atomic_and_fetch(&rt_overload_mask, ~(1u << rq->cpu),
				   __ATOMIC_RELAXED);
}

/* Preempted: back to the head of its list, so it runs again first among
 * its equals; at the end of an RR slice or after a yield: the tail. */
void
rt_put_prev(struct rq *rq, struct task *p)
{
	int i = rt_index(p);

	assert_rq_locked(rq);
	if (p->rt_to_tail)
		list_add_tail(&p->rq_node, &rq->rt.queue[i]);
	else
		list_add(&p->rq_node, &rq->rt.queue[i]);
	p->rt_to_tail = 0;
	mark_queued(rq, i);
}

struct task *
rt_pick_next(struct rq *rq)
{
	struct task *p;
	int i;

	if (!rq->rt.nr || rq->rt.throttled)
		return NULL;
	i = first_index(&rq->rt);
	p = list_first(&rq->rt.queue[i], struct task, rq_node);
	rt_dequeue(rq, p);
	return p;
}

void
rt_charge(struct rq *rq, uint64_t delta)
{
	assert_rq_locked(rq);
	if (rt_runtime_us < 0 || rt_runtime_us >= rt_period_us)
		return;
	rq->rt.runtime_ns += delta;
	if (!rq->rt.throttled &&
	    rq->rt.runtime_ns > (uint64_t)rt_runtime_us * 1000) {
		rq->rt.throttled = 1;
		sched_resched(rq);
	}
}

void
rt_tick(struct rq *rq, struct task *curr)
{
	if (curr->sched_class != SCHED_CLASS_RR)
		return;
	curr->rt_slice_ns -= sched_tick_ns();
	if (curr->rt_slice_ns > 0)
		return;
	curr->rt_slice_ns = rt_rr_timeslice_ns();
	if (!list_empty(&rq->rt.queue[rt_index(curr)])) {
		curr->rt_to_tail = 1;	/* an equal waits: its turn */
		sched_resched(rq);
	}
}

void
rt_period_tick(struct rq *rq)
{
	uint64_t period = (uint64_t)rt_period_us * 1000;

	if (rq->clock - rq->rt.period_start < period)
		return;
	rq->rt.period_start = rq->clock - (rq->clock - rq->rt.period_start) %
			      period;
	rq->rt.runtime_ns = 0;
	if (rq->rt.throttled) {
		rq->rt.throttled = 0;
		if (rq->rt.nr)
			sched_resched(rq);
	}
}

int
rt_check_preempt(struct rq *rq, struct task *p)
{
	struct task *curr = rq->curr;

	if (rq->rt.throttled)
		return 0;
	if (curr == rq->idle || !task_is_rt(&curr->view))
		return 1;
	return p->rt_priority > curr->rt_priority;
}

void
rt_yield(struct rq *rq, struct task *curr)
{
	(void)rq;
	curr->rt_to_tail = 1;
}

/* What a CPU runs, as a number to compare with an rt_priority: idle and
 * policy tasks are below every rt task.  Read without the lock: a hint. */
static int
cpu_prio(int cpu)
{
	return __atomic_load_n(&cpu_rq(cpu)->curr_prio, __ATOMIC_RELAXED);
}

/* The allowed CPU running the lowest priority below p's, -1 if none;
 * prefer p's own CPU among equals (its cache). */
static int
find_lowest(const struct task *p)
{
	int best = -1, best_prio = p->rt_priority;

	for (int i = 0; i < ncpu; i++) {
		int prio = cpu_prio(i);
		if (!allowed(p, i) || prio >= best_prio)
			continue;
		if (best < 0 || prio < best_prio || i == p->cpu) {
			best = i;
			best_prio = prio;
		}
	}
	return best;
}

int
rt_select_cpu(struct task *p)
{
	int cpu = p->cpu;

	if (allowed(p, cpu) && cpu_prio(cpu) < p->rt_priority)
		return cpu;
	return find_lowest(p);
}

/* The best rt_priority rq has: queued, or curr_prio, that of its
 * runnable current task not queued yet (see rt_pull). */
static int
best_of_rq(const struct rq *rq, int curr_prio)
{
	int q = best_queued(&rq->rt);

	return q > curr_prio ? q : curr_prio;
}

/* Move the best task of src that would run on rq before anything rq has
 * and may run there.  Both locked; 1 if one moved. */
static int
pull_one(struct rq *rq, struct rq *src, int curr_prio)
{
	int here = best_of_rq(rq, curr_prio);

	for (int i = first_index(&src->rt); i < RT_NPRIO; i++) {
		struct list *pos;
		if (RT_PRIO_MAX - i <= here)
			return 0;
		list_for_each(pos, &src->rt.queue[i]) {
			struct task *p = list_entry(pos, struct task, rq_node);
			if (!allowed(p, rq->cpu) || p->on_cpu)
				continue;
			sched_move_task(src, rq, p);
			return 1;
		}
	}
	return 0;
}

void
rt_pull(struct rq *rq, int curr_prio)
{
	uint32_t mask = __atomic_load_n(&rt_overload_mask, __ATOMIC_RELAXED) &
			~(1u << rq->cpu);

	assert_rq_locked(rq);
	KASSERT(curr_prio >= 0 && curr_prio <= RT_PRIO_MAX);
	while (mask) {
		struct rq *src = cpu_rq(__builtin_ctz(mask));
		mask &= mask - 1;
		/* a cheap look first: nothing there beats what rq has */
		if (best_queued(&src->rt) <= best_of_rq(rq, curr_prio))
			continue;
		spin_unlock(&rq->lock);
		double_rq_lock(rq, src);
		pull_one(rq, src, curr_prio);
		sched_check_rq(src);
		spin_unlock(&src->lock);
	}
}

/* rq unlocked.  2.6.25 pushed the waiting task itself; here the CPU that
 * runs the lowest priority is asked to reschedule, and its schedule()
 * pulls (rt_pull) - the later RT_PUSH_IPI idea, and one lock at a time. */
void
rt_push(struct rq *rq)
{
	struct task *p = NULL;
	struct rq *dst;
	int cpu, i;

	spin_lock(&rq->lock);
	i = first_index(&rq->rt);
	if (i < RT_NPRIO)
		p = list_first(&rq->rt.queue[i], struct task, rq_node);
	cpu = p ? find_lowest(p) : -1;
	spin_unlock(&rq->lock);
	if (cpu < 0 || cpu == rq->cpu)
		return;
	dst = cpu_rq(cpu);
	spin_lock(&dst->lock);
	if (dst->curr_prio < RT_PRIO_MAX - i)
		sched_resched(dst);
	spin_unlock(&dst->lock);
}
