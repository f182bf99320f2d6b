/*
 * cpu_arch.h - the x86 part of each CPU's private area (struct cpu).
 */
#ifndef ARCH_X86_CPU_ARCH_H
#define ARCH_X86_CPU_ARCH_H

#include <stdint.h>

/* 32-bit task state segment (Intel SDM vol. 3A, 7.2.1).  Quanta uses it
 * only for ss0:esp0, the stack the CPU switches to on entry from user mode,
 * and, in a second TSS per CPU, as the double-fault task. */
struct tss {
	uint32_t link;
	uint32_t esp0, ss0;
	uint32_t esp1, ss1;
	uint32_t esp2, ss2;
	uint32_t cr3, eip, eflags;
	uint32_t eax, ecx, edx, ebx, esp, ebp, esi, edi;
	uint32_t es, cs, ss, ds, fs, gs;
	uint32_t ldt;
	uint16_t trap, iomb;
} __attribute__((packed));

struct arch_cpu {
	struct tss tss;		/* esp0 is updated on every switch */
	struct tss df_tss;	/* double-fault task: a known-good stack */
};

#endif
