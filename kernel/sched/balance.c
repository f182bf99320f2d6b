/*
 * balance.c - spreading tasks over CPUs: the balancer's era, placement on
 * wakeup and fork, and what every era's balancing shares.
 *
 * Linux balanced differently in each era a policy models, and a student
 * comparing o1 2.6.0 with cfs 2.6.24 should see each with its own
 * balancer (docs/reference/balancer.md has the sources):
 *
 *   2.6.0   no sched domains: every 1 ms on an idle CPU and every 200 ms
 *           on a busy one, pull from the longest queue if it is 25 %
 *           longer; a sync wakeup moves the wakee to the waker's CPU, a
 *           child starts on its parent's (balance_2_6_0.c);
 *   2.6.22  sched domains (balance_domains.c): decayed cpu_load[],
 *   2.6.24  find_busiest_group's min(max - avg, avg - this) and its
 *           small-imbalance test, wake_affine with no idle search, no
 *           fork balancing at CPU level; 2.6.24 adds CFS's load fuzz,
 *           0.5 ms migration cost, a sync wakeup that takes a cache-cold
 *           wakee to the waker's CPU unconditionally, and a failed
 *           small-imbalance test that still tries to move the amount;
 *   modern  select_idle_sibling's idle search at wakeup, fork balancing,
 *           0.5 ms migration cost; the surplus of N+1 hogs rotates
 *           (balance_modern.c);
 *   quanta  Quanta's balancer before the eras: SD_CPU_INIT's constants,
 *           an idle CPU preferred at wakeup, fork balancing, rotation.
 *
 * A policy names its era through its lb_era hook (policy.h; the default,
 * for policies that model no Linux version, is quanta); the lb_era
 * tunable overrides it.  Every other lb_ tunable is -1 by default, which
 * means "the era's value".  Affinity is honoured everywhere: every
 * placement ends in lb_allowed(), every move passes lb_can_migrate().
 */
#include <stdint.h>
#include "kernel/cpu.h"
#include "kernel/sched/balance.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/trace.h"
#include "kernel/time.h"
#include "kernel/tunable.h"

static int64_t lb_enabled = 1, lb_era = 0;
static int64_t lb_min_interval_ms = -1, lb_max_interval_ms = -1;
static int64_t lb_busy_factor = -1, lb_imbalance_pct = -1;
static int64_t lb_cache_hot_ns = -1, lb_cache_nice_tries = -1;
static int64_t lb_wake_affine = -1, lb_fork_balance = -1, lb_exec_balance = -1;
static int64_t lb_bounce_protect = 0, lb_rotate = -1;

const struct tunable balance_tunables[] = {
	TUNABLE("lb_enabled", lb_enabled, 1, 0, 1, "bool",
		"periodic and newly-idle load balancing"),
	TUNABLE("lb_era", lb_era, 0, 0, 5, "mode",
		"0 the policy's, 1 2.6.0, 2 2.6.22, 3 2.6.24, 4 modern, "
		"5 quanta"),
	TUNABLE("lb_min_interval_ms", lb_min_interval_ms, -1, -1, 1000, "ms",
		"balance interval of an idle CPU (-1: the era's)"),
	TUNABLE("lb_max_interval_ms", lb_max_interval_ms, -1, -1, 10000, "ms",
		"longest interval between balance attempts (-1: the era's)"),
	TUNABLE("lb_busy_factor", lb_busy_factor, -1, -1, 1024, "x",
		"a busy CPU balances this many times less often (-1: era's)"),
	TUNABLE("lb_imbalance_pct", lb_imbalance_pct, -1, -1, 400, "%",
		"busiest must exceed this CPU's load by this much (-1: era's)"),
	TUNABLE("lb_cache_hot_ns", lb_cache_hot_ns, -1, -1, 1000000000, "ns",
		"a task that ran this recently is cache-hot (-1: the era's)"),
	TUNABLE("lb_cache_nice_tries", lb_cache_nice_tries, -1, -1, 100, "",
		"failed attempts before cache-hot tasks may move (-1: era's)"),
	TUNABLE("lb_wake_affine", lb_wake_affine, -1, -1, 1, "bool",
		"a wakeup may pull the wakee to the waker's CPU (-1: era's)"),
	TUNABLE("lb_fork_balance", lb_fork_balance, -1, -1, 1, "bool",
		"place new tasks on the idlest CPU (-1: the era's)"),
	TUNABLE("lb_exec_balance", lb_exec_balance, -1, -1, 1, "bool",
		"move an exec'ing task to the idlest CPU (-1: the era's)"),
	TUNABLE("lb_bounce_protect", lb_bounce_protect, 0, 0, 1, "bool",
		"do not move a task again before it ran where it was moved "
		"(Quanta's addition; modern and quanta eras)"),
	TUNABLE("lb_rotate", lb_rotate, -1, -1, 1, "bool",
		"one surplus task (5 hogs on 4 CPUs): rotate it (Quanta's; "
		"modern and quanta eras; -1: on there)"),
};
const size_t balance_ntunables = sizeof(balance_tunables) / sizeof(balance_tunables[0]);

