/*
 * futex.c - "fast user-space mutexes": sleep until a word changes.
 *
 * FUTEX_WAIT(addr, val) sleeps only if *addr still equals val - checked
 * under the bucket lock that FUTEX_WAKE(addr, n) also takes, so a wake
 * between the user's check and the sleep is never lost.  Waiters are keyed
 * by address space and address, hashed into buckets.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/futex.h"
#include "kernel/mm.h"
#include "kernel/sched/sched.h"
#include "kernel/signal.h"
#include "kernel/spinlock.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/time.h"
#include "kernel/waitq.h"

#define NBUCKETS	64

struct bucket {
	struct spinlock lock;
	struct waitq wq;
};

static struct bucket buckets[NBUCKETS];

void
futex_init(void)
{
	for (int i = 0; i < NBUCKETS; i++) {
		spin_init(&buckets[i].lock, "futex");
		waitq_init(&buckets[i].wq);
	}
}

static uintptr_t
futex_key(uint32_t uaddr)
{
	return (uintptr_t)current->proc->mm ^ (uintptr_t)uaddr;
}

static struct bucket *
bucket_of(uintptr_t key)
{
	return &buckets[(key >> 2) % NBUCKETS];
}

static int
futex_wait(uint32_t uaddr, int val, uint64_t deadline)
{
	uintptr_t key = futex_key(uaddr);
	struct bucket *b = bucket_of(key);
	int cur, err;

	spin_lock(&b->lock);
	if (copy_from_user(&cur, (void *)uaddr, sizeof(cur)) < 0) {
		spin_unlock(&b->lock);
		return -EFAULT;
	}
	if (cur != val) {
		spin_unlock(&b->lock);
		return -EAGAIN;
	}
	current->futex_key = key;
	err = waitq_sleep(&b->wq, &b->lock, deadline);
	spin_unlock(&b->lock);
	/* Linux restarts an untimed wait (SA_RESTART) and fails a timed
	 * one with EINTR after a handler */
	if (err == -ERESTARTSYS && deadline)
		err = -ERESTARTNOHAND;
	return err;
}

static int
futex_wake(uint32_t uaddr, int n)
{
	uintptr_t key = futex_key(uaddr);
	struct bucket *b = bucket_of(key);
	struct list *pos, *next;
	int woken = 0;

	spin_lock(&b->lock);
	list_for_each_safe(pos, next, &b->wq.sleepers) {
		struct task *t = list_entry(pos, struct task, wait_node);
		if (woken >= n)
			break;
		if (t->futex_key != key)
			continue;
		list_del(&t->wait_node);
		sched_wake(t, 0);
		woken++;
	}
	spin_unlock(&b->lock);
	return woken;
}

SYSCALL(sys_futex)
{
	struct q_timespec ts;
	uint64_t deadline = 0;

	UNUSED_ARGS5;
	if (a1 & 3)
		return -EINVAL;
	if (a2 == Q_FUTEX_WAKE)
		return futex_wake(a1, (int)a3);
	if (a2 != Q_FUTEX_WAIT)
		return -ENOSYS;
	if (a4) {
		if (copy_from_user(&ts, (void *)a4, sizeof(ts)) < 0)
			return -EFAULT;
		if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= 1000000000)
			return -EINVAL;
		deadline = sched_clock() + (uint64_t)ts.tv_sec * 1000000000ull +
			   (uint64_t)ts.tv_nsec;
	}
	return futex_wait(a1, (int)a3, deadline);
}
