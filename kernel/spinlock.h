/*
 * spinlock.h - mutual exclusion between CPUs.
 *
 * A spinlock is held with interrupts off on the holding CPU, so an interrupt
 * handler on the same CPU can never spin on a lock its own CPU holds.  The
 * interrupt state is saved and restored with nesting (irq_push/irq_pop):
 * interrupts come back on only when the outermost lock is released, and
 * only if they were on before the first one.
 *
 * Safety nets: spinning longer than SPIN_TIMEOUT_NS panics with a deadlock
 * report naming the waiter.  With SCHED_DEBUG (config.h) each lock also
 * records its holder (the CPU and the place it took the lock), so the
 * report names those too, taking a lock this CPU already holds panics
 * ("recursion"), and so do releasing one it does not hold and unbalanced
 * interrupt nesting.  The release build leaves all of that out: a lock is
 * the exchange and the interrupt nesting, an unlock the store and the
 * nesting (docs/performance.md).
 *
 * A task lock (spin_init_task, spin_lock_task) is the exception: no
 * interrupt handler ever takes it, so it leaves interrupts as they are,
 * as Linux's plain spin_lock() does against spin_lock_irqsave().  An
 * interrupt that arrives while a task holds one cannot spin on it, and
 * the kernel does not preempt a task in kernel mode, so the holder keeps
 * its CPU.  What it must not do is hold a lock that interrupt handlers
 * take while it waits for a task lock: a holder on another CPU,
 * interrupted, could then spin on that lock.  SCHED_DEBUG builds check
 * both rules (spinlock.c).
 *
 * The fast paths are inline: a pipe round trip takes a dozen locks, and a
 * call with its frame cost more than the locking itself.  Everything rare
 * (waiting, the reports) is out of line in spinlock.c.
 */
#ifndef KERNEL_SPINLOCK_H
#define KERNEL_SPINLOCK_H

#include <stdint.h>
#include "arch/x86/x86.h"
#include "kernel/cpu.h"
#include "kernel/lockrank.h"

struct spinlock {
	volatile uint32_t locked;
	const char *name;
	struct cpu *cpu;	/* holder, for reports and holding()
				 * (SCHED_DEBUG; else 0) */
	uintptr_t pc;		/* where the holder took it (SCHED_DEBUG) */
	int8_t rank;		/* lockrank.c; 0 until first looked up */
	uint8_t task_only;	/* a task lock (spin_init_task) */
	uint8_t irq_used;	/* an interrupt handler took it (SCHED_DEBUG) */
};

#define SPINLOCK_INIT(n)	{ 0, (n), 0, 0, 0, 0, 0 }
#define SPIN_TIMEOUT_NS		2000000000ull	/* 2 s: in the real profile
						 * a host stall counts too */

/* Make lk an unlocked lock called name (rank 0) before first use. */
void spin_init(struct spinlock *lk, const char *name);
/* The same for a task lock: spin_lock_task() and spin_unlock_task() only. */
void spin_init_task(struct spinlock *lk, const char *name);
/* 1 when this CPU holds lk (interrupts off, so the CPU is stable).
 * SCHED_DEBUG builds only: the release build records no holder. */
int spin_holding(const struct spinlock *lk);

/* spinlock.c: the slow and the fatal paths */
void spin_wait(struct spinlock *lk);	/* names its caller's place */
void spin_recursion(struct spinlock *lk, uintptr_t pc)
	__attribute__((noreturn));
void spin_not_held(struct spinlock *lk) __attribute__((noreturn));
void irq_unbalanced(void) __attribute__((noreturn));
/* SCHED_DEBUG: the checks and the holder's record of the lock kinds. */
void spin_debug_irq_lock(struct spinlock *lk);
void spin_debug_task_lock(struct spinlock *lk, uintptr_t pc);
void spin_debug_task_locked(struct spinlock *lk, uintptr_t pc);
void spin_debug_task_unlock(struct spinlock *lk);

/* Disable interrupts with nesting; returns this CPU, stable from now on.
 * The first level remembers whether interrupts were on. */
static inline __attribute__((always_inline)) struct cpu *
irq_push_cpu(void)
{
	uint32_t fl = read_eflags();
	struct cpu *c;

	cli();
	c = this_cpu();
	if (c->ncli++ == 0)
		c->intena = (fl & FL_IF) != 0;
	return c;
}

