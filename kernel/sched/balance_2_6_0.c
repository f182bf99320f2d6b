/*
 * balance_2_6_0.c - Linux 2.6.0's load balancing, before sched domains
 * (2.6.0 kernel/sched.c: rebalance_tick(), load_balance(),
 * find_busiest_queue(), can_migrate_task(); docs/reference/balancer.md).
 *
 *   when    from the tick: every IDLE_REBALANCE_TICK (1 ms) on an idle
 *           CPU, every BUSY_REBALANCE_TICK (200 ms) on a busy one, all
 *           CPUs in the same jiffy (no offset by CPU: CPU_OFFSET came
 *           with sched domains); and from schedule() when the queue is
 *           empty (as an idle CPU);
 *   load    queue lengths, every class (2.6.0's nr_running counted rt
 *           tasks too; lb_nr()), smoothed: another CPU's queue counts the
 *           shorter of its length now and at this CPU's last look, this
 *           CPU's the longer (now only, when idle);
 *   test    the busiest queue must be 25 % longer unless this CPU is idle;
 *   amount  half the difference; an idle CPU pulls one task;
 *   which   not running, allowed here, and not cache-hot (ran within
 *           cache_decay_ticks) unless this CPU is idle.
 *
 * Quanta takes the busiest CPU's queued tasks in the order they were
 * queued; 2.6.0 took the expired array first, best priority first, from
 * the tail of each list.  There is no failure count and no active
 * balance: a lone running task is never moved.
 */
#include <stdint.h>
#include "kernel/config.h"
#include "kernel/cpu.h"
#include "kernel/sched/balance.h"
#include "kernel/sched/sched.h"
#include "kernel/time.h"

/* find_busiest_queue(): the busiest other CPU by smoothed queue length
 * (at least 2), or NULL; *nr is this CPU's smoothed length. */
static struct rq *
find_busiest_queue(struct rq *this, int idle, unsigned *nr, unsigned *max)
{
	struct rq *busiest = NULL;

	*nr = lb_nr(this);
	if (!idle && *nr <= this->prev_load[this->cpu])
		*nr = this->prev_load[this->cpu];
	*max = 1;
	for (int i = 0; i < ncpu; i++) {
		struct rq *rq = cpu_rq(i);
		unsigned now = lb_nr(rq), load = now;	/* every class */
		if (!idle && now >= this->prev_load[i])
			load = this->prev_load[i];
		this->prev_load[i] = now;
		if (load > *max && rq != this) {
			busiest = rq;
			*max = load;
		}
	}
	return busiest;
}

int
lb_balance_2_6_0(struct rq *this, enum lb_idle idle, int locked)
{
	struct lb_params lp;
	struct rq *busiest;
	struct list *pos, *n;
	unsigned nr, max;
	int imbalance, moved = 0, is_idle = idle != LB_BUSY;

	lb_params(&lp);
	this->stats.lb_count++;
	busiest = find_busiest_queue(this, is_idle, &nr, &max);
	if (!busiest)
		return 0;
	imbalance = (int)max - (int)nr;
	/* "It needs an at least ~25% imbalance to trigger balancing." */
	if (!is_idle && imbalance * 4 < (int)max)
		return 0;
	if (locked)
		spin_unlock(&this->lock);
	double_rq_lock(this, busiest);
	/* make sure nothing changed since the lengths were read */
	if (lb_nr(busiest) <= nr)
		goto out;
	/* a number of tasks equal to half the imbalance, otherwise the
	 * imbalance just shifts to this queue */
	imbalance /= 2;
	list_for_each_safe(pos, n, &busiest->queued) {
		struct task *p = list_entry(pos, struct task, rq_node);
		if (!lb_can_migrate(&lp, p, busiest, this, is_idle))
			continue;
		sched_move_task(busiest, this, p);
		moved++;
		/* only one task if idle; else until --imbalance reaches 0
		 * (from 0, as 2.6.0 counts, that is never: all eligible) */
		if (is_idle || --imbalance == 0)
			break;
	}
out:
	if (moved)
		this->stats.lb_pulled += (uint64_t)moved;
	else
		this->stats.lb_failed++;
	lb_trace_and_check(this, busiest, moved, (unsigned long)imbalance);
	spin_unlock(&busiest->lock);
	if (!locked)
		spin_unlock(&this->lock);
	return moved;
}

/* The jiffy of a tick taken at `now`.  2.6.0 tested the global jiffies;
 * Quanta's CPUs count only their own ticks, from their own start, so the
 * jiffy comes from the clock all CPUs share.  Each CPU's periodic tick
 * falls once in every jiffy (one delayed across a jiffy's end may, rarely,
 * see one jiffy twice and skip the next). */
static uint64_t
jiffy_of(uint64_t now)
{
	return now / (1000000000ull / hz);
}

/* rebalance_tick(), called on rq's own CPU each tick.  2.6.0 (kernel/
 * sched.c) tests j = jiffies with no offset by CPU, so every busy CPU
 * balances in the same jiffy, one after the other as their ticks come.
 * The sched-domains kernels from 2.6.7 added CPU_OFFSET to stagger them;
 * Quanta's domain eras stagger by their own rule (lb_set_next). */
void
lb_tick_2_6_0(struct rq *rq, uint64_t now)
{
	uint64_t busy_ticks = hz / 5 ? hz / 5 : 1;	/* BUSY_REBALANCE_TICK */

	if (rq->curr == rq->idle)	/* IDLE_REBALANCE_TICK: every tick */
		lb_balance_2_6_0(rq, LB_IDLE, 0);
	else if (jiffy_of(now) % busy_ticks == 0)
		lb_balance_2_6_0(rq, LB_BUSY, 0);
	rq->next_balance = now;		/* look again at the next tick */
}
