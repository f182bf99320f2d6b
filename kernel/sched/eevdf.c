/*
 * eevdf.c - Earliest Eligible Virtual Deadline First, as merged in Linux
 * 6.6 (Peter Zijlstra's rewrite of the fair class; Stoica and Abdel-Wahab,
 * 1995).
 *
 * The idea: keep CFS's virtual runtime (CPU time scaled by 1024 / weight)
 * but replace its heuristics with two rules.  Let V be the weighted average
 * vruntime of the runnable tasks.  A task whose vruntime is <= V has been
 * served no more than its share - its *lag* w * (V - v) is >= 0 - and is
 * *eligible*.  Every task asks for a slice of r ns at a time; the request's
 * *virtual deadline* is v + r * 1024 / w.  The scheduler runs the eligible
 * task with the earliest virtual deadline.  Fairness comes from
 * eligibility, latency from deadlines; a sleeper keeps the lag it had, no
 * more (no sleeper credit) and no less.
 *
 * Sources (restated, not copied): Linux 6.6 kernel/sched/fair.c
 * (avg_vruntime, entity_eligible, update_entity_lag, place_entity,
 * pick_eevdf, update_deadline, yield_task_fair, reweight_entity,
 * check_preempt_wakeup), kernel/sched/features.h, core.c (set_user_nice,
 * sched_prio_to_weight); docs/reference/eevdf-6.6.md.  The tree is
 * ordered by deadline with a subtree-minimum vruntime, the layout of Linux
 * 6.8 (2227a957e1d5); 6.6 ordered by vruntime with a minimum deadline.  Both
 * find the same task.  docs/policies/eevdf.md explains it for students.
 */
#include <stdint.h>
#include "kernel/lib/math64.h"
#include "kernel/lib/rbtree.h"
#include "kernel/lib/weight.h"
#include "kernel/sched/policy.h"

#define SCALE_MAX_CPUS	8		/* 6.6 get_update_sysctl_factor() */

struct eevdf_task {			/* Linux's struct sched_entity */
	struct rb_node node;		/* in the tree while queued */
	uint64_t vruntime;
	uint64_t deadline;		/* virtual deadline of the request */
	uint64_t min_vruntime;		/* smallest vruntime in node's subtree */
	int64_t vlag;			/* V - vruntime, saved at dequeue */
	uint32_t slice;			/* the request r, wall ns: at most
					 * the base slice's 100 ms times the
					 * CPU factor's 8, or a custom 100 ms,
					 * so 2 r fits 32 bits too */
	uint32_t custom_slice;		/* the task's own r (sched_setslice,
					 * 6.12), 0: the base slice */
	uint64_t pick_deadline;		/* deadline when picked (RUN_TO_PARITY;
					 * 6.6 stashes it in vlag) */
	uint64_t exec_start;
	uint32_t weight, inv_weight;
	int on_tree;
};
/* eevdf_rq(rq), eevdf_task(p), eevdf_task_of(x) */
SCHED_POLICY_STATE(eevdf, struct eevdf_rq, struct eevdf_task)

struct eevdf_rq {
	struct rb_root tree;		/* queued tasks by virtual deadline */
	unsigned nr_queued;
	uint32_t load;			/* weights of queued + current */
	/* V without a division: sum w * (v - min_vruntime) and sum w over
	 * the tree; the current task is added on the fly (6.6).  The weights
	 * fit 32 bits with the current task's (LOAD_MAX, below), so every
	 * product with them is 64 by 32 bits, not 64 by 64. */
	int64_t avg_vruntime;
	uint32_t avg_load;
	uint64_t min_vruntime;		/* only increases; the keys' origin */
	struct eevdf_task *curr;	/* running, out of the tree */
	struct rq *rq;
};

/* ---- tunables: Linux 6.6 defaults (features.h, fair.c) ---- */
static int64_t base_slice_ns, tunable_scaling, run_to_parity, place_lag;
static int64_t place_deadline_initial, preempt_short;