/* Undo one irq_push_cpu(); the last level turns interrupts back on if
 * they were on before the first. */
static inline __attribute__((always_inline)) void
irq_pop_cpu(struct cpu *c)
{
	if (SCHED_DEBUG && ((read_eflags() & FL_IF) || c->ncli <= 0))
		irq_unbalanced();
	if (--c->ncli == 0 && c->intena)
		sti();
}

/* Nested interrupt disabling, for code that only needs to stay on its
 * CPU. */
static inline __attribute__((always_inline)) void
irq_push(void)
{
	irq_push_cpu();
}

static inline __attribute__((always_inline)) void
irq_pop(void)
{
	irq_pop_cpu(this_cpu());
}

/* Take lk on c, whose interrupts are off. */
static inline __attribute__((always_inline)) void
spin_acquire(struct cpu *c, struct spinlock *lk)
{
	if (SCHED_DEBUG && lk->locked && lk->cpu == c)
		spin_recursion(lk, here_pc());
	if (SCHED_DEBUG && (lk->task_only || (c->irq_depth && !lk->irq_used)))
		spin_debug_irq_lock(lk);
	if (__atomic_exchange_n(&lk->locked, 1, __ATOMIC_ACQUIRE) != 0)
		spin_wait(lk);
	if (SCHED_DEBUG) {
		lk->cpu = c;
		lk->pc = here_pc();
		lockrank_acquire(c, lk, lk->pc);
	}
}

static inline __attribute__((always_inline)) void
spin_lock(struct spinlock *lk)
{
	spin_acquire(irq_push_cpu(), lk);
}

/* spin_lock() for a caller that has interrupts off already, through
 * irq_push() or another lock it holds: one more nesting level, without
 * reading and clearing the interrupt flag again.  The level must not be
 * the first: only the first remembers whether interrupts were on.  The
 * _on form is for a caller that has this CPU's struct cpu at hand. */
static inline __attribute__((always_inline)) void
spin_lock_nested_on(struct cpu *c, struct spinlock *lk)
{
	if (SCHED_DEBUG && ((read_eflags() & FL_IF) || c->ncli <= 0))
		irq_unbalanced();
	c->ncli++;
	spin_acquire(c, lk);
}

static inline __attribute__((always_inline)) void
spin_lock_nested(struct spinlock *lk)
{
	spin_lock_nested_on(this_cpu(), lk);
}

static inline __attribute__((always_inline)) void
spin_unlock(struct spinlock *lk)
{
	struct cpu *c = this_cpu();

	if (SCHED_DEBUG) {
		if (!lk->locked || lk->cpu != c)
			spin_not_held(lk);
		lockrank_release(c, lk);
		lk->cpu = 0;
	}
	__atomic_store_n(&lk->locked, 0, __ATOMIC_RELEASE);
	irq_pop_cpu(c);
}

/* A task lock: the exchange and the store, nothing else in a release
 * build.  Interrupts stay as the caller had them. */
static inline __attribute__((always_inline)) void
spin_lock_task(struct spinlock *lk)
{
	if (SCHED_DEBUG)
		spin_debug_task_lock(lk, here_pc());
	if (__atomic_exchange_n(&lk->locked, 1, __ATOMIC_ACQUIRE) != 0)
		spin_wait(lk);
	if (SCHED_DEBUG)
		spin_debug_task_locked(lk, here_pc());
}

static inline __attribute__((always_inline)) void
spin_unlock_task(struct spinlock *lk)
{
	if (SCHED_DEBUG)
		spin_debug_task_unlock(lk);
	__atomic_store_n(&lk->locked, 0, __ATOMIC_RELEASE);
}

/* Either kind, for code that is handed a lock (waitq_sleep). */
static inline __attribute__((always_inline)) void
spin_lock_any(struct spinlock *lk)
{
	if (lk->task_only)
		spin_lock_task(lk);
	else
		spin_lock(lk);
}

static inline __attribute__((always_inline)) void
spin_unlock_any(struct spinlock *lk)
{
	if (lk->task_only)
		spin_unlock_task(lk);
	else
		spin_unlock(lk);
}

#endif
