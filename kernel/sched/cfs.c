/*
 * cfs.c - the Completely Fair Scheduler as merged in Linux 2.6.24, with the
 * changes up to 2.6.35 available as tunables.
 *
 * The idea: every task should have received an equal share of the CPU,
 * weighted by nice.  Each task keeps a *virtual runtime* - the CPU time it
 * consumed, scaled by NICE_0_LOAD / weight, so heavier tasks age slower -
 * and the runqueue is a red-black tree ordered by it.  The task that is
 * owed the most (the leftmost) runs next.  There is no fixed timeslice: the
 * running task is preempted once it has had its weighted share of the
 * scheduling period, or when a woken task is far enough behind it.
 *
 * Sources (all restated, not copied): Linux 2.6.24 kernel/sched_fair.c and
 * kernel/sched.c (sched_init_granularity, set_task_cpu, prio_to_weight,
 * prio_to_wmult); 2.6.35 kernel/sched_fair.c and kernel/sched_features.h
 * for the variants (read in the 2.6.35.6 stable release); reference
 * docs/reference/cfs-2.6.24.md and cfs-2.6.35.md.  docs/policies/cfs.md explains it for students.
 */
#include <stdint.h>
#include "kernel/lib/rbtree.h"
#include "kernel/lib/weight.h"
#include "kernel/sched/policy.h"

#define GRAN_LIMIT	200000000ll	/* 2.6.24: scaled values capped at 200 ms */

struct load_weight {
	uint32_t weight;
	uint32_t inv_weight;		/* 0: compute on demand */
};

struct cfs_task {			/* Linux's struct sched_entity */
	struct rb_node node;
	struct load_weight load;
	int on_tree;
	uint64_t vruntime;
	uint64_t exec_start;
	uint64_t sum_exec;
	uint64_t prev_sum_exec;		/* sum_exec when last picked */
	int forked;			/* enqueued by its fork: WF_FORK */
};
/* cfs_rq(rq), cfs_task(p), cfs_task_of(x) */
SCHED_POLICY_STATE(cfs, struct cfs_rq, struct cfs_task)

struct cfs_rq {
	struct rb_root tree;		/* queued tasks by vruntime */
	struct rb_node *leftmost;
	unsigned nr_queued;
	struct load_weight load;	/* queued + current */
	uint64_t min_vruntime;		/* only ever increases */
	struct cfs_task *curr;
	struct cfs_task *next;		/* NEXT buddy: a recent wakee */
	struct cfs_task *last;		/* LAST buddy: a task it preempted */
	struct rq *rq;
};

/* ---- tunables: 2.6.24 defaults; docs/policies/cfs.md has the 2.6.35 set */
static int64_t latency_ns, min_gran_ns, wakeup_gran_ns, tunable_scaling;
static int64_t child_runs_first, child_first_threads, start_debit;
static int64_t sleeper_credit, wakeup_preempt, tick_check, compat_yield;
static int64_t migrate_normalize, wakeup_gran_wakee, fork_2635, slice_2635;
static int64_t next_buddy, last_buddy;

