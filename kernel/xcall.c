/*
 * xcall.c - cross-CPU function calls and reschedule IPIs.
 *
 * Each CPU has a queue of pending call requests.  A request lives on the
 * caller's stack: the caller links it into the target's queue, sends the
 * IPI and spins until the target marks it done.
 */
#include <stddef.h>
#include "arch/x86/lapic.h"
#include "arch/x86/trap.h"
#include "arch/x86/x86.h"
#include "kernel/cpu.h"
#include "kernel/panic.h"
#include "kernel/spinlock.h"
#include "kernel/upcall.h"
#include "kernel/xcall.h"

struct call_req {
	smp_fn_t fn;
	void *arg;
	volatile int done;
	struct call_req *next;
};

static struct call_req *queue[MAX_CPUS];
static struct spinlock queue_lock[MAX_CPUS];

/* Run every request queued for this CPU.  Interrupts off. */
static void
serve_calls(void)
{
	int me = cpu_id();
	struct call_req *r, *next;

	spin_lock(&queue_lock[me]);
	r = queue[me];
	queue[me] = NULL;
	spin_unlock(&queue_lock[me]);
	for (; r; r = next) {
		next = r->next;		/* r may vanish once done is set */
		r->fn(r->arg);
		__atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
	}
}

static void
callfunc_interrupt(struct trapframe *tf)
{
	(void)tf;
	this_cpu()->call_ipis++;
	serve_calls();
}

static void
resched_interrupt(struct trapframe *tf)
{
	(void)tf;
	this_cpu()->resched_ipis++;
	/* the scheduler core will set need_resched here */
}

void
smp_init(void)
{
	for (int i = 0; i < MAX_CPUS; i++)
		spin_init(&queue_lock[i], "smp_call");
	trap_register(T_CALLFUNC, callfunc_interrupt, "call-function");
	trap_register(T_RESCHED, resched_interrupt, "reschedule");
}

static void
post(int cpu, struct call_req *r)
{
	if (cpu < 0 || cpu >= ncpu || !cpus[cpu].online)
		panic("smp_call: cpu%d is not online", cpu);
	spin_lock(&queue_lock[cpu]);
	r->next = queue[cpu];
	queue[cpu] = r;
	spin_unlock(&queue_lock[cpu]);
	lapic_ipi(cpus[cpu].apic_id, T_CALLFUNC);
}

static void
wait_done(struct call_req *r)
{
	while (!__atomic_load_n(&r->done, __ATOMIC_ACQUIRE)) {
		irq_push();
		/* serve calls addressed to us (look without the lock first,
		 * so posters to our queue are not kept spinning on it) */
		if (__atomic_load_n(&queue[cpu_id()], __ATOMIC_ACQUIRE))
			serve_calls();
		irq_pop();
		cpu_relax();
	}
}

/* A CPU that waits for another's answer must hold no spinlock: a CPU
 * spinning for that lock has interrupts off and cannot answer, and the
 * two wait for each other for good.  Debug builds know the locks held
 * (lockrank.c) and say who. */
static void
assert_no_lock_held(const char *who)
{
	struct cpu *c;

	if (!SCHED_DEBUG || panicking >= 0)
		return;
	irq_push();
	c = this_cpu();
	if (c->nheld > 0)
		panic("%s: cpu%d waits for other CPUs holding lock '%s'", who,
		      c->id, c->held[c->nheld - 1].lk->name);
	irq_pop();
}

void
smp_call(int cpu, smp_fn_t fn, void *arg)
{
	struct call_req r = { fn, arg, 0, NULL };

	if (cpu != cpu_id())
		assert_no_lock_held("smp_call");
	irq_push();
	if (cpu == cpu_id()) {
		fn(arg);
		irq_pop();
		return;
	}
	post(cpu, &r);
	irq_pop();
	wait_done(&r);
}

void
smp_call_others(smp_fn_t fn, void *arg)
{
	struct call_req r[MAX_CPUS];
	int me;

	assert_no_lock_held("smp_call_others");
	irq_push();
	me = cpu_id();
	for (int i = 0; i < ncpu; i++) {
		r[i] = (struct call_req){ fn, arg, i == me, NULL };
		if (i != me)
			post(i, &r[i]);
	}
	irq_pop();
	for (int i = 0; i < ncpu; i++)
		wait_done(&r[i]);
}

void
smp_resched(int cpu)
{
	lapic_ipi(cpus[cpu].apic_id, T_RESCHED);
}
