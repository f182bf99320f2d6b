/*
 * lockrank.h - lock ranks: the lock order of docs/scheduler.md, checked.
 *
 * Every spinlock has a rank, found from its name in lockrank.c's table
 * the first time it is taken.  A CPU may take a lock only if its rank is
 * above the rank of every lock the CPU already holds (the same rank only
 * for the classes the table marks as nesting, such as two runqueues taken
 * in CPU order).  With SCHED_DEBUG each CPU keeps the locks it holds, and
 * taking one out of order panics naming both locks and both places: a
 * lockdep that knows one order instead of learning it, in the spirit of
 * SerenityOS's LockRank.  The release build keeps nothing and checks
 * nothing.  A lock whose name is not in the table is not checked.
 */
#ifndef KERNEL_LOCKRANK_H
#define KERNEL_LOCKRANK_H

#include <stdint.h>

struct spinlock;
struct cpu;

#define LOCKS_HELD_MAX	8	/* per CPU; more held at once panics */

struct lock_held {
	struct spinlock *lk;
	uintptr_t pc;
	int irq_depth;		/* the CPU's interrupt depth when taken */
};

/* SCHED_DEBUG's spin_lock(), with lk just taken at pc on c. */
void lockrank_acquire(struct cpu *c, struct spinlock *lk, uintptr_t pc);
/* SCHED_DEBUG's spin_unlock(), before lk is released on c. */
void lockrank_release(struct cpu *c, struct spinlock *lk);
/* lk's rank (0: not ranked), looked up once. */
int lockrank_of(struct spinlock *lk);

#endif
