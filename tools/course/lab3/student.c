/*
 * student.c - lab 3 of the scheduler labs (docs/course/lab3-mlfq.md): a
 * multi-level feedback queue.  `make dist LAB=3` puts this file, with the
 * SKELETON block in place of the SOLUTION block, at
 * kernel/sched/student.c; build it with `make SCHED=student`, grade it
 * with `make grade LAB=3`.
 *
 * The rules are OSTEP's (chapter 8, "Scheduling: The Multi-Level
 * Feedback Queue", the final version of its rules):
 *   1. a task at a higher level runs before one at a lower level;
 *   2. tasks at the same level take turns (round-robin, that level's
 *      quantum);
 *   3. a new task starts at the top level;
 *   4. once a task has used up its allotment of CPU time at a level,
 *      however many times it gave up the CPU on the way (sleeps, yields),
 *      it moves down one level;
 *   5. every boost period S, every task moves back to the top.
 * Rule 4 is what stops a task from gaming the scheduler by yielding or
 * sleeping just before its quantum ends; rule 5 is what stops a crowd of
 * interactive tasks from starving the tasks at the bottom, and lets a
 * task that turned interactive climb back.  Nice is ignored.
 */
#include <stdint.h>
#include "kernel/lib/list.h"
#include "kernel/sched/policy.h"

#define MLFQ_LEVELS	3		/* 0 is the top */

/* BEGIN SOLUTION */
struct mlfq_rq {
	struct list level[MLFQ_LEVELS];	/* each FIFO: the head runs next */
	unsigned queued;
	uint64_t epoch;			/* boost periods since boot, as this
					 * CPU's queued tasks last saw it */
};

struct mlfq_task {
	struct list link;		/* on mlfq_rq.level[lvl] while queued */
	int lvl;
	int64_t slice_left;		/* ns of the current quantum */
	uint64_t used;			/* ns used at this level: its allotment
					 * so far, across sleeps and yields */
	uint64_t charged_to;		/* rq_clock() it was charged up to */
	uint64_t epoch;			/* the boost period of its lvl */
};

SCHED_POLICY_STATE(mlfq, struct mlfq_rq, struct mlfq_task)

static int64_t student_quantum_ms = 10;
static int64_t student_allot_ms = 10;
static int64_t student_boost_ms = 100;

static const struct tunable mlfq_tunables[] = {
	TUNABLE("student_quantum_ms", student_quantum_ms, 10, 1, 1000, "ms",
		"the top level's quantum; each level down doubles it"),
	TUNABLE("student_allot_ms", student_allot_ms, 10, 1, 1000, "ms",
		"CPU time a task may use at the top level before it moves "
		"down; each level down doubles it"),
	TUNABLE("student_boost_ms", student_boost_ms, 100, 0, 100000, "ms",
		"every task moves back to the top this often (0: never)"),
};

static int64_t
quantum_ns(int lvl)
{
	return (student_quantum_ms * 1000000) << lvl;
}

static uint64_t
allot_ns(int lvl)
{
	return (uint64_t)(student_allot_ms * 1000000) << lvl;
}

/* The boost period `now` falls in: every task whose level was set in an
 * earlier one is due at the top.  Periods count from boot on every CPU,
 * so a task that moves or sleeps meets the same boundaries. */
static uint64_t
epoch_of(uint64_t now)
{
	if (student_boost_ms <= 0)
		return 0;
	return now / ((uint64_t)student_boost_ms * 1000000u);
}

static void
set_level(struct mlfq_task *mt, int lvl, uint64_t epoch)
{
	mt->lvl = lvl;
	mt->used = 0;
	mt->slice_left = quantum_ns(lvl);
	mt->epoch = epoch;
}

static void
mlfq_init_rq(struct rq *rq)
{
	for (int i = 0; i < MLFQ_LEVELS; i++)
		list_init(&mlfq_rq(rq)->level[i]);
}

