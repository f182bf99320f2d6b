/*
 * student.c - the policy a student writes in the scheduler labs
 * (docs/course/).  Build it with `make SCHED=student`, grade it with
 * `make grade LAB=1`.
 *
 * Lab 1 (docs/course/lab1-rr.md): round-robin on 4 CPUs.  Each CPU keeps
 * a FIFO queue; the task at its head runs for student_slice_ms, then goes
 * to the tail.  Everything the core does for every policy (the lock,
 * nr_running, placing tasks on CPUs, balancing) is done already: this file
 * answers only "which task next" and "is its slice over".
 *
 * In the repository this file holds the reference solution between the
 * SOLUTION markers, graded by `make test`; `make dist LAB=1` replaces it
 * with the SKELETON block, which is what the student starts from.
 */
#include <stdint.h>
#include "kernel/lib/list.h"
#include "kernel/sched/policy.h"

/* BEGIN SOLUTION */
struct stu_rq {
	struct list runq;		/* the head runs next */
	unsigned queued;		/* tasks on runq */
};

struct stu_task {
	struct list link;		/* on stu_rq.runq while queued */
	int ticks_left;			/* of the current timeslice */
};

SCHED_POLICY_STATE(stu, struct stu_rq, struct stu_task)

static int64_t student_slice_ms = 10;

static const struct tunable stu_tunables[] = {
	TUNABLE("student_slice_ms", student_slice_ms, 10, 1, 1000, "ms",
		"the round-robin timeslice of every task"),
};

/* The slice in whole ticks, rounded up: slices are charged a tick at a
 * time, so 10 ms at HZ=250 is 3 ticks (12 ms). */
static int
slice_ticks(void)
{
	uint32_t ns = (uint32_t)student_slice_ms * 1000000u;

	return (int)((ns + sched_tick_ns() - 1) / sched_tick_ns());
}

static void
stu_init_rq(struct rq *rq)
{
	list_init(&stu_rq(rq)->runq);
}

/* New and woken tasks start a whole slice; a migrated or yielding one
 * keeps what it had (it is still the same turn).  All join at the tail:
 * a waking task waits its turn and does not preempt. */
static void
stu_enqueue(struct rq *rq, struct task *p, int flags)
{
	struct stu_rq *q = stu_rq(rq);

	if (flags & (ENQ_NEW | ENQ_WAKEUP))
		stu_task(p)->ticks_left = slice_ticks();
	list_add_tail(&stu_task(p)->link, &q->runq);
	q->queued++;
}

/* Sleeping and exiting tasks are current, never on runq; only a queued
 * task the core takes away (DEQ_MIGRATE) has to be unlinked. */
static void
stu_dequeue(struct rq *rq, struct task *p, int flags)
{
	if (!(flags & DEQ_MIGRATE))
		return;
	KASSERT(stu_rq(rq)->queued > 0);
	list_del(&stu_task(p)->link);
	stu_rq(rq)->queued--;
}

static struct task *
stu_pick_next(struct rq *rq)
{
	struct stu_rq *q = stu_rq(rq);
	struct stu_task *st;

	if (q->queued == 0)
		return NULL;
	st = list_first(&q->runq, struct stu_task, link);
	list_del(&st->link);
	q->queued--;
	return stu_task_of(st);
}

/* The running task stops but stays runnable.  Its slice is over: a new
 * one, at the tail.  It was only preempted (an rt task, a migration):
 * the head, so it finishes its turn first. */
static void
stu_put_prev(struct rq *rq, struct task *p)
{
	struct stu_rq *q = stu_rq(rq);
	struct stu_task *st = stu_task(p);

	if (st->ticks_left > 0) {
		list_add(&st->link, &q->runq);
	} else {
		st->ticks_left = slice_ticks();
		list_add_tail(&st->link, &q->runq);
	}
	q->queued++;
}

/* One tick of CPU charged to curr.  At the end of its slice it yields the
 * CPU only if someone waits: a task alone on its CPU just starts another
 * slice, without a pointless trip through schedule(). */
static void
stu_tick(struct rq *rq, struct task *curr)
{
	struct stu_task *st = stu_task(curr);

	if (--st->ticks_left > 0)
		return;
	if (stu_rq(rq)->queued)
		sched_resched(rq);
	else
		st->ticks_left = slice_ticks();
}

/* Debug builds compare this with the core's own count of queued tasks. */
static unsigned
stu_count(struct rq *rq)
{
	return stu_rq(rq)->queued;
}

const struct sched_policy sched_policy = {
	.name = "student",
	.rq_size = sizeof(struct stu_rq),
	.init_rq = stu_init_rq,
	.enqueue = stu_enqueue,
	.dequeue = stu_dequeue,
	.pick_next = stu_pick_next,
	.put_prev = stu_put_prev,
	.tick = stu_tick,
	.count = stu_count,
	.tunables = stu_tunables,
	.ntunables = TUNABLES_COUNT(stu_tunables),
};
/* END SOLUTION */
#if 0 /* BEGIN SKELETON */
/*
 * Your per-CPU state (rq_size bytes, zeroed, one per CPU) and per-task
 * state (at most SCHED_TASK_PRIV bytes, zeroed at fork).  A struct list
 * head is not valid when zeroed: set it up in an init_rq hook.
 */
struct stu_rq {
	int todo;			/* TODO: a FIFO queue and its length */
};

struct stu_task {
	int todo;			/* TODO: a link, what is left of the slice */
};

SCHED_POLICY_STATE(stu, struct stu_rq, struct stu_task)

/* TODO: a tunable student_slice_ms (TUNABLE, kernel/tunable.h), 10 ms. */

/* p becomes runnable on rq: woken (ENQ_WAKEUP), new (ENQ_NEW), moved here
 * (ENQ_MIGRATED) or yielding (ENQ_YIELD).  TODO: queue it. */
static void
stu_enqueue(struct rq *rq, struct task *p, int flags)
{
	(void)rq, (void)p, (void)flags;
}

/* p leaves rq: DEQ_SLEEP and DEQ_EXIT (p is current, not queued) or
 * DEQ_MIGRATE (p is queued).  TODO: unlink it when it is queued. */
static void
stu_dequeue(struct rq *rq, struct task *p, int flags)
{
	(void)rq, (void)p, (void)flags;
}

/* TODO: take the next task out of the queue and return it; NULL when
 * there is none.  Until this returns tasks, only the idle task runs. */
static struct task *
stu_pick_next(struct rq *rq)
{
	(void)rq;
	return NULL;
}

/* The running task p stops running but stays runnable.  TODO: queue it
 * (where, depends on whether its slice is over). */
static void
stu_put_prev(struct rq *rq, struct task *p)
{
	(void)rq, (void)p;
}

/* A timer tick while curr runs.  TODO: charge the tick; when the slice
 * is over and another task waits, call sched_resched(rq). */
static void
stu_tick(struct rq *rq, struct task *curr)
{
	(void)rq, (void)curr;
}

const struct sched_policy sched_policy = {
	.name = "student",
	.rq_size = sizeof(struct stu_rq),
	.enqueue = stu_enqueue,
	.dequeue = stu_dequeue,
	.pick_next = stu_pick_next,
	.put_prev = stu_put_prev,
	.tick = stu_tick,
};
#endif /* END SKELETON */
