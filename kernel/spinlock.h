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
};

#define SPINLOCK_INIT(n)	{ 0, (n), 0, 0, 0 }
#define SPIN_TIMEOUT_NS		2000000000ull	/* 2 s: in the real profile
						 * a host stall counts too */

/* Make lk an unlocked lock called name (rank 0) before first use. */
void spin_init(struct spinlock *lk, const char *name);
/* 1 when this CPU holds lk (interrupts off, so the CPU is stable).
 * SCHED_DEBUG builds only: the release build records no holder. */
int spin_holding(const struct spinlock *lk);

/* spinlock.c: the slow and the fatal paths */
void spin_wait(struct spinlock *lk);	/* names its caller's place */
void spin_recursion(struct spinlock *lk, uintptr_t pc)
	__attribute__((noreturn));
void spin_not_held(struct spinlock *lk) __attribute__((noreturn));
void irq_unbalanced(void) __attribute__((noreturn));

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

static inline __attribute__((always_inline)) void
spin_lock(struct spinlock *lk)
{
	struct cpu *c = irq_push_cpu();

	if (SCHED_DEBUG && lk->locked && lk->cpu == c)
		spin_recursion(lk, here_pc());
	if (__atomic_exchange_n(&lk->locked, 1, __ATOMIC_ACQUIRE) != 0)
		spin_wait(lk);
	if (SCHED_DEBUG) {
		lk->cpu = c;
		lk->pc = here_pc();
		lockrank_acquire(c, lk, lk->pc);
	}
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

#endif