static const struct tunable eevdf_tunables[] = {
	TUNABLE("eevdf_base_slice_ns", base_slice_ns, 750000, 50000, 100000000,
		"ns", "request length r of every task (sysctl_sched_base_slice)"),
	TUNABLE("eevdf_tunable_scaling", tunable_scaling, 1, 0, 2, "mode",
		"scale the base slice by CPUs (max 8): 0 none, 1 1+log2(n), 2 n"),
	TUNABLE("eevdf_run_to_parity", run_to_parity, 1, 0, 1, "bool",
		"no wakeup preemption of an eligible task before its request "
		"ends (RUN_TO_PARITY)"),
	TUNABLE("eevdf_place_lag", place_lag, 1, 0, 1, "bool",
		"a waking or migrating task keeps its lag (PLACE_LAG)"),
	TUNABLE("eevdf_place_deadline_initial", place_deadline_initial, 1, 0, 1,
		"bool", "a new task's first request is half a slice "
		"(PLACE_DEADLINE_INITIAL)"),
	TUNABLE("eevdf_preempt_short", preempt_short, 1, 0, 1, "bool",
		"a waking task with a shorter slice may end the current "
		"request early (6.12 PREEMPT_SHORT, with sched_setslice)"),
};

static struct eevdf_task *
node_se(const struct rb_node *n)
{
	return rb_entry((struct rb_node *)n, struct eevdf_task, node);
}

static int
vless(uint64_t a, uint64_t b)
{
	return (int64_t)(a - b) < 0;
}

/* ---- the slice (6.6 update_sysctl / get_update_sysctl_factor) ---- */

/* sysctl_sched_base_slice scaled by the CPU factor, computed when the
 * tunables or the CPU count change (eevdf_update_sysctl), as 6.6 keeps
 * it: one 32-bit word (100 ms times a factor of at most 4), read without
 * a lock. */
static uint32_t sysctl_base_slice_ns;

static void
eevdf_update_sysctl(void)
{
	unsigned f = sched_cpu_factor((int)tunable_scaling, SCALE_MAX_CPUS);

	sysctl_base_slice_ns = (uint32_t)base_slice_ns * f;
}

SCHED_HOT uint32_t
base_slice(void)
{
	return sysctl_base_slice_ns;
}

/* ---- weights and virtual time (as cfs.c) ---- */

/* SCHED_IDLE's weight in 6.6 (kernel/sched/sched.h) */
#define WEIGHT_IDLEPRIO	3
#define WMULT_IDLEPRIO	1431655765u

static void
set_weight(struct eevdf_task *se, const struct task *p, int nice)
{
	if (task_is_idle_class(p)) {	/* 6.6 set_load_weight */
		se->weight = WEIGHT_IDLEPRIO;
		se->inv_weight = WMULT_IDLEPRIO;
		return;
	}
	se->weight = sched_prio_to_weight[nice + 20];
	se->inv_weight = sched_prio_to_wmult[nice + 20];
}

/* Wall ns -> this entity's virtual ns: delta * NICE_0_LOAD / weight
 * (6.6's __calc_delta is 2.6.24's calc_delta_mine up to rounding). */
SCHED_HOT uint64_t
calc_delta_fair(uint64_t delta, const struct eevdf_task *se)
{
	if (se->weight == NICE_0_LOAD)
		return delta;
	return weight_scale(delta, NICE_0_LOAD, se->inv_weight);
}

/* ---- V, the weighted average vruntime (6.6 avg_vruntime) ---- */

SCHED_HOT int64_t
entity_key(const struct eevdf_rq *q, uint64_t vruntime)
{
	return (int64_t)(vruntime - q->min_vruntime);
}

/* The sums with the running task included: V = min_vruntime + *avg / *load. */
SCHED_HOT void
avg_sums(const struct eevdf_rq *q, int64_t *avg, uint32_t *load)
{
	*avg = q->avg_vruntime;
	*load = q->avg_load;
	if (q->curr) {
		*avg += entity_key(q, q->curr->vruntime) * q->curr->weight;
		*load += q->curr->weight;
	}
}

