/*
 * staircase.c - Con Kolivas's staircase scheduler, version 6.3 (June 2004,
 * for Linux 2.6.7-rc2).
 *
 * The idea: one priority array, no expired array, no sleep_avg.  A task
 * starts on the stair its nice level gives it (120 + nice), runs for one
 * RR_INTERVAL (10 ms), then steps down one stair, and so on to the bottom
 * (139).  When it has used its whole allowance - one interval per stair,
 * 20 for nice 0, 1 for nice 19 - it climbs back to its top stair and starts
 * again.  Nice therefore decides how many stairs a task has, and a nice 0
 * hog gets 20 intervals for every one a nice 19 hog gets.
 *
 * Interactivity is the *elevation*: a task that slept before it used its
 * allowance comes back with one more interval on its top stair (the rank
 * p->deadline, up to 19 - nice).  A task that keeps sleeping thus runs its
 * bursts at its best priority and preempts hogs that have walked down.
 *
 * Sources (restated, not copied): "[PATCH] Staircase Scheduler v6.3 for
 * 2.6.7-rc2" (Con Kolivas, 7 Jun 2004) and its patch as quoted on LKML;
 * seed mail 004; docs/reference/staircase-v6.3.md.  docs/policies/
 * staircase.md explains it for students and lists where Quanta differs.
 */
#include <stdint.h>
#include "kernel/lib/list.h"
#include "kernel/lib/math64.h"
#include "kernel/sched/policy.h"

#define NPRIO		140	/* 0-99 real time (none in Quanta), 100-139 */
#define LOWEST_PRIO	139
#define BITMAP_WORDS	((NPRIO + 31) / 32)
#define RR_MS		10	/* v6.3 _RR_INTERVAL: 10 ms, at least a tick */
#define COMPUTE_MULT	10	/* v6.3 compute=1: RR_INTERVAL x (1 + 9) */

struct stair_task {
	struct list node;
	int queued;
	int nice;
	int prio;		/* the stair it is on: 120 + nice .. 139 */
	int deadline;		/* elevation rank: 0 .. best_rank() */
	int slice;		/* ticks left of the whole staircase */
	int time_slice;		/* ticks left on this stair */
	int tail;		/* put_prev: step done or yield, go last */
	int kthread;		/* Linux's !p->mm: full rank, top stair */
	int first_time_slice;	/* a fork child still on what it was given */
	uint64_t picked_at;	/* rq_clock(rq) when it last started running */
	uint64_t runtime;	/* ns it ran before it last slept */
	uint64_t totalrun;	/* ns of short runs (the micro-sleep rule) */
	uint64_t timestamp;	/* when it last went to sleep */
};
/* stair_rq(rq), stair_task(p), stair_task_of(x) */
SCHED_POLICY_STATE(stair, struct stair_rq, struct stair_task)

struct stair_rq {
	uint32_t bitmap[BITMAP_WORDS];	/* bit set: the stair's list is not empty */
	struct list queue[NPRIO];
	unsigned nr;
};

static int64_t stair_interactive, stair_compute;

static const struct tunable stair_tunables[] = {
	TUNABLE("stair_interactive", stair_interactive, 1, 0, 1, "bool",
		"elevation: sleepers get more intervals on their top stair"),
	TUNABLE("stair_compute", stair_compute, 0, 0, 1, "bool",
		"100 ms intervals and no elevation (v6.3 /proc/sys/kernel/compute)"),
};

/* ---- the stairs (v6.3 macros, in ticks as the patch counted them) ---- */

SCHED_HOT uint32_t
tick_ns(void)
{
	return sched_tick_ns();
}

/* 10 * HZ / 1000 ticks, never 0: 10 ms at HZ=1000, 2 ticks = 8 ms at
 * HZ=250, 1 tick at HZ=100; ten times that in compute mode. */
SCHED_HOT int
rr_interval(void)
{
	int t = RR_MS * (int)hz / 1000;

	if (t < 1)
		t = 1;
	return stair_compute ? t * COMPUTE_MULT : t;
}

/* How many stairs below its top a task may use: 19 - nice. */
SCHED_HOT int
best_rank(int nice)
{
	return 19 - nice;
}

/* The whole allowance: one interval per stair. */
SCHED_HOT int
full_slice(struct stair_task *s)
{
	return rr_interval() * (1 + best_rank(s->nice));
}

/* v6.3 effective_prio(): the top stair while the task is within its
 * elevation (deadline + 1 intervals), then one stair per interval used. */
