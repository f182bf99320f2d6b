/*
 * student.c - lab 2 of the scheduler labs (docs/course/lab2-share.md):
 * proportional share by stride scheduling.  `make dist LAB=2` puts this
 * file, with the SKELETON block in place of the SOLUTION block, at
 * kernel/sched/student.c; build it with `make SCHED=student`, grade it
 * with `make grade LAB=2`.
 *
 * Stride scheduling (Waldspurger and Weihl, "Stride Scheduling:
 * Deterministic Proportional-Share Resource Management", MIT/LCS/TM-528,
 * 1995; OSTEP chapter 9): a task holding T tickets has the stride
 * STRIDE1 / T.  Each tick it runs, its pass grows by its stride; the task
 * with the lowest pass runs next.  Over time each task's pass grows at the
 * same rate, so a task with twice the tickets runs twice as often.
 * Tickets come from nice: 20 - nice, so nice 10, 0 and -10 hold 10, 20
 * and 30 tickets (shares 1:2:3) and nice 19 still holds one.
 */
#include <stdint.h>
#include "kernel/lib/list.h"
#include "kernel/sched/policy.h"

/* BEGIN SOLUTION */
#define STRIDE1		(1u << 20)	/* the stride of a single ticket */

struct stride_rq {
	struct list runq;		/* by pass, the lowest first */
	unsigned queued;
	uint64_t floor;			/* the lowest pass of the runnable
					 * tasks, never going back: where
					 * newcomers join */
};

struct stride_task {
	struct list link;		/* on stride_rq.runq while queued */
	uint64_t pass;
	uint32_t stride;
	int ticks_left;			/* of its quantum */
	uint64_t lag;			/* pass - floor while it migrates */
};

SCHED_POLICY_STATE(stride, struct stride_rq, struct stride_task)

static int64_t student_quantum_ms = 10;

static const struct tunable stride_tunables[] = {
	TUNABLE("student_quantum_ms", student_quantum_ms, 10, 1, 1000, "ms",
		"how long the lowest pass runs before the queue is looked at "
		"again"),
};

static uint32_t
stride_of(int nice)
{
	return STRIDE1 / (uint32_t)(20 - nice);
}

static int
quantum_ticks(void)
{
	uint32_t ns = (uint32_t)student_quantum_ms * 1000000u;

	return (int)((ns + sched_tick_ns() - 1) / sched_tick_ns());
}

static void
stride_init_rq(struct rq *rq)
{
	list_init(&stride_rq(rq)->runq);
}

/* Into runq by pass; among equal passes the newcomer goes last. */
static void
runq_insert(struct stride_rq *q, struct stride_task *st)
{
	struct list *pos;

	list_for_each(pos, &q->runq)
		if (list_entry(pos, struct stride_task, link)->pass > st->pass)
			break;
	list_add_tail(&st->link, pos);	/* before pos */
	q->queued++;
}

/*
 * A new task starts at the floor: as if it had always been there, not
 * owed the CPU since boot (a pass of 0 would let it run alone until it
 * caught up).  A woken task may not bank the time it slept either: it
 * comes back at the floor at least.  A migrated task keeps its distance
 * from the floor (migrate_out/in), a yielding one its pass.
 */
static void
stride_enqueue(struct rq *rq, struct task *p, int flags)
{
	struct stride_rq *q = stride_rq(rq);
	struct stride_task *st = stride_task(p);

	if (flags & ENQ_NEW) {
		st->stride = stride_of(task_nice(p));
		st->pass = q->floor;
	} else if (flags & ENQ_WAKEUP) {
		if (st->pass < q->floor)
			st->pass = q->floor;
	}
	if (flags & (ENQ_NEW | ENQ_WAKEUP))
		st->ticks_left = quantum_ticks();
	runq_insert(q, st);
}

static void
stride_dequeue(struct rq *rq, struct task *p, int flags)
{
	if (!(flags & DEQ_MIGRATE))
		return;			/* current: not on runq */
	KASSERT(stride_rq(rq)->queued > 0);
	list_del(&stride_task(p)->link);
	stride_rq(rq)->queued--;
}

static struct task *
stride_pick_next(struct rq *rq)
{
	struct stride_rq *q = stride_rq(rq);
	struct stride_task *st;

	if (q->queued == 0)
		return NULL;
	st = list_first(&q->runq, struct stride_task, link);
	list_del(&st->link);
	q->queued--;
	if (st->pass > q->floor)
		q->floor = st->pass;
	return stride_task_of(st);
}

static void
stride_put_prev(struct rq *rq, struct task *p)
{
	struct stride_task *st = stride_task(p);

	if (st->ticks_left <= 0)
		st->ticks_left = quantum_ticks();
	runq_insert(stride_rq(rq), st);
}

/* Charge the tick to curr's pass; at the end of the quantum let the
 * lowest pass have the CPU, if that is someone else's. */
static void
stride_tick(struct rq *rq, struct task *curr)
{
	struct stride_rq *q = stride_rq(rq);
	struct stride_task *st = stride_task(curr);
	struct stride_task *head = q->queued ?
		list_first(&q->runq, struct stride_task, link) : NULL;
	uint64_t low;

	st->pass += st->stride;
	low = head && head->pass < st->pass ? head->pass : st->pass;
	if (low > q->floor)		/* a newcomer joins at the lowest */
		q->floor = low;		/* pass, not below it */
	if (--st->ticks_left > 0)
		return;
	if (head && head->pass < st->pass)
		sched_resched(rq);
	else
		st->ticks_left = quantum_ticks();
}

