/*
 * balance_domains.c - the sched-domains balancer of 2.6.22 and 2.6.24
 * (kernel/sched.c: find_busiest_group(), load_balance(), move_tasks(),
 * can_migrate_task(), rebalance_domains(), source_load(), target_load(),
 * try_to_wake_up(); include/linux/topology.h: SD_CPU_INIT), reduced to
 * the one domain of single-CPU groups a flat SMP machine has, so every
 * group's cpu_power is SCHED_LOAD_SCALE and drops out of the arithmetic.
 *
 *   load      each CPU's load is the weight of its tasks (the policy's
 *             task_load: 2.6.22 smp-nice weights, 2.6.24 CFS weights;
 *             an rt task the era's rt_weight, lb_load()),
 *             decayed each tick into cpu_load[] (balance_update_load());
 *             a CPU pulled from counts the smaller of decayed and current
 *             load (source_load), the puller the larger (target_load);
 *   busiest   the most loaded CPU with more than one task of any class
 *             (lb_nr()); balanced if
 *             this CPU is at or above the average, or the busiest is not
 *             imbalance_pct (125 %) above this CPU;
 *   amount    min(max - avg, max - the busiest's load per task,
 *             avg - this); if that is less than one task's load, one
 *             task moves only if the difference is two tasks' worth (one
 *             if the busiest's tasks are heavier) or the move raises the
 *             CPU power used; 2.6.24 adds SCHED_LOAD_SCALE_FUZZ (one task)
 *             to the difference.  When neither holds, 2.6.22 calls the
 *             domain balanced, while 2.6.24 still tries the amount as
 *             computed (small_imbalance_fails()).  So in 2.6.22 5 hogs
 *             on 4 CPUs are balanced and two share a CPU for good, while
 *             in 2.6.24 a single-hog CPU pulls one of the pair;
 *   failure   nr_balance_failed belongs to the puller: past
 *             cache_nice_tries + 2 the busiest CPU pushes its running task
 *             (active balance) and the count drops to cache_nice_tries + 1;
 *             cache-hot tasks may move once it exceeds cache_nice_tries;
 *   interval  back to min_interval after an attempt that found an
 *             imbalance, doubled (up to max_interval) after a balanced
 *             one or an active balance; times busy_factor while busy.
 *
 * Quanta takes the busiest CPU's queued tasks in the order they were
 * queued (2.6.22: expired array first, best priority first; 2.6.24: the
 * CFS tree's order) and leaves out the exception that lets a task heavier
 * than the amount move when it would be the best on its new CPU.
 */
#include <stdint.h>
#include "kernel/cpu.h"
#include "kernel/sched/balance.h"
#include "kernel/sched/sched.h"
#include "kernel/time.h"

/* SD_CPU_INIT's load indexes (2.6.22, 2.6.24): cpu_load[idx - 1]. */
#define BUSY_IDX	2
#define IDLE_IDX	1
#define NEWIDLE_IDX	2
#define WAKE_IDX	1

static unsigned long
source_load(const struct lb_params *lp, struct rq *rq, int idx)
{
	unsigned long now = lb_load(lp, rq), old = rq->cpu_load[idx - 1];

	return old < now ? old : now;
}

static unsigned long
target_load(const struct lb_params *lp, struct rq *rq, int idx)
{
	unsigned long now = lb_load(lp, rq), old = rq->cpu_load[idx - 1];

	return old > now ? old : now;
}

static unsigned long
min_ul(unsigned long a, unsigned long b)
{
	return a < b ? a : b;
}

struct group_stats {
	unsigned long load, weight;	/* smoothed; current (sum_weighted) */
	unsigned nr;
};

/* The small-imbalance test of find_busiest_group(): should one task of
 * the busiest CPU move although the amount is less than a task's load?
 * The powers (SCHED_LOAD_SCALE) cancel on single-CPU groups. */
static int
small_imbalance_moves(const struct lb_params *lp, struct group_stats *this,
		      unsigned long max_load, unsigned long busiest_lpt)
{
	unsigned long this_lpt = SCHED_LOAD_SCALE, pwr_now, pwr_move, tmp;
	unsigned long fuzz = lp->era == LB_ERA_2_6_24 ? SCHED_LOAD_SCALE : 0;
	unsigned imbn = 2;

	if (this->nr) {
		this_lpt = this->weight / this->nr;
		if (busiest_lpt > this_lpt)
			imbn = 1;
	}
	if (max_load - this->load + fuzz >= busiest_lpt * imbn)
		return 1;
	/* moving it would raise the CPU power used? */
	pwr_now = min_ul(busiest_lpt, max_load) + min_ul(this_lpt, this->load);
	pwr_move = 0;
	if (max_load > busiest_lpt)
		pwr_move += min_ul(busiest_lpt, max_load - busiest_lpt);
	tmp = min_ul(max_load, busiest_lpt);
	pwr_move += min_ul(this_lpt, this->load + tmp);
	return pwr_move > pwr_now;
}