static const struct tunable cfs_tunables[] = {
	TUNABLE("cfs_latency_ns", latency_ns, 20000000, 100000, 1000000000, "ns",
		"period in which every runnable task runs once (sched_latency)"),
	TUNABLE("cfs_min_granularity_ns", min_gran_ns, 4000000, 100000,
		1000000000, "ns", "shortest slice; also sets nr_latency"),
	TUNABLE("cfs_wakeup_granularity_ns", wakeup_gran_ns, 10000000, 0,
		1000000000, "ns", "virtual lead a wakee needs to preempt"),
	TUNABLE("cfs_tunable_scaling", tunable_scaling, 1, 0, 2, "mode",
		"scale the three above by CPUs: 0 none, 1 1+log2(n), 2 n"),
	TUNABLE("cfs_child_runs_first", child_runs_first, 1, 0, 1, "bool",
		"a forked child runs before its parent (0 from 2.6.32)"),
	TUNABLE("cfs_child_first_threads", child_first_threads, 1, 0, 1, "bool",
		"child-runs-first applies to threads too (2.6.24; O(1) did not)"),
	TUNABLE("cfs_start_debit", start_debit, 1, 0, 1, "bool",
		"new tasks start one virtual slice behind (START_DEBIT)"),
	TUNABLE("cfs_sleeper_credit", sleeper_credit, 1, 0, 3, "mode",
		"wakeup credit: 0 none, 1 latency, 2 latency/2 (GENTLE), 3 weighted"),
	TUNABLE("cfs_wakeup_preempt", wakeup_preempt, 1, 0, 1, "bool",
		"a woken task may preempt the current one (WAKEUP_PREEMPT)"),
	TUNABLE("cfs_tick_check", tick_check, 0, 0, 2, "mode",
		"tick preemption: 0 slice (2.6.24), 1 +vruntime test (2.6.32-35), "
		"2 consistent units"),
	TUNABLE("cfs_compat_yield", compat_yield, 0, 0, 1, "bool",
		"yield moves the task behind the rightmost (sched_compat_yield)"),
	TUNABLE("cfs_migrate_normalize", migrate_normalize, 1, 0, 1, "bool",
		"rebase vruntime on the new CPU's min_vruntime when migrating"),
	TUNABLE("cfs_wakeup_gran_wakee", wakeup_gran_wakee, 0, 0, 1, "bool",
		"wakeup granularity in the wakee's virtual time (2.6.35 "
		"wakeup_gran), not the running task's (2.6.24)"),
	TUNABLE("cfs_fork_2635", fork_2635, 0, 0, 1, "bool",
		"a child starts at max(parent's vruntime, its placement), and "
		"the parent is rescheduled only if they swap (2.6.35)"),
	TUNABLE("cfs_slice_2635", slice_2635, 0, 0, 1, "bool",
		"period and slices as 2.6.35 computes them: min_gran per task "
		"beyond nr_latency, slices by the load's rounded inverse"),
	/* 2.6.24 has no buddies; 2.6.35 sched_features.h: NEXT_BUDDY 0,
	 * LAST_BUDDY 1 */
	TUNABLE("cfs_next_buddy", next_buddy, 0, 0, 1, "bool",
		"pick a recent wakee ahead of the leftmost within the wakeup "
		"granularity (NEXT_BUDDY, off in 2.6.35 too)"),
	TUNABLE("cfs_last_buddy", last_buddy, 0, 0, 1, "bool",
		"give the CPU back to the task a wakee preempted, within the "
		"wakeup granularity (LAST_BUDDY, on in 2.6.35)"),
};

static struct cfs_task *
node_se(struct rb_node *n)
{
	return rb_entry(n, struct cfs_task, node);
}

/* ---- scaled tunables (2.6.24 sched_init_granularity) ---- */

/* What the scheduler reads at every enqueue, slice and wakeup test,
 * computed from the tunables and the CPU count when either changes
 * (cfs_update_sysctl), as Linux keeps sysctl_sched_latency and friends
 * scaled and sched_nr_latency derived, instead of scaling at each use.
 * One 32-bit word each, read without a lock as Linux reads its unsigned
 * int sysctls: latency and min_gran are capped at GRAN_LIMIT, and the
 * uncapped wakeup granularity at 2^32 - 1 ns (4.3 s, "never" for a
 * wakeup test; 2.6.24's unsigned int would wrap instead). */
static uint32_t sysctl_latency_ns, sysctl_min_gran_ns, sysctl_wakeup_gran_ns;
static uint32_t sched_nr_latency;

static uint32_t
scaled(int64_t base, int64_t cap)
{
	int64_t v = base * (int64_t)sched_cpu_factor((int)tunable_scaling, 0);

	return (uint32_t)(v > cap ? cap : v);
}

static void
cfs_update_sysctl(void)
{
	uint32_t l = scaled(latency_ns, GRAN_LIMIT);
	uint32_t g = scaled(min_gran_ns, GRAN_LIMIT);

	sysctl_latency_ns = l;
	sysctl_min_gran_ns = g;
	sysctl_wakeup_gran_ns = scaled(wakeup_gran_ns, UINT32_MAX);
	sched_nr_latency = (l + g - 1) / g;	/* rounded up */
}

static uint64_t sysctl_latency(void) { return sysctl_latency_ns; }
static uint64_t sysctl_min_gran(void) { return sysctl_min_gran_ns; }
static uint64_t sysctl_wakeup_gran(void) { return sysctl_wakeup_gran_ns; }
static unsigned long nr_latency(void) { return sched_nr_latency; }

/* ---- weights and virtual time ---- */

