/*
 * sched.h - the per-CPU runqueue and the scheduler core's interface.
 *
 * One struct rq per CPU.  Fields are grouped by who may touch them:
 *   - lock: protects every field but the statistics, the view included;
 *   - set at boot: cpu, idle, priv;
 *   - statistics are written under the lock and read without it.
 *
 * This header is the core's (core.c, balance.c, rt.c, trace.c, the
 * system calls); a policy sees only policy.h.
 */
#ifndef KERNEL_SCHED_SCHED_H
#define KERNEL_SCHED_SCHED_H

#include <stdint.h>
#include "kernel/config.h"
#include "kernel/lib/list.h"
#include "kernel/sched/policy.h"
#include "kernel/sched/rt.h"
#include "kernel/spinlock.h"
#include "kernel/task.h"

#define LB_LOAD_IDX	5		/* Linux's CPU_LOAD_IDX_MAX */

struct rq_stats {
	uint64_t switches;
	uint64_t migrations;		/* tasks that arrived here */
	uint64_t lb_count, lb_failed, lb_pulled, alb_pushed;
	uint64_t ttwu_local, ttwu_remote;
	uint64_t busy_ns;
	/* /proc/schedstat's per-CPU line (Linux's rq->sched_count ...) */
	uint64_t sched_count;		/* schedule() calls */
	uint64_t sched_goidle;		/* ... that chose the idle task */
	uint64_t yld_count;		/* sched_yield() calls */
	uint64_t run_delay_ns;		/* waits of the tasks switched to */
	uint64_t pcount;		/* switches to a task (not idle) */
	uint64_t forks;			/* tasks created here (/proc/stat) */
};

struct rq {
	union {				/* first: what a policy sees (view.h) */
		struct rq_view view;
		struct { RQ_VIEW_FIELDS };
	};
	struct spinlock lock;
	struct task *prev;		/* switched out; finish_switch() */
	struct list queued;		/* the policy's queued tasks (not curr) */
	struct rt_rq rt;		/* the real-time classes (rt.h) */
	int nr_uninterruptible;		/* +1 for each uninterruptible sleep
					 * begun here, -1 for each ended here
					 * (Linux's rq->nr_uninterruptible):
					 * only the sum over CPUs means
					 * anything; one CPU's may be < 0 */
	int curr_prio;			/* curr's rt_priority, or RT_CURR_*;
					 * read without the lock by rt.c */
	uint64_t next_balance;		/* see balance.c */
	int64_t balance_interval_ms;
	int balance_failed;
	int push_cpu;			/* active balance target, or -1 */
	unsigned long lb_load;		/* sum of the policy's tasks' lb_weight
					 * (Linux's raw_weighted_load) */
	unsigned long cpu_load[LB_LOAD_IDX];	/* 2.6.22/24: decayed load */
	unsigned prev_load[MAX_CPUS];	/* 2.6.0: queue lengths seen last */
	struct rq_stats stats;
};

extern struct rq runqueues[MAX_CPUS];

/* The empty asm hides where the pointer came from.  Without it GCC treats
 * &runqueues[cpu] as a cheap expression of cpu and, after every call,
 * recomputes it (a multiply by the struct's size and an add) instead of
 * keeping the pointer: 35 to 72 instructions per pipe round trip
 * (docs/performance.md). */
static inline struct rq *
cpu_rq(int cpu)
{
	struct rq *rq = &runqueues[cpu];

	__asm__("" : "+r"(rq));
	return rq;
}

/* Debug builds: panic unless this CPU holds rq's lock with interrupts
 * off (Linux's lockdep_assert_held); for functions that need it. */
void assert_rq_locked_fail(struct rq *rq, const char *fn);
#define assert_rq_locked(rq)						\
	do {								\
		if (SCHED_DEBUG && !rq_locked_here(rq))			\
			assert_rq_locked_fail((rq), __func__);		\
	} while (0)

static inline int
rq_locked_here(struct rq *rq)
{
	return spin_holding(&rq->lock) && !(read_eflags() & FL_IF);
}

/* The policy with every NULL hook but yield and set_slice filled by the
 * core's default (defaults.c); the core calls through this. */
extern struct sched_policy sched_ops;
void sched_fill_defaults(void);
/* The core's placement, the select_cpu hook's default (defaults.c). */
int sched_default_select_cpu(struct task *p, int flags, int waker_cpu);

