/*
 * balance.h - what the balancer's files share: balance.c (tunables, the
 * era's constants, placement, the common moves) and one file per era's
 * periodic balancing (balance_2_6_0.c, balance_domains.c,
 * balance_modern.c).  The core sees only sched.h.
 */
#ifndef KERNEL_SCHED_BALANCE_H
#define KERNEL_SCHED_BALANCE_H

#include <stdint.h>
#include "kernel/sched/sched.h"

/* One era's constants after the tunables (-1: the era's own value). */
struct lb_params {
	int era;			/* LB_ERA_* */
	uint64_t min_interval_ms, max_interval_ms, busy_factor;
	unsigned long imbalance_pct;
	uint64_t cache_hot_ns;		/* ran this recently: cache-hot */
	int cache_nice_tries;
	int wake_affine, fork_balance, exec_balance, rotate, bounce_protect;
	unsigned long rt_weight;	/* an rt task's load in the balancer */
};

/* The balancer counts every class, as Linux does: rt tasks are among a
 * CPU's tasks (nr_running: the running one and the queued ones) and each
 * weighs the era's rt_weight in its load.  Only queued policy tasks can
 * be moved; an rt task counts so that an idle CPU pulls the policy task
 * waiting behind it. */
static inline unsigned
lb_nr(const struct rq *rq)
{
	return rq->nr_running;
}

/* Read without rq's lock for other CPUs, as the load itself is: the two
 * counts may be a moment apart, and a difference that wrapped counts as
 * no rt task. */
static inline unsigned long
lb_load(const struct lb_params *lp, struct rq *rq)
{
	unsigned rt = rq->nr_running - rq->nr_policy;

	if (rt > rq->nr_running)
		rt = 0;
	return sched_ops.load(rq) + rt * lp->rt_weight;
}

/* Who balances (Linux's enum cpu_idle_type). */
enum lb_idle { LB_BUSY, LB_IDLE, LB_NEWLY_IDLE };

/* The balancer's parameters now: the era's, scaled to the CPU count as
 * the era does, with every lb_* tunable that is set (>= 0) in place. */
void lb_params(struct lb_params *lp);
/* 1 when p may run on cpu (its affinity mask), else 0; the lowest such
 * CPU (0 when none is online). */
int lb_allowed(const struct task *p, int cpu);
int lb_first_allowed(const struct task *p);
/* May p (queued on src, both locked) move to dst?  hot_ok: the era lets
 * a cache-hot task go this time. */
int lb_can_migrate(const struct lb_params *lp, struct task *p,
		   struct rq *src, struct rq *dst, int hot_ok);
/* Ask busiest to push its running task to CPU `to` at its next switch. */
int lb_active_balance(struct rq *busiest, int to);
void lb_trace_and_check(struct rq *this, struct rq *busiest, int moved,
			unsigned long imbalance);
/* The next balance time from an interval in ms, staggered by CPU in
 * shares of unit_ms (the shortest interval of the mode, which divides
 * interval_ms); and for a CPU going idle, no later than the idle
 * interval. */
void lb_set_next(struct rq *rq, uint64_t now, uint64_t interval_ms,
		 uint64_t unit_ms);
void lb_next_idle(struct rq *rq, uint64_t now, uint64_t unit_ms);

/* The eras' periodic and newly-idle balancing; `locked`: this rq is
 * locked on entry (newly idle) and stays so on return. */
void lb_tick_2_6_0(struct rq *rq, uint64_t now);
int lb_balance_2_6_0(struct rq *this, enum lb_idle idle, int locked);
void lb_tick_domains(const struct lb_params *lp, struct rq *rq, uint64_t now);
int lb_balance_domains(const struct lb_params *lp, struct rq *this,
		       enum lb_idle idle, int locked, int *imbalanced);
void lb_newidle_domains(const struct lb_params *lp, struct rq *rq,
			uint64_t now);
int lb_wake_affine_domains(const struct lb_params *lp, struct task *p,
			   int this_cpu, int prev, int sync);
void lb_tick_modern(const struct lb_params *lp, struct rq *rq, uint64_t now);
int lb_balance_modern(const struct lb_params *lp, struct rq *this,
		      int locked, int *imbalanced);

#endif