/*
 * The divisions by the load (here and in place_entity): the load is at most
 * MAX_TASKS (1024) weights of at most 88,761 (nice -20), under 2^27
 * (LOAD_MAX), so the divisor fits 32 bits and div_s64() applies, as in 6.6.  The quotient,
 * V - min_vruntime, is not bounded by 2^32 (docs/policies/eevdf.md), so
 * div_s64 falls back to the 64-bit helper when the dividend is larger;
 * with a few tasks a few slices apart it is not, and one divl does.
 */
#define LOAD_MAX	(1u << 27)

SCHED_HOT uint64_t
avg_vruntime(const struct eevdf_rq *q)
{
	int64_t avg;
	uint32_t load;

	avg_sums(q, &avg, &load);
	if (SCHED_DEBUG)
		KASSERT(load < LOAD_MAX);
	if (load) {
		if (avg < 0)		/* round towards -inf, as 6.6 does */
			avg -= (int64_t)load - 1;
		avg = div_s64(avg, load);
	}
	return q->min_vruntime + (uint64_t)avg;
}

/* The sums behind V, with the running task: taken once, then used for
 * every eligibility test of one pick (they do not change during it). */
struct vsums {
	int64_t avg;
	uint32_t load;
};

/* v <= V, tested without dividing: (v - v0) * W <= sum w * (v_i - v0). */
SCHED_HOT int
eligible_by(const struct eevdf_rq *q, const struct vsums *s, uint64_t vruntime)
{
	return s->avg >= entity_key(q, vruntime) * s->load;
}

SCHED_HOT int
vruntime_eligible(const struct eevdf_rq *q, uint64_t vruntime)
{
	struct vsums s;

	avg_sums(q, &s.avg, &s.load);
	return eligible_by(q, &s, vruntime);
}

/* ---- the tree: by deadline, each node knows its subtree's min vruntime */

static int
deadline_less(const struct rb_node *a, const struct rb_node *b)
{
	return vless(node_se(a)->deadline, node_se(b)->deadline);
}

/* The smallest vruntime in n's subtree, from its children's minima. */
SCHED_HOT uint64_t
subtree_min(const struct rb_node *n)
{
	uint64_t m = node_se(n)->vruntime;

	if (n->left && vless(node_se(n->left)->min_vruntime, m))
		m = node_se(n->left)->min_vruntime;
	if (n->right && vless(node_se(n->right)->min_vruntime, m))
		m = node_se(n->right)->min_vruntime;
	return m;
}

/*
 * The tree's callbacks (6.6 RB_DECLARE_CALLBACKS(min_deadline_cb), here
 * for the minimum vruntime): rbtree.c calls them where a subtree changes,
 * so an insert or erase costs one walk up that stops at the first
 * ancestor whose minimum is unchanged, plus O(1) per rotation.
 */
static void
min_propagate(struct rb_node *n, struct rb_node *stop)
{
	for (; n != stop; n = n->parent) {
		uint64_t m = subtree_min(n);

		if (node_se(n)->min_vruntime == m)
			break;
		node_se(n)->min_vruntime = m;
	}
}

static void
min_copy(struct rb_node *old, struct rb_node *new)
{
	node_se(new)->min_vruntime = node_se(old)->min_vruntime;
}

static void
min_rotate(struct rb_node *old, struct rb_node *new)
{
	node_se(new)->min_vruntime = node_se(old)->min_vruntime;
	node_se(old)->min_vruntime = subtree_min(old);
}

static const struct rb_augment min_vruntime_cb = {
	.propagate = min_propagate,
	.copy = min_copy,
	.rotate = min_rotate,
};

/* A task in two places (the tree and curr, or twice in the tree) would
 * corrupt the subtree minima silently: stop at the culprit instead. */
static void __attribute__((noinline, cold, noreturn))
tree_bug(struct eevdf_rq *q, struct eevdf_task *se, const char *op)
{
	panic("eevdf: %s of pid %d on cpu%d: on_tree %d, %scurrent", op,
	      task_tid(eevdf_task_of(se)), rq_cpu(q->rq), se->on_tree,
	      se == q->curr ? "" : "not ");
}

