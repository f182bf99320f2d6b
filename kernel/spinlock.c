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
	lk->task_only = 0;
	lk->irq_used = 0;
}

void
spin_init_task(struct spinlock *lk, const char *name)
{
	spin_init(lk, name);
	lk->task_only = 1;
}

/* ---- SCHED_DEBUG: the two kinds of lock kept apart ---- */

static void __attribute__((noreturn))
kind_misuse(struct spinlock *lk, uintptr_t pc, const char *what)
{
	uintptr_t off = 0;
	const char *f = ksym_lookup(pc, &off);

	panic("spinlock '%s' at %s+0x%x: %s", lk->name, f ? f : "?", off,
	      what);
}

/* spin_lock() of a task lock, or the first time an interrupt handler
 * takes lk: from now on no task lock may be taken under lk. */
void __attribute__((noinline))
spin_debug_irq_lock(struct spinlock *lk)
{
	uintptr_t pc = (uintptr_t)__builtin_return_address(0);

	if (lk->task_only)
		kind_misuse(lk, pc, "a task lock taken with spin_lock()");
	lk->irq_used = 1;
}

/* Before the exchange: lk is a task lock, this is a task, and no lock
 * this CPU holds is one an interrupt handler takes (its holder could
 * wait for us while our own interrupted holder of lk, on another CPU,
 * waits for it). */
void
spin_debug_task_lock(struct spinlock *lk, uintptr_t pc)
{
	struct cpu *c;

	irq_push();
	c = this_cpu();
	if (!lk->task_only)
		kind_misuse(lk, pc, "spin_lock_task() of a lock that is not "
			    "a task lock");
	if (c->irq_depth)
		kind_misuse(lk, pc, "a task lock taken by an interrupt "
			    "handler");
	if (lk->locked && lk->cpu == c)
		spin_recursion(lk, pc);
	for (int i = 0; i < c->nheld; i++)
		if (c->held[i].lk->irq_used)
			kind_misuse(lk, pc, "a task lock taken under a lock "
				    "interrupt handlers take");
	irq_pop();
}

/* After the exchange: record the holder, as spin_lock() does. */
void
spin_debug_task_locked(struct spinlock *lk, uintptr_t pc)
{
	struct cpu *c;

	irq_push();		/* the record is the CPU's, not the task's */
	c = this_cpu();
	lk->cpu = c;
	lk->pc = pc;
	lockrank_acquire(c, lk, pc);
	irq_pop();
}

void
spin_debug_task_unlock(struct spinlock *lk)
{
	struct cpu *c;

	irq_push();
	c = this_cpu();
	if (!lk->locked || lk->cpu != c)
		spin_not_held(lk);
	lockrank_release(c, lk);
	lk->cpu = 0;
	irq_pop();
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
