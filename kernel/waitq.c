/*
 * waitq.c - sleeping on a condition protected by a caller's lock.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "kernel/cpu.h"
#include "kernel/sched/sched.h"
#include "kernel/signal.h"
#include "kernel/spinlock.h"
#include "kernel/task.h"
#include "kernel/time.h"
#include "kernel/timer.h"
#include "kernel/waitq.h"

int
waitq_sleep(struct waitq *wq, struct spinlock *lk, uint64_t deadline)
{
	struct task *t = current;
	int ret = 0;

	list_add_tail(&t->wait_node, &wq->sleepers);
	/* state first, then the signal: a sender sets sig_work first, then
	 * looks at the state (kernel/signal.c, kick): no wakeup is lost */
	__atomic_store_n(&t->state, TASK_SLEEPING, __ATOMIC_SEQ_CST);
	if (signal_pending(t)) {
		__atomic_store_n(&t->state, TASK_RUNNING, __ATOMIC_SEQ_CST);
		list_del(&t->wait_node);
		return -ERESTARTSYS;
	}
	if (deadline)
		timer_arm(&t->sleep_timer, deadline);
	spin_unlock_any(lk);
	sched_sleep();
	if (deadline)
		timer_cancel(&t->sleep_timer);
	spin_lock_any(lk);
	if (!list_empty(&t->wait_node)) {	/* not taken off by a waker */
		list_del(&t->wait_node);
		if (signal_pending(t))
			ret = -ERESTARTSYS;
		else if (deadline && sched_clock() >= deadline)
			ret = -ETIMEDOUT;
	}
	return ret;
}

/* Linux's TASK_UNINTERRUPTIBLE: no signal check, and no signal wakes it,
 * SIGKILL neither (signal_wakes); the wakeup tells the policy
 * (ENQ_UNINT), ps shows D and the load average counts it.  The caller
 * loops on its condition all the same. */
void
waitq_sleep_unint(struct waitq *wq, struct spinlock *lk)
{
	struct task *t = current;

	list_add_tail(&t->wait_node, &wq->sleepers);
	/* before the state: schedule() counts the sleep as uninterruptible
	 * (the load average's nr_uninterruptible) and ps shows D from here
	 * until the wakeup clears the flag */
	__atomic_store_n(&t->sleep_unint, 1, __ATOMIC_RELAXED);
	__atomic_store_n(&t->state, TASK_SLEEPING, __ATOMIC_SEQ_CST);
	spin_unlock_any(lk);
	sched_sleep();
	/* the sleep was cancelled before schedule() (never counted), if
	 * not woken */
	__atomic_store_n(&t->sleep_unint, 0, __ATOMIC_RELAXED);
	spin_lock_any(lk);
	if (!list_empty(&t->wait_node))
		list_del(&t->wait_node);
}

int
waitq_wake_n(struct waitq *wq, int n, int sync)
{
	int woken = 0;

	/* one sleeper, the common case (a pipe's reader): no loop */
	if (n > 0 && !list_empty(&wq->sleepers) &&
	    wq->sleepers.next->next == &wq->sleepers) {
		struct task *t = list_first(&wq->sleepers, struct task, wait_node);
		list_del(&t->wait_node);
		sched_wake(t, sync);
		return 1;
	}
	while (woken < n && !list_empty(&wq->sleepers)) {
		struct task *t = list_first(&wq->sleepers, struct task, wait_node);
		list_del(&t->wait_node);
		sched_wake(t, sync);
		woken++;
	}
	return woken;
}
