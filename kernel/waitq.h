/*
 * waitq.h - wait queues: where tasks sleep until something happens.
 *
 * A wait queue has no lock of its own: the lock that protects the
 * condition a task waits for (the pipe's lock, say) also protects the
 * queue.  waitq_sleep() atomically - with respect to that lock - puts the
 * caller on the queue, marks it sleeping, releases the lock and calls
 * schedule(); a waker holding the lock cannot miss it.  This is xv6's
 * sleep(chan, lock) with an explicit queue.
 *
 * A wakeup can carry the *sync* hint: "the waker is about to sleep", which
 * the scheduler uses for placement and (in O(1)) priority accounting.
 */
#ifndef KERNEL_WAITQ_H
#define KERNEL_WAITQ_H

#include <stdint.h>
#include "kernel/lib/list.h"

struct spinlock;

struct waitq {
	struct list sleepers;		/* struct task.wait_node */
};

static inline void
waitq_init(struct waitq *wq)
{
	list_init(&wq->sleepers);
}

/* Caller holds lk.  Returns with lk held again.  Returns 0 when woken,
 * -ERESTARTSYS (kernel/signal.h) when a signal is pending for the task:
 * the caller returns it, and the way out to user mode turns it into EINTR
 * or a restart - or -ETIMEDOUT when deadline (sched_clock ns, 0 = none)
 * passed first. */
int waitq_sleep(struct waitq *wq, struct spinlock *lk, uint64_t deadline);
/* The same without signals or deadline (Linux's TASK_UNINTERRUPTIBLE),
 * for short waits on a resource another task holds; the wakeup tells the
 * policy so (ENQ_UNINT).  Caller holds lk, returns with it held, and
 * loops on its condition: a kill may wake it early. */
void waitq_sleep_unint(struct waitq *wq, struct spinlock *lk);
/* Caller holds the queue's lock.  Wake at most n sleepers / every one
 * (inline: most wakeups find nobody asleep). */
int waitq_wake_n(struct waitq *wq, int n, int sync);

static inline void
waitq_wake_all(struct waitq *wq, int sync)
{
	if (!list_empty(&wq->sleepers))
		waitq_wake_n(wq, 1 << 30, sync);
}

#endif
