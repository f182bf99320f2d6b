/*
 * rsdl.c - the Rotating Staircase Deadline scheduler, as Con Kolivas
 * described it for v0.30 (March 2007, patches for 2.6.20 and 2.6.21-rc3).
 *
 * The idea: a staircase with an end.  Every task may run one quantum
 * (RR_INTERVAL, 6 ms) on each priority level from its static priority
 * (120 + nice) down to 139; that is its whole entitlement for one *major
 * rotation*.  A task that has used its last level waits in the *expired*
 * array until every other task has used theirs; then the arrays swap and
 * everyone starts again at the top.  Nothing about sleep is measured: no
 * sleep_avg, no bonus.  Latency is bounded by construction instead - that
 * bound is the "deadline" in the name.
 *
 * Each level of the active array also has a quota: one quantum for each
 * task queued there when the level became the current one.  When it is
 * used up (a *minor rotation*), every task still waiting at that level is
 * pushed down a level, whatever its own quantum says, so tasks arriving
 * at a level late cannot hold back the levels below it.
 *
 *   active:  100 ... 120 [A B] 121 [C] ... 139        expired: 120 [D]
 *                    ^ prio_level, level_quota = 2 x RR
 *
 * Sources (restated, not copied): "[ANNOUNCE] RSDL completely fair
 * starvation free interactive cpu scheduler" and "[RSDL 6/6] sched:
 * document rsdl cpu scheduler" (Con Kolivas, 4 Mar 2007); LWN "The
 * Rotating Staircase Deadline Scheduler" (6 Mar 2007); seed mail 002 (the
 * v0.30 RR_INTERVAL and DEF_TIMESLICE macros); docs/reference/rsdl-v0.30.md.  The v0.30 sched.c itself was not available: docs/policies/
 * rsdl.md lists every detail Quanta had to choose.
 */
#include <stdint.h>
#include "kernel/lib/list.h"
#include "kernel/sched/policy.h"

#define NPRIO		140
#define TOP_LEVEL	100	/* static priority of nice -20 */
#define LOWEST_LEVEL	139
#define NO_LEVEL	140	/* "no level left": go to expired */
#define BITMAP_WORDS	((NPRIO + 31) / 32)

struct rsdl_array {
	uint32_t bitmap[BITMAP_WORDS];	/* bit set: the level's list is not empty */
	struct list queue[NPRIO];
	uint16_t nr_at[NPRIO];		/* tasks queued per level */
	unsigned nr;
};

struct rsdl_rq {
	struct rsdl_array arrays[2];
	struct rsdl_array *active, *expired;
	int prio_level;		/* levels above it have rotated away */
	int64_t level_quota;	/* ns left at prio_level; -1: not set yet */
	uint32_t rotation;	/* major rotations so far */
	uint64_t minors, majors;
};

struct rsdl_task {
	struct list node;
	struct rsdl_array *array;	/* NULL when not queued */
	int nice;
	int prio;		/* the level it is on */
	int64_t time_slice;	/* ns left on that level */
	uint64_t charged_at;	/* rq_clock(rq) up to which it was charged */
	uint64_t used;		/* bit (level - 100): had its quantum there */
	uint32_t rotation;	/* the major rotation that entitlement is for */
};
/* rsdl_rq(rq), rsdl_task(p), rsdl_task_of(x) */
SCHED_POLICY_STATE(rsdl, struct rsdl_rq, struct rsdl_task)

static int64_t rsdl_rr_interval_ms;

static const struct tunable rsdl_tunables[] = {
	TUNABLE("rsdl_rr_interval_ms", rsdl_rr_interval_ms, 6, 1, 1000, "ms",
		"quantum per level (v0.30: 6; seed 002's test patch: 12)"),
};

/* v0.30 RR_INTERVAL is (6 * HZ / 1001) + 1 jiffies, "a minimum of 6ms":
 * 6 ticks at HZ=1000, 2 ticks = 8 ms at HZ=250, 1 tick = 10 ms at HZ=100.
 * The tunable replaces the 6; 12 is seed 002's test patch. */
SCHED_HOT int
rr_ticks(void)
{
	return (int)(rsdl_rr_interval_ms * hz / 1001) + 1;
}

/* The quantum in ns: whole ticks, as the macro rounds it. */
SCHED_HOT int64_t
rr_ns(void)
{
	return (int64_t)rr_ticks() * (int64_t)(sched_tick_ns());
}

/* Time is charged in ns but preemption happens at ticks, and a task is
 * usually picked a little after a tick: a quantum (or level quota) with
 * less than half a tick left counts as used, so a 6-tick quantum ends at
 * the 6th tick and not the 7th.  The rest is forgiven. */
