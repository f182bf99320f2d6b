/*
 * balance.c - spreading tasks over CPUs: placement and load balancing.
 *
 * The 2.6-era Linux balancer reduced to one domain of single CPUs
 * (docs/reference/balancer.md; defaults from 2.6's SD_CPU_INIT):
 *
 *   placement  - wakeup: the previous CPU, or the waker's CPU for a sync
 *                wakeup from a lone waker (wake_affine), or an idle CPU;
 *              - fork/exec: the idlest CPU if clearly (imbalance_pct/2)
 *                less loaded than the parent's;
 *   periodic   - each tick, when the CPU's balance interval has passed,
 *                pull from the busiest CPU if it is imbalance_pct busier;
 *   newly idle - before a CPU goes idle, the same pull;
 *   active     - when pulls keep failing because the only extra task on
 *                the busiest CPU is the running one, ask that CPU to push
 *                its running task over;
 *   rotation   - with one surplus task and no idle CPU ("5 hogs on 4
 *                CPUs"), pulling the task that waits would only make it
 *                wait again behind this CPU's task.  Instead the task that
 *                has been on the busiest CPU the longest, the one that has
 *                had its turn there, moves here (queued: now; running: at
 *                its next switch): the wait passes from task to task, so
 *                each gets 4/5 of a CPU (Quanta's addition, lb_rotate=0
 *                turns it off; no Linux era balances exactly this way:
 *                docs/reference/balancer.md).
 *
 * Cache-hot tasks (ran within lb_cache_hot_ns) are left alone unless the
 * balancer has failed cache_nice_tries times.  Affinity is honoured
 * everywhere: can_migrate() is the single gate.
 */
#include <stdint.h>
#include "kernel/cpu.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/trace.h"
#include "kernel/time.h"
#include "kernel/tunable.h"

static int64_t lb_min_interval_ms = 1;
static int64_t lb_max_interval_ms = 4;
static int64_t lb_busy_factor = 64;
static int64_t lb_imbalance_pct = 125;
static int64_t lb_cache_hot_ns = 2500000;
static int64_t lb_cache_nice_tries = 1;
static int64_t lb_wake_affine = 1;
static int64_t lb_fork_balance = 1;
static int64_t lb_enabled = 1;
static int64_t lb_bounce_protect = 0;
static int64_t lb_rotate = 1;

const struct tunable balance_tunables[] = {
	TUNABLE("lb_enabled", lb_enabled, 1, 0, 1, "bool",
		"periodic and newly-idle load balancing"),
	TUNABLE("lb_min_interval_ms", lb_min_interval_ms, 1, 1, 1000, "ms",
		"balance interval of an idle CPU (SD_CPU_INIT min_interval)"),
	TUNABLE("lb_max_interval_ms", lb_max_interval_ms, 4, 1, 10000, "ms",
		"longest interval between balance attempts"),
	TUNABLE("lb_busy_factor", lb_busy_factor, 64, 1, 1024, "x",
		"a busy CPU balances this many times less often"),
	TUNABLE("lb_imbalance_pct", lb_imbalance_pct, 125, 100, 400, "%",
		"busiest must exceed this CPU's load by this much"),
	TUNABLE("lb_cache_hot_ns", lb_cache_hot_ns, 2500000, 0, 1000000000, "ns",
		"a task that ran this recently is cache-hot: not moved"),
	TUNABLE("lb_cache_nice_tries", lb_cache_nice_tries, 1, 0, 100, "",
		"failed attempts before cache-hot tasks may move"),
	TUNABLE("lb_wake_affine", lb_wake_affine, 1, 0, 1, "bool",
		"a sync wakeup pulls the wakee to the waker's CPU"),
	TUNABLE("lb_fork_balance", lb_fork_balance, 1, 0, 1, "bool",
		"place new tasks on the idlest CPU"),
	TUNABLE("lb_bounce_protect", lb_bounce_protect, 0, 0, 1, "bool",
		"do not move a task again before it ran where it was moved "
		"(Quanta's addition, not Linux 2.6)"),
	TUNABLE("lb_rotate", lb_rotate, 1, 0, 1, "bool",
		"one surplus task (5 hogs on 4 CPUs): push the running task "
		"instead of pulling a waiting one (Quanta's addition)"),
};
const size_t balance_ntunables = sizeof(balance_tunables) / sizeof(balance_tunables[0]);

static unsigned long
rq_load(struct rq *rq)
{
	return sched_ops.load(rq);
}

static int
allowed(const struct task *p, int cpu)
{
	return (p->cpus_allowed >> cpu) & 1;
}

static int
first_allowed(const struct task *p)
{
	for (int i = 0; i < ncpu; i++)
		if (allowed(p, i))
			return i;
	return 0;
}