static inline void
tree_check(struct eevdf_rq *q, struct eevdf_task *se, int want_on_tree,
	   const char *op)
{
	if (__builtin_expect(se->on_tree != want_on_tree || se == q->curr, 0))
		tree_bug(q, se, op);
}

SCHED_HOT void
tree_insert(struct eevdf_rq *q, struct eevdf_task *se)
{
	int64_t key = entity_key(q, se->vruntime);

	tree_check(q, se, 0, "insert");
	se->min_vruntime = se->vruntime;	/* a leaf: itself */
	rb_add_augmented(&q->tree, &se->node, deadline_less, &min_vruntime_cb);
	q->avg_vruntime += key * se->weight;
	q->avg_load += se->weight;
	se->on_tree = 1;
	q->nr_queued++;
}

SCHED_HOT void
tree_erase(struct eevdf_rq *q, struct eevdf_task *se)
{
	tree_check(q, se, 1, "erase");
	rb_erase_augmented(&q->tree, &se->node, &min_vruntime_cb);
	q->avg_vruntime -= entity_key(q, se->vruntime) * se->weight;
	q->avg_load -= se->weight;
	se->on_tree = 0;
	q->nr_queued--;
}

/* ---- accounting ---- */

/* min_vruntime follows min(curr, tree) and never goes back; the keys of
 * the sums are relative to it, so they move with it (6.6
 * __update_min_vruntime: avg_vruntime -= avg_load * delta). */
SCHED_HOT void
update_min_vruntime(struct eevdf_rq *q)
{
	uint64_t v = q->min_vruntime;
	int64_t delta;

	if (q->curr)
		v = q->curr->vruntime;
	if (q->tree.node) {
		uint64_t m = node_se(q->tree.node)->min_vruntime;
		if (!q->curr || vless(m, v))
			v = m;
	}
	delta = (int64_t)(v - q->min_vruntime);
	if (delta > 0) {
		q->avg_vruntime -= delta * q->avg_load;
		q->min_vruntime = v;
	}
}

/* The length of se's next request: its own (Linux 6.12's custom slice,
 * not scaled by the CPU count) or the base slice. */
SCHED_HOT uint32_t
entity_slice(const struct eevdf_task *se)
{
	return se->custom_slice ? se->custom_slice : base_slice();
}

/* 6.6 update_deadline: the request is used up - issue the next one, and
 * let pick_eevdf decide who runs now. */
SCHED_HOT void
update_deadline(struct eevdf_rq *q, struct eevdf_task *se)
{
	if (vless(se->vruntime, se->deadline))
		return;
	se->slice = entity_slice(se);
	se->deadline = se->vruntime + calc_delta_fair(se->slice, se);
	if (rq_nr_running(q->rq) > 1)
		sched_resched(q->rq);
}

SCHED_HOT void
update_curr(struct eevdf_rq *q)
{
	struct eevdf_task *curr = q->curr;
	int64_t delta;

	if (!curr)
		return;
	if (curr->on_tree)
		tree_check(q, curr, 0, "update_curr");
	delta = (int64_t)(rq_clock(q->rq) - curr->exec_start);
	if (delta <= 0)
		return;
	curr->exec_start = rq_clock(q->rq);
	curr->vruntime += calc_delta_fair((uint64_t)delta, curr);
	update_deadline(q, curr);
	update_min_vruntime(q);
}

/* 6.6 update_entity_lag: remember V - v, clamped to two slices (or a tick)
 * of this task's virtual time, so that a long-past debt or credit cannot
 * be carried forever. */
SCHED_HOT void
update_entity_lag(struct eevdf_rq *q, struct eevdf_task *se)
{
	uint32_t tick_ns = sched_tick_ns();
	uint32_t wall = 2 * se->slice > tick_ns ? 2 * se->slice : tick_ns;
	int64_t lag = (int64_t)(avg_vruntime(q) - se->vruntime);
	int64_t limit = (int64_t)calc_delta_fair(wall, se);

	se->vlag = lag < -limit ? -limit : lag > limit ? limit : lag;
}

