/* percpu.h (host shim) - this_cpu() is the CPU the simulator runs now. */
#ifndef ARCH_X86_PERCPU_H
#define ARCH_X86_PERCPU_H

struct cpu;

extern struct cpu *sim_this_cpu;

static inline struct cpu *
arch_this_cpu(void)
{
	return sim_this_cpu;
}

#endif