/*
 * Each era's constants.  2.6.0: IDLE/BUSY_REBALANCE_TICK are fixed (the
 * intervals here are unused), cache_decay_ticks was computed at boot from
 * the L2 size (1 to 10 ms; 2 ms on a 512 KB Xeon), and there was no
 * failure count.  2.6.22/2.6.24: SD_CPU_INIT (include/linux/topology.h)
 * with no SD_BALANCE_FORK.  2.6.22 had no fixed cache-hot time: its
 * SD_CPU_INIT sets no cache_hot_time, and calibrate_migration_costs()
 * (kernel/sched.c) measured a migration cost at boot (or took the
 * migration_cost= boot parameter) and stored it in each domain's
 * cache_hot_time; Quanta's 2.5 ms stands in for that measurement (the
 * 2.6.1x initialisers' fixed value).  2.6.24: sysctl_sched_migration_cost
 * 0.5 ms.  modern: 6.x sd_init()
 * (kernel/sched/topology.c), intervals scaled by the CPU count in
 * lb_params().  quanta: SD_CPU_INIT with fork balancing and rotation.
 */
/*
 * What an rt task weighs in the balancer's load.  2.6.22 (kernel/sched.c,
 * set_load_weight()): RTPRIO_TO_LOAD_WEIGHT(rt_priority), the load of a
 * task with the best static priority's slice (800 ms against nice 0's
 * 100 ms: 8 x 1024) plus rt_priority x 1024 / DEF_TIMESLICE, which Quanta
 * leaves out (at most about 1,000): without it a runqueue's rt load is
 * its count of rt tasks times one constant, and needs no sum of its own.
 * 2.6.24 set_load_weight(): twice nice -20's weight.  2.6.0
 * counted tasks (balance_2_6_0.c counts rt tasks as tasks); 6.x keeps rt
 * tasks out of the fair load and counts them in nr_running, which the
 * modern era does (weight 0).
 */
#define RT_WEIGHT_2_6_22	(8 * SCHED_LOAD_SCALE)
#define RT_WEIGHT_2_6_24	(2 * 88761ul)

