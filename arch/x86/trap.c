/*
 * trap.c - dispatch of interrupts and exceptions.
 *
 * trap() is called by alltraps (trapentry.asm) with the saved state; system
 * calls go to syscall_trap() (kernel/syscall.c) the same way.  Device
 * and IPI vectors go to the handler registered for them; a CPU exception in
 * kernel mode is a kernel bug and panics with the full register state,
 * except a page fault at a user access listed in the exception table
 * (usercopy.asm).
 */
#include <stdint.h>
#include "arch/x86/arch.h"
#include "arch/x86/lapic.h"
#include "arch/x86/paging.h"
#include "arch/x86/trap.h"
#include "arch/x86/uaccess.h"
#include "arch/x86/x86.h"
#include "kernel/cpu.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/upcall.h"

static trap_handler_t handlers[256];
static const char *handler_names[256];

static const char *const exception_names[32] = {
	"divide error", "debug", "NMI", "breakpoint", "overflow",
	"bound range exceeded", "invalid opcode", "device not available",
	"double fault", "coprocessor segment overrun", "invalid TSS",
	"segment not present", "stack-segment fault", "general protection",
	"page fault", "reserved", "x87 floating-point error",
	"alignment check", "machine check", "SIMD floating-point error",
};

const char *
trap_name(int trapno)
{
	if (trapno >= 0 && trapno < 32)
		return exception_names[trapno] ? exception_names[trapno] : "reserved";
	if (trapno < 256 && handler_names[trapno])
		return handler_names[trapno];
	return "interrupt";
}

void
trap_register(int vector, trap_handler_t fn, const char *name)
{
	if (vector < 32 || vector > 255)
		panic("trap_register: bad vector %d for %s", vector, name);
	handlers[vector] = fn;
	handler_names[vector] = name;
}

/* Print the registers of a trap frame, as a panic report needs them. */
void
trap_dump(const struct trapframe *tf)
{
	printk("trap %u (%s) err=0x%x on cpu%d, from %s mode\n", tf->trapno,
	       trap_name(tf->trapno), tf->err, cpu_id(),
	       trap_from_user(tf) ? "user" : "kernel");
	printk("eip=%08x cs=%04x eflags=%08x cr2=%08x cr3=%08x\n", tf->eip,
	       tf->cs & 0xffff, tf->eflags, read_cr2(), read_cr3());
	printk("eax=%08x ebx=%08x ecx=%08x edx=%08x\n", tf->eax, tf->ebx,
	       tf->ecx, tf->edx);
	printk("esi=%08x edi=%08x ebp=%08x esp=%08x\n", tf->esi, tf->edi,
	       tf->ebp, trap_from_user(tf) ? tf->esp : (uint32_t)&tf->esp);
	if (trap_from_user(tf))
		printk("user ss=%04x esp=%08x\n", tf->ss & 0xffff, tf->esp);
}

/* A page fault's error code, spelled out. */
static void
page_fault_explain(const struct trapframe *tf)
{
	uint32_t cr2 = read_cr2();

	printk("page fault at cr2=%08x: %s %s in %s mode%s\n", cr2,
	       (tf->err & 1) ? "protection violation" : "page not present",
	       (tf->err & 2) ? "on write" : "on read",
	       (tf->err & 4) ? "user" : "kernel",
	       kstack_is_guard(cr2) ? " (kernel stack overflow: guard page)" : "");
}

/* The exception table, gathered by the linker (linker.ld).  A handful of
 * entries, so a linear search: Linux sorts its thousands and bisects. */
extern const struct extable_entry __extable_start[], __extable_end[];

static const struct extable_entry *
extable_find(uintptr_t eip)
{
	/* two linker symbols, so count through their addresses */
	size_t n = ((uintptr_t)__extable_end - (uintptr_t)__extable_start) /
		   sizeof(struct extable_entry);

	for (size_t i = 0; i < n; i++)
		if (__extable_start[i].insn == eip)
			return &__extable_start[i];
	return NULL;
}