SCHED_HOT int
effective_prio(struct stair_task *s)
{
	int rr = rr_interval(), best = best_rank(s->nice);
	int full = full_slice(s), first = rr, prio;
	uint32_t used;

	if (s->deadline > best || s->kthread)
		s->deadline = best;
	if (s->kthread)
		return LOWEST_PRIO - best;
	if (stair_interactive && !stair_compute)
		first *= s->deadline + 1;
	prio = LOWEST_PRIO - best;
	used = (uint32_t)(full - s->slice);
	if (used < (uint32_t)first)
		return prio;
	/* More left than a full allowance (a renice to a worse nice keeps
	 * the old one): v6.3 counts "used" unsigned, so it wraps to a huge
	 * value and the task sits on its bottom stair until the allowance
	 * falls below the new full size.  (At HZ=1000; with a one- or
	 * two-tick interval the patch's sum wrapped again, to a stair that
	 * does not exist, which Quanta does not reproduce.) */
	if (s->slice > full)
		return LOWEST_PRIO;
	prio += 1 + (int)((used - (uint32_t)first) / (uint32_t)rr);
	return prio > LOWEST_PRIO ? LOWEST_PRIO : prio;
}

SCHED_HOT void
inc_deadline(struct stair_task *s)
{
	if (s->deadline < best_rank(s->nice))
		s->deadline++;
}

SCHED_HOT void
dec_deadline(struct stair_task *s)
{
	if (s->deadline > 0 && !s->kthread)
		s->deadline--;
}

/* ---- the array ---- */

SCHED_HOT void
queue_add(struct stair_rq *q, struct stair_task *s, int head)
{
	if (head)
		list_add(&s->node, &q->queue[s->prio]);
	else
		list_add_tail(&s->node, &q->queue[s->prio]);
	q->bitmap[s->prio / 32] |= 1u << (s->prio % 32);
	s->queued = 1;
	q->nr++;
}

SCHED_HOT void
queue_del(struct stair_rq *q, struct stair_task *s)
{
	list_del(&s->node);
	if (list_empty(&q->queue[s->prio]))
		q->bitmap[s->prio / 32] &= ~(1u << (s->prio % 32));
	s->queued = 0;
	q->nr--;
}

_Static_assert(BITMAP_WORDS == SCHED_BITMAP_WORDS, "a 140-bit bitmap");

SCHED_HOT int
first_prio(struct stair_rq *q)
{
	return sched_find_first_bit(q->bitmap);
}

/* ---- sleep and wakeup ---- */

/* v6.3 recalc_task_prio(), on every wakeup.  A user task's run shorter
 * than a tick followed by a sleep that, with it, is shorter than one
 * interval earns nothing: those short runs add up in totalrun and come
 * off the new allowance, so a task cannot climb back to the top by
 * napping.  Whether they already add up to the whole allowance is judged
 * before this run is added (the patch's order).  Any other sleep, and
 * every sleep of a kernel thread, earns one rank and a clean slate. */
SCHED_HOT void
recalc_task_prio(struct stair_task *s, uint64_t now)
{
	uint64_t sleep = now - s->timestamp, run_ticks;
	uint32_t tns = tick_ns();

	/* ns to ticks as the patch's NS_TO_JIFFIES; div_u64: one 32-bit
	 * division while the sum is under 2^32 ns (4.3 s), as it is for
	 * any task that sleeps */
	run_ticks = div_u64(s->runtime, tns);
	if (!s->kthread && run_ticks == 0 &&
	    s->runtime + sleep < (uint64_t)rr_interval() * tns) {
		if (div_u64(s->totalrun, tns) >= (uint64_t)s->slice) {
			s->totalrun = 0;	/* allowance spent: lose a rank */
			dec_deadline(s);
		} else {
			s->totalrun += s->runtime;
			s->slice -= (int)div_u64(s->totalrun, tns);
			if (s->slice < 1)
				s->slice = 1;
		}
		return;
	}
	inc_deadline(s);
	s->runtime = 0;
	s->totalrun = 0;
}

/* ---- the policy hooks ---- */

static void
stair_init_rq(struct rq *rq)
{
	for (int i = 0; i < NPRIO; i++)
		list_init(&stair_rq(rq)->queue[i]);
}

/* A woken task gets a full allowance and (recalc permitting) one more
 * rank; a new or migrated one keeps what it has. */