static const struct lb_params eras[] = {
	[LB_ERA_2_6_0] = { .era = LB_ERA_2_6_0, .imbalance_pct = 125,
		.cache_hot_ns = 2000000, .wake_affine = 1 },
	[LB_ERA_2_6_22] = { .era = LB_ERA_2_6_22, .min_interval_ms = 1,
		.max_interval_ms = 4, .busy_factor = 64, .imbalance_pct = 125,
		.cache_hot_ns = 2500000, .cache_nice_tries = 1,
		.wake_affine = 1, .exec_balance = 1,
		.rt_weight = RT_WEIGHT_2_6_22 },
	[LB_ERA_2_6_24] = { .era = LB_ERA_2_6_24, .min_interval_ms = 1,
		.max_interval_ms = 4, .busy_factor = 64, .imbalance_pct = 125,
		.cache_hot_ns = 500000, .cache_nice_tries = 1,
		.wake_affine = 1, .exec_balance = 1,
		.rt_weight = RT_WEIGHT_2_6_24 },
	[LB_ERA_MODERN] = { .era = LB_ERA_MODERN, .min_interval_ms = 1,
		.max_interval_ms = 2, .busy_factor = 16, .imbalance_pct = 117,
		.cache_hot_ns = 500000, .cache_nice_tries = 1,
		.wake_affine = 1, .fork_balance = 1, .exec_balance = 1,
		.rotate = 1 },
	[LB_ERA_QUANTA] = { .era = LB_ERA_QUANTA, .min_interval_ms = 1,
		.max_interval_ms = 4, .busy_factor = 64, .imbalance_pct = 125,
		.cache_hot_ns = 2500000, .cache_nice_tries = 1,
		.wake_affine = 1, .fork_balance = 1, .rotate = 1 },
};

int
balance_era(void)
{
	int era = lb_era ? (int)lb_era : sched_ops.lb_era();

	KASSERT(era >= LB_ERA_2_6_0 && era <= LB_ERA_QUANTA);
	return era;
}

/* A tunable at -1 leaves the era's value. */
#define PICK(tunable, value)	\
	((tunable) >= 0 ? (__typeof__(value))(tunable) : (value))

void
lb_params(struct lb_params *lp)
{
	*lp = eras[balance_era()];
	if (lp->era == LB_ERA_MODERN) {	/* sd_weight ms, twice that at most */
		lp->min_interval_ms *= (uint64_t)ncpu;
		lp->max_interval_ms *= (uint64_t)ncpu;
	}
	lp->min_interval_ms = PICK(lb_min_interval_ms, lp->min_interval_ms);
	lp->max_interval_ms = PICK(lb_max_interval_ms, lp->max_interval_ms);
	if (lp->max_interval_ms < lp->min_interval_ms)
		lp->max_interval_ms = lp->min_interval_ms;
	lp->busy_factor = PICK(lb_busy_factor, lp->busy_factor);
	lp->imbalance_pct = PICK(lb_imbalance_pct, lp->imbalance_pct);
	lp->cache_hot_ns = PICK(lb_cache_hot_ns, lp->cache_hot_ns);
	lp->cache_nice_tries = PICK(lb_cache_nice_tries, lp->cache_nice_tries);
	lp->wake_affine = PICK(lb_wake_affine, lp->wake_affine);
	lp->fork_balance = PICK(lb_fork_balance, lp->fork_balance);
	lp->exec_balance = PICK(lb_exec_balance, lp->exec_balance);
	lp->rotate = PICK(lb_rotate, lp->rotate);
	lp->bounce_protect = (int)lb_bounce_protect;
}

int
lb_allowed(const struct task *p, int cpu)
{
	return (p->cpus_allowed >> cpu) & 1;
}

int
lb_first_allowed(const struct task *p)
{
	for (int i = 0; i < ncpu; i++)
		if (lb_allowed(p, i))
			return i;
	return 0;
}

static int
prev_or_allowed(const struct task *p, int cpu)
{
	return lb_allowed(p, cpu) ? cpu : lb_first_allowed(p);
}

static int
cpu_idle(int cpu)
{
	return cpu_rq(cpu)->nr_running == 0;
}

/* ---- placement ---- */

/* A new task, or one about to exec: the parent's (its own) CPU unless the
 * era balances at fork (exec); then the idlest CPU if it is clearly
 * (imbalance_pct / 2) less loaded (sched_balance_self(), 2.6.25+ for fork
 * and 2.6.8+ for exec; 6.x find_idlest_cpu()).  An exec'ing task counts
 * in its own CPU's load, as in Linux. */
