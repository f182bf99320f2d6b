/*
 * cpu.h - the per-CPU area.
 *
 * Each CPU owns one struct cpu.  The CPU finds its own through the GS
 * segment, whose base is &cpus[i] and whose first word points back at the
 * struct, so this_cpu() is a single "movl %gs:0".  Fields are grouped by who
 * may touch them:
 *   - set once at bring-up, read-only afterwards: id, apic_id;
 *   - touched only by the owning CPU with interrupts off: ncli, intena, arch;
 *   - written by the owner, read by anyone (statistics): ticks, idle_ns ...
 */
#ifndef KERNEL_CPU_H
#define KERNEL_CPU_H

#include <stdint.h>
#include "kernel/config.h"
#include "kernel/lockrank.h"
#include "arch/x86/cpu_arch.h"

struct task;

struct cpu {
	struct cpu *self;		/* must stay first: %gs:0 */
	int id;				/* 0 .. ncpu-1; 0 is the BSP */
	uint32_t apic_id;
	volatile int online;

	/* interrupt-disable nesting, see spinlock.c */
	int ncli;
	int intena;
	/* the locks this CPU holds, for the rank check (SCHED_DEBUG) */
	int nheld;
	int irq_depth;			/* interrupt handlers running here
					 * (SCHED_DEBUG: the lock checks) */
	struct lock_held held[LOCKS_HELD_MAX];

	/* time, see time.c */
	volatile uint64_t ticks;	/* timer interrupts taken */
	volatile uint64_t idle_ns;	/* time spent halted in idle */
	volatile uint64_t irqs;		/* interrupts and exceptions (not
					 * system calls: vmstat's "in") */
	volatile uint64_t resched_ipis;
	volatile uint64_t call_ipis;
	uint64_t user_ns, system_ns;	/* CPU time given to tasks, by the
					 * mode each tick found (cputime.c) */

	uintptr_t idle_stack_top;
	struct task *cur_task;		/* what runs here; see sched/core.c */
	struct arch_cpu arch;
};

extern struct cpu cpus[MAX_CPUS];
extern int ncpu;			/* CPUs online */

#include "arch/x86/percpu.h"

/* The calling CPU's area.  Only stable while the caller cannot migrate
 * (interrupts off, or a lock held). */
static inline struct cpu *
this_cpu(void)
{
	return arch_this_cpu();
}

static inline int
cpu_id(void)
{
	return this_cpu()->id;
}

/* Read a 64-bit counter another CPU updates, without tearing: on i686 a
 * 64-bit load is two loads, so retry until the high half is stable. */
static inline uint64_t
read_u64_stable(const volatile uint64_t *p)
{
	const volatile uint32_t *w = (const volatile uint32_t *)p;
	uint32_t hi, lo;

	do {
		hi = w[1];
		lo = w[0];
	} while (hi != w[1]);
	return ((uint64_t)hi << 32) | lo;
}

#endif