/* The small-imbalance test said no.  2.6.22 (kernel/sched.c,
 * find_busiest_group) calls the domain balanced: the failure count is
 * reset and nothing moves.  2.6.24 returns the busiest CPU all the same,
 * with the amount left as computed (0 when max_load < avg): move_tasks()
 * may still take a task, since its fuzz lets one weighing up to twice
 * (amount + SCHED_LOAD_SCALE) go, and when nothing moves the failure
 * count rises towards an active balance.  So in 2.6.24 two nice-0 hogs and a
 * nice -2 hog on 2 CPUs keep changing places; in 2.6.22 the pair shares a
 * CPU for good. */
static struct rq *
small_imbalance_fails(const struct lb_params *lp, struct rq *busiest)
{
	return lp->era == LB_ERA_2_6_24 ? busiest : NULL;
}

/* find_busiest_group() on a flat domain: the CPU to pull from and the
 * load to move, or NULL if the domain is balanced. */
static struct rq *
find_busiest_group(const struct lb_params *lp, struct rq *this, int idx,
		   unsigned long *imbalance)
{
	struct group_stats here = { 0, 0, 0 };
	unsigned long max_load = 0, total = 0, avg, max_pull, busiest_lpt = 0;
	unsigned busiest_nr = 0;
	struct rq *busiest = NULL;

	for (int i = 0; i < ncpu; i++) {
		struct rq *rq = cpu_rq(i);
		unsigned long load = rq == this ? target_load(lp, rq, idx) :
						  source_load(lp, rq, idx);
		total += load;
		if (rq == this) {
			here = (struct group_stats){ load, lb_load(lp, rq),
						     lb_nr(rq) };
		} else if (load > max_load && lb_nr(rq) > 1) {
			/* group_capacity: one task per CPU */
			max_load = load;
			busiest = rq;
			busiest_nr = lb_nr(rq);
			busiest_lpt = lb_load(lp, rq);
		}
	}
	if (!busiest || here.load >= max_load || busiest_nr == 0)
		return NULL;
	avg = total / (unsigned long)ncpu;
	if (here.load >= avg ||
	    100 * max_load <= lp->imbalance_pct * here.load)
		return NULL;
	busiest_lpt /= busiest_nr;
	if (max_load <= busiest_lpt)
		return NULL;
	if (max_load < avg) {		/* smp-nice: skipped groups */
		*imbalance = 0;
	} else {
		max_pull = min_ul(max_load - avg, max_load - busiest_lpt);
		*imbalance = min_ul(max_pull, avg - here.load);
	}
	if (*imbalance >= busiest_lpt)
		return busiest;
	if (small_imbalance_moves(lp, &here, max_load, busiest_lpt)) {
		*imbalance = busiest_lpt;
		return busiest;
	}
	return small_imbalance_fails(lp, busiest);
}

/* move_tasks(): up to `amount` of weighted load, both locked.  A task
 * heavier than what is left is skipped (2.6.24: half its weight against
 * what is left plus the fuzz). */
static int
move_tasks(const struct lb_params *lp, struct rq *this, struct rq *busiest,
	   unsigned long amount)
{
	unsigned long fuzz = lp->era == LB_ERA_2_6_24 ? SCHED_LOAD_SCALE : 0;
	int hot_ok = this->balance_failed > lp->cache_nice_tries, moved = 0;
	struct list *pos, *n;

	list_for_each_safe(pos, n, &busiest->queued) {
		struct task *p = list_entry(pos, struct task, rq_node);
		unsigned long w = p->lb_weight;
		int skip = lp->era == LB_ERA_2_6_24 ? (w >> 1) > amount + fuzz
						    : w > amount;
		if (amount == 0)
			break;
		if (skip || !lb_can_migrate(lp, p, busiest, this, hot_ok))
			continue;
		sched_move_task(busiest, this, p);
		moved++;
		amount -= min_ul(w, amount);
	}
	return moved;
}

/* load_balance() and load_balance_newidle() for `this` (locked on entry
 * only if `locked`).  *imbalanced: 0 balanced, 1 an imbalance was found,
 * 2 ... and an active balance was asked for.  Returns the tasks moved. */
int
lb_balance_domains(const struct lb_params *lp, struct rq *this,
		   enum lb_idle idle, int locked, int *imbalanced)
{
	int idx = idle == LB_IDLE ? IDLE_IDX :
		  idle == LB_NEWLY_IDLE ? NEWIDLE_IDX : BUSY_IDX;
	unsigned long imbalance = 0;
	struct rq *busiest;
	int moved = 0;

	this->stats.lb_count++;
	*imbalanced = 0;
	busiest = find_busiest_group(lp, this, idx, &imbalance);
	if (!busiest) {
		this->balance_failed = 0;	/* out_balanced */
		return 0;
	}
	*imbalanced = 1;
	if (locked)
		spin_unlock(&this->lock);
	double_rq_lock(this, busiest);
	if (lb_nr(busiest) > 1)
		moved = move_tasks(lp, this, busiest, imbalance);
	if (moved) {
		this->balance_failed = 0;
		this->stats.lb_pulled += (uint64_t)moved;
	} else {
		this->stats.lb_failed++;
		/* the newly-idle balance counts no failures */
		if (idle != LB_NEWLY_IDLE &&
		    ++this->balance_failed > lp->cache_nice_tries + 2) {
			if (lb_active_balance(busiest, this->cpu))
				*imbalanced = 2;
			this->balance_failed = lp->cache_nice_tries + 1;
		}
	}
	lb_trace_and_check(this, busiest, moved, imbalance);
	spin_unlock(&busiest->lock);
	if (!locked)
		spin_unlock(&this->lock);
	return moved;
}

