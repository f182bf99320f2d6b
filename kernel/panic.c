/*
 * panic.c - report a kernel bug and stop the machine.
 *
 * The first CPU to panic wins: it switches printk to lock-free mode (the
 * lock might be held by a CPU that will never release it), prints the
 * report, stops the other CPUs one by one with an NMI (which arrives even
 * with interrupts off) - each prints where it was, so a deadlock report
 * shows what the lock's holder is doing - and powers off with EXIT_PANIC.
 * A CPU that panics while another is already panicking just halts; a panic
 * inside the panic path powers off immediately.
 */
#include <stdarg.h>
#include <stdint.h>
#include "arch/x86/arch.h"
#include "arch/x86/lapic.h"
#include "arch/x86/trap.h"
#include "arch/x86/x86.h"
#include "kernel/config.h"
#include "kernel/cpu.h"
#include "kernel/panic.h"
#include "drivers/power.h"
#include "kernel/lib/printf.h"
#include "kernel/printk.h"
#include "kernel/time.h"

volatile int panicking = -1;	/* id of the CPU that panicked, or -1 */
static volatile int cpus_stopped;	/* others that took the stop NMI */
static volatile int stopping = -1;	/* the CPU asked to stop now */

/* Become the panicking CPU, or halt if another CPU got there first. */
static void
panic_enter(void)
{
	int me;

	cli();
	me = cpu_id();
	if (panicking == me)
		machine_poweroff(EXIT_PANIC);	/* recursive panic */
	if (!__atomic_compare_exchange_n(&panicking, &(int){ -1 }, me, 0,
					 __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		arch_halt_forever();
	printk_panic_mode();
}

/* Stop the other CPUs with an NMI (it gets through even with interrupts
 * off), one at a time so that their reports do not interleave, waiting
 * briefly for each.  Only CPUs that are online: one firmware listed but
 * Quanta never started has no IDT, and an NMI would triple-fault the
 * machine. */
static void
stop_others(void)
{
	int others = 0;

	for (int i = 0; i < ncpu; i++) {
		uint64_t end = sched_clock() + 100000000ull;	/* 100 ms */
		int before = cpus_stopped;

		if (!cpus[i].online || i == cpu_id())
			continue;
		others++;
		stopping = i;
		lapic_nmi(cpus[i].apic_id);
		while (cpus_stopped == before && sched_clock() < end)
			cpu_relax();
	}
	if (others)
		printk("panic: stopped %d other CPUs%s\n", cpus_stopped,
		       cpus_stopped < others ? " (some did not answer)" : "");
}

static void __attribute__((noreturn))
panic_finish(void)
{
	stop_others();
	printk("---[ end Kernel panic on cpu%d ]---\n", cpu_id());
	machine_poweroff(EXIT_PANIC);
}

static void
panic_message(const char *fmt, va_list ap)
{
	char msg[256];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	printk("PANIC on cpu%d: %s\n", cpu_id(), msg);
}

void
panic(const char *fmt, ...)
{
	va_list ap;

	panic_enter();
	va_start(ap, fmt);
	panic_message(fmt, ap);
	va_end(ap);
	backtrace_print(read_ebp(), read_esp(), 0);
	panic_finish();
}

void
panic_at(uintptr_t ebp, uintptr_t esp, uintptr_t eip, const char *fmt, ...)
{
	va_list ap;

	panic_enter();
	va_start(ap, fmt);
	panic_message(fmt, ap);
	va_end(ap);
	backtrace_print(ebp, esp, eip);
	panic_finish();
}

void
panic_trap(struct trapframe *tf, const char *fmt, ...)
{
	va_list ap;

	panic_enter();
	va_start(ap, fmt);
	panic_message(fmt, ap);
	va_end(ap);
	trap_dump(tf);
	backtrace_print(tf->ebp, trap_kernel_esp(tf), tf->eip);
	panic_finish();
}

void
panic_nmi(struct trapframe *tf)
{
	if (panicking < 0 || panicking == cpu_id())
		return;
	if (stopping == cpu_id() && trap_from_user(tf)) {
		printk("stopped in user mode at eip %08x\n", tf->eip);
	} else if (stopping == cpu_id()) {	/* not one answering late */
		printk("stopped in the kernel at:\n");
		backtrace_print(tf->ebp, trap_kernel_esp(tf), tf->eip);
	}
	__atomic_fetch_add(&cpus_stopped, 1, __ATOMIC_SEQ_CST);
	arch_halt_forever();
}
