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

/* Spin until the lock is ours; check the clock every 4096 tries.  The
 * first try comes before reading the clock: most locks are free, and
 * sched_clock() was the single most expensive part of a pipe round trip
 * when every acquisition read it. */
static void
spin_wait(struct spinlock *lk, uintptr_t pc)
{
	uint64_t start;
	uint32_t tries = 0;

	if (__atomic_exchange_n(&lk->locked, 1, __ATOMIC_ACQUIRE) == 0)
		return;
	start = sched_clock();
	while (__atomic_exchange_n(&lk->locked, 1, __ATOMIC_ACQUIRE) != 0) {
		cpu_relax();
		if ((++tries & 4095) == 0 &&
		    sched_clock() - start > SPIN_TIMEOUT_NS && panicking < 0)
			spin_deadlock(lk, pc);
	}
}

void
spin_lock(struct spinlock *lk)
{
	uintptr_t pc = (uintptr_t)__builtin_return_address(0);

	irq_push();
	if (spin_holding(lk))
		panic("spinlock recursion: cpu%d takes lock '%s' again at %p "
		      "(first taken at %p)", cpu_id(), lk->name, (void *)pc,
		      (void *)lk->pc);
	spin_wait(lk, pc);
	lk->cpu = this_cpu();
	lk->pc = pc;
}

void
spin_unlock(struct spinlock *lk)
{
	if (!spin_holding(lk))
		panic("spin_unlock: cpu%d releases lock '%s' it does not hold",
		      cpu_id(), lk->name);
	lk->cpu = 0;
	lk->pc = 0;
	__atomic_store_n(&lk->locked, 0, __ATOMIC_RELEASE);
	irq_pop();
}

void
irq_push(void)
{
	uint32_t fl = read_eflags();
	struct cpu *c;

	cli();
	c = this_cpu();
	if (c->ncli++ == 0)
		c->intena = (fl & FL_IF) != 0;
}

void
irq_pop(void)
{
	struct cpu *c = this_cpu();

	if (read_eflags() & FL_IF)
		panic("irq_pop: interrupts are on");
	if (--c->ncli < 0)
		panic("irq_pop: unbalanced");
	if (c->ncli == 0 && c->intena)
		sti();
}