SCHED_HOT int64_t
slack_ns(void)
{
	return (int64_t)(500000000u / hz);
}

SCHED_HOT int
static_prio(struct rsdl_task *s)
{
	return 120 + s->nice;
}

SCHED_HOT uint64_t
level_bit(int level)
{
	return 1ull << (level - TOP_LEVEL);
}

/* ---- the two arrays ---- */

SCHED_HOT void
array_add(struct rsdl_array *a, struct rsdl_task *s, int head)
{
	if (head)
		list_add(&s->node, &a->queue[s->prio]);
	else
		list_add_tail(&s->node, &a->queue[s->prio]);
	a->bitmap[s->prio / 32] |= 1u << (s->prio % 32);
	a->nr_at[s->prio]++;
	a->nr++;
	s->array = a;
}

SCHED_HOT void
array_del(struct rsdl_task *s)
{
	struct rsdl_array *a = s->array;

	list_del(&s->node);
	if (list_empty(&a->queue[s->prio]))
		a->bitmap[s->prio / 32] &= ~(1u << (s->prio % 32));
	a->nr_at[s->prio]--;
	a->nr--;
	s->array = NULL;
}

_Static_assert(BITMAP_WORDS == SCHED_BITMAP_WORDS, "a 140-bit bitmap");

SCHED_HOT int
first_level(struct rsdl_array *a)
{
	return sched_find_first_bit(a->bitmap);
}

/* ---- entitlement ---- */

/* The first level the task has not had a quantum from, at or below both
 * its static priority and the levels that rotated away. */
SCHED_HOT int
next_level(struct rsdl_rq *r, struct rsdl_task *s)
{
	int l = static_prio(s) > r->prio_level ? static_prio(s) : r->prio_level;

	while (l <= LOWEST_LEVEL && (s->used & level_bit(l)))
		l++;
	return l;
}

/* No level left: wait in the expired array at the static priority, with
 * the whole entitlement of the next major rotation. */
SCHED_HOT void
expire(struct rsdl_rq *r, struct rsdl_task *s)
{
	s->prio = static_prio(s);
	s->used = level_bit(s->prio);
	s->time_slice = rr_ns();
	s->rotation = r->rotation + 1;
	array_add(r->expired, s, 0);
}

/* Queue a task that is not in an array.  It stays on its level while it
 * has quantum left there and the level has not rotated away (at the
 * head if it was only interrupted); otherwise it takes the next level it
 * is entitled to - keeping what is left of its quantum if a rotation
 * pushed it, a fresh one if it used it up - or expires. */
SCHED_HOT void
requeue(struct rsdl_rq *r, struct rsdl_task *s, int head)
{
	int l;

	if (s->time_slice > slack_ns() && s->prio >= r->prio_level) {
		array_add(r->active, s, head);
		return;
	}
	l = next_level(r, s);
	if (l > LOWEST_LEVEL) {
		expire(r, s);
		return;
	}
	if (s->time_slice <= slack_ns())
		s->time_slice = rr_ns();
	s->used |= level_bit(l);
	s->prio = l;
	array_add(r->active, s, 0);
}

/* Nothing left in the active array: swap, and start at the top. */
static void
major_rotation(struct rsdl_rq *r)
{
	struct rsdl_array *a = r->active;

	r->active = r->expired;
	r->expired = a;
	r->rotation++;
	r->prio_level = TOP_LEVEL;
	r->level_quota = -1;
	r->majors++;
}

/* The current level's quota is gone: everyone still waiting on it moves
 * down one level (from 139: to the expired array). */
static void
minor_rotation(struct rsdl_rq *r)
{
	struct list *q = &r->active->queue[r->prio_level];

	r->prio_level++;
	r->level_quota = -1;
	r->minors++;
	while (!list_empty(q)) {
		struct rsdl_task *s = list_first(q, struct rsdl_task, node);
		array_del(s);
		requeue(r, s, 0);
	}
}

/* A fresh entitlement: the task slept through a major rotation. */
SCHED_HOT void
refresh(struct rsdl_rq *r, struct rsdl_task *s)
{
	s->used = 0;
	s->time_slice = 0;
	s->prio = static_prio(s);
	s->rotation = r->rotation;
}

/* Charge the running task's time since it was last charged to its
 * quantum and to its level's quota; rotate if the level is used up.
 * Returns 1 when the task must leave its level. */