/*
 * 6.6 place_entity: v = V - vlag, with vlag inflated by (W + w) / W because
 * adding the task itself pulls V towards it; without that, lag would shrink
 * at every sleep.  The first request of a new task is half a slice: the
 * others are on average half-way through theirs.
 */
SCHED_HOT void
place_entity(struct eevdf_rq *q, struct eevdf_task *se, int initial)
{
	uint64_t vslice, v = avg_vruntime(q);
	int64_t lag = 0;

	se->slice = entity_slice(se);
	vslice = calc_delta_fair(se->slice, se);
	if (place_lag && (q->nr_queued || q->curr)) {
		uint32_t load = q->avg_load + (q->curr ? q->curr->weight : 0);
		if (SCHED_DEBUG)	/* the divisor's bound: avg_vruntime() */
			KASSERT(load < LOAD_MAX);
		lag = se->vlag * (load + se->weight);
		lag = div_s64(lag, load ? load : 1);
	}
	se->vruntime = v - (uint64_t)lag;
	if (place_deadline_initial && initial)
		vslice /= 2;
	se->deadline = se->vruntime + vslice;
}

/*
 * The eligible task with the earliest deadline.  Going down from the root:
 * if the left subtree (earlier deadlines) holds any eligible task, the
 * answer is there; else this node if eligible; else the right subtree.
 * O(log n).  With with_curr the running task competes too (6.6: it wins
 * ties), and RUN_TO_PARITY keeps an eligible one until its request ends.
 */
SCHED_HOT struct eevdf_task *
pick_eevdf(struct eevdf_rq *q, int with_curr)
{
	struct eevdf_task *curr = with_curr ? q->curr : NULL, *best = NULL;
	struct rb_node *n = q->tree.node;
	struct vsums s;

	avg_sums(q, &s.avg, &s.load);
	if (curr && !eligible_by(q, &s, curr->vruntime))
		curr = NULL;
	if (run_to_parity && curr && curr->pick_deadline == curr->deadline)
		return curr;
	while (n) {
		if (n->left &&
		    eligible_by(q, &s, node_se(n->left)->min_vruntime)) {
			n = n->left;
			continue;
		}
		if (eligible_by(q, &s, node_se(n)->vruntime)) {
			best = node_se(n);
			break;
		}
		n = n->right;
	}
	if (curr && (!best || !vless(best->deadline, curr->deadline)))
		return curr;
	return best;
}

/* ---- the policy hooks ---- */

static void
eevdf_init_rq(struct rq *rq)
{
	eevdf_rq(rq)->rq = rq;
}

/* 6.6 enqueue_entity: every arrival (wakeup, new, migration) is placed by
 * its saved lag; there is no vruntime to renormalise. */
static void
eevdf_enqueue(struct rq *rq, struct task *p, int flags)
{
	struct eevdf_rq *q = eevdf_rq(rq);
	struct eevdf_task *se = eevdf_task(p);

	update_curr(q);
	place_entity(q, se, flags & ENQ_NEW);
	q->load += se->weight;
	tree_insert(q, se);
}

static void
eevdf_dequeue(struct rq *rq, struct task *p, int flags)
{
	struct eevdf_rq *q = eevdf_rq(rq);
	struct eevdf_task *se = eevdf_task(p);

	update_curr(q);
	update_entity_lag(q, se);	/* while se still counts in V */
	if (flags & DEQ_MIGRATE)
		tree_erase(q, se);		/* a queued task */
	else if (q->curr == se)
		q->curr = NULL;			/* the running task sleeps */
	q->load -= se->weight;
	update_min_vruntime(q);
}

static struct task *
eevdf_pick_next(struct rq *rq)
{
	struct eevdf_rq *q = eevdf_rq(rq);
	struct eevdf_task *se = pick_eevdf(q, 0);

	if (!se && q->tree.node) {
		/* cannot happen: the smallest vruntime is always <= V */
		printk("eevdf: cpu%d found no eligible task, picking leftmost\n",
		       rq_cpu(rq));
		se = node_se(rb_first(&q->tree));
	}
	if (!se)
		return NULL;
	tree_erase(q, se);
	q->curr = se;
	se->exec_start = rq_clock(rq);
	se->pick_deadline = se->deadline;
	return eevdf_task_of(se);
}