/* Queue mt, whose level is up to date with the boost period mt->epoch:
 * at the head of its level (to finish its quantum) or at the tail.  An
 * empty queue had nothing left to boost: it is up to date too. */
static void
queue_add(struct mlfq_rq *q, struct mlfq_task *mt, int head)
{
	if (q->queued == 0)
		q->epoch = mt->epoch;
	if (head)
		list_add(&mt->link, &q->level[mt->lvl]);
	else
		list_add_tail(&mt->link, &q->level[mt->lvl]);
	q->queued++;
}

/* Rule 5 for the tasks queued here: all to the top, in the order they
 * were queued, level by level; but not one that came from another CPU
 * with its level set in this period already (demoted since the boost). */
static void
boost_queued(struct mlfq_rq *q, uint64_t epoch)
{
	struct list *pos, *n;

	q->epoch = epoch;
	for (int i = 1; i < MLFQ_LEVELS; i++)
		list_for_each_safe(pos, n, &q->level[i]) {
			struct mlfq_task *mt =
				list_entry(pos, struct mlfq_task, link);
			if (mt->epoch == epoch)
				continue;
			list_del(&mt->link);
			set_level(mt, 0, epoch);
			list_add_tail(&mt->link, &q->level[0]);
		}
}

/* A task that was away (asleep, new, on another CPU) may have missed a
 * boost: check its own period. */
static void
catch_boost(struct mlfq_task *mt, uint64_t now)
{
	uint64_t e = epoch_of(now);

	if (mt->epoch != e)
		set_level(mt, 0, e);
}

/* Rule 3: new tasks at the top with a whole allotment.  A woken task
 * keeps its level and what it used of its allotment (rule 4: a sleep
 * does not reset it), and gets a new quantum; a migrated one keeps
 * everything, a yielding one gets a new quantum at the tail of its level
 * (no yield hook: the core calls enqueue(ENQ_YIELD)). */
static void
mlfq_enqueue(struct rq *rq, struct task *p, int flags)
{
	struct mlfq_rq *q = mlfq_rq(rq);
	struct mlfq_task *mt = mlfq_task(p);
	uint64_t now = rq_clock(rq);

	if (flags & ENQ_NEW)
		set_level(mt, 0, epoch_of(now));
	else
		catch_boost(mt, now);
	if (flags & (ENQ_WAKEUP | ENQ_YIELD))
		mt->slice_left = quantum_ns(mt->lvl);
	queue_add(q, mt, 0);
}

/* Charge curr for what it ran since it was last charged: the exact ns
 * (rq_clock), not whole ticks, so a task that always stops just before
 * a tick is charged all the same.  Returns 1 if it used up its
 * allotment and moved down. */
static int
charge(struct rq *rq, struct mlfq_task *mt)
{
	uint64_t now = rq_clock(rq), ran = now - mt->charged_to;

	mt->charged_to = now;
	mt->used += ran;
	mt->slice_left -= (int64_t)ran;
	catch_boost(mt, now);
	if (mt->lvl < MLFQ_LEVELS - 1 && mt->used >= allot_ns(mt->lvl)) {
		set_level(mt, mt->lvl + 1, mt->epoch);
		return 1;
	}
	return 0;
}

static void
mlfq_dequeue(struct rq *rq, struct task *p, int flags)
{
	struct mlfq_task *mt = mlfq_task(p);

	if (!(flags & DEQ_MIGRATE)) {	/* current: sleeps or exits */
		charge(rq, mt);		/* rule 4: the sleep resets nothing */
		return;
	}
	KASSERT(mlfq_rq(rq)->queued > 0);
	list_del(&mt->link);
	mlfq_rq(rq)->queued--;
}

/* The highest non-empty level's head.  Boosts of the queued tasks happen
 * here as well as in tick, so an idle CPU that wakes up late still
 * boosts before it picks. */