/* SCHED_IDLE's weight in 2.6.24 (kernel/sched.c): below nice 19's 15 */
#define WEIGHT_IDLEPRIO	2
#define WMULT_IDLEPRIO	(1u << 31)

static void
set_weight(struct cfs_task *se, const struct task *p, int nice)
{
	if (task_is_idle_class(p)) {	/* 2.6.24 set_load_weight */
		se->load.weight = WEIGHT_IDLEPRIO;
		se->load.inv_weight = WMULT_IDLEPRIO;
		return;
	}
	se->load.weight = sched_prio_to_weight[nice + 20];
	se->load.inv_weight = sched_prio_to_wmult[nice + 20];
}

SCHED_HOT void
load_add(struct load_weight *lw, uint32_t w)
{
	lw->weight += w;
	lw->inv_weight = 0;
}

SCHED_HOT void
load_sub(struct load_weight *lw, uint32_t w)
{
	lw->weight -= w;
	lw->inv_weight = 0;
}

/*
 * delta * weight / lw->weight by a multiply with lw's inverse (2.6.24 and
 * 2.6.35 kernel/sched.c calc_delta_mine()).  A task's inverse comes from
 * prio_to_wmult; a runqueue's load, which only the 2.6.35 slices divide
 * by this way, gets 2.6.35's rounded inverse (weight_inverse).
 */
SCHED_HOT uint64_t
calc_delta_mine(uint64_t delta, uint32_t weight, struct load_weight *lw)
{
	if (lw->weight == 0)
		return delta;
	if (!lw->inv_weight)
		lw->inv_weight = weight_inverse(lw->weight);
	return weight_scale(delta, weight, lw->inv_weight);
}

/* Wall ns -> this entity's virtual ns. */
SCHED_HOT uint64_t
calc_delta_fair(uint64_t delta, struct cfs_task *se)
{
	if (se->load.weight != NICE_0_LOAD)
		delta = calc_delta_mine(delta, NICE_0_LOAD, &se->load);
	return delta;
}

static int
vless(uint64_t a, uint64_t b)
{
	return (int64_t)(a - b) < 0;
}

static int
se_less(const struct rb_node *a, const struct rb_node *b)
{
	return vless(node_se((struct rb_node *)a)->vruntime,
		     node_se((struct rb_node *)b)->vruntime);
}

/* ---- the tree ---- */

SCHED_HOT void
tree_insert(struct cfs_rq *cfs, struct cfs_task *se)
{
	/* the descent tells whether se went left all the way (2.6.24
	 * __enqueue_entity keeps rb_leftmost so) */
	if (rb_add(&cfs->tree, &se->node, se_less))
		cfs->leftmost = &se->node;
	se->on_tree = 1;
	cfs->nr_queued++;
}

SCHED_HOT void
tree_erase(struct cfs_rq *cfs, struct cfs_task *se)
{
	if (cfs->leftmost == &se->node)
		cfs->leftmost = rb_next(&se->node);
	rb_erase(&cfs->tree, &se->node);
	se->on_tree = 0;
	cfs->nr_queued--;
}

SCHED_HOT struct cfs_task *
leftmost(struct cfs_rq *cfs)
{
	return cfs->leftmost ? node_se(cfs->leftmost) : NULL;
}

/* ---- period and slices (2.6.24; 2.6.35 with cfs_slice_2635) ---- */

/*
 * The period in which each of nr tasks runs once: the latency, stretched
 * beyond nr_latency tasks so that equal slices stay at min_gran.  2.6.24
 * __sched_period() stretches the latency in proportion (latency * nr /
 * nr_latency, truncated); 2.6.35 __sched_period() gives each task exactly
 * min_gran (min_gran * nr).  They agree when min_gran divides the latency,
 * as it does at both versions' defaults.
 */
SCHED_HOT uint64_t
sched_period(unsigned long nr)
{
	unsigned long nl = nr_latency();

	if (nr <= nl)
		return sysctl_latency();
	if (slice_2635)
		return sysctl_min_gran() * nr;
	return sysctl_latency() * nr / nl;
}

/*
 * The wall-clock share of the period se is due: period * w / W, W the load
 * with se in it.  2.6.24 sched_slice() divides exactly; 2.6.35
 * sched_slice() multiplies by calc_delta_mine()'s inverse of W, which it
 * rounds as 2^32 / (W + 1): two SCHED_IDLE tasks (W = 4) get 8 ms of a
 * 20 ms period there, 10 ms in 2.6.24.
 */