static void
eevdf_put_prev(struct rq *rq, struct task *p)
{
	struct eevdf_rq *q = eevdf_rq(rq);
	struct eevdf_task *se = eevdf_task(p);

	update_curr(q);
	q->curr = NULL;
	tree_insert(q, se);
}

/* 6.6 entity_tick: only accounting - update_deadline preempts once the
 * request is used up.  No check_preempt_tick, no min_granularity. */
static void
eevdf_tick(struct rq *rq, struct task *curr)
{
	(void)curr;
	update_curr(eevdf_rq(rq));
}

/* 6.6 check_preempt_wakeup: preempt iff the EEVDF pick, with the running
 * task competing, is the wakee.  No wakeup granularity; sync is ignored. */
/* 6.12 do_preempt_short: an eligible wakee with a shorter slice than the
 * running task's ends that task's RUN_TO_PARITY protection if its deadline
 * is earlier (or the running task is no longer eligible). */
static int
preempts_short(struct eevdf_rq *q, struct eevdf_task *pse,
	       struct eevdf_task *se)
{
	if (!preempt_short || pse->slice >= se->slice ||
	    !vruntime_eligible(q, pse->vruntime))
		return 0;
	return vless(pse->deadline, se->deadline) ||
	       !vruntime_eligible(q, se->vruntime);
}

static int
eevdf_check_preempt(struct rq *rq, struct task *p, int sync)
{
	struct eevdf_rq *q = eevdf_rq(rq);
	struct eevdf_task *pse = eevdf_task(p);

	(void)sync;
	if (!q->curr || rq_resched_pending(rq))
		return 0;
	/* 6.6: an idle-policy task yields to any other waking task; batch
	 * and idle tasks do not preempt (the tick does it for them) */
	if (task_is_idle_class(rq_curr(rq)) && !task_is_idle_class(p))
		return 1;
	if (task_is_batch(p) || task_is_idle_class(p))
		return 0;
	update_curr(q);
	if (preempts_short(q, pse, q->curr))
		q->curr->pick_deadline = 0;	/* cancel_protect_slice */
	return pick_eevdf(q, 1) == pse;
}

/* 6.6 yield_task_fair: push the deadline one request further out. */
static void
eevdf_yield(struct rq *rq, struct task *curr)
{
	struct eevdf_rq *q = eevdf_rq(rq);
	struct eevdf_task *se = eevdf_task(curr);

	if (rq_nr_running(rq) == 1)
		return;
	update_curr(q);
	se->deadline += calc_delta_fair(se->slice, se);
}

/* The real placement happens at the first enqueue (ENQ_NEW), on whatever
 * CPU the child lands.  EEVDF has no child-runs-first: the wakeup rule
 * decides whether the child preempts the parent. */
static int
eevdf_fork(struct task *parent, struct task *child)
{
	struct eevdf_rq *q = eevdf_rq(task_rq(child));
	struct eevdf_task *se = eevdf_task(child);

	(void)parent;
	se->on_tree = 0;
	se->vlag = 0;
	set_weight(se, child, task_nice(child));
	se->custom_slice = task_slice_ns(child);	/* inherited, as in 6.12 */
	update_curr(q);
	se->slice = entity_slice(se);
	se->vruntime = avg_vruntime(q);
	se->deadline = se->vruntime + calc_delta_fair(se->slice, se);
	se->pick_deadline = 0;
	return 0;
}

/* A new slice request length takes effect with the next request (6.12
 * __setparam_fair sets it for the next update_deadline too). */
static void
eevdf_set_slice(struct rq *rq, struct task *p)
{
	(void)rq;
	eevdf_task(p)->custom_slice = task_slice_ns(p);
}