static struct task *
mlfq_pick_next(struct rq *rq)
{
	struct mlfq_rq *q = mlfq_rq(rq);
	uint64_t e = epoch_of(rq_clock(rq));
	struct mlfq_task *mt;

	if (q->queued == 0)
		return NULL;
	if (q->epoch != e)
		boost_queued(q, e);
	for (int i = 0; i < MLFQ_LEVELS; i++) {
		if (list_empty(&q->level[i]))
			continue;
		mt = list_first(&q->level[i], struct mlfq_task, link);
		list_del(&mt->link);
		q->queued--;
		mt->charged_to = rq_clock(rq);
		return mlfq_task_of(mt);
	}
	panic("mlfq: %u tasks queued on cpu%d but every level is empty",
	      q->queued, rq_cpu(rq));
}

/* Preempted before its quantum ended (a higher-level task woke, a
 * demotion): the head of its level, to finish the quantum.  Otherwise the
 * tail with a new one. */
static void
mlfq_put_prev(struct rq *rq, struct task *p)
{
	struct mlfq_rq *q = mlfq_rq(rq);
	struct mlfq_task *mt = mlfq_task(p);

	charge(rq, mt);
	if (mt->slice_left > 0) {
		queue_add(q, mt, 1);
	} else {
		mt->slice_left = quantum_ns(mt->lvl);
		queue_add(q, mt, 0);
	}
}

/* Is a task queued at level lvl or above? */
static int
queued_at_or_above(struct mlfq_rq *q, int lvl)
{
	for (int i = 0; i <= lvl; i++)
		if (!list_empty(&q->level[i]))
			return 1;
	return 0;
}

static void
mlfq_tick(struct rq *rq, struct task *curr)
{
	struct mlfq_rq *q = mlfq_rq(rq);
	struct mlfq_task *mt = mlfq_task(curr);
	uint64_t e = epoch_of(rq_clock(rq));

	if (q->queued && q->epoch != e) {
		/* A boost: everyone to the top, curr behind the others (it
		 * had its turn), or whoever runs at each boost would get
		 * every period's first turn at each level. */
		boost_queued(q, e);
		charge(rq, mt);
		mt->slice_left = 0;
		sched_resched(rq);
		return;
	}
	if (charge(rq, mt) && queued_at_or_above(q, mt->lvl)) {
		sched_resched(rq);	/* moved down: maybe below another */
		return;
	}
	if (mt->lvl > 0 && queued_at_or_above(q, mt->lvl - 1)) {
		sched_resched(rq);	/* a boost put others above it */
		return;
	}
	if (mt->slice_left > 0)
		return;
	if (queued_at_or_above(q, mt->lvl))
		sched_resched(rq);
	else
		mt->slice_left = quantum_ns(mt->lvl);
}

/* Rule 1 at wakeup: a task woken (or new) at a higher level than the one
 * running preempts it at once, rather than at the next tick. */
static int
mlfq_check_preempt(struct rq *rq, struct task *p, int sync)
{
	struct mlfq_task *curr = mlfq_task(rq_curr(rq));

	(void)sync;
	catch_boost(curr, rq_clock(rq));
	return mlfq_task(p)->lvl < curr->lvl;
}

/* top's PR column: the level, 0 at the top. */
static int
mlfq_prio(struct task *p)
{
	return mlfq_task(p)->lvl;
}

/* ps's key: microseconds of the allotment used at this level. */
static int64_t
mlfq_key(struct task *p)
{
	return (int64_t)(mlfq_task(p)->used / 1000);
}

static void
mlfq_dump(struct rq *rq)
{
	struct list *pos;

	for (int i = 0; i < MLFQ_LEVELS; i++) {
		printk("  level %d (quantum %lld ms):", i,
		       (long long)(quantum_ns(i) / 1000000));
		list_for_each(pos, &mlfq_rq(rq)->level[i])
			printk(" %d", task_tid(mlfq_task_of(
				list_entry(pos, struct mlfq_task, link))));
		printk("\n");
	}
}

static unsigned
mlfq_count(struct rq *rq)
{
	return mlfq_rq(rq)->queued;
}

