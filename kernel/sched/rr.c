/*
 * rr.c - round-robin, the simplest policy, and the one to read first.
 *
 * Each CPU keeps one FIFO queue.  The task at the head runs for a
 * timeslice (rr_timeslice_ms), then goes to the tail.  Nice is ignored and
 * a waking task waits for its turn like everyone else: no priorities, no
 * interactivity heuristics.  That is Linux's SCHED_RR class (100 ms
 * slices, kernel/sched.c DEF_TIMESLICE in 2.6) without its priorities, and
 * close to what xv6 does with one global queue.
 *
 * Everything else - locking, counting, moving tasks between CPUs - is done
 * by the core (core.c); this file only answers "who is next?" and "is the
 * slice over?".
 */
#include <stdint.h>
#include "kernel/lib/list.h"
#include "kernel/printk.h"
#include "kernel/sched/policy.h"
#include "kernel/sched/sched.h"
#include "kernel/time.h"
#include "kernel/tunable.h"

struct rr_rq {
	struct list queue;		/* head runs next */
	unsigned nr;
};

struct rr_task {
	struct list node;
	int64_t slice_ns;		/* what is left of its timeslice */
};
SCHED_PRIV_CHECK(struct rr_task);

static int64_t rr_timeslice_ms = 100;

static const struct tunable rr_tunables[] = {
	TUNABLE("rr_timeslice_ms", rr_timeslice_ms, 100, 1, 1000, "ms",
		"how long a task runs before the next one in the queue"),
};

static struct rr_rq *
rr_rq(struct rq *rq)
{
	return rq->priv;
}

static struct rr_task *
rr_task(struct task *p)
{
	return task_priv(p, struct rr_task);
}

static void
rr_init_rq(struct rq *rq)
{
	list_init(&rr_rq(rq)->queue);
}

static void
rr_enqueue(struct rq *rq, struct task *p, int flags)
{
	if (flags & (ENQ_NEW | ENQ_WAKEUP))
		rr_task(p)->slice_ns = rr_timeslice_ms * 1000000;
	list_add_tail(&rr_task(p)->node, &rr_rq(rq)->queue);
	rr_rq(rq)->nr++;
}

static void
rr_dequeue(struct rq *rq, struct task *p, int flags)
{
	if (flags & DEQ_MIGRATE) {	/* only queued tasks are in the list */
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
	return container_of((void *)rt, struct task, sched_priv);
}

/* A task whose slice is used up goes to the back with a new slice; one
 * that was only interrupted keeps its place at the front. */
static void
rr_put_prev(struct rq *rq, struct task *p)
{
	struct rr_task *rt = rr_task(p);

	if (rt->slice_ns <= 0) {
		rt->slice_ns = rr_timeslice_ms * 1000000;
		list_add_tail(&rt->node, &rr_rq(rq)->queue);
	} else {
		list_add(&rt->node, &rr_rq(rq)->queue);
	}
	rr_rq(rq)->nr++;
}

static void
rr_tick(struct rq *rq, struct task *curr)
{
	struct rr_task *rt = rr_task(curr);

	rt->slice_ns -= 1000000000 / hz;
	if (rt->slice_ns > 0)
		return;
	if (rr_rq(rq)->nr == 0)		/* alone: just start a new slice */
		rt->slice_ns = rr_timeslice_ms * 1000000;
	else
		sched_resched(rq);
}

static int
rr_check_preempt(struct rq *rq, struct task *p, int sync)
{
	(void)rq, (void)p, (void)sync;
	return 0;			/* everybody waits for their turn */
}

static void
rr_yield(struct rq *rq, struct task *curr)
{
	(void)rq;
	rr_task(curr)->slice_ns = 0;	/* to the back of the queue */
}

static int
rr_fork(struct task *parent, struct task *child)
{
	(void)parent, (void)child;
	return 0;
}

static void
rr_exit(struct task *p)
{
	(void)p;
}

static void
rr_set_nice(struct rq *rq, struct task *p, int nice)
{
	(void)rq, (void)p, (void)nice;	/* round-robin ignores nice */
}

static void
rr_migrate(struct rq *rq, struct task *p)
{
	(void)rq, (void)p;
}

static unsigned long
rr_load(struct rq *rq)
{
	return rq->nr_running;
}

static unsigned long
rr_task_load(struct task *p)
{
	(void)p;
	return 1;
}

static int
rr_prio(struct task *p)
{
	(void)p;
	return 20;			/* top's PR for nice 0 */
}

static int64_t
rr_key(struct task *p)
{
	return rr_task(p)->slice_ns;	/* ns of slice left */
}

static void
rr_dump(struct rq *rq)
{
	struct list *pos;

	printk("  rr queue (%u):", rr_rq(rq)->nr);
	list_for_each(pos, &rr_rq(rq)->queue) {
		struct rr_task *rt = list_entry(pos, struct rr_task, node);
		struct task *p = container_of((void *)rt, struct task, sched_priv);
		printk(" %d(%lldms)", p->tid, rt->slice_ns / 1000000);
	}
	printk("\n");
}

static unsigned
rr_count(struct rq *rq)
{
	return rr_rq(rq)->nr;
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
	.check_preempt = rr_check_preempt,
	.yield = rr_yield,
	.fork = rr_fork,
	.exit = rr_exit,
	.set_nice = rr_set_nice,
	.migrate_out = rr_migrate,
	.migrate_in = rr_migrate,
	.load = rr_load,
	.task_load = rr_task_load,
	.prio = rr_prio,
	.key = rr_key,
	.dump = rr_dump,
	.count = rr_count,
	.tunables = rr_tunables,
	.ntunables = sizeof(rr_tunables) / sizeof(rr_tunables[0]),
};