SCHED_HOT uint64_t
slice_of(uint64_t period, uint32_t w, struct load_weight *load)
{
	if (slice_2635)
		return calc_delta_mine(period, w, load);
	return load->weight ? period * w / load->weight : period;
}

/* The slice of se, which is curr or queued (so counted in cfs->load). */
SCHED_HOT uint64_t
sched_slice(struct cfs_rq *cfs, struct cfs_task *se)
{
	return slice_of(sched_period(rq_nr_running(cfs->rq)), se->load.weight,
			&cfs->load);
}

/*
 * The virtual slice of se as if it were already queued (START_DEBIT).
 * 2.6.24 __sched_vslice() divides period * NICE_0_LOAD by the load in one
 * step; 2.6.35 sched_vslice() takes se's wall-clock slice and converts it
 * to se's virtual time, rounding at each step.
 */
SCHED_HOT uint64_t
sched_vslice_add(struct cfs_rq *cfs, struct cfs_task *se)
{
	struct load_weight lw = { cfs->load.weight + se->load.weight, 0 };
	uint64_t period = sched_period(rq_nr_running(cfs->rq) + 1);

	if (slice_2635)
		return calc_delta_fair(slice_of(period, se->load.weight, &lw),
				       se);
	return period * NICE_0_LOAD / lw.weight;
}

/* ---- accounting ---- */

SCHED_HOT void
update_min_vruntime(struct cfs_rq *cfs)
{
	uint64_t v = cfs->curr->vruntime;
	struct cfs_task *left = leftmost(cfs);

	if (left && vless(left->vruntime, v))
		v = left->vruntime;
	if (vless(cfs->min_vruntime, v))
		cfs->min_vruntime = v;		/* never backwards */
}

/* Charge the running entity for the time since it was last charged. */
SCHED_HOT void
update_curr(struct cfs_rq *cfs)
{
	struct cfs_task *curr = cfs->curr;
	uint64_t now = rq_clock(cfs->rq), delta;

	if (!curr)
		return;
	delta = now - curr->exec_start;
	if ((int64_t)delta <= 0)
		return;
	curr->exec_start = now;
	curr->sum_exec += delta;
	curr->vruntime += calc_delta_fair(delta, curr);
	update_min_vruntime(cfs);
}

/* Where a waking (or new) entity goes in the tree. */
SCHED_HOT void
place_entity(struct cfs_rq *cfs, struct cfs_task *se, int initial)
{
	uint64_t v = cfs->min_vruntime, credit = 0;

	if (initial && start_debit)
		v += sched_vslice_add(cfs, se);
	if (initial) {
		se->vruntime = v;
		return;
	}
	if (sleeper_credit == 1)
		credit = sysctl_latency();
	else if (sleeper_credit == 2)
		credit = sysctl_latency() / 2;
	else if (sleeper_credit == 3)
		credit = calc_delta_fair(sysctl_latency(), se);
	v -= credit;
	if (vless(se->vruntime, v))	/* a sleep never moves it back */
		se->vruntime = v;
}

/* ---- wakeup granularity and buddies (2.6.35 kernel/sched_fair.c) ---- */

/*
 * Should se run instead of curr (2.6.35 wakeup_preempt_entity)?  -1 if se
 * is not behind curr, 1 if it is behind by more than the wakeup
 * granularity, 0 in between.  The granularity becomes virtual time by
 * se's weight (2.6.35 wakeup_gran(curr, se): a light se needs a larger
 * lead) or, in the 2.6.24 mode, by curr's (2.6.24 check_preempt_wakeup).
 */
SCHED_HOT int
wakeup_preempt_entity(struct cfs_task *curr, struct cfs_task *se)
{
	int64_t vdiff = (int64_t)(curr->vruntime - se->vruntime);
	uint64_t gran;

	if (vdiff <= 0)
		return -1;
	gran = calc_delta_fair(sysctl_wakeup_gran(),
			       wakeup_gran_wakee ? se : curr);
	return (uint64_t)vdiff > gran;
}

/* se stops being a buddy: it was picked, it leaves the queue, its slice
 * ran out, or it yields (2.6.35 __clear_buddies). */
