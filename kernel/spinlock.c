/*
 * spinlock.c - spinlocks with owner tracking and deadlock detection.
 */
#include <stdint.h>
#include "arch/x86/x86.h"
#include "kernel/cpu.h"
#include "kernel/ksyms.h"
#include "kernel/panic.h"
#include "kernel/spinlock.h"
#include "kernel/time.h"

void
spin_init(struct spinlock *lk, const char *name)
{
	lk->locked = 0;
	lk->name = name;
	lk->cpu = 0;
	lk->pc = 0;
}

/* Called with interrupts off (the caller pushed), so this_cpu() is stable. */
int
spin_holding(const struct spinlock *lk)
{
	return lk->locked && lk->cpu == this_cpu();
}

static void __attribute__((noreturn))
spin_deadlock(struct spinlock *lk, uintptr_t pc)
{
	struct cpu *owner = lk->cpu;
	uintptr_t off1 = 0, off2 = 0;
	const char *f1 = ksym_lookup(lk->pc, &off1);
	const char *f2 = ksym_lookup(pc, &off2);

	panic("deadlock: lock '%s' held by cpu%d (taken at %s+0x%x) for over "
	      "%llu ms; cpu%d waits for it at %s+0x%x",
	      lk->name, owner ? owner->id : -1, f1 ? f1 : "?", off1,
	      SPIN_TIMEOUT_NS / 1000000, cpu_id(), f2 ? f2 : "?", off2);
}

/* Spin until the lock is ours; check the clock every 4096 tries.  Only
 * reached when the first try in spin_lock() failed: most locks are free,
 * and reading the clock on every acquisition once cost more than the
 * rest of a pipe round trip's locking. */
static void __attribute__((noinline))
spin_wait(struct spinlock *lk, uintptr_t pc)
{
	uint64_t start = sched_clock();
	uint32_t tries = 0;

	while (__atomic_exchange_n(&lk->locked, 1, __ATOMIC_ACQUIRE) != 0) {
		cpu_relax();
		if ((++tries & 4095) == 0 &&
		    sched_clock() - start > SPIN_TIMEOUT_NS && panicking < 0)
			spin_deadlock(lk, pc);
	}
}

/* The two halves of irq_push/irq_pop, inlined into the lock functions
 * (they run a dozen times per system call). */
static inline __attribute__((always_inline)) struct cpu *
push_off(void)
{
	uint32_t fl = read_eflags();
	struct cpu *c;

	cli();
	c = this_cpu();
	if (c->ncli++ == 0)
		c->intena = (fl & FL_IF) != 0;
	return c;
}

static inline __attribute__((always_inline)) void
pop_off(struct cpu *c)
{
	if (read_eflags() & FL_IF)
		panic("irq_pop: interrupts are on");
	if (--c->ncli < 0)
		panic("irq_pop: unbalanced");
	if (c->ncli == 0 && c->intena)
		sti();
}

void
spin_lock(struct spinlock *lk)
{
	uintptr_t pc = (uintptr_t)__builtin_return_address(0);
	struct cpu *c = push_off();

	if (lk->locked && lk->cpu == c)
		panic("spinlock recursion: cpu%d takes lock '%s' again at %p "
		      "(first taken at %p)", c->id, lk->name, (void *)pc,
		      (void *)lk->pc);
	if (__atomic_exchange_n(&lk->locked, 1, __ATOMIC_ACQUIRE) != 0)
		spin_wait(lk, pc);
	lk->cpu = c;
	lk->pc = pc;
}

void
spin_unlock(struct spinlock *lk)
{
	struct cpu *c = this_cpu();

	if (!lk->locked || lk->cpu != c)
		panic("spin_unlock: cpu%d releases lock '%s' it does not hold",
		      c->id, lk->name);
	lk->cpu = 0;
	lk->pc = 0;
	__atomic_store_n(&lk->locked, 0, __ATOMIC_RELEASE);
	pop_off(c);
}

void
irq_push(void)
{
	push_off();
}

void
irq_pop(void)
{
	pop_off(this_cpu());
}
