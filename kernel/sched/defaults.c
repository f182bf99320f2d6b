/*
 * defaults.c - what the core does where a policy says nothing, and what
 * a policy may ask of a task.
 *
 * Only five hooks of struct sched_policy are required (policy.h).  At boot
 * sched_fill_defaults() copies the policy into sched_ops and fills every
 * other NULL hook with the default below (placement and balancing: the
 * core's own, balance.c), so the core always calls through
 * a full table and no hot path tests for NULL.  Two hooks stay NULL on
 * purpose, because NULL is an answer: yield (the core then requeues the
 * task with enqueue(ENQ_YIELD)) and set_slice (the policy has no per-task
 * slice).  sched_ext does the same for a BPF scheduler that leaves an op
 * out (kernel/sched/ext.c, Linux 6.12).
 */
#include <stdint.h>
#include "kernel/cpu.h"
#include "kernel/lib/list.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/time.h"

struct sched_policy sched_ops;

static void
default_init_rq(struct rq *rq)
{
	(void)rq;
}

/* No wakeup preemption: the woken task waits for the tick. */
static int
default_check_preempt(struct rq *rq, struct task *p, int sync)
{
	(void)rq, (void)p, (void)sync;
	return 0;
}

/* The parent goes on running; the child waits its turn. */
static int
default_fork(struct task *parent, struct task *child)
{
	(void)parent, (void)child;
	return 0;
}

static void
default_exit(struct task *p)
{
	(void)p;
}

static void
default_reap(struct rq *rq, struct task *parent, struct task *child)
{
	(void)rq, (void)parent, (void)child;
}

static void
default_set_nice(struct rq *rq, struct task *p, int nice)
{
	(void)rq, (void)p, (void)nice;
}

static void
default_migrate(struct rq *rq, struct task *p)
{
	(void)rq, (void)p;
}

/* The weights of the policy's tasks on rq, which the core keeps as they
 * come and go (rq->lb_load); with the default task_load, 1024 a task,
 * that is 2.6.0's nr_running in load units. */
static unsigned long
default_load(struct rq *rq)
{
	return rq->lb_load;
}

static unsigned long
default_task_load(struct task *p)
{
	(void)p;
	return SCHED_LOAD_SCALE;
}

/* A policy that names no Linux version gets Quanta's own balancer. */
static int
default_lb_era(void)
{
	return LB_ERA_QUANTA;
}

/* Linux's static_prio is 120 + nice; top shows it less 100. */
static int
default_prio(struct task *p)
{
	return 20 + p->nice;
}

static int64_t
default_key(struct task *p)
{
	(void)p;
	return 0;
}

/* Without a dump hook the core knows only the order of arrival. */
static void
default_dump(struct rq *rq)
{
	struct list *pos;

	printk("  %s queue (%u, in the order they were queued; the policy "
	       "has no dump):", sched_ops.name, rq->nr_policy);
	list_for_each(pos, &rq->queued)
		printk(" %d", list_entry(pos, struct task, rq_node)->tid);
	printk("\n");
}

/* The core's placement (balance.c): each era's rule for a new task and
 * for a woken one (balance_place).  rt tasks the rt class cannot place
 * come here too (core.c). */
int
sched_default_select_cpu(struct task *p, int flags, int waker_cpu)
{
	if (flags & ENQ_NEW)
		return balance_place(p, PLACE_FORK, waker_cpu);
	return balance_place(p, (flags & ENQ_SYNC) ? PLACE_WAKE | PLACE_SYNC :
			     PLACE_WAKE, waker_cpu);
}

#define FILL(hook, fn)				\
	do {					\
		if (!sched_ops.hook)		\
			sched_ops.hook = (fn);	\
	} while (0)

void
sched_fill_defaults(void)
{
	sched_ops = sched_policy;
	if (!sched_ops.enqueue || !sched_ops.dequeue ||
	    !sched_ops.pick_next || !sched_ops.put_prev || !sched_ops.tick)
		panic("sched: policy %s lacks a required hook (enqueue, "
		      "dequeue, pick_next, put_prev, tick)", sched_ops.name);
	FILL(init_rq, default_init_rq);
	FILL(check_preempt, default_check_preempt);
	FILL(fork, default_fork);
	FILL(exit, default_exit);
	FILL(reap, default_reap);
	FILL(set_nice, default_set_nice);
	FILL(migrate_out, default_migrate);
	FILL(migrate_in, default_migrate);
	FILL(load, default_load);
	FILL(task_load, default_task_load);
	FILL(lb_era, default_lb_era);
	FILL(prio, default_prio);
	FILL(key, default_key);
	FILL(dump, default_dump);
	FILL(select_cpu, sched_default_select_cpu);
	FILL(balance, balance_tick);
	/* count: NULL means no check (rq_check); yield, set_slice: above;
	 * update_sysctl: the tunable registry tests it (tunable.c), and may
	 * call it before this runs (the host harness) */
}

/* ---- what a policy may ask (policy.h) ---- */

int
task_tid(const struct task *p)
{
	return p->tid;
}

const char *
task_comm(const struct task *p)
{
	return p->proc ? task_name(p) : "?";
}

int
task_cpu(const struct task *p)
{
	return p->cpu;
}

struct rq *
task_rq(const struct task *p)
{
	return cpu_rq(p->cpu);
}

uint32_t
task_cpus_allowed(const struct task *p)
{
	return p->cpus_allowed;
}

int
task_same_process(const struct task *a, const struct task *b)
{
	return a->proc == b->proc;
}

/* ---- balancing moves a policy's balance hook may make (policy.h) ---- */

static int
may_run_on(const struct task *p, const struct rq *rq)
{
	return (p->cpus_allowed >> rq->cpu) & 1;
}

int
sched_pull_task(struct rq *dst, struct rq *src)
{
	struct list *pos;
	int moved = 0;

	KASSERT(dst != src);
	double_rq_lock(dst, src);
	list_for_each(pos, &src->queued) {	/* in the order they queued */
		struct task *p = list_entry(pos, struct task, rq_node);
		if (may_run_on(p, dst) && !p->on_cpu) {
			sched_move_task(src, dst, p);
			dst->stats.lb_pulled++;
			moved = 1;
			break;
		}
	}
	double_rq_unlock(dst, src);
	return moved;
}

int
sched_push_curr(struct rq *src, struct rq *dst)
{
	struct task *curr;
	int asked = 0;

	KASSERT(dst != src);
	spin_lock(&src->lock);
	curr = src->curr;
	if (curr != src->idle && !task_is_rt(&curr->view) &&
	    may_run_on(curr, dst) && src->push_cpu < 0) {
		src->push_cpu = dst->cpu;	/* sched_finish_switch() */
		src->stats.alb_pushed++;
		sched_resched(src);
		asked = 1;
	}
	sched_check_rq(src);
	spin_unlock(&src->lock);
	return asked;
}

struct rq *
sched_cpu_rq(int cpu)
{
	return cpu_rq(cpu);
}

int
sched_ncpu(void)
{
	return ncpu;
}