SCHED_HOT void
clear_buddies(struct cfs_rq *cfs, struct cfs_task *se)
{
	if (cfs->next == se)
		cfs->next = NULL;
	if (cfs->last == se)
		cfs->last = NULL;
}

/* 2.6.35 check_preempt_wakeup sets buddies only when the queue (curr
 * included) holds at least sched_nr_latency tasks, i.e. once the period
 * stretches: nr >= ceil(latency / min_gran), tested without a division. */
SCHED_HOT int
buddies_scale(struct cfs_rq *cfs)
{
	uint64_t nr = cfs->nr_queued + (cfs->curr != NULL);

	return nr * sysctl_min_gran() >= sysctl_latency();
}

/* 2.6.35 set_next_buddy/set_last_buddy: a SCHED_IDLE task is never one. */
SCHED_HOT void
set_buddy(struct cfs_task **slot, struct cfs_task *se)
{
	if (!task_is_idle_class(cfs_task_of(se)))
		*slot = se;
}

/*
 * The entity to run next (2.6.35 pick_next_entity): the leftmost, unless
 * the next buddy, then the last buddy, is within the wakeup granularity
 * of it - the last wins, giving the CPU back to the task a wakeup
 * preempted.  The chosen one stops being a buddy; the others stay.
 */
SCHED_HOT struct cfs_task *
pick_entity(struct cfs_rq *cfs)
{
	struct cfs_task *left = leftmost(cfs), *se = left;

	if (SCHED_DEBUG) {		/* buddies are queued here */
		KASSERT(left || (!cfs->next && !cfs->last));
		KASSERT(!cfs->next || cfs->next->on_tree);
		KASSERT(!cfs->last || cfs->last->on_tree);
	}
	if (!left)
		return NULL;
	if (cfs->next && wakeup_preempt_entity(cfs->next, left) < 1)
		se = cfs->next;
	if (cfs->last && wakeup_preempt_entity(cfs->last, left) < 1)
		se = cfs->last;
	clear_buddies(cfs, se);
	return se;
}

/* ---- the policy hooks ---- */

static void
cfs_init_rq(struct rq *rq)
{
	cfs_rq(rq)->rq = rq;
}

static void
cfs_enqueue(struct rq *rq, struct task *p, int flags)
{
	struct cfs_rq *cfs = cfs_rq(rq);
	struct cfs_task *se = cfs_task(p);

	update_curr(cfs);
	if (flags & ENQ_WAKEUP)
		place_entity(cfs, se, 0);
	se->forked = (flags & ENQ_NEW) != 0;
	load_add(&cfs->load, se->load.weight);
	tree_insert(cfs, se);
}

static void
cfs_dequeue(struct rq *rq, struct task *p, int flags)
{
	struct cfs_rq *cfs = cfs_rq(rq);
	struct cfs_task *se = cfs_task(p);

	update_curr(cfs);
	clear_buddies(cfs, se);			/* 2.6.35 dequeue_entity */
	if (flags & DEQ_MIGRATE)
		tree_erase(cfs, se);		/* a queued task */
	else if (cfs->curr == se)
		cfs->curr = NULL;		/* the running task sleeps */
	load_sub(&cfs->load, se->load.weight);
}

static struct task *
cfs_pick_next(struct rq *rq)
{
	struct cfs_rq *cfs = cfs_rq(rq);
	struct cfs_task *se = pick_entity(cfs);

	if (!se)
		return NULL;
	tree_erase(cfs, se);
	se->exec_start = rq_clock(rq);
	se->prev_sum_exec = se->sum_exec;
	cfs->curr = se;
	return cfs_task_of(se);
}

static void
cfs_put_prev(struct rq *rq, struct task *p)
{
	struct cfs_rq *cfs = cfs_rq(rq);
	struct cfs_task *se = cfs_task(p);

	update_curr(cfs);
	tree_insert(cfs, se);
	cfs->curr = NULL;
}