static int
place_new(const struct lb_params *lp, struct task *p, int parent_cpu,
	  int balance)
{
	int best = prev_or_allowed(p, parent_cpu);
	unsigned long here, best_load;

	if (!balance)
		return best;
	here = best_load = lb_load(lp, cpu_rq(best));
	for (int i = 0; i < ncpu; i++) {
		unsigned long l = lb_load(lp, cpu_rq(i));
		if (lb_allowed(p, i) && l < best_load) {
			best = i;
			best_load = l;
		}
	}
	if (best_load * (100 + (lp->imbalance_pct - 100) / 2) >= here * 100)
		return prev_or_allowed(p, parent_cpu);
	return best;
}

/* 6.x select_task_rq_fair(): wake_affine_idle() chooses between the
 * waker's CPU and the previous one, then select_idle_sibling() takes the
 * target if idle, else the previous CPU if idle, else scans the cache
 * domain (here: every CPU) for an idle one.  wake_affine_weight()'s
 * load comparison, used when neither CPU is idle and the wakeup is not a
 * sync one from a lone waker, keeps the previous CPU here. */
static int
place_wake_modern(const struct lb_params *lp, struct task *p, int waker,
		  int sync)
{
	int prev = p->cpu, target = prev;

	if (lp->wake_affine && waker != prev && lb_allowed(p, waker)) {
		if (cpu_idle(waker))
			target = cpu_idle(prev) ? prev : waker;
		else if (sync && cpu_rq(waker)->nr_running == 1)
			target = waker;
	}
	target = prev_or_allowed(p, target);
	if (cpu_idle(target))
		return target;
	if (prev != target && lb_allowed(p, prev) && cpu_idle(prev))
		return prev;
	for (int i = 1; i < ncpu; i++) {
		int c = (target + i) % ncpu;
		if (lb_allowed(p, c) && cpu_idle(c))
			return c;
	}
	return target;
}

/* Quanta's wakeup rule: a sync wakeup from a lone waker goes to the
 * waker's CPU, else the previous CPU if idle, else any idle CPU. */
static int
place_wake_quanta(const struct lb_params *lp, struct task *p, int waker,
		  int sync)
{
	int prev = p->cpu;

	if (sync && lp->wake_affine && lb_allowed(p, waker) &&
	    cpu_rq(waker)->nr_running <= 1)
		return waker;
	if (lb_allowed(p, prev) && cpu_idle(prev))
		return prev;
	for (int i = 0; i < ncpu; i++)
		if (lb_allowed(p, i) && cpu_idle(i))
			return i;
	return prev_or_allowed(p, prev);
}

static int
place_wake(const struct lb_params *lp, struct task *p, int waker, int sync)
{
	int prev = p->cpu;

	switch (lp->era) {
	case LB_ERA_2_6_0:
		/* try_to_wake_up(): a sync wakeup moves a task that is not
		 * running to the waker's CPU if its affinity allows */
		if (sync && lp->wake_affine && lb_allowed(p, waker))
			return waker;
		return prev_or_allowed(p, prev);
	case LB_ERA_2_6_22:
	case LB_ERA_2_6_24:
		if (lp->wake_affine && waker != prev && lb_allowed(p, prev) &&
		    lb_allowed(p, waker) &&
		    lb_wake_affine_domains(lp, p, waker, prev, sync))
			return waker;
		return prev_or_allowed(p, prev);
	case LB_ERA_MODERN:
		return place_wake_modern(lp, p, waker, sync);
	default:
		return place_wake_quanta(lp, p, waker, sync);
	}
}

int
balance_place(struct task *p, int flags, int from_cpu)
{
	uint32_t mask = p->cpus_allowed;
	struct lb_params lp;

	/* one CPU, or pinned to one: nothing to choose (pingpong -s) */
	if (ncpu == 1)
		return 0;
	if (mask && !(mask & (mask - 1)))
		return __builtin_ctz(mask);
	lb_params(&lp);
	if (flags & PLACE_FORK)
		return place_new(&lp, p, from_cpu, lp.fork_balance);
	if (flags & PLACE_EXEC)
		return place_new(&lp, p, from_cpu, lp.exec_balance);
	return place_wake(&lp, p, from_cpu, (flags & PLACE_SYNC) != 0);
}