static void
stair_enqueue(struct rq *rq, struct task *p, int flags)
{
	struct stair_task *s = stair_task(p);

	if (flags & ENQ_WAKEUP) {
		/* v6.3 deactivate_task: an uninterruptible sleep costs a
		 * user task near its best rank one rank.  The patch compares
		 * unsigned: for nice 18 and 19 (best rank 1 and 0) the bound
		 * best - 2 wraps, and the test never holds. */
		if ((flags & ENQ_UNINT) && !s->kthread && s->deadline > 0 &&
		    (unsigned)s->deadline > (unsigned)best_rank(s->nice) - 2u)
			dec_deadline(s);
		s->slice = full_slice(s);	/* no longer the parent's */
		s->first_time_slice = 0;
		recalc_task_prio(s, rq_clock(rq));
		s->prio = effective_prio(s);
		s->time_slice = rr_interval();
	}
	s->tail = 0;
	queue_add(stair_rq(rq), s, 0);
}

static void
stair_dequeue(struct rq *rq, struct task *p, int flags)
{
	struct stair_task *s = stair_task(p);

	if (flags & DEQ_MIGRATE) {
		queue_del(stair_rq(rq), s);
		return;
	}
	s->runtime = rq_clock(rq) - s->picked_at;	/* current sleeps or exits */
	s->timestamp = rq_clock(rq);
}

static struct task *
stair_pick_next(struct rq *rq)
{
	struct stair_rq *q = stair_rq(rq);
	int prio = first_prio(q);
	struct stair_task *s;

	if (prio < 0)
		return NULL;
	s = list_first(&q->queue[prio], struct stair_task, node);
	queue_del(q, s);
	s->picked_at = rq_clock(rq);
	return stair_task_of(s);
}

/* Linux keeps the running task at the head of its list: preempted in the
 * middle of an interval, it is first in line again on its stair.  After a
 * step, a refill or a yield it goes to the tail. */
static void
stair_put_prev(struct rq *rq, struct task *p)
{
	struct stair_task *s = stair_task(p);

	queue_add(stair_rq(rq), s, !s->tail);
	s->tail = 0;
}

/* v6.3 scheduler_tick(): the allowance first, then the interval. */
static void
stair_tick(struct rq *rq, struct task *curr)
{
	struct stair_task *s = stair_task(curr);

	if (--s->slice <= 0) {
		dec_deadline(s);	/* a whole staircase without sleeping */
		s->slice = full_slice(s);
		s->first_time_slice = 0;
	} else if (--s->time_slice > 0) {
		return;
	}
	s->prio = effective_prio(s);	/* one stair down, or the top again */
	s->time_slice = rr_interval();
	s->tail = 1;
	sched_resched(rq);
}

/* rq_curr(rq) may be a task that already left the CPU (newly-idle
 * balancing pulls while it is still rq_curr(rq)): it cannot be preempted. */
static int
stair_check_preempt(struct rq *rq, struct task *p, int sync)
{
	struct task *curr = rq_curr(rq);

	(void)sync;
	if (stair_task(curr)->queued)
		return 0;
	return stair_task(p)->prio < stair_task(curr)->prio;
}

/* v6.3 yield: a fresh allowance, all of it as one interval, on the top
 * stair, at the tail - a round-robin at the task's best priority. */
static void
stair_yield(struct rq *rq, struct task *curr)
{
	struct stair_task *s = stair_task(curr);

	(void)rq;
	s->slice = full_slice(s);
	s->first_time_slice = 0;
	s->time_slice = s->slice;
	s->prio = effective_prio(s);
	s->tail = 1;
}

/* v6.3 sched_fork + wake_up_forked_process: parent and child split what
 * is left of both the allowance and the interval; the child starts with
 * no elevation (deadline 0), so fork bombs do not get the top stair. */
static int
stair_fork(struct task *parent, struct task *child)
{
	struct stair_task *c = stair_task(child), *ps;

	c->queued = c->tail = 0;
	c->nice = task_nice(child);
	c->kthread = task_is_kthread(child);
	c->first_time_slice = parent != NULL;
	c->deadline = 0;
	c->runtime = c->totalrun = 0;
	c->timestamp = c->picked_at = rq_clock(task_rq(child));
	c->slice = full_slice(c);
	c->time_slice = rr_interval();
	if (parent) {
		ps = stair_task(parent);
		c->slice = (ps->slice + 1) / 2;
		c->time_slice = (ps->time_slice + 1) / 2;
		ps->slice /= 2;
		ps->time_slice /= 2;
		if (ps->slice < 1)	/* ends at the next tick, as O(1) did */
			ps->slice = 1;
		if (ps->time_slice < 1)
			ps->time_slice = 1;
	}
	c->prio = effective_prio(c);
	return parent != NULL;	/* v6.3 kept do_fork's set_need_resched */
}