/* check_preempt_tick: has curr had its share? */
static void
cfs_tick(struct rq *rq, struct task *curr)
{
	struct cfs_rq *cfs = cfs_rq(rq);
	struct cfs_task *se = cfs_task(curr), *left;
	uint64_t ideal, ran;

	update_curr(cfs);
	if (rq_nr_running(rq) <= 1 && wakeup_preempt)
		return;
	ideal = sched_slice(cfs, se);
	ran = se->sum_exec - se->prev_sum_exec;
	if (ran > ideal) {
		sched_resched(rq);
		clear_buddies(cfs, se);	/* 2.6.35: no re-election as a buddy */
		return;
	}
	/* 2.6.24 stops here; 2.6.32-35 go on only with WAKEUP_PREEMPT,
	 * and never before min_gran */
	if (tick_check == 0 || !wakeup_preempt || ran < sysctl_min_gran())
		return;
	left = leftmost(cfs);
	if (!left || !vless(left->vruntime, se->vruntime))
		return;
	/* 2.6.32-35 compare a virtual lead with a wall-clock slice (mode 1,
	 * seed 001); mode 2 converts the slice to virtual time first. */
	if (se->vruntime - left->vruntime >
	    (tick_check == 1 ? ideal : calc_delta_fair(ideal, se)))
		sched_resched(rq);
}

/*
 * A task was queued while curr runs: preempt?  2.6.24 check_preempt_wakeup
 * as the default; with the buddy tunables 2.6.35's, which marks the wakee
 * as the next buddy before any test (a new task excepted: WF_FORK) and,
 * when the wakee preempts, curr as the last buddy.
 */
static int
cfs_check_preempt(struct rq *rq, struct task *p, int sync)
{
	struct cfs_rq *cfs = cfs_rq(rq);
	struct cfs_task *curr = cfs->curr, *se = cfs_task(p);
	int scale;

	(void)sync;
	if (!curr || curr == se)
		return 0;
	scale = buddies_scale(cfs);
	if (next_buddy && scale && !se->forked)
		set_buddy(&cfs->next, se);
	/* already asked to reschedule: 2.6.35 returns, setting no last
	 * buddy; 2.6.24 asked again, to the same effect */
	if (rq_resched_pending(rq))
		return 0;
	/* batch tasks do not preempt; the tick preempts for them */
	if (task_is_batch(p) || !wakeup_preempt)
		return 0;
	update_curr(cfs);
	if (wakeup_preempt_entity(curr, se) < 1)
		return 0;
	if (last_buddy && scale)
		set_buddy(&cfs->last, curr);
	return 1;
}

static void
cfs_yield(struct rq *rq, struct task *curr)
{
	struct cfs_rq *cfs = cfs_rq(rq);
	struct cfs_task *se = cfs_task(curr);
	struct rb_node *last;

	update_curr(cfs);
	if (cfs->nr_queued)		/* 2.6.35 yield_task_fair */
		clear_buddies(cfs, se);
	/* 2.6.24 and 2.6.35 yield_task_fair(): accounting only, unless
	 * sched_compat_yield is set or the task is SCHED_BATCH, which always
	 * goes behind the rightmost */
	if (!compat_yield && !task_is_batch(curr))
		return;
	last = rb_last(&cfs->tree);
	if (!last || vless(node_se(last)->vruntime, se->vruntime))
		return;
	se->vruntime = node_se(last)->vruntime + 1;
}

static int
cfs_fork(struct task *parent, struct task *child)
{
	struct cfs_rq *cfs = cfs_rq(task_rq(child));
	struct cfs_task *se = cfs_task(child), *curr;
	int thread = parent && task_same_process(parent, child);

	se->on_tree = 0;
	se->sum_exec = se->prev_sum_exec = 0;
	set_weight(se, child, task_nice(child));
	update_curr(cfs);
	place_entity(cfs, se, 1);
	curr = parent ? cfs_task(parent) : NULL;
	if (curr && cfs->curr != curr)
		curr = NULL;		/* the parent does not run here */
	if (fork_2635 && curr && vless(se->vruntime, curr->vruntime))
		se->vruntime = curr->vruntime;	/* never ahead of the parent */
	if (child_runs_first && curr && (child_first_threads || !thread) &&
	    vless(curr->vruntime, se->vruntime)) {
		uint64_t v = curr->vruntime;
		curr->vruntime = se->vruntime;
		se->vruntime = v;
		return 1;
	}
	/* 2.6.24 task_new_fair reschedules the parent whatever happened;
	 * 2.6.35 task_fork_fair only when the two swapped */
	return parent && !fork_2635;
}