/* ---- what the eras' balancing shares ---- */

int
lb_can_migrate(const struct lb_params *lp, struct task *p, struct rq *src,
	       struct rq *dst, int hot_ok)
{
	if (!lb_allowed(p, dst->cpu) || p->on_cpu || p == src->curr)
		return 0;
	/* Handing a waiting task on from CPU to CPU before it ever runs
	 * (5 hogs on 4 CPUs) helps nobody. */
	if (lp->bounce_protect && p->last_ran < p->migrated_at)
		return 0;
	return hot_ok || src->clock - p->last_ran >= lp->cache_hot_ns;
}

/* Ask busiest to push its running task to `to` at its next switch (the
 * work of Linux's migration thread); 0 if that task may not go there, or
 * if another CPU's push is pending already: like Linux's load_balance()
 * (busiest->active_balance), the first asker keeps it.  Overwriting it
 * let a CPU whose ticks always came just after another's ask in vain for
 * good, in lockstep under det, and its one task never had to share. */
int
lb_active_balance(struct rq *busiest, int to)
{
	struct task *curr = busiest->curr;

	assert_rq_locked(busiest);
	if (curr == busiest->idle || task_is_rt(&curr->view) ||
	    !lb_allowed(curr, to) || busiest->push_cpu >= 0)
		return 0;
	busiest->push_cpu = to;
	busiest->stats.alb_pushed++;
	sched_resched(busiest);
	return 1;
}

void
lb_trace_and_check(struct rq *this, struct rq *busiest, int moved,
		   unsigned long imbalance)
{
	if (trace_on)
		trace_record(TR_BALANCE, busiest->cpu, moved, (int)imbalance,
			     0, 0, 0);
	sched_check_rq(busiest);
	sched_check_rq(this);
}

/* Stagger the CPUs: balancing all at once hands one extra task down the
 * line without it ever running.  This is Quanta's own choice for the
 * domain, modern and quanta eras: 2.6.0 had no offset (balance_2_6_0.c
 * does without), the early sched-domains kernels (from 2.6.7) added
 * CPU_OFFSET = HZ * cpu / NR_CPUS to each CPU's jiffies, and 2.6.20 to
 * 2.6.24 dropped it for each domain's last_balance.  Each CPU's
 * offset is its share of unit_ms, the shortest interval of the caller's
 * mode (busy or idle), and not of its own interval: the intervals double
 * from the unit, so CPUs whose intervals grew apart still never
 * balance at the same moment.  (With shares of the interval, a CPU at 256
 * ms fell on another's 64 ms grid; in det, where the ticks keep step, it
 * lost every race for the one surplus task, its interval stayed at the
 * maximum and it never took part in the 5-on-4 rotation.) */
void
lb_set_next(struct rq *rq, uint64_t now, uint64_t interval_ms,
	    uint64_t unit_ms)
{
	uint64_t ns = interval_ms * 1000000ull, unit = unit_ms * 1000000ull;

	/* (tunables can make a maximum that is not a multiple: then the
	 * offsets just stagger less well) */
	rq->next_balance = (now / ns + 1) * ns +
			   unit * (uint64_t)rq->cpu / (uint64_t)ncpu;
}

/* A CPU going idle: its next balance no later than one idle interval
 * (balance_interval_ms, not times busy_factor) from now, on the same
 * staggered grid; an earlier one is kept. */
void
lb_next_idle(struct rq *rq, uint64_t now, uint64_t unit_ms)
{
	uint64_t due = rq->next_balance;

	lb_set_next(rq, now, (uint64_t)rq->balance_interval_ms, unit_ms);
	if (due < rq->next_balance)
		rq->next_balance = due;
}