/*
 * 6.6 set_user_nice dequeues (saving the lag), reweights and enqueues
 * again.  vlag is virtual: the real lag w * vlag is what is kept, so vlag
 * scales by old / new weight (reweight_entity); the task then gets a fresh
 * request at its new weight.  prio_changed_fair: a running task that got
 * lighter is rescheduled, a queued one gets the wakeup test.
 */
static void
eevdf_set_nice(struct rq *rq, struct task *p, int nice)
{
	struct eevdf_rq *q = eevdf_rq(rq);
	struct eevdf_task *se = eevdf_task(p);
	int queued = se->on_tree, running = q->curr == se;
	uint32_t old = se->weight;

	if (!queued && !running) {
		set_weight(se, p, nice);
		se->vlag = se->vlag * (int64_t)old / (int64_t)se->weight;
		return;
	}
	update_curr(q);
	update_entity_lag(q, se);
	if (queued)
		tree_erase(q, se);
	else
		q->curr = NULL;
	q->load -= old;
	set_weight(se, p, nice);
	se->vlag = se->vlag * (int64_t)old / (int64_t)se->weight;
	place_entity(q, se, 0);
	q->load += se->weight;
	if (queued) {
		tree_insert(q, se);
		if (q->curr && pick_eevdf(q, 1) == se)
			sched_resched(rq);
		return;
	}
	q->curr = se;
	se->pick_deadline = se->deadline;
	if (nice > task_nice(p))
		sched_resched(rq);
}

static unsigned long
eevdf_load(struct rq *rq)
{
	return eevdf_rq(rq)->load;
}

/* EEVDF (6.6) runs with the modern balancer: idle search at wakeup,
 * fork balancing, 0.5 ms migration cost. */
static int
eevdf_lb_era(void)
{
	return LB_ERA_MODERN;
}

static unsigned long
eevdf_task_load(struct task *p)
{
	return eevdf_task(p)->weight;
}

static int
eevdf_prio(struct task *p)
{
	return 20 + task_nice(p);		/* top's PR: static_prio - 100 */
}

/* The virtual deadline relative to the CPU's min_vruntime (unlocked read:
 * for ps, may be a little stale). */
static int64_t
eevdf_key(struct task *p)
{
	return entity_key(eevdf_rq(task_rq(p)), eevdf_task(p)->deadline);
}

static void
dump_one(struct eevdf_rq *q, struct eevdf_task *se, uint64_t v, const char *tag)
{
	printk("    %s pid %d deadline %+lld vruntime %+lld lag %+lld %s "
	       "weight %u\n", tag, task_tid(eevdf_task_of(se)),
	       (long long)entity_key(q, se->deadline),
	       (long long)entity_key(q, se->vruntime),
	       (long long)(v - se->vruntime),
	       vruntime_eligible(q, se->vruntime) ? "eligible" : "not-eligible",
	       se->weight);
}

/* The tree in deadline order; times relative to min_vruntime, lag = V - v
 * in virtual ns. */
static void
eevdf_dump(struct rq *rq)
{
	struct eevdf_rq *q = eevdf_rq(rq);
	uint64_t v = avg_vruntime(q);

	printk("  eevdf: V %llu = min_vruntime %llu %+lld, load %u, slice %u "
	       "ns\n", v, q->min_vruntime, (long long)(v - q->min_vruntime),
	       q->load, base_slice());
	if (q->curr)
		dump_one(q, q->curr, v, "curr");
	for (struct rb_node *n = rb_first(&q->tree); n; n = rb_next(n))
		dump_one(q, node_se(n), v, "    ");
}

/* Debug builds: the subtree minima and the sums behind V are exact. */
static uint64_t
check_subtree(struct eevdf_rq *q, struct rb_node *n, int64_t *avg,
	      uint32_t *load)
{
	struct eevdf_task *se = node_se(n);
	uint64_t m = se->vruntime, c;

	*avg += entity_key(q, se->vruntime) * se->weight;
	*load += se->weight;
	if (n->left && vless(c = check_subtree(q, n->left, avg, load), m))
		m = c;
	if (n->right && vless(c = check_subtree(q, n->right, avg, load), m))
		m = c;
	if (m != se->min_vruntime)
		panic("eevdf: pid %d subtree min_vruntime %llu, should be %llu",
		      task_tid(eevdf_task_of(se)), se->min_vruntime, m);
	return m;
}