SCHED_HOT int
charge(struct rq *rq, struct rsdl_task *s)
{
	struct rsdl_rq *r = rsdl_rq(rq);
	int64_t delta = (int64_t)(rq_clock(rq) - s->charged_at);

	if (delta < 0)
		delta = 0;
	s->charged_at = rq_clock(rq);
	s->time_slice -= delta;
	if (s->prio == r->prio_level && r->level_quota > 0) {
		r->level_quota -= delta;
		if (r->level_quota <= slack_ns())
			minor_rotation(r);	/* curr's level is gone too */
	}
	return s->time_slice <= slack_ns() || s->prio < r->prio_level;
}

/* ---- the policy hooks ---- */

static void
rsdl_init_rq(struct rq *rq)
{
	struct rsdl_rq *r = rsdl_rq(rq);

	for (int a = 0; a < 2; a++)
		for (int i = 0; i < NPRIO; i++)
			list_init(&r->arrays[a].queue[i]);
	r->active = &r->arrays[0];
	r->expired = &r->arrays[1];
	r->prio_level = TOP_LEVEL;
	r->level_quota = -1;
}

/* Same rotation: it keeps what it had, where it had it (or lower, if the
 * level rotated away meanwhile).  A rotation later: all anew. */
static void
rsdl_enqueue(struct rq *rq, struct task *p, int flags)
{
	struct rsdl_rq *r = rsdl_rq(rq);
	struct rsdl_task *s = rsdl_task(p);

	if ((flags & ENQ_WAKEUP) && s->rotation != r->rotation)
		refresh(r, s);
	requeue(r, s, 0);
}

static void
rsdl_dequeue(struct rq *rq, struct task *p, int flags)
{
	if (flags & DEQ_MIGRATE)
		array_del(rsdl_task(p));
	else			/* it keeps level, quantum and rotation */
		charge(rq, rsdl_task(p));
}

static struct task *
rsdl_pick_next(struct rq *rq)
{
	struct rsdl_rq *r = rsdl_rq(rq);
	int l = first_level(r->active);
	struct rsdl_task *s;

	if (l < 0) {
		major_rotation(r);
		l = first_level(r->active);
		if (l < 0)
			return NULL;
	}
	if (l != r->prio_level || r->level_quota < 0) {
		/* a new current level: one quantum per task waiting there */
		r->prio_level = l;
		r->level_quota = rr_ns() * r->active->nr_at[l];
	}
	s = list_first(&r->active->queue[l], struct rsdl_task, node);
	array_del(s);
	s->charged_at = rq_clock(rq);
	return rsdl_task_of(s);
}

static void
rsdl_put_prev(struct rq *rq, struct task *p)
{
	charge(rq, rsdl_task(p));
	requeue(rsdl_rq(rq), rsdl_task(p), 1);
}

/* The quantum and the level quota run out at a tick (see slack_ns):
 * preemption has tick resolution, the accounting has rq_clock(rq)'s. */
static void
rsdl_tick(struct rq *rq, struct task *curr)
{
	if (charge(rq, rsdl_task(curr)))
		sched_resched(rq);
}

/* Design level [U]: a woken task preempts when its level is better.
 * rq_curr(rq) may already have left the CPU (newly-idle balancing pulls
 * while it is still rq_curr(rq)): then there is nothing to preempt. */
static int
rsdl_check_preempt(struct rq *rq, struct task *p, int sync)
{
	struct rsdl_rq *r = rsdl_rq(rq);
	struct task *curr = rq_curr(rq);

	(void)sync;
	if (rsdl_task(curr)->array)
		return 0;
	return rsdl_task(p)->array == r->active && rsdl_task(p)->prio < rsdl_task(curr)->prio;
}

/* [U] Give up the rest of this level's quantum: the next level, tail. */
static void
rsdl_yield(struct rq *rq, struct task *curr)
{
	charge(rq, rsdl_task(curr));
	rsdl_task(curr)->time_slice = 0;
}

/* [U] As mainline: the child takes half of what is left of the parent's
 * quantum, on the parent's level, with the parent's entitlement map. */
static int
rsdl_fork(struct task *parent, struct task *child)
{
	struct rsdl_rq *r = rsdl_rq(task_rq(child));
	struct rsdl_task *c = rsdl_task(child), *ps;

	c->array = NULL;
	c->nice = task_nice(child);
	refresh(r, c);
	if (!parent)
		return 0;
	ps = rsdl_task(parent);
	c->prio = ps->prio;
	c->used = ps->used;
	c->rotation = ps->rotation;
	c->time_slice = (ps->time_slice + 1) / 2;
	ps->time_slice /= 2;
	if (ps->time_slice < 1)		/* ends at the next tick */
		ps->time_slice = 1;
	return 0;
}

/* A new nice moves the task's top level; it never keeps a level above
 * the new one.  An expired task is re-queued at its new static level. */