int
balance_select_cpu(struct task *p, int sync, int waker_cpu)
{
	int prev = p->cpu;
	uint32_t mask = p->cpus_allowed;

	/* one CPU, or pinned to one: nothing to choose (pingpong -s) */
	if (ncpu == 1)
		return 0;
	if (mask && !(mask & (mask - 1)))
		return __builtin_ctz(mask);
	if (sync && lb_wake_affine && allowed(p, waker_cpu) &&
	    cpu_rq(waker_cpu)->nr_running <= 1)
		return waker_cpu;
	if (allowed(p, prev) && cpu_rq(prev)->nr_running == 0)
		return prev;
	for (int i = 0; i < ncpu; i++)
		if (allowed(p, i) && cpu_rq(i)->nr_running == 0)
			return i;
	return allowed(p, prev) ? prev : first_allowed(p);
}

int
balance_fork_cpu(struct task *p, int parent_cpu)
{
	int best = allowed(p, parent_cpu) ? parent_cpu : first_allowed(p);
	unsigned long here, best_load;

	if (!lb_fork_balance)
		return best;
	here = best_load = rq_load(cpu_rq(best));
	for (int i = 0; i < ncpu; i++) {
		unsigned long l = rq_load(cpu_rq(i));
		if (allowed(p, i) && l < best_load) {
			best = i;
			best_load = l;
		}
	}
	/* only when clearly less loaded: by half the imbalance margin */
	if (best_load * (100 + (lb_imbalance_pct - 100) / 2) >= here * 100)
		return allowed(p, parent_cpu) ? parent_cpu : best;
	return best;
}

static int
can_migrate(struct task *p, struct rq *src, struct rq *dst)
{
	if (!allowed(p, dst->cpu) || p->on_cpu || p == src->curr)
		return 0;
	/* Handing a waiting task on from CPU to CPU before it ever runs
	 * (5 hogs on 4 CPUs) helps nobody. */
	if (lb_bounce_protect && p->last_ran < p->migrated_at)
		return 0;
	if (src->balance_failed > lb_cache_nice_tries)
		return 1;
	return src->clock - p->last_ran >= (uint64_t)lb_cache_hot_ns;
}

static struct rq *
find_busiest(struct rq *this, unsigned long *busiest_load)
{
	struct rq *busiest = NULL;

	*busiest_load = 0;
	for (int i = 0; i < ncpu; i++) {
		struct rq *rq = cpu_rq(i);
		unsigned long l = rq_load(rq);
		if (rq != this && rq->nr_policy > 1 && l > *busiest_load) {
			busiest = rq;
			*busiest_load = l;
		}
	}
	return busiest;
}

/* Pull up to `amount` of load from busiest; both locked.  Returns the
 * number of tasks moved. */
static int
pull_tasks(struct rq *this, struct rq *busiest, unsigned long amount)
{
	struct list *pos, *n;
	unsigned long moved = 0;
	int k = 0;

	assert_rq_locked(this);
	assert_rq_locked(busiest);
	list_for_each_safe(pos, n, &busiest->queued) {
		struct task *p = list_entry(pos, struct task, rq_node);
		if (moved >= amount)
			break;
		if (!can_migrate(p, busiest, this))
			continue;
		moved += sched_ops.task_load(p);
		sched_move_task(busiest, this, p);
		k++;
	}
	return k;
}

/* Ask busiest to push its running task to `to` at its next switch; 0 if
 * that task may not go there. */
static int
active_balance(struct rq *busiest, int to)
{
	struct task *curr = busiest->curr;

	assert_rq_locked(busiest);
	if (curr == busiest->idle || task_is_rt(&curr->view) ||
	    !allowed(curr, to))
		return 0;
	busiest->push_cpu = to;
	busiest->stats.alb_pushed++;
	sched_resched(busiest);
	return 1;
}

/* The 5-hogs-on-4-CPUs rotation (both locked): move the task that has
 * been on busiest the longest, the one that has had its turn there, and
 * leave the newcomers.  Whether it is running at this moment does not
 * matter (under cfs and eevdf the pair takes turns every few ms): a
 * queued one moves now, a running one is pushed at its next switch.
 * 1 if a move was made or asked for. */
static int
rotate(struct rq *this, struct rq *busiest)
{
	struct task *oldest = NULL, *curr = busiest->curr;
	struct list *pos;

	list_for_each(pos, &busiest->queued) {
		struct task *p = list_entry(pos, struct task, rq_node);
		if (allowed(p, this->cpu) && !p->on_cpu &&
		    (!oldest || p->migrated_at < oldest->migrated_at))
			oldest = p;
	}
	if (curr != busiest->idle && !task_is_rt(&curr->view) &&
	    allowed(curr, this->cpu) &&
	    (!oldest || curr->migrated_at <= oldest->migrated_at))
		return active_balance(busiest, this->cpu);
	if (!oldest)
		return 0;
	sched_move_task(busiest, this, oldest);
	this->stats.lb_pulled++;
	return 1;
}