/* ---- for the rest of the kernel ---- */
void sched_init(void);			/* BSP, before any task */
void sched_init_cpu(void);		/* every CPU: adopt the idle task */
void sched_idle_loop(void) __attribute__((noreturn));
/* Could rq's idle task pick something?  A throttled rt task cannot be
 * picked: the idle loop halts (and the host simulator's too). */
int sched_idle_has_work(struct rq *rq);
void schedule(void);
void sched_tick(void);			/* timer interrupt */
/* Wake p if it sleeps; returns 1 if it did.  how: 0, or WAKE_SYNC (the
 * waker is about to sleep; 1, so a sync flag may be passed as it is)
 * and WAKE_IRQ (an interrupt handler wakes it: a timer). */
#define WAKE_SYNC	0x1
#define WAKE_IRQ	0x2
int sched_wake(struct task *p, int how);
/* Task creation, in two steps: sched_fork() sets the child up (class,
 * nice, affinity, the policy's fork hook) and returns 1 if the child
 * should run first; sched_wake_new() places it on a CPU, queues it, and
 * preempts the parent if child_first says so. */
int sched_fork(struct task *parent, struct task *child);
void sched_wake_new(struct task *p, struct task *parent, int child_first);
void sched_exit(struct task *p);	/* current, before its last schedule */
/* p's CPU time in ns, up to now if it runs (interrupts off). */
uint64_t sched_task_runtime(struct task *p);
/* Current reaps child, the exited main task of a forked process, before
 * it is freed (waitpid): the policy's reap hook, Linux's sched_exit. */
void sched_reap(struct task *child);
/* Current is about to exec: the era may move it to the idlest CPU (Linux
 * sched_exec, SD_BALANCE_EXEC); the move happens at its next switch. */
void sched_exec(void);
void sched_yield(void);
int sched_set_nice(struct task *p, int nice);
/* Move p to class cls (SCHED_CLASS_*) at rt_priority prio (0 unless
 * FIFO/RR); arguments checked by the caller.  And read them back. */
void sched_setscheduler(struct task *p, int cls, int prio);
void sched_getscheduler(struct task *p, int *cls, int *prio);
/* The task's own slice request in ns (0: the policy's default); -1 if
 * the policy has no per-task slice. */
int sched_set_slice(struct task *p, uint32_t ns);
int sched_set_affinity(struct task *p, uint32_t mask);
/* After sched_set_affinity() on another task: return once p no longer
 * runs or waits on a CPU outside its mask (Linux's set_cpus_allowed_ptr
 * waits for its migration thread).  No lock held, interrupts on; the
 * caller keeps p from being freed with sched_pin() until sched_unpin(). */
void sched_affinity_wait(struct task *p);
void sched_pin(struct task *p);
void sched_unpin(struct task *p);
/* If p runs on some CPU, make it enter the kernel soon and go through
 * its return-to-user path (a kill, a signal): Linux's kick_process(). */
void sched_kick(struct task *p);
/* Current task sleeps: state is set, then schedule(). */
void sched_sleep(void);
/* At return to user: preempt if asked. */
void sched_preempt_point(void);
void sched_dump(int cpu);
int sched_task_prio(struct task *p);
int64_t sched_task_key(struct task *p);

/* balance.c */
#define PLACE_WAKE	0x01	/* a wakeup; from_cpu is the waker's CPU */
#define PLACE_SYNC	0x02	/* ... with the sync hint */
#define PLACE_FORK	0x04	/* a new task; from_cpu is the parent's */
#define PLACE_EXEC	0x08	/* current is about to exec; from_cpu: its own */
/* The CPU a waking or new task goes to (every placement goes through
 * here): the era's rule, within p's affinity. */
int balance_place(struct task *p, int flags, int from_cpu);
int balance_era(void);			/* LB_ERA_*, after lb_era= */
void balance_tick(struct rq *rq);
void balance_update_load(struct rq *rq);	/* each tick, rq locked */
void balance_newidle(struct rq *rq);	/* rq locked; may drop and retake */
void balance_after_switch(struct rq *rq, struct task *prev, int to);

/* core.c, for the balancer and the switch path */
void sched_finish_switch(void);
/* Move a queued, not running task p from src to dst; both locked. */
void sched_move_task(struct rq *src, struct rq *dst, struct task *p);
/* Both runqueues locked, the lower CPU number first (one lock if a == b). */
void double_rq_lock(struct rq *a, struct rq *b);
void double_rq_unlock(struct rq *a, struct rq *b);
/* SCHED_DEBUG: panic unless rq (locked) is consistent - its counts, queue
 * and the policy's own structure (policy count()). */
void sched_check_rq(struct rq *rq);

#endif