/* Each tick, rq locked: the decayed loads of the sched-domains era
 * (update_cpu_load(), 2.6.22 and 2.6.24): cpu_load[i] moves 1/2^i of the
 * way to the current load, rounding up while the load rises.  Only that
 * era reads them, so only that era pays for them (a switch to it at run
 * time starts from stale values, which catch up within a few ticks). */
void
balance_update_load(struct rq *rq)
{
	unsigned long now;
	int era;

	if (ncpu < 2)
		return;
	era = balance_era();
	if (era != LB_ERA_2_6_22 && era != LB_ERA_2_6_24)
		return;
	now = lb_load(&eras[era], rq);

	for (int i = 0; i < LB_LOAD_IDX; i++) {
		unsigned long old = rq->cpu_load[i], new = now;
		if (new > old)
			new += (1ul << i) - 1;
		rq->cpu_load[i] = (old * ((1ul << i) - 1) + new) >> i;
	}
}

void
balance_tick(struct rq *rq)
{
	struct lb_params lp;
	uint64_t now;

	if (!lb_enabled || ncpu < 2)
		return;
	now = sched_clock();
	if (now < rq->next_balance)
		return;
	lb_params(&lp);
	switch (lp.era) {
	case LB_ERA_2_6_0:
		lb_tick_2_6_0(rq, now);
		break;
	case LB_ERA_2_6_22:
	case LB_ERA_2_6_24:
		lb_tick_domains(&lp, rq, now);
		break;
	default:
		lb_tick_modern(&lp, rq, now);
	}
}

/* Before rq's CPU goes idle (rq locked; may drop and retake it). */
void
balance_newidle(struct rq *rq)
{
	struct lb_params lp;
	int imbalanced;

	if (!lb_enabled || ncpu < 2)
		return;
	lb_params(&lp);
	switch (lp.era) {
	case LB_ERA_2_6_0:
		lb_balance_2_6_0(rq, LB_IDLE, 1);	/* schedule(): idle */
		break;
	case LB_ERA_2_6_22:
	case LB_ERA_2_6_24:
		lb_newidle_domains(&lp, rq, sched_clock());
		break;
	default:
		lb_balance_modern(&lp, rq, 1, &imbalanced);
		/* newidle_balance() (Linux 6.x kernel/sched/fair.c) moves
		 * the next balance forward to the idle interval, pull or
		 * not; Quanta's own era keeps its rotation's timing */
		if (lp.era == LB_ERA_MODERN)
			lb_next_idle(rq, sched_clock(), lp.min_interval_ms);
	}
}

/*
 * Called on rq's CPU right after it switched away from prev (rq unlocked):
 * move prev to CPU `to` (an active balance asked for it; -1: none), or
 * elsewhere if its affinity no longer allows this CPU.  prev->pinned,
 * counted up by sched_finish_switch(), keeps prev from being freed
 * meanwhile: other CPUs may take, run and even reap it before the locks
 * are ours.  They may also run it and switch it away again, so that a
 * second call for the same task can overlap this one: hence a count.
 */
void
balance_after_switch(struct rq *rq, struct task *prev, int to)
{
	struct rq *dst;

	if (!lb_allowed(prev, rq->cpu))
		to = lb_first_allowed(prev);
	if (to >= 0 && to != rq->cpu && lb_allowed(prev, to)) {
		dst = cpu_rq(to);
		double_rq_lock(rq, dst);
		/* All of it decided unlocked, so all of it again: prev may
		 * have run elsewhere meanwhile, had its affinity changed and
		 * come back here, where the new mask keeps it (the change
		 * moved it if it did not); and a push asked for some ticks
		 * ago may be stale, other balancing having evened the two
		 * CPUs out. */
		if (prev->on_rq && prev->cpu == rq->cpu && !prev->on_cpu &&
		    rq->curr != prev && !list_empty(&prev->rq_node) &&
		    lb_allowed(prev, to) &&
		    (!lb_allowed(prev, rq->cpu) ||
		     rq->nr_running > dst->nr_running))
			sched_move_task(rq, dst, prev);
		double_rq_unlock(rq, dst);
	}
	sched_unpin(prev);
}