/* One balancing attempt for `this`, which is not locked on entry unless
 * `locked`. */
static int
load_balance(struct rq *this, int locked)
{
	unsigned long this_load, busiest_load, imbalance;
	struct rq *busiest;
	int moved = 0, rotated = 0;

	this->stats.lb_count++;
	busiest = find_busiest(this, &busiest_load);
	this_load = rq_load(this);
	if (!busiest || busiest_load * 100 <= this_load * lb_imbalance_pct)
		return 0;
	imbalance = (busiest_load - this_load) / 2;
	if (imbalance == 0)
		imbalance = 1;
	if (locked)
		spin_unlock(&this->lock);
	double_rq_lock(this, busiest);
	if (lb_rotate && this->nr_policy > 0 &&
	    busiest->nr_policy == this->nr_policy + 1)
		rotated = rotate(this, busiest);
	/* (a rotation leaves balance_failed alone: it belongs to the pulls
	 * of CPUs that could take a task for good) */
	if (!rotated && busiest->nr_policy > 1)
		moved = pull_tasks(this, busiest, imbalance);
	if (rotated) {
		/* a move is on its way: not a failure */
	} else if (moved) {
		busiest->balance_failed = 0;
		this->stats.lb_pulled += moved;
	} else {
		this->stats.lb_failed++;
		if (++busiest->balance_failed > lb_cache_nice_tries + 2) {
			active_balance(busiest, this->cpu);
			busiest->balance_failed = 0;
		}
	}
	if (trace_on)
		trace_record(TR_BALANCE, busiest->cpu, moved, (int)imbalance, 0, 0, 0);
	sched_check_rq(busiest);
	sched_check_rq(this);
	spin_unlock(&busiest->lock);
	if (!locked)
		spin_unlock(&this->lock);
	return moved + rotated;
}

void
balance_tick(struct rq *rq)
{
	uint64_t now = sched_clock(), interval_ms;	/* ms, then ns */
	int idle = rq->curr == rq->idle;

	if (!lb_enabled || ncpu < 2 || now < rq->next_balance)
		return;
	if (load_balance(rq, 0) > 0)
		rq->balance_interval_ms = lb_min_interval_ms;
	else if (rq->balance_interval_ms < lb_max_interval_ms)
		rq->balance_interval_ms *= 2;
	if (rq->balance_interval_ms < lb_min_interval_ms)
		rq->balance_interval_ms = lb_min_interval_ms;
	if (rq->balance_interval_ms > lb_max_interval_ms)
		rq->balance_interval_ms = lb_max_interval_ms;
	interval_ms = rq->balance_interval_ms * (idle ? 1 : lb_busy_factor);
	/* Stagger the CPUs across the interval, as 2.6's CPU_OFFSET did:
	 * balancing all at once hands the one extra task down the line
	 * without it ever running. */
	interval_ms *= 1000000ull;
	rq->next_balance = (now / interval_ms + 1) * interval_ms +
			   interval_ms * (uint64_t)rq->cpu / (uint64_t)ncpu;
}

void
balance_newidle(struct rq *rq)
{
	if (lb_enabled && ncpu > 1)
		load_balance(rq, 1);
}

/*
 * Called on rq's CPU right after it switched away from prev (rq unlocked):
 * move prev to CPU `to` (an active balance asked for it; -1: none), or
 * elsewhere if its affinity no longer allows this CPU.  prev->pinned,
 * set by sched_finish_switch(), keeps prev from being freed meanwhile:
 * other CPUs may take, run and even reap it before the locks are ours.
 */
void
balance_after_switch(struct rq *rq, struct task *prev, int to)
{
	struct rq *dst;

	if (!allowed(prev, rq->cpu))
		to = first_allowed(prev);
	if (to >= 0 && to != rq->cpu && allowed(prev, to)) {
		dst = cpu_rq(to);
		double_rq_lock(rq, dst);
		/* A push asked for some ticks ago may be stale: other
		 * balancing may have evened the two CPUs out meanwhile. */
		if (prev->on_rq && prev->cpu == rq->cpu && !prev->on_cpu &&
		    rq->curr != prev && !list_empty(&prev->rq_node) &&
		    (!allowed(prev, rq->cpu) ||
		     rq->nr_running > dst->nr_running))
			sched_move_task(rq, dst, prev);
		double_rq_unlock(rq, dst);
	}
	__atomic_store_n(&prev->pinned, 0, __ATOMIC_RELEASE);
}