/* A new nice is a new number of tickets: the new stride applies from
 * the next tick on; the pass reached so far stays. */
static void
stride_set_nice(struct rq *rq, struct task *p, int nice)
{
	(void)rq;
	stride_task(p)->stride = stride_of(nice);
}

/* Passes are relative to one CPU's floor: carry the distance over. */
static void
stride_migrate_out(struct rq *src, struct task *p)
{
	struct stride_task *st = stride_task(p);
	uint64_t floor = stride_rq(src)->floor;

	st->lag = st->pass > floor ? st->pass - floor : 0;
}

static void
stride_migrate_in(struct rq *dst, struct task *p)
{
	struct stride_task *st = stride_task(p);

	st->pass = stride_rq(dst)->floor + st->lag;
}

/* Every task needs a stride, also one that starts real-time and joins
 * the policy later through an ENQ_WAKEUP rather than ENQ_NEW: set it at
 * fork, for all. */
static int
stride_fork(struct task *parent, struct task *child)
{
	(void)parent;
	stride_task(child)->stride = stride_of(task_nice(child));
	return 0;
}

static int64_t
stride_key(struct task *p)
{
	return (int64_t)stride_task(p)->pass;
}

static unsigned
stride_count(struct rq *rq)
{
	return stride_rq(rq)->queued;
}

const struct sched_policy sched_policy = {
	.name = "student",
	.rq_size = sizeof(struct stride_rq),
	.init_rq = stride_init_rq,
	.enqueue = stride_enqueue,
	.dequeue = stride_dequeue,
	.pick_next = stride_pick_next,
	.put_prev = stride_put_prev,
	.tick = stride_tick,
	.set_nice = stride_set_nice,
	.migrate_out = stride_migrate_out,
	.migrate_in = stride_migrate_in,
	.fork = stride_fork,
	.key = stride_key,
	.count = stride_count,
	.tunables = stride_tunables,
	.ntunables = TUNABLES_COUNT(stride_tunables),
};
/* END SOLUTION */
#if 0 /* BEGIN SKELETON */
/*
 * Lab 2 starts from a working round-robin that ignores nice: every task
 * gets the same share.  Turn it into stride scheduling: tickets from
 * nice, a stride and a pass per task, the lowest pass first.
 */
struct stride_rq {
	struct list runq;		/* TODO: keep it sorted by pass */
	unsigned queued;
};

struct stride_task {
	struct list link;
	int ticks_left;
	/* TODO: pass, stride */
};

SCHED_POLICY_STATE(stride, struct stride_rq, struct stride_task)

#define QUANTUM_TICKS	10

static void
stride_init_rq(struct rq *rq)
{
	list_init(&stride_rq(rq)->runq);
}

/* TODO: where does a new task's pass start?  A woken one's? */
static void
stride_enqueue(struct rq *rq, struct task *p, int flags)
{
	struct stride_rq *q = stride_rq(rq);

	if (flags & (ENQ_NEW | ENQ_WAKEUP))
		stride_task(p)->ticks_left = QUANTUM_TICKS;
	list_add_tail(&stride_task(p)->link, &q->runq);
	q->queued++;
}

static void
stride_dequeue(struct rq *rq, struct task *p, int flags)
{
	if (!(flags & DEQ_MIGRATE))
		return;
	list_del(&stride_task(p)->link);
	stride_rq(rq)->queued--;
}

/* TODO: the lowest pass first. */
static struct task *
stride_pick_next(struct rq *rq)
{
	struct stride_rq *q = stride_rq(rq);
	struct stride_task *st;

	if (q->queued == 0)
		return NULL;
	st = list_first(&q->runq, struct stride_task, link);
	list_del(&st->link);
	q->queued--;
	return stride_task_of(st);
}

static void
stride_put_prev(struct rq *rq, struct task *p)
{
	struct stride_task *st = stride_task(p);

	if (st->ticks_left <= 0)
		st->ticks_left = QUANTUM_TICKS;
	list_add_tail(&st->link, &stride_rq(rq)->runq);
	stride_rq(rq)->queued++;
}

/* TODO: charge the tick to curr's pass. */
static void
stride_tick(struct rq *rq, struct task *curr)
{
	struct stride_task *st = stride_task(curr);

	if (--st->ticks_left > 0)
		return;
	if (stride_rq(rq)->queued)
		sched_resched(rq);
	else
		st->ticks_left = QUANTUM_TICKS;
}

/* TODO: set_nice (a new stride), migrate_out/migrate_in (passes are
 * relative to one CPU). */

const struct sched_policy sched_policy = {
	.name = "student",
	.rq_size = sizeof(struct stride_rq),
	.init_rq = stride_init_rq,
	.enqueue = stride_enqueue,
	.dequeue = stride_dequeue,
	.pick_next = stride_pick_next,
	.put_prev = stride_put_prev,
	.tick = stride_tick,
};
#endif /* END SKELETON */
