/*
 * futex.c - "fast user-space mutexes": sleep until a word changes.
 *
 * FUTEX_WAIT(addr, val) sleeps only if *addr still equals val - checked
 * under the bucket lock that FUTEX_WAKE(addr, n) also takes, so a wake
 * between the user's check and the sleep is never lost.  Waiters are keyed
 * by address space and address, hashed into buckets.
 *
 * The operations are Linux's FUTEX_WAIT, FUTEX_WAKE, FUTEX_WAIT_BITSET and
 * FUTEX_WAKE_BITSET (Linux 6.1, kernel/futex/syscalls.c): a waiter carries
 * a bitset, a wake ends only the waits whose bitset shares a bit with its
 * own, and the plain calls use all bits.  FUTEX_PRIVATE_FLAG is accepted
 * and changes nothing: every futex is keyed by its address space already,
 * which is what the flag lets Linux do.  (So a futex in memory that two
 * processes share is not shared: docs/syscalls.md.)
 */
#include <stdint.h>
#include "arch/x86/trap.h"
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
futex_wait(uint32_t uaddr, int val, uint64_t deadline, uint32_t bitset)
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
	current->futex_bitset = bitset;
	err = waitq_sleep(&b->wq, &b->lock, deadline);
	spin_unlock(&b->lock);
	/* Linux restarts an untimed wait (SA_RESTART) and fails a timed
	 * one with EINTR after a handler */
	if (err == -ERESTARTSYS && deadline)
		err = -ERESTARTNOHAND;
	return err;
}

static int
futex_wake(uint32_t uaddr, int n, uint32_t bitset)
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
		if (t->futex_key != key || !(t->futex_bitset & bitset))
			continue;
		list_del(&t->wait_node);
		sched_wake(t, 0);
		woken++;
	}
	spin_unlock(&b->lock);
	return woken;
}

/* The wait's deadline in sched_clock() ns from the user's timespec (NULL:
 * none): relative for FUTEX_WAIT, absolute on CLOCK_MONOTONIC or (with
 * FUTEX_CLOCK_REALTIME) CLOCK_REALTIME for FUTEX_WAIT_BITSET. */
static int
wait_deadline(uint32_t uts, int absolute, int realtime, uint64_t *deadline)
{
	struct q_timespec ts;
	uint64_t ns;

	*deadline = 0;
	if (!uts)
		return 0;
	if (copy_from_user(&ts, (void *)uts, sizeof(ts)) < 0)
		return -EFAULT;
	if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= 1000000000)
		return -EINVAL;
	ns = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	if (!absolute)
		ns += sched_clock();
	else if (realtime)
		ns = ns > realtime_base_ns ? ns - realtime_base_ns : 0;
	*deadline = ns ? ns : 1;	/* 0 would mean "no deadline" */
	return 0;
}

/* futex(uaddr, op, val, timeout, uaddr2, val3): val3, the bitset, is the
 * sixth argument, in ebp as on Linux i386; only the *_BITSET calls read
 * it, from the trap frame (the dispatcher passes five). */
SYSCALL(sys_futex)
{
	int cmd = (int)(a2 & Q_FUTEX_CMD_MASK), realtime;
	uint32_t bitset = Q_FUTEX_BITSET_MATCH_ANY;
	uint64_t deadline;
	int err;

	(void)a5;		/* uaddr2: for the requeue calls Quanta lacks */
	realtime = (a2 & Q_FUTEX_CLOCK_REALTIME) != 0;
	if (a1 & 3)
		return -EINVAL;
	if (cmd == Q_FUTEX_WAIT_BITSET || cmd == Q_FUTEX_WAKE_BITSET) {
		if ((bitset = current->tf->ebp) == 0)
			return -EINVAL;
		cmd = cmd == Q_FUTEX_WAIT_BITSET ? Q_FUTEX_WAIT : Q_FUTEX_WAKE;
	} else if (realtime && cmd != Q_FUTEX_WAIT) {
		return -ENOSYS;		/* Linux's answer too */
	}
	if (cmd == Q_FUTEX_WAKE)
		return futex_wake(a1, (int)a3, bitset);
	if (cmd != Q_FUTEX_WAIT)
		return -ENOSYS;
	err = wait_deadline(a4, (a2 & Q_FUTEX_CMD_MASK) == Q_FUTEX_WAIT_BITSET,
			    realtime, &deadline);
	return err < 0 ? err : futex_wait(a1, (int)a3, deadline, bitset);
}
