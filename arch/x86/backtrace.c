/*
 * backtrace.c - walk the chain of saved frame pointers.
 *
 * The kernel is built with -fno-omit-frame-pointer, so every function starts
 * with "push %ebp; mov %esp, %ebp": at [ebp] sits the caller's ebp and at
 * [ebp+4] the return address.  The boot entry and every new stack start with
 * ebp = 0, which ends the walk.  Each frame is checked to be mapped before it
 * is read, because a backtrace often runs on behalf of a fault.
 */
#include <stdint.h>
#include "arch/x86/arch.h"
#include "arch/x86/mmu.h"
#include "arch/x86/paging.h"
#include "kernel/ksyms.h"
#include "kernel/panic.h"
#include "kernel/printk.h"

#define BACKTRACE_MAX	24

static void
frame_print(uintptr_t pc)
{
	uintptr_t off;
	const char *name = ksym_lookup(pc, &off);

	if (name)
		printk("  [<%08x>] %s+0x%x\n", pc, name, off);
	else
		printk("  [<%08x>] ?\n", pc);
}

static int
frame_ok(uintptr_t ebp)
{
	return ebp >= KERNBASE && (ebp & 3) == 0 &&
	       paging_kernel_mapped(ebp) &&
	       paging_kernel_mapped(ebp + sizeof(struct stackframe) - 1);
}

void
backtrace_print(uintptr_t ebp, uintptr_t eip)
{
	const struct stackframe *f = (const struct stackframe *)ebp;

	printk("Backtrace:\n");
	if (eip)
		frame_print(eip);
	for (int n = 0; n < BACKTRACE_MAX && frame_ok((uintptr_t)f); n++) {
		/* a return address points after the call; -1 names the caller's
		 * line, not the next one */
		if (f->ret)
			frame_print(f->ret - 1);
		if ((uintptr_t)f->next <= (uintptr_t)f)
			break;	/* stacks grow down: a frame above is garbage */
		f = f->next;
	}
}
