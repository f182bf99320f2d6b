/*
 * context.h - the registers a task keeps while it is switched out.
 *
 * swtch() (switch.asm) pushes the callee-saved registers on the old task's
 * kernel stack, stores that stack pointer through *old, loads new, pops and
 * returns: into whatever the new task was doing when it called swtch(), or,
 * for a brand-new task, into the entry function arch_task_init() set up.
 * Everything else (eax, ecx, edx, flags) the C calling convention already
 * lets swtch() clobber.
 */
#ifndef ARCH_X86_CONTEXT_H
#define ARCH_X86_CONTEXT_H

#include <stdint.h>

struct context {
	uint32_t edi, esi, ebx, ebp;
	uint32_t eip;
};

/* FPU state saved with FNSAVE (108 bytes).  User code may use the x87 FPU;
 * the kernel never does (-mgeneral-regs-only). */
struct fpu_state {
	uint8_t bytes[108];
	int valid;		/* 0: the task never saved state; use FNINIT */
};

struct task;
struct trapframe;

/* Save the running task's callee-saved registers on its stack, store that
 * stack in *old and resume new where it last called swtch() (the first
 * time: task_trampoline).  Interrupts off; only schedule() calls it.
 * Returns when some CPU switches back to *old. */
void swtch(struct context **old, struct context *new);

/* Prepare a new task's kernel stack so that the first switch to it calls
 * entry(arg) there.  Returns the stack pointer after reserving room for a
 * user trap frame (*tf), which entry may fill and return through. */
void arch_task_init(struct task *t, uintptr_t kstack_top,
		    void (*entry)(void *), void *arg);
/* Switch CPU state from prev to next: page directory (if different), the
 * kernel stack for traps from user mode, the FPU, then the registers. */
void arch_switch_to(struct task *prev, struct task *next);
/* Leave the kernel to user mode through the trap frame tf (never returns). */
void arch_enter_user(struct trapframe *tf) __attribute__((noreturn));
void fpu_save(struct fpu_state *f);
void fpu_restore(const struct fpu_state *f);
void fpu_reset(void);		/* the live state as after FNINIT */

#endif