static void
cfs_set_nice(struct rq *rq, struct task *p, int nice)
{
	struct cfs_rq *cfs = cfs_rq(rq);
	struct cfs_task *se = cfs_task(p);
	int queued = se->on_tree, running = cfs->curr == se;

	if (running)
		update_curr(cfs);
	if (queued)
		tree_erase(cfs, se);
	if (queued || running)
		load_sub(&cfs->load, se->load.weight);
	set_weight(se, p, nice);
	if (queued || running)
		load_add(&cfs->load, se->load.weight);
	if (queued)
		tree_insert(cfs, se);
	/* 2.6.35 set_user_nice dequeues a runnable task whose nice changes,
	 * which clears its buddy marks (dequeue_entity) */
	if ((queued || running) && nice != task_nice(p))
		clear_buddies(cfs, se);
	/* 2.6.24 set_user_nice: a runnable task that got better, or the
	 * running one that got worse, reschedules the CPU */
	if ((queued || running) &&
	    (nice < task_nice(p) || (nice > task_nice(p) && running)))
		sched_resched(rq);
}

/* 2.6.24 set_task_cpu: vruntime -= old min_vruntime - new min_vruntime. */
static void
cfs_migrate_out(struct rq *src, struct task *p)
{
	if (migrate_normalize)
		cfs_task(p)->vruntime -= cfs_rq(src)->min_vruntime;
}

static void
cfs_migrate_in(struct rq *dst, struct task *p)
{
	if (migrate_normalize)
		cfs_task(p)->vruntime += cfs_rq(dst)->min_vruntime;
}

static unsigned long
cfs_load(struct rq *rq)
{
	return cfs_rq(rq)->load.weight;
}

/* CFS as merged balanced with 2.6.24's sched domains (the 2.6.35 rows of
 * the labs choose lb_era= themselves: docs/policies/cfs.md). */
static int
cfs_lb_era(void)
{
	return LB_ERA_2_6_24;
}

static unsigned long
cfs_task_load(struct task *p)
{
	return cfs_task(p)->load.weight;
}

static int
cfs_prio(struct task *p)
{
	return 20 + task_nice(p);		/* top's PR: static_prio - 100 */
}

static int64_t
cfs_key(struct task *p)
{
	return (int64_t)cfs_task(p)->vruntime;
}

static void
cfs_dump(struct rq *rq)
{
	struct cfs_rq *cfs = cfs_rq(rq);

	printk("  cfs: min_vruntime %llu, load %u, curr %d, period %llu ns, "
	       "next %d, last %d\n", cfs->min_vruntime, cfs->load.weight,
	       cfs->curr ? task_tid(cfs_task_of(cfs->curr)) : 0,
	       sched_period(rq_nr_running(rq)),
	       cfs->next ? task_tid(cfs_task_of(cfs->next)) : 0,
	       cfs->last ? task_tid(cfs_task_of(cfs->last)) : 0);
	for (struct rb_node *n = rb_first(&cfs->tree); n; n = rb_next(n)) {
		struct cfs_task *se = node_se(n);
		printk("    pid %d vruntime %llu (+%lld) weight %u\n",
		       task_tid(cfs_task_of(se)), se->vruntime,
		       (long long)(se->vruntime - cfs->min_vruntime),
		       se->load.weight);
	}
}

static unsigned
cfs_count(struct rq *rq)
{
	return cfs_rq(rq)->nr_queued;
}

/* The exit hook is left to the core's default (nothing to do). */
const struct sched_policy sched_policy = {
	.name = "cfs",
	.rq_size = sizeof(struct cfs_rq),
	.init_rq = cfs_init_rq,
	.enqueue = cfs_enqueue,
	.dequeue = cfs_dequeue,
	.pick_next = cfs_pick_next,
	.put_prev = cfs_put_prev,
	.tick = cfs_tick,
	.check_preempt = cfs_check_preempt,
	.yield = cfs_yield,
	.fork = cfs_fork,
	.set_nice = cfs_set_nice,
	.migrate_out = cfs_migrate_out,
	.migrate_in = cfs_migrate_in,
	.load = cfs_load,
	.lb_era = cfs_lb_era,
	.task_load = cfs_task_load,
	.prio = cfs_prio,
	.key = cfs_key,
	.dump = cfs_dump,
	.count = cfs_count,
	.update_sysctl = cfs_update_sysctl,
	.tunables = cfs_tunables,
	.ntunables = sizeof(cfs_tunables) / sizeof(cfs_tunables[0]),
};
