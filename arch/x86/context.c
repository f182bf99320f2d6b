/*
 * context.c - the x86 side of tasks: building a new task's stack, and what a
 * context switch changes besides the registers swtch() saves.
 */
#include <stdint.h>
#include "arch/x86/arch.h"
#include "arch/x86/context.h"
#include "arch/x86/paging.h"
#include "arch/x86/trap.h"
#include "arch/x86/x86.h"
#include "kernel/mm.h"
#include "kernel/task.h"

extern void task_trampoline(void);

/*
 * New task's stack, from the top down:
 *   struct trapframe      (user state; fork copies the parent's here)
 *   arg, entry            (read by task_trampoline)
 *   struct context        (popped by swtch; eip = task_trampoline)
 */
void
arch_task_init(struct task *t, uintptr_t kstack_top,
	       void (*entry)(void *), void *arg)
{
	uint32_t *sp;
	struct context *ctx;

	t->tf = (struct trapframe *)(kstack_top - sizeof(struct trapframe));
	sp = (uint32_t *)t->tf;
	*--sp = (uint32_t)arg;
	*--sp = (uint32_t)entry;
	ctx = (struct context *)sp - 1;
	ctx->edi = ctx->esi = ctx->ebx = 0;
	ctx->ebp = 0;			/* ends backtraces */
	ctx->eip = (uint32_t)task_trampoline;
	t->ctx = ctx;
	t->fpu.valid = 0;
}

void
fpu_save(struct fpu_state *f)
{
	__asm__ volatile("fnsave %0" : "=m"(f->bytes));
	f->valid = 1;
}

/* Start the live x87 state again, as FNINIT leaves it: for a new program
 * (Linux clears the FPU at exec too), and before a sigreturn's FRSTOR.
 * FRSTOR waits, so an unmasked error pending in the handler's state would
 * otherwise be raised there, in the kernel (CR0.NE: #MF). */
void
fpu_reset(void)
{
	__asm__ volatile("fninit");
}

void
fpu_restore(const struct fpu_state *f)
{
	if (f->valid)
		__asm__ volatile("frstor %0" : : "m"(f->bytes));
	else
		__asm__ volatile("fninit");
}

/* A task with a user address space may have FPU state worth keeping. */
static int
user_task(const struct task *t)
{
	return t->proc && t->proc->mm;
}

void
arch_switch_to(struct task *prev, struct task *next)
{
	uintptr_t pgdir;

	if (user_task(prev))
		fpu_save(&prev->fpu);
	/* Kernel tasks run on the kernel's own page directory, so no CPU
	 * ever keeps using a process's directory after the process is gone. */
	pgdir = user_task(next) ? mm_pgdir_phys(next->proc->mm) :
		paging_kernel_pgdir_phys();
	if (read_cr3() != pgdir)
		write_cr3(pgdir);
	tss_set_kstack(next->kstack + KSTACK_SIZE);
	if (user_task(next))
		fpu_restore(&next->fpu);
	swtch(&prev->ctx, next->ctx);
}