const struct sched_policy sched_policy = {
	.name = "student",
	.rq_size = sizeof(struct mlfq_rq),
	.init_rq = mlfq_init_rq,
	.enqueue = mlfq_enqueue,
	.dequeue = mlfq_dequeue,
	.pick_next = mlfq_pick_next,
	.put_prev = mlfq_put_prev,
	.tick = mlfq_tick,
	.check_preempt = mlfq_check_preempt,
	.prio = mlfq_prio,
	.key = mlfq_key,
	.dump = mlfq_dump,
	.count = mlfq_count,
	.tunables = mlfq_tunables,
	.ntunables = TUNABLES_COUNT(mlfq_tunables),
};
/* END SOLUTION */
#if 0 /* BEGIN SKELETON */
/*
 * Lab 3 starts from a working round-robin: one FIFO queue per CPU, a
 * 10 ms quantum.  Turn it into MLFQ_LEVELS queues with OSTEP's five
 * rules (the comment at the top of this file).
 */
struct mlfq_rq {
	struct list runq;		/* TODO: one queue per level */
	unsigned queued;
};

struct mlfq_task {
	struct list link;
	int ticks_left;
	/* TODO: a level, the allotment used at that level */
};

SCHED_POLICY_STATE(mlfq, struct mlfq_rq, struct mlfq_task)

#define QUANTUM_TICKS	10

static void
mlfq_init_rq(struct rq *rq)
{
	list_init(&mlfq_rq(rq)->runq);
}

/* TODO: where does a new task start (rule 3)?  What does a woken task
 * keep (rule 4)? */
static void
mlfq_enqueue(struct rq *rq, struct task *p, int flags)
{
	struct mlfq_rq *q = mlfq_rq(rq);

	if (flags & (ENQ_NEW | ENQ_WAKEUP))
		mlfq_task(p)->ticks_left = QUANTUM_TICKS;
	list_add_tail(&mlfq_task(p)->link, &q->runq);
	q->queued++;
}

static void
mlfq_dequeue(struct rq *rq, struct task *p, int flags)
{
	if (!(flags & DEQ_MIGRATE))
		return;
	list_del(&mlfq_task(p)->link);
	mlfq_rq(rq)->queued--;
}

/* TODO: the highest level first (rule 1). */
static struct task *
mlfq_pick_next(struct rq *rq)
{
	struct mlfq_rq *q = mlfq_rq(rq);
	struct mlfq_task *mt;

	if (q->queued == 0)
		return NULL;
	mt = list_first(&q->runq, struct mlfq_task, link);
	list_del(&mt->link);
	q->queued--;
	return mlfq_task_of(mt);
}

static void
mlfq_put_prev(struct rq *rq, struct task *p)
{
	struct mlfq_task *mt = mlfq_task(p);

	if (mt->ticks_left <= 0)
		mt->ticks_left = QUANTUM_TICKS;
	list_add_tail(&mt->link, &mlfq_rq(rq)->runq);
	mlfq_rq(rq)->queued++;
}

/* TODO: charge the allotment (rule 4), boost (rule 5). */
static void
mlfq_tick(struct rq *rq, struct task *curr)
{
	struct mlfq_task *mt = mlfq_task(curr);

	if (--mt->ticks_left > 0)
		return;
	if (mlfq_rq(rq)->queued)
		sched_resched(rq);
	else
		mt->ticks_left = QUANTUM_TICKS;
}

/* TODO: check_preempt (a woken task at a higher level), prio (the level,
 * for top's PR column). */

const struct sched_policy sched_policy = {
	.name = "student",
	.rq_size = sizeof(struct mlfq_rq),
	.init_rq = mlfq_init_rq,
	.enqueue = mlfq_enqueue,
	.dequeue = mlfq_dequeue,
	.pick_next = mlfq_pick_next,
	.put_prev = mlfq_put_prev,
	.tick = mlfq_tick,
};
#endif /* END SKELETON */