/*
 * A kernel page fault at a listed user access.  The fault is resolved
 * exactly as a user-mode one would be (the copy goes on at the faulting
 * instruction), unless the entry says the copier holds a lock; an address
 * that cannot be made usable resumes at the fixup, which makes the copy
 * return a short count and so -EFAULT.  The interrupt flag of the copy
 * goes up too: resolving may have to let a fork's TLB flush IPI in.
 */
int
extable_fixup(struct trapframe *tf)
{
	const struct extable_entry *e = extable_find(tf->eip);

	if (!e)
		return 0;
	if (!(e->flags & EX_NOFAULT) &&
	    user_copy_fault(read_cr2(), (tf->err & 2) != 0,
			    (tf->eflags & FL_IF) != 0) > 0)
		return 1;
	tf->eip = e->fixup;
	return 1;
}

static void
exception(struct trapframe *tf)
{
	if (tf->trapno == T_NMI) {
		panic_nmi(tf);	/* returns unless a panic is stopping CPUs */
		printk("NMI on cpu%d ignored\n", cpu_id());
		return;
	}
	if (trap_from_user(tf) && user_fault(tf))
		return;
	if (tf->trapno == T_PGFLT && !trap_from_user(tf) && extable_fixup(tf))
		return;
	if (tf->trapno == T_PGFLT)
		page_fault_explain(tf);
	panic_trap(tf, "unhandled %s in %s mode", trap_name(tf->trapno),
		   trap_from_user(tf) ? "user" : "kernel");
}

static void
dispatch(struct trapframe *tf)
{
	uint32_t v = tf->trapno;

	if (v < 32) {
		exception(tf);
		return;
	}
	/* Acknowledge first: a handler may switch to another task (the
	 * scheduler), and until the EOI the LAPIC holds back every interrupt
	 * of equal or lower priority.  The spurious vector takes no EOI. */
	if (v >= T_IRQ0 && v != T_SPURIOUS && v != T_SYSCALL)
		lapic_eoi();
	if (handlers[v]) {
		handlers[v](tf);
		return;
	}
	if (v == T_SPURIOUS || (v >= T_PIC_BASE && v < T_PIC_BASE + 16))
		return;		/* spurious: nothing to do */
	printk("unexpected interrupt %u on cpu%d (eip %08x), ignored\n", v,
	       cpu_id(), tf->eip);
}

/*
 * Every interrupt, exception and system call lands here.  Crossing from
 * user mode into the kernel and back are the points where CPU time is
 * split into user and system time, and where a task acts on a pending
 * kill or reschedule before it returns to user code.
 */
void
trap(struct trapframe *tf)
{
	int from_user = trap_from_user(tf);
	/* an interrupt, not an exception: the lock checks (spinlock.h)
	 * tell a handler from the task it interrupted */
	int irq = SCHED_DEBUG && tf->trapno >= 32;

	this_cpu()->irqs++;
	if (irq)
		this_cpu()->irq_depth++;
	dispatch(tf);
	if (irq)
		this_cpu()->irq_depth--;
	if (from_user)
		proc_return_to_user(tf, -1);
}

/*
 * Entered through the double-fault task gate on a fresh stack.  The state
 * of the code that faulted was saved by the task switch into this CPU's
 * main TSS, so that is where the report reads it from.
 */
void
double_fault_task(void)
{
	struct tss *t = &this_cpu()->arch.tss;

	printk("double fault on cpu%d: eip=%08x esp=%08x ebp=%08x cr2=%08x\n",
	       cpu_id(), t->eip, t->esp, t->ebp, read_cr2());
	if (kstack_is_guard(t->esp) || kstack_is_guard(read_cr2()))
		printk("the kernel stack overflowed into its guard page\n");
	panic_at(t->ebp, t->esp, t->eip, "double fault");
}
