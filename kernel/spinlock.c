/*
 * spinlock.c - the slow paths of spinlocks: waiting with deadlock
 * detection, and the reports of misuse.  The fast paths are inline in
 * spinlock.h.
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
	lk->rank = 0;
}

/* Called with interrupts off (the caller pushed), so this_cpu() is stable. */
int
spin_holding(const struct spinlock *lk)
{
	if (!SCHED_DEBUG)
		panic("spin_holding('%s'): the release build records no holder",
		      lk->name);
	return lk->locked && lk->cpu == this_cpu();
}

static void __attribute__((noreturn))
spin_deadlock(struct spinlock *lk, uintptr_t pc)
{
	struct cpu *owner = lk->cpu;
	uintptr_t off1 = 0, off2 = 0;
	const char *f1 = lk->pc ? ksym_lookup(lk->pc, &off1) : 0;
	const char *f2 = ksym_lookup(pc, &off2);

	if (!SCHED_DEBUG)	/* no holder recorded */
		panic("deadlock: lock '%s' held for over %llu ms (by whom and "
		      "where is known in debug builds); cpu%d waits for it at "
		      "%s+0x%x", lk->name, SPIN_TIMEOUT_NS / 1000000, cpu_id(),
		      f2 ? f2 : "?", off2);
	panic("deadlock: lock '%s' held by cpu%d (taken at %s+0x%x) for over "
	      "%llu ms; cpu%d waits for it at %s+0x%x",
	      lk->name, owner ? owner->id : -1, f1 ? f1 : "?", off1,
	      SPIN_TIMEOUT_NS / 1000000, cpu_id(), f2 ? f2 : "?", off2);
}

/* Spin until the lock is ours; check the clock every 4096 tries.  Only
 * reached when the first try in spin_lock() failed: most locks are free,
 * and reading the clock on every acquisition once cost more than the
 * rest of a pipe round trip's locking. */
void __attribute__((noinline))
spin_wait(struct spinlock *lk)
{
	/* spin_lock() is inlined: the return address is in its caller */
	uintptr_t pc = (uintptr_t)__builtin_return_address(0);
	uint64_t start = sched_clock();
	uint32_t tries = 0;

	while (__atomic_exchange_n(&lk->locked, 1, __ATOMIC_ACQUIRE) != 0) {
		cpu_relax();
		if ((++tries & 4095) == 0 &&
		    sched_clock() - start > SPIN_TIMEOUT_NS && panicking < 0)
			spin_deadlock(lk, pc);
	}
}

void
spin_recursion(struct spinlock *lk, uintptr_t pc)
{
	uintptr_t off1 = 0, off2 = 0;
	const char *f1 = ksym_lookup(pc, &off1);
	const char *f2 = ksym_lookup(lk->pc, &off2);

	panic("spinlock recursion: cpu%d takes lock '%s' again at %s+0x%x "
	      "(first taken at %s+0x%x)", cpu_id(), lk->name, f1 ? f1 : "?",
	      off1, f2 ? f2 : "?", off2);
}

void
spin_not_held(struct spinlock *lk)
{
	panic("spin_unlock: cpu%d releases lock '%s' it does not hold",
	      cpu_id(), lk->name);
}

void
irq_unbalanced(void)
{
	panic("irq_pop: %s", (read_eflags() & FL_IF) ? "interrupts are on"
						      : "unbalanced");
}
