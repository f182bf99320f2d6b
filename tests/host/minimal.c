/*
 * minimal.c - a policy with the five required hooks and nothing else, not
 * even init_rq: the host harness runs every generic scenario with it to
 * show that the core's defaults (kernel/sched/defaults.c) make a whole
 * scheduler out of enqueue, dequeue, pick_next, put_prev and tick.
 *
 * One FIFO queue per CPU as a singly linked list whose empty state is all
 * zeroes, a 10 ms timeslice counted in ticks.  It is held to the same
 * boundary as the kernel's policies (make policy-check).
 */
#include <stddef.h>
#include "kernel/sched/policy.h"

struct min_task {
	struct task *next;		/* in the queue */
	int ticks;			/* left of its slice */
};

struct min_rq {
	struct task *head, *tail;
	unsigned nr;
};

SCHED_POLICY_STATE(min, struct min_rq, struct min_task)

#define SLICE_TICKS	10

static void
min_enqueue(struct rq *rq, struct task *p, int flags)
{
	struct min_rq *q = min_rq(rq);

	if (flags & (ENQ_NEW | ENQ_WAKEUP))
		min_task(p)->ticks = SLICE_TICKS;
	min_task(p)->next = NULL;
	if (q->tail)
		min_task(q->tail)->next = p;
	else
		q->head = p;
	q->tail = p;
	q->nr++;
}

static void
min_dequeue(struct rq *rq, struct task *p, int flags)
{
	struct min_rq *q = min_rq(rq);
	struct task **pp, *prev = NULL;

	if (!(flags & DEQ_MIGRATE))
		return;			/* current: not in the queue */
	for (pp = &q->head; *pp != p; pp = &min_task(*pp)->next)
		prev = *pp;
	*pp = min_task(p)->next;
	if (q->tail == p)
		q->tail = prev;
	q->nr--;
}

static struct task *
min_pick_next(struct rq *rq)
{
	struct min_rq *q = min_rq(rq);
	struct task *p = q->head;

	if (!p)
		return NULL;
	q->head = min_task(p)->next;
	if (!q->head)
		q->tail = NULL;
	q->nr--;
	return p;
}

/* Slice over: the back with a new one; otherwise the front again. */
static void
min_put_prev(struct rq *rq, struct task *p)
{
	struct min_rq *q = min_rq(rq);

	if (min_task(p)->ticks > 0) {
		min_task(p)->next = q->head;
		q->head = p;
		if (!q->tail)
			q->tail = p;
		q->nr++;
	} else {
		min_enqueue(rq, p, ENQ_WAKEUP);
	}
}

static void
min_tick(struct rq *rq, struct task *curr)
{
	if (--min_task(curr)->ticks > 0)
		return;
	if (min_rq(rq)->nr)
		sched_resched(rq);
	else
		min_task(curr)->ticks = SLICE_TICKS;
}

const struct sched_policy sched_policy = {
	.name = "minimal",
	.rq_size = sizeof(struct min_rq),
	.enqueue = min_enqueue,
	.dequeue = min_dequeue,
	.pick_next = min_pick_next,
	.put_prev = min_put_prev,
	.tick = min_tick,
};