/* rebalance_domains() for the one domain. */
void
lb_tick_domains(const struct lb_params *lp, struct rq *rq, uint64_t now)
{
	int idle = rq->curr == rq->idle, imbalanced;
	int64_t min = (int64_t)lp->min_interval_ms;

	lb_balance_domains(lp, rq, idle ? LB_IDLE : LB_BUSY, 0, &imbalanced);
	if (imbalanced == 1)
		rq->balance_interval_ms = min;
	else if (rq->balance_interval_ms < (int64_t)lp->max_interval_ms)
		rq->balance_interval_ms *= 2;
	if (rq->balance_interval_ms < min)
		rq->balance_interval_ms = min;
	lb_set_next(rq, now, (uint64_t)rq->balance_interval_ms *
		    (idle ? 1 : lp->busy_factor),
		    lp->min_interval_ms * (idle ? 1 : lp->busy_factor));
}

/*
 * idle_balance(): the newly-idle pull, then the next periodic balance.
 * A CPU that was busy at its last balance has that balance's interval
 * times busy_factor (64 to 256 ms) ahead of it, long for a CPU that now
 * idles.  2.6.22 (kernel/sched.c, idle_balance) therefore moves the next
 * balance to the idle interval whenever the pull found nothing ("next_
 * balance may be set based on a busy processor"); 2.6.24 only when a
 * task was pulled or the balance was due already, so an idle CPU there
 * can wait out the busy interval.  Quanta counts the idle interval from
 * now on its staggered grid (lb_next_idle), where Linux counts it from
 * the domain's last_balance.
 */
void
lb_newidle_domains(const struct lb_params *lp, struct rq *rq, uint64_t now)
{
	uint64_t due = rq->next_balance;
	int moved, outcome;

	moved = lb_balance_domains(lp, rq, LB_NEWLY_IDLE, 1, &outcome);
	if (lp->era == LB_ERA_2_6_24 && !moved && now < due)
		return;
	lb_next_idle(rq, now, lp->min_interval_ms);
}

/* 2.6.24 try_to_wake_up() (kernel/sched.c), first step of its
 * SD_WAKE_AFFINE block: a sync wakeup draws a cache-cold wakee to the
 * waker's CPU with no load test, since a task whose cache is cold loses
 * nothing by moving and the waker is about to sleep.  task_hot() calls a
 * task of another class than CFS cold, so rt tasks placed here are too.
 * 2.6.22 has no such step.  Linux reads the wakee's previous CPU's
 * rq->clock (possibly a tick old); Quanta reads the clock itself, since
 * another CPU's clock cannot be read safely without its lock. */
static int
sync_wakee_cold(const struct lb_params *lp, const struct task *p, int sync)
{
	uint64_t now;

	if (lp->era != LB_ERA_2_6_24 || !sync)
		return 0;
	if (task_is_rt(&p->view))
		return 1;
	now = sched_clock();
	return now >= p->last_ran && now - p->last_ran >= lp->cache_hot_ns;
}

/* try_to_wake_up()'s SD_WAKE_AFFINE test, 2.6.22 and 2.6.24: wake p on
 * the waker's CPU if the wakeup is sync and p cache-cold (2.6.24 only),
 * or if that CPU, less the waker's own load for a sync wakeup, is no
 * busier than p's previous CPU and the two together stay under one
 * task's load, or if adding p keeps the waker's CPU within half the
 * imbalance margin of the previous one. */
int
lb_wake_affine_domains(const struct lb_params *lp, struct task *p,
		       int this_cpu, int prev, int sync)
{
	struct rq *here = cpu_rq(this_cpu);
	struct task *curr = here->curr;
	unsigned long load = source_load(lp, cpu_rq(prev), WAKE_IDX);
	unsigned long tl = target_load(lp, here, WAKE_IDX), tl_per_task;
	unsigned long pct = 100 + (lp->imbalance_pct - 100) / 2;

	if (sync_wakee_cold(lp, p, sync))
		return 1;
	tl_per_task = lb_nr(here) ? lb_load(lp, here) / lb_nr(here)
				  : SCHED_LOAD_SCALE;
	if (sync && curr != here->idle)		/* the waker's own load */
		tl -= min_ul(task_is_rt(&curr->view) ? lp->rt_weight
						     : curr->lb_weight, tl);
	if (tl <= load && tl + target_load(lp, cpu_rq(prev), WAKE_IDX) <=
			  tl_per_task)
		return 1;
	return 100 * (tl + sched_ops.task_load(p)) <= pct * load;
}