/* v6.3 left mainline's set_user_nice (2.6.7) as it was: the dynamic
 * prio moves by new static prio - old dynamic prio, which puts the task
 * on its new top stair, and the allowance is not touched (what is left
 * of the old staircase; the next refill sizes it for the new nice).  The
 * running task is rescheduled if it got better (the prio went down) or
 * worse, a queued one only if it got better. */
static void
stair_set_nice(struct rq *rq, struct task *p, int nice)
{
	struct stair_rq *q = stair_rq(rq);
	struct stair_task *s = stair_task(p);
	int queued = s->queued, old = s->prio;

	if (queued)
		queue_del(q, s);
	s->nice = nice;
	if (s->deadline > best_rank(nice))
		s->deadline = best_rank(nice);
	s->prio = LOWEST_PRIO - best_rank(nice);	/* the new top stair */
	if (queued)
		queue_add(q, s, 0);
	if ((queued || rq_curr(rq) == p) &&
	    (s->prio < old || (s->prio > old && rq_curr(rq) == p)))
		sched_resched(rq);
}

/* v6.3 sched_exit: a child still on what its parent gave it at fork
 * hands back what is left of its interval (time_slice, not the
 * allowance), so the parent stays that much longer on the stair it is
 * on.  The patch caps the parent's interval at its full allowance,
 * slice(parent), not at one interval. */
static void
stair_reap(struct rq *rq, struct task *parent, struct task *child)
{
	struct stair_task *ps = stair_task(parent), *c = stair_task(child);
	int full = full_slice(ps);

	(void)rq;
	if (!c->first_time_slice)
		return;
	ps->time_slice += c->time_slice;
	if (ps->time_slice > full)
		ps->time_slice = full;
}

/* v6.3 is a patch for 2.6.7, which balanced with sched domains on
 * nr_running (the default load: 1024 a task): the 2.6.22 arithmetic with
 * task counts is the nearest era (docs/policies/staircase.md). */
static int
stair_lb_era(void)
{
	return LB_ERA_2_6_22;
}

static int
stair_prio(struct task *p)
{
	return stair_task(p)->prio - 100;	/* top's PR */
}

/* The key is the allowance left, in ns (the stair is the prio). */
static int64_t
stair_key(struct task *p)
{
	return (int64_t)stair_task(p)->slice * (int64_t)tick_ns();
}

static void
stair_dump(struct rq *rq)
{
	struct stair_rq *q = stair_rq(rq);
	struct list *pos;

	printk("  staircase: rr %d ticks, interactive %lld, compute %lld, "
	       "%u queued, bitmap %08x %08x %08x %08x %08x\n", rr_interval(),
	       stair_interactive, stair_compute, q->nr, q->bitmap[4],
	       q->bitmap[3], q->bitmap[2], q->bitmap[1], q->bitmap[0]);
	if (!rq_curr_is_idle(rq))
		printk("    running: %d prio %d slice %d/%d dl %d\n",
		       task_tid(rq_curr(rq)), stair_task(rq_curr(rq))->prio, stair_task(rq_curr(rq))->slice,
		       stair_task(rq_curr(rq))->time_slice, stair_task(rq_curr(rq))->deadline);
	for (int i = 0; i < NPRIO; i++) {
		if (list_empty(&q->queue[i]))
			continue;
		printk("    [%d]", i);
		list_for_each(pos, &q->queue[i]) {
			struct stair_task *s = list_entry(pos, struct stair_task, node);
			printk(" %d(slice %d/%d dl %d)", task_tid(stair_task_of(s)), s->slice,
			       s->time_slice, s->deadline);
		}
		printk("\n");
	}
}

static unsigned
stair_count(struct rq *rq)
{
	return stair_rq(rq)->nr;
}

/*
 * Hooks left to the core's defaults: exit (v6.3's sched_exit is the reap
 * hook), migrate_out/in (stairs and timestamps are not per CPU), load and
 * task_load (the balancer counts tasks, 1024 each).
 */
const struct sched_policy sched_policy = {
	.name = "staircase",
	.rq_size = sizeof(struct stair_rq),
	.init_rq = stair_init_rq,
	.enqueue = stair_enqueue,
	.dequeue = stair_dequeue,
	.pick_next = stair_pick_next,
	.put_prev = stair_put_prev,
	.tick = stair_tick,
	.check_preempt = stair_check_preempt,
	.yield = stair_yield,
	.fork = stair_fork,
	.set_nice = stair_set_nice,
	.reap = stair_reap,
	.lb_era = stair_lb_era,
	.prio = stair_prio,
	.key = stair_key,
	.dump = stair_dump,
	.count = stair_count,
	.tunables = stair_tunables,
	.ntunables = sizeof(stair_tunables) / sizeof(stair_tunables[0]),
};
