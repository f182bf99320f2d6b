/*
 * spinlock.h - mutual exclusion between CPUs.
 *
 * A spinlock is held with interrupts off on the holding CPU, so an interrupt
 * handler on the same CPU can never spin on a lock its own CPU holds.  The
 * interrupt state is saved and restored with nesting (irq_push/irq_pop):
 * interrupts come back on only when the outermost lock is released, and
 * only if they were on before the first one.
 *
 * Safety nets: taking a lock this CPU already holds panics ("recursion");
 * spinning longer than SPIN_TIMEOUT_NS panics with a deadlock report naming
 * the holder (CPU and the place it took the lock) and the waiter.
 */
#ifndef KERNEL_SPINLOCK_H
#define KERNEL_SPINLOCK_H

#include <stdint.h>

struct cpu;

struct spinlock {
	volatile uint32_t locked;
	const char *name;
	struct cpu *cpu;	/* holder, for reports and holding() */
	uintptr_t pc;		/* where the holder took it */
};

#define SPINLOCK_INIT(n)	{ 0, (n), 0, 0 }
#define SPIN_TIMEOUT_NS		2000000000ull	/* 2 s: in the real profile
						 * a host stall counts too */

void spin_init(struct spinlock *lk, const char *name);
void spin_lock(struct spinlock *lk);
void spin_unlock(struct spinlock *lk);
int spin_holding(const struct spinlock *lk);

/* Nested interrupt disabling, used by spinlocks and by code that only needs
 * to stay on its CPU. */
void irq_push(void);
void irq_pop(void);

#endif
