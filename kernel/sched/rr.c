/*
 * rr.c - round-robin, the simplest policy, and the one to read first.
 *
 * Each CPU keeps one FIFO queue.  The task at the head runs for a
 * timeslice (rr_timeslice_ms), then goes to the tail.  Nice is ignored
 * and a waking task waits for its turn like everyone else: no priorities,
 * no interactivity heuristics.  That is the shape of Linux's SCHED_RR
 * among tasks of one priority, with one slice for every task (2.6 refilled
 * an RR task's slice by its nice: docs/reference/rr-sched-rr-2.6.md), and
 * close to what xv6 does with one global queue.
 *
 * This file has the five hooks every policy must have, plus init_rq (a
 * list head is not all zeroes), and nothing else: for every other question (may a waking task preempt? where does a
 * yielding task go? what load does a CPU carry?) the core's default is
 * round-robin's answer (policy.h, docs/policies/write-your-own.md).
 * Locking, counting and moving tasks between CPUs are the core's job.
 */
#include <stdint.h>
#include "kernel/lib/list.h"
#include "kernel/sched/policy.h"

struct rr_rq {
	struct list queue;		/* head runs next */
	unsigned nr;			/* tasks in queue */
};

struct rr_task {
	struct list node;		/* in rr_rq.queue while queued */
	int64_t slice_ns;		/* what is left of its timeslice */
};

/* rr_rq(rq), rr_task(p), rr_task_of(rt) */
SCHED_POLICY_STATE(rr, struct rr_rq, struct rr_task)

static int64_t rr_timeslice_ms = 100;	/* one slice for all, any nice */

static const struct tunable rr_tunables[] = {
	TUNABLE("rr_timeslice_ms", rr_timeslice_ms, 100, 1, 1000, "ms",
		"how long a task runs before the next one in the queue"),
};

static void
rr_init_rq(struct rq *rq)
{
	list_init(&rr_rq(rq)->queue);
}

/* Woken and new tasks start a full slice; a task that comes back from
 * another CPU or from a yield keeps what it had. */
static void
rr_enqueue(struct rq *rq, struct task *p, int flags)
{
	struct rr_rq *q = rr_rq(rq);

	if (flags & (ENQ_NEW | ENQ_WAKEUP))
		rr_task(p)->slice_ns = rr_timeslice_ms * 1000000;
	list_add_tail(&rr_task(p)->node, &q->queue);
	q->nr++;
}

/* A task leaving as it sleeps or exits is running, so not in the queue;
 * only a queued task taken away (DEQ_MIGRATE) must be unlinked. */
static void
rr_dequeue(struct rq *rq, struct task *p, int flags)
{
	if (flags & DEQ_MIGRATE) {
		list_del(&rr_task(p)->node);
		rr_rq(rq)->nr--;
	}
}

static struct task *
rr_pick_next(struct rq *rq)
{
	struct rr_rq *q = rr_rq(rq);
	struct rr_task *rt;

	if (list_empty(&q->queue))
		return NULL;
	rt = list_first(&q->queue, struct rr_task, node);
	list_del(&rt->node);
	q->nr--;
	return rr_task_of(rt);
}

/* A task whose slice is used up goes to the back with a new slice; one
 * that was only preempted keeps its place at the front. */
static void
rr_put_prev(struct rq *rq, struct task *p)
{
	struct rr_rq *q = rr_rq(rq);
	struct rr_task *rt = rr_task(p);

	if (rt->slice_ns <= 0) {
		rt->slice_ns = rr_timeslice_ms * 1000000;
		list_add_tail(&rt->node, &q->queue);
	} else {
		list_add(&rt->node, &q->queue);
	}
	q->nr++;
}

static void
rr_tick(struct rq *rq, struct task *curr)
{
	struct rr_task *rt = rr_task(curr);

	rt->slice_ns -= sched_tick_ns();
	if (rt->slice_ns > 0)
		return;
	if (rr_rq(rq)->nr == 0)		/* alone: just start a new slice */
		rt->slice_ns = rr_timeslice_ms * 1000000;
	else
		sched_resched(rq);	/* put_prev sends it to the back */
}

const struct sched_policy sched_policy = {
	.name = "rr",
	.rq_size = sizeof(struct rr_rq),
	.init_rq = rr_init_rq,
	.enqueue = rr_enqueue,
	.dequeue = rr_dequeue,
	.pick_next = rr_pick_next,
	.put_prev = rr_put_prev,
	.tick = rr_tick,
	.tunables = rr_tunables,
	.ntunables = TUNABLES_COUNT(rr_tunables),
};