/*
 * Debug builds: pick_eevdf's O(log n) descent finds what a scan of every
 * queued task finds - the eligible one with the earliest deadline, the
 * first in tree order (FIFO) among equal deadlines.  Only on queues of at
 * most PICK_CHECK_MAX tasks: rq_check() runs at every tick, and with the
 * subtree check beside it a scan of 255 tasks (a fork bomb on one CPU)
 * cost more than the 1 ms between ticks under -icount, so the machine
 * did nothing but check itself.
 */
#define PICK_CHECK_MAX	64
#define TREE_CHECK_MAX	128

static void
check_pick(struct eevdf_rq *q)
{
	struct eevdf_task *want = NULL, *got;
	struct vsums s;

	if (q->nr_queued > PICK_CHECK_MAX)
		return;
	got = pick_eevdf(q, 0);
	avg_sums(q, &s.avg, &s.load);
	for (struct rb_node *n = rb_first(&q->tree); n; n = rb_next(n)) {
		struct eevdf_task *se = node_se(n);
		if (eligible_by(q, &s, se->vruntime) &&
		    (!want || vless(se->deadline, want->deadline)))
			want = se;
	}
	if (got != want)
		panic("eevdf: cpu%d pick_eevdf found pid %d, a scan pid %d",
		      rq_cpu(q->rq), got ? task_tid(eevdf_task_of(got)) : -1,
		      want ? task_tid(eevdf_task_of(want)) : -1);
}

static unsigned
eevdf_count(struct rq *rq)
{
	struct eevdf_rq *q = eevdf_rq(rq);
	int64_t avg = 0;
	uint32_t load = 0;

	/* The whole-tree checks are O(n) at every runqueue check, ticks
	 * included: above TREE_CHECK_MAX tasks (a fork bomb's 1,023 on one
	 * CPU) they would take longer than a tick, so they stop there. */
	if (!SCHED_DEBUG || q->nr_queued > TREE_CHECK_MAX)
		return q->nr_queued;
	if (q->tree.node) {
		check_subtree(q, q->tree.node, &avg, &load);
		check_pick(q);
	}
	if (avg != q->avg_vruntime || load != q->avg_load)
		panic("eevdf: cpu%d avg_vruntime %lld/%lld, should be %lld/%lld",
		      rq_cpu(rq), (long long)q->avg_vruntime,
		      (long long)q->avg_load, (long long)avg, (long long)load);
	return q->nr_queued;
}

/*
 * Hooks left to the core's defaults: exit, and migrate_out/in: lag travels
 * in vlag (saved by dequeue, used by the next enqueue), so nothing needs
 * rebasing between CPUs (6.6 dropped the min_vruntime renormalisation of
 * set_task_cpu).
 */
const struct sched_policy sched_policy = {
	.name = "eevdf",
	.rq_size = sizeof(struct eevdf_rq),
	.init_rq = eevdf_init_rq,
	.enqueue = eevdf_enqueue,
	.dequeue = eevdf_dequeue,
	.pick_next = eevdf_pick_next,
	.put_prev = eevdf_put_prev,
	.tick = eevdf_tick,
	.check_preempt = eevdf_check_preempt,
	.yield = eevdf_yield,
	.fork = eevdf_fork,
	.set_nice = eevdf_set_nice,
	.set_slice = eevdf_set_slice,
	.load = eevdf_load,
	.lb_era = eevdf_lb_era,
	.task_load = eevdf_task_load,
	.prio = eevdf_prio,
	.key = eevdf_key,
	.dump = eevdf_dump,
	.count = eevdf_count,
	.update_sysctl = eevdf_update_sysctl,
	.tunables = eevdf_tunables,
	.ntunables = sizeof(eevdf_tunables) / sizeof(eevdf_tunables[0]),
};
