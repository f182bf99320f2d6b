/*
 * sched.h - the per-CPU runqueue and the scheduler core's interface.
 *
 * One struct rq per CPU.  Fields are grouped by who may touch them:
 *   - lock: protects everything below it;
 *   - set at boot: cpu, idle, priv;
 *   - statistics are written under the lock and read without it.
 */
#ifndef KERNEL_SCHED_SCHED_H
#define KERNEL_SCHED_SCHED_H

#include <stdint.h>
#include "kernel/config.h"
#include "kernel/lib/list.h"
#include "kernel/sched/policy.h"
#include "kernel/spinlock.h"
#include "kernel/task.h"

struct rq_stats {
	uint64_t switches;
	uint64_t migrations;		/* tasks that arrived here */
	uint64_t lb_count, lb_failed, lb_pulled, alb_pushed;
	uint64_t ttwu_local, ttwu_remote;
	uint64_t busy_ns;
};

struct rq {
	struct spinlock lock;
	int cpu;
	unsigned nr_running;		/* queued + curr, idle excluded */
	struct task *curr;
	struct task *idle;
	struct task *prev;		/* switched out; finish_switch() */
	struct list queued;		/* every queued task (not curr) */
	uint64_t clock;			/* sched_clock() at the last update */
	void *priv;			/* the policy's per-CPU state */
	uint64_t next_balance;		/* see balance.c */
	int64_t balance_interval_ms;
	int balance_failed;
	int push_cpu;			/* active balance target, or -1 */
	struct rq_stats stats;
};

extern struct rq runqueues[MAX_CPUS];

static inline struct rq *
cpu_rq(int cpu)
{
	return &runqueues[cpu];
}

/* ---- for policies ---- */
/* Ask rq->curr to give up the CPU at the next chance (IPI if remote). */
void sched_resched(struct rq *rq);
/* Nanoseconds the current task has run since it was picked. */
uint64_t sched_curr_runtime(struct rq *rq);
int sched_ncpu(void);

/* ---- for the rest of the kernel ---- */
void sched_init(void);			/* BSP, before any task */
void sched_init_cpu(void);		/* every CPU: adopt the idle task */
void sched_idle_loop(void) __attribute__((noreturn));
void schedule(void);
void sched_tick(void);			/* timer interrupt */
/* Wake p if it sleeps; returns 1 if it did. */
int sched_wake(struct task *p, int sync);
/* Make a freshly created task runnable (placement: balance.c). */
void sched_wake_new(struct task *p, struct task *parent);
/* Hooks for task creation and exit. */
int sched_fork(struct task *parent, struct task *child);
void sched_exit(struct task *p);	/* current, before its last schedule */
void sched_yield(void);
int sched_set_nice(struct task *p, int nice);
/* The task's own slice request in ns (0: the policy's default); -1 if
 * the policy has no per-task slice. */
int sched_set_slice(struct task *p, uint32_t ns);
int sched_set_affinity(struct task *p, uint32_t mask);
/* Current task sleeps: state is set, then schedule(). */
void sched_sleep(void);
/* At return to user: preempt if asked. */
void sched_preempt_point(void);
void sched_dump(int cpu);
int sched_task_prio(struct task *p);
int64_t sched_task_key(struct task *p);

/* balance.c */
int balance_select_cpu(struct task *p, int sync, int waker_cpu);
int balance_fork_cpu(struct task *p, int parent_cpu);
void balance_tick(struct rq *rq);
void balance_newidle(struct rq *rq);	/* rq locked; may drop and retake */
void balance_after_switch(struct rq *rq, struct task *prev, int to);
void sched_finish_switch(void);
/* Move a queued, not running task p from src to dst; both locked. */
void sched_move_task(struct rq *src, struct rq *dst, struct task *p);
void double_rq_lock(struct rq *a, struct rq *b);
/* SCHED_DEBUG: panic unless rq (locked) is consistent - its counts, queue
 * and the policy's own structure (policy count()). */
void sched_check_rq(struct rq *rq);
void double_rq_unlock(struct rq *a, struct rq *b);

#endif
