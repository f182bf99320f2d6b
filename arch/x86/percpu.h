/* percpu.h - reach this CPU's struct cpu through the GS segment. */
#ifndef ARCH_X86_PERCPU_H
#define ARCH_X86_PERCPU_H

struct cpu;

static inline struct cpu *
arch_this_cpu(void)
{
	struct cpu *c;
	/* volatile: the balancer may move a task to another CPU between two
	 * calls, so the compiler must never reuse a value read earlier. */
	__asm__ volatile("movl %%gs:0, %0" : "=r"(c));
	return c;
}

#endif
