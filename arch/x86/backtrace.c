/*
 * backtrace.c - where the kernel was: walk the frame pointers, or scan.
 *
 * Debug builds (the default, the tests, the grader, gdb) keep frame
 * pointers (-fno-omit-frame-pointer): every function starts with "push
 * %ebp; mov %esp, %ebp", so at [ebp] sits the caller's ebp and at [ebp+4]
 * the return address.  The boot entry and every new stack start with ebp =
 * 0, which ends the walk.  Each frame is checked to be mapped before it is
 * read, because a backtrace often runs on behalf of a fault.
 *
 * Release builds (SCHED_DEBUG=0, what `make bench` measures) leave ebp to
 * the register allocator: the frame setup costs 3 instructions a call and
 * the register is worth more (76 to 174 instructions of a pipe round trip,
 * docs/performance.md).  Their backtrace scans the stack instead, as Linux's
 * "guess" unwinder does (CONFIG_UNWINDER_GUESS, one of the three x86
 * unwinders since 4.14 with the frame-pointer and ORC ones): every word
 * that could be a return address is printed, marked "?".  To drop most
 * stale words, a candidate must point into the kernel's text just after a
 * call instruction.
 */
#include <stdint.h>
#include "arch/x86/arch.h"
#include "arch/x86/mmu.h"
#include "arch/x86/paging.h"
#include "kernel/ksyms.h"
#include "kernel/panic.h"
#include "kernel/printk.h"

#define BACKTRACE_MAX	24
#define SCAN_MAX	8192	/* bytes of stack a scan reads at most */

extern char _etext[];		/* linker.ld: the end of the kernel's code */

static void
frame_print(uintptr_t pc, const char *mark)
{
	uintptr_t off;
	const char *name = ksym_lookup(pc, &off);

	if (name)
		printk("  [<%08x>] %s%s+0x%x\n", pc, mark, name, off);
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

static void
walk_frames(uintptr_t ebp)
{
	const struct stackframe *f = (const struct stackframe *)ebp;

	for (int n = 0; n < BACKTRACE_MAX && frame_ok((uintptr_t)f); n++) {
		/* a return address points after the call; -1 names the caller's
		 * line, not the next one */
		if (f->ret)
			frame_print(f->ret - 1, "");
		if ((uintptr_t)f->next <= (uintptr_t)f)
			break;	/* stacks grow down: a frame above is garbage */
		f = f->next;
	}
}

static int
text_ok(uintptr_t a, uintptr_t len)
{
	return a >= KERNBASE && a + len <= (uintptr_t)_etext &&
	       paging_kernel_mapped(a) && paging_kernel_mapped(a + len - 1);
}

/* Does the instruction before ret call?  call rel32 (e8, 5 bytes), or an
 * indirect call ff /2 through a register or memory: 2, 3, 6 or 7 bytes
 * back (no SIB, disp8 with a SIB, disp32, disp32 with a SIB). */
static int
after_call(uintptr_t ret)
{
	static const uint8_t back[] = { 2, 3, 6, 7 };
	const uint8_t *p;

	if (!text_ok(ret - 7, 7))
		return 0;
	p = (const uint8_t *)ret;
	if (p[-5] == 0xe8)
		return 1;
	for (unsigned i = 0; i < sizeof(back); i++)
		if (p[-back[i]] == 0xff && ((p[-back[i] + 1] >> 3) & 7) == 2)
			return 1;
	return 0;
}

void
backtrace_scan(uintptr_t esp)
{
	uintptr_t a = esp & ~3u, end = a + SCAN_MAX;
	int n = 0;

	if (a >= KERNBASE && !paging_kernel_mapped(a))
		a = PGROUNDUP(a + 1);	/* an overflow: from the guard up */
	for (; a < end && n < BACKTRACE_MAX; a += 4) {
		uintptr_t w;

		if (a < KERNBASE || !paging_kernel_mapped(a))
			break;		/* the stack's end */
		w = *(const uintptr_t *)a;
		if (after_call(w)) {
			frame_print(w - 1, "? ");
			n++;
		}
	}
}

void
backtrace_print(uintptr_t ebp, uintptr_t esp, uintptr_t eip)
{
	printk("Backtrace:\n");
	if (eip)
		frame_print(eip, "");
	if (ARCH_FRAME_POINTER)
		walk_frames(ebp);
	else
		backtrace_scan(esp);
}
