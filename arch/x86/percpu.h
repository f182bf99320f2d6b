/* percpu.h - reach this CPU's struct cpu through the GS segment. */
#ifndef ARCH_X86_PERCPU_H
#define ARCH_X86_PERCPU_H

struct cpu;

static inline struct cpu *
arch_this_cpu(void)
{
	struct cpu *c;
	/* volatile: a later issue may let a task move between CPUs, and the
	 * compiler must never reuse a value read on another CPU. */
	__asm__ volatile("movl %%gs:0, %0" : "=r"(c));
	return c;
}

#endif
