/*
 * policy.h - the one interface between the scheduler core and a policy.
 *
 * Exactly one policy is linked into the kernel (make SCHED=<name>); it
 * defines `const struct sched_policy sched_policy`.  The core
 * (kernel/sched/core.c) does the bookkeeping every policy needs - the
 * runqueue lock, nr_running, the list of queued tasks, the current and idle
 * task, the clock, migration between CPUs - and asks the policy only the
 * questions that differ between Linux's schedulers: which task next, how
 * long may it run, should a waking task preempt, what does a nice level or
 * a sleep mean.  This is the shape of Linux's struct sched_class and of
 * sched_ext's ops (see docs/scheduler.md).
 *
 * Rules every hook may rely on:
 *   - it runs with interrupts off and the lock of the rq it is given held
 *     (hooks without an rq: see each one);
 *   - the current task is never in the policy's queue: pick_next() takes
 *     the chosen task out, put_prev() puts a still-runnable one back;
 *   - per-task state lives in task->sched_priv (task_priv(t, type)), per-CPU
 *     state in rq->priv; nothing policy-specific lives in the core.
 *
 * A policy includes only this header, kernel/sched/sched.h for struct rq
 * and the helpers below, and generic kernel/lib headers.
 */
#ifndef KERNEL_SCHED_POLICY_H
#define KERNEL_SCHED_POLICY_H

#include <stddef.h>
#include <stdint.h>

struct rq;
struct task;
struct tunable;

/* enqueue() flags */
#define ENQ_WAKEUP	0x01	/* it slept and was woken */
#define ENQ_NEW		0x02	/* first time: fork or thread creation */
#define ENQ_MIGRATED	0x04	/* arriving from another CPU */
#define ENQ_SYNC	0x08	/* woken with the sync hint */
/* dequeue() flags */
#define DEQ_SLEEP	0x01	/* the task (current) goes to sleep */
#define DEQ_MIGRATE	0x02	/* the balancer moves it elsewhere */
#define DEQ_EXIT	0x04	/* the task (current) exits */

struct sched_policy {
	const char *name;
	size_t rq_size;			/* bytes of rq->priv, zeroed */

	/* Set up rq->priv (once per CPU, before any task). */
	void (*init_rq)(struct rq *rq);
	/* A task becomes queued: woken, new, or migrated here. */
	void (*enqueue)(struct rq *rq, struct task *p, int flags);
	/* A task leaves: it is current and sleeps or exits (DEQ_SLEEP,
	 * DEQ_EXIT; not in the queue then), or it is queued and the
	 * balancer takes it (DEQ_MIGRATE). */
	void (*dequeue)(struct rq *rq, struct task *p, int flags);
	/* Take the best queued task out of the queue; NULL if none. */
	struct task *(*pick_next)(struct rq *rq);
	/* The running task stops running but stays runnable: queue it. */
	void (*put_prev)(struct rq *rq, struct task *p);
	/* Timer tick while curr runs (curr may be the idle task: then it is
	 * not called).  Call sched_resched(rq) to preempt curr. */
	void (*tick)(struct rq *rq, struct task *curr);
	/* p was just enqueued on rq by a wakeup or fork: should it preempt
	 * rq->curr?  (sync: the waker is about to sleep.) */
	int (*check_preempt)(struct rq *rq, struct task *p, int sync);
	/* curr calls sched_yield(). */
	void (*yield)(struct rq *rq, struct task *curr);
	/* child was created by parent, the current task of this CPU, whose
	 * rq is locked (parent is NULL when the kernel creates the task:
	 * init, kernel threads).  child is not queued yet; its cpu is the
	 * parent's (placement may move it before the first enqueue).  Return
	 * 1 if the child should run before the parent continues. */
	int (*fork)(struct task *parent, struct task *child);
	/* p, the current task, is about to exit: called before its final
	 * dequeue(DEQ_EXIT), without the rq lock (interrupts on). */
	void (*exit)(struct task *p);
	/* p's nice changes; p may be queued, current or asleep. */
	void (*set_nice)(struct rq *rq, struct task *p, int nice);
	/* p->slice_ns, the task's own slice request, changed (0 = the
	 * policy's default); same context as set_nice.  NULL if the
	 * policy has no per-task slice (sched_setslice fails). */
	void (*set_slice)(struct rq *rq, struct task *p);
	/* p moves between CPUs while not running: first leaves src (src
	 * locked; p already dequeued), then arrives on dst (dst locked;
	 * before enqueue).  Rebase clocks and keys here. */
	void (*migrate_out)(struct rq *src, struct task *p);
	void (*migrate_in)(struct rq *dst, struct task *p);
	/* Load of the runqueue for the balancer (Linux 2.6: nr_running, or
	 * the sum of weights).  And one task's share of it. */
	unsigned long (*load)(struct rq *rq);
	unsigned long (*task_load)(struct task *p);
	/* Priority as top's PR column shows it, and a policy key (vruntime,
	 * deadline, ...) for ps; key may return 0. */
	int (*prio)(struct task *p);
	int64_t (*key)(struct task *p);
	/* Print the queues (arrays, bitmaps, trees) with printk. */
	void (*dump)(struct rq *rq);
	/* Invariant check in debug builds: number of tasks in the queue. */
	unsigned (*count)(struct rq *rq);

	const struct tunable *tunables;
	size_t ntunables;
};

extern const struct sched_policy sched_policy;

#endif