static void
rsdl_set_nice(struct rq *rq, struct task *p, int nice)
{
	struct rsdl_rq *r = rsdl_rq(rq);
	struct rsdl_task *s = rsdl_task(p);
	struct rsdl_array *was = s->array;
	int old = s->nice;

	if (was)
		array_del(s);
	s->nice = nice;
	if (s->prio < static_prio(s)) {
		s->prio = static_prio(s);
		s->used |= level_bit(s->prio);
	}
	if (was == r->expired) {
		expire(r, s);
	} else if (was) {
		requeue(r, s, 0);
		if (!rq_curr_is_idle(rq) && s->array == r->active &&
		    s->prio < rsdl_task(rq_curr(rq))->prio)
			sched_resched(rq);
	} else if (rq_curr(rq) == p && nice > old) {
		sched_resched(rq);
	}
}

/* A sleeper whose rotation is over on the old CPU starts anew; anything
 * else keeps its entitlement and adopts the new CPU's rotation number. */
static void
rsdl_migrate_out(struct rq *src, struct task *p)
{
	struct rsdl_rq *r = rsdl_rq(src);
	struct rsdl_task *s = rsdl_task(p);

	if (s->rotation != r->rotation && s->rotation != r->rotation + 1)
		refresh(r, s);
}

static void
rsdl_migrate_in(struct rq *dst, struct task *p)
{
	rsdl_task(p)->rotation = rsdl_rq(dst)->rotation;
}

static int
rsdl_prio(struct task *p)
{
	return rsdl_task(p)->prio - 100;	/* top's PR */
}

/* The key is the quantum left on the task's level, in ns. */
static int64_t
rsdl_key(struct task *p)
{
	return rsdl_task(p)->time_slice;
}

static void
dump_array(const char *name, struct rsdl_array *a)
{
	struct list *pos;

	printk("    %s: %u queued, bitmap %08x %08x %08x %08x %08x\n", name,
	       a->nr, a->bitmap[4], a->bitmap[3], a->bitmap[2], a->bitmap[1],
	       a->bitmap[0]);
	for (int i = 0; i < NPRIO; i++) {
		if (list_empty(&a->queue[i]))
			continue;
		printk("      [%d]", i);
		list_for_each(pos, &a->queue[i]) {
			struct rsdl_task *s = list_entry(pos, struct rsdl_task, node);
			printk(" %d(%lld us)", task_tid(rsdl_task_of(s)),
			       s->time_slice / 1000);
		}
		printk("\n");
	}
}

static void
rsdl_dump(struct rq *rq)
{
	struct rsdl_rq *r = rsdl_rq(rq);

	printk("  rsdl: rr %d ticks, rotation %u (%llu major, %llu minor), "
	       "level %d quota %lld us\n", rr_ticks(), r->rotation, r->majors,
	       r->minors, r->prio_level, r->level_quota / 1000);
	if (!rq_curr_is_idle(rq))
		printk("    running: %d level %d quantum %lld us\n", task_tid(rq_curr(rq)),
		       rsdl_task(rq_curr(rq))->prio, rsdl_task(rq_curr(rq))->time_slice / 1000);
	dump_array("active", r->active);
	dump_array("expired", r->expired);
}

static unsigned
rsdl_count(struct rq *rq)
{
	return rsdl_rq(rq)->active->nr + rsdl_rq(rq)->expired->nr;
}

/*
 * Hooks left to the core's defaults: exit, load and task_load (the
 * balancer of its era counts tasks).
 */
/* v0.30 was posted for 2.6.20 and 2.6.21, which balanced with the
 * sched domains of 2.6.22 (docs/policies/rsdl.md). */
static int
rsdl_lb_era(void)
{
	return LB_ERA_2_6_22;
}

const struct sched_policy sched_policy = {
	.name = "rsdl",
	.rq_size = sizeof(struct rsdl_rq),
	.init_rq = rsdl_init_rq,
	.enqueue = rsdl_enqueue,
	.dequeue = rsdl_dequeue,
	.pick_next = rsdl_pick_next,
	.put_prev = rsdl_put_prev,
	.tick = rsdl_tick,
	.check_preempt = rsdl_check_preempt,
	.yield = rsdl_yield,
	.fork = rsdl_fork,
	.set_nice = rsdl_set_nice,
	.migrate_out = rsdl_migrate_out,
	.migrate_in = rsdl_migrate_in,
	.prio = rsdl_prio,
	.key = rsdl_key,
	.lb_era = rsdl_lb_era,
	.dump = rsdl_dump,
	.count = rsdl_count,
	.tunables = rsdl_tunables,
	.ntunables = sizeof(rsdl_tunables) / sizeof(rsdl_tunables[0]),
};
