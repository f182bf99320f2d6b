/*
 * rt.h - the real-time classes, SCHED_FIFO and SCHED_RR, above every policy.
 *
 * Linux has stacked its scheduling classes since 2.6.23 (stop, rt, fair,
 * idle: pick_next_task asks each in turn) and had the rt priorities since
 * 2.6.0: a runnable real-time task always runs before any task of the
 * compiled-in policy, and a higher rt_priority before a lower one.  Quanta
 * does the same with one class of its own (rt.c) that the core consults
 * before the policy; the policy never sees an rt task queued.
 *
 * Per CPU, a priority array like O(1)'s: one FIFO list per priority and a
 * bitmap of the non-empty ones, so picking is a find-first-bit.  Across
 * CPUs, Linux 2.6.25's rt balancing (Steven Rostedt and Gregory Haskins,
 * "sched: RT balancing", kernel/sched_rt.c): a waking rt task goes to a
 * CPU running something of lower priority, and a CPU that is about to run
 * something of lower priority first pulls a waiting rt task from a CPU
 * that has more than it can run (docs/policies/rt.md).
 */
#ifndef KERNEL_SCHED_RT_H
#define KERNEL_SCHED_RT_H

#include <stdint.h>
#include "kernel/lib/list.h"
#include "kernel/sched/view.h"
#include "kernel/tunable.h"

#define RT_PRIO_MAX	99		/* rt_priority 1 .. 99, 99 the highest */
#define RT_NPRIO	100		/* lists, index 99 - rt_priority */

struct rq;
struct task;

/* rq->curr_prio: what a CPU runs, comparable with an rt_priority */
#define RT_CURR_IDLE	(-1)
#define RT_CURR_POLICY	0

struct rt_rq {
	struct list queue[RT_NPRIO];	/* index 0 is rt_priority 99 */
	uint32_t bitmap[(RT_NPRIO + 31) / 32];
	unsigned nr;			/* queued rt tasks (not curr) */
	uint64_t period_start;		/* throttling: this period began */
	uint64_t runtime_ns;		/* rt time used in this period */
	int throttled;			/* used it up: rt waits */
};

static inline int
task_is_rt(const struct task_view *v)
{
	return v->sched_class == SCHED_CLASS_FIFO ||
	       v->sched_class == SCHED_CLASS_RR;
}

/* CPUs with rt tasks queued that are not running: candidates to pull. */
extern uint32_t rt_overload_mask;

/* Boot, before rq is used: empty rt queues, nothing rt running. */
void rt_init_rq(struct rq *rq);
void rt_dump(struct rq *rq);		/* rq locked */
void rt_enqueue(struct rq *rq, struct task *p, int flags);
void rt_dequeue(struct rq *rq, struct task *p);	/* a queued task */
void rt_put_prev(struct rq *rq, struct task *p);
struct task *rt_pick_next(struct rq *rq);
/* Every ns an rt task runs counts toward throttling, wherever it is
 * charged (2.6.25 update_curr_rt(): tick, dequeue, put_prev). */
void rt_charge(struct rq *rq, uint64_t delta);
/* The tick of an rt rq->curr: rotate SCHED_RR at the end of its slice. */
void rt_tick(struct rq *rq, struct task *curr);
/* Every tick: the throttling period (sched_rt_period_us). */
void rt_period_tick(struct rq *rq);
/* Should p, just queued on rq, preempt rq->curr? */
int rt_check_preempt(struct rq *rq, struct task *p);
void rt_yield(struct rq *rq, struct task *curr);
/* A CPU for waking (or new) rt task p: its own if it would run there at
 * once, else the one running the lowest priority (-1: keep its own). */
int rt_select_cpu(struct task *p);
/* rq locked, about to pick: pull waiting rt tasks that would run here
 * before what rq has, queued or curr_prio (the rt_priority of a runnable
 * current task not queued yet, 0 if none); may drop and retake rq's lock. */
void rt_pull(struct rq *rq, int curr_prio);
/* After a pick: if rq still has rt tasks waiting, tell the CPU that runs
 * the lowest priority so it pulls one. */
void rt_push(struct rq *rq);
/* What top shows in PR for an rt task: -1 - rt_priority (Linux's
 * prio - 100 for prio = 99 - rt_priority). */
int rt_prio_shown(const struct task *p);
/* Linux's /proc/sys/kernel/sched_rr_timeslice_ms, in ns. */
uint64_t rt_rr_timeslice_ns(void);

extern const struct tunable rt_tunables[];
extern const size_t rt_ntunables;

#endif
