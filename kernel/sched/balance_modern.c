/*
 * balance_modern.c - periodic and newly-idle balancing of the modern and
 * quanta eras (balance.c says what an era is).
 *
 * Both pull from the busiest CPU when it is imbalance_pct busier, half the
 * difference, on instantaneous loads (6.x compares PELT averages; Quanta
 * has none).  With one surplus task and no idle CPU ("5 hogs on 4 CPUs")
 * pulling the task that waits would only make it wait again behind this
 * CPU's task; instead the task that has been on the busiest CPU the
 * longest, the one that has had its turn there, moves here (queued: now;
 * running: at its next switch).  The wait passes from task to task and
 * each gets 4/5 of a CPU: Linux 6.1 measured in QEMU gives each of 5 hogs
 * 73-86 % of a CPU by its own means (PELT loads, misfit and overloaded
 * group types), which this rotation stands in for (lb_rotate=0 turns it
 * off).
 *
 * The eras differ in bookkeeping.  modern (6.x load_balance()): the
 * failure count belongs to the puller, and an attempt that found an
 * imbalance resets the interval to min_interval.  quanta: the count
 * belongs to the busiest CPU, and the interval doubles after any attempt
 * that moved nothing.
 */
#include <stdint.h>
#include "kernel/cpu.h"
#include "kernel/sched/balance.h"
#include "kernel/sched/sched.h"

/* The busiest other CPU with more than one task of any class (6.x
 * update_sg_lb_stats() counts rq->nr_running), by its policy load. */
static struct rq *
find_busiest(const struct lb_params *lp, struct rq *this,
	     unsigned long *busiest_load)
{
	struct rq *busiest = NULL;

	*busiest_load = 0;
	for (int i = 0; i < ncpu; i++) {
		struct rq *rq = cpu_rq(i);
		unsigned long l = lb_load(lp, rq);
		if (rq != this && lb_nr(rq) > 1 && l > *busiest_load) {
			busiest = rq;
			*busiest_load = l;
		}
	}
	return busiest;
}

/* Pull up to `amount` of load from busiest; both locked.  Returns the
 * number of tasks moved. */
static int
pull_tasks(const struct lb_params *lp, struct rq *this, struct rq *busiest,
	   unsigned long amount, int hot_ok)
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
		if (!lb_can_migrate(lp, p, busiest, this, hot_ok))
			continue;
		moved += p->lb_weight;
		sched_move_task(busiest, this, p);
		k++;
	}
	return k;
}

/* The rotation (both locked): move the task that has been on busiest the
 * longest and leave the newcomers.  Whether it is running at this moment
 * does not matter (under cfs and eevdf the pair takes turns every few
 * ms): a queued one moves now, a running one is pushed at its next
 * switch.  1 if a move was made or asked for. */
static int
rotate(struct rq *this, struct rq *busiest)
{
	struct task *oldest = NULL, *curr = busiest->curr;
	struct list *pos;

	list_for_each(pos, &busiest->queued) {
		struct task *p = list_entry(pos, struct task, rq_node);
		if (lb_allowed(p, this->cpu) && !p->on_cpu &&
		    (!oldest || p->migrated_at < oldest->migrated_at))
			oldest = p;
	}
	if (curr != busiest->idle && !task_is_rt(&curr->view) &&
	    lb_allowed(curr, this->cpu) &&
	    (!oldest || curr->migrated_at <= oldest->migrated_at))
		return lb_active_balance(busiest, this->cpu);
	if (!oldest)
		return 0;
	sched_move_task(busiest, this, oldest);
	this->stats.lb_pulled++;
	return 1;
}

/* One attempt for `this` (locked on entry only if `locked`); sets
 * *imbalanced if the busiest CPU was busier by imbalance_pct. */
int
lb_balance_modern(const struct lb_params *lp, struct rq *this, int locked,
		  int *imbalanced)
{
	unsigned long this_load, busiest_load, imbalance;
	struct rq *busiest;
	int moved = 0, rotated = 0, *failed;

	*imbalanced = 0;
	this->stats.lb_count++;
	busiest = find_busiest(lp, this, &busiest_load);
	this_load = lb_load(lp, this);
	if (!busiest || busiest_load * 100 <= this_load * lp->imbalance_pct)
		return 0;
	*imbalanced = 1;
	imbalance = (busiest_load - this_load) / 2;
	if (imbalance == 0)
		imbalance = 1;
	if (locked)
		spin_unlock(&this->lock);
	double_rq_lock(this, busiest);
	failed = lp->era == LB_ERA_QUANTA ? &busiest->balance_failed :
					    &this->balance_failed;
	if (lp->rotate && this->nr_policy > 0 &&
	    busiest->nr_policy == this->nr_policy + 1)
		rotated = rotate(this, busiest);
	/* (a rotation leaves the failure count alone: it belongs to the
	 * pulls of CPUs that could take a task for good) */
	if (!rotated && lb_nr(busiest) > 1)
		moved = pull_tasks(lp, this, busiest, imbalance,
				   *failed > lp->cache_nice_tries);
	if (rotated) {
		/* a move is on its way: not a failure */
	} else if (moved) {
		*failed = 0;
		this->stats.lb_pulled += moved;
	} else {
		this->stats.lb_failed++;
		if (++*failed > lp->cache_nice_tries + 2) {
			lb_active_balance(busiest, this->cpu);
			*failed = lp->era == LB_ERA_QUANTA ? 0 :
				  lp->cache_nice_tries + 1;
		}
	}
	lb_trace_and_check(this, busiest, moved, imbalance);
	spin_unlock(&busiest->lock);
	if (!locked)
		spin_unlock(&this->lock);
	return moved + rotated;
}

void
lb_tick_modern(const struct lb_params *lp, struct rq *rq, uint64_t now)
{
	int idle = rq->curr == rq->idle, imbalanced;
	int moved = lb_balance_modern(lp, rq, 0, &imbalanced);

	if (lp->era == LB_ERA_QUANTA ? moved > 0 : imbalanced)
		rq->balance_interval_ms = (int64_t)lp->min_interval_ms;
	else if (rq->balance_interval_ms < (int64_t)lp->max_interval_ms)
		rq->balance_interval_ms *= 2;
	if (rq->balance_interval_ms < (int64_t)lp->min_interval_ms)
		rq->balance_interval_ms = (int64_t)lp->min_interval_ms;
	if (rq->balance_interval_ms > (int64_t)lp->max_interval_ms)
		rq->balance_interval_ms = (int64_t)lp->max_interval_ms;
	lb_set_next(rq, now, (uint64_t)rq->balance_interval_ms *
		    (idle ? 1 : lp->busy_factor),
		    lp->min_interval_ms * (idle ? 1 : lp->busy_factor));
}
