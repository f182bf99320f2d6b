/*
 * view.h - the parts of a task and of a runqueue a policy may read.
 *
 * struct task (kernel/task.h) and struct rq (sched.h) each begin with an
 * anonymous union of a view struct and the same fields by name:
 *
 *	struct task {
 *		union {
 *			struct task_view view;
 *			struct { TASK_VIEW_FIELDS };
 *		};
 *		...
 *
 * The core keeps writing p->nice and rq->curr as before, while a policy,
 * which sees struct task and struct rq only as opaque types, reads the
 * same memory through task_view(p) and rq_view(rq) (policy.h): a pointer
 * to a struct points to its first member, so the accessors cost one load
 * and reach nothing else.  The idea is Linux's struct sched_entity, the
 * scheduler's part of task_struct, turned into a boundary.  Only the core
 * writes these fields.
 */
#ifndef KERNEL_SCHED_VIEW_H
#define KERNEL_SCHED_VIEW_H

#include <stdint.h>

#define SCHED_TASK_PRIV		128	/* bytes of per-task policy state */

#define TASK_VIEW_FIELDS						\
	int nice;			/* -20 .. 19 */			\
	int sched_class;		/* SCHED_CLASS_* below */	\
	int rt_priority;		/* 1 .. 99 in the rt class, else 0 */ \
	uint32_t slice_ns;		/* own slice request, 0: policy's */ \
	uint32_t task_flags;		/* TF_* below */		\
	volatile int need_resched;	/* set by sched_resched() */	\
	uint8_t sched_priv[SCHED_TASK_PRIV] __attribute__((aligned(8)));

struct task_view {
	TASK_VIEW_FIELDS
};

#define TF_KTHREAD	0x01	/* a kernel task: no user address space
				 * (Linux's !p->mm) */

/* Linux's policy numbers (include/uapi/linux/sched.h) for sched_class;
 * include/uapi/types.h gives user space the same values. */
#define SCHED_CLASS_NORMAL	0	/* SCHED_OTHER */
#define SCHED_CLASS_FIFO	1
#define SCHED_CLASS_RR		2
#define SCHED_CLASS_BATCH	3
#define SCHED_CLASS_IDLE	5

struct task;

#define RQ_VIEW_FIELDS							\
	int cpu;							\
	unsigned nr_running;		/* every runnable task, rt too */ \
	unsigned nr_policy;		/* the policy's: queued + curr */ \
	struct task *curr;						\
	struct task *idle;						\
	uint64_t clock;			/* sched_clock() at the last update */ \
	void *priv;			/* the policy's per-CPU state */

struct rq_view {
	RQ_VIEW_FIELDS
};

#endif
