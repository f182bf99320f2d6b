/*
 * upcall.h - the calls arch/ makes up into kernel/.
 *
 * arch/x86/ is the layer kernel/ calls down into.  It calls back up only
 * at these points, where the hardware hands control to the kernel: a trap
 * from user mode, a fault in a copy from or to user memory, the way back
 * to user mode, an application processor's first C code, and a TLB
 * shootdown that needs every CPU.  Besides these,
 * arch/ uses the kernel's services as a library (printk and panic, the
 * frame allocator, spinlocks, the clock, kernel/lib/): docs/architecture.md
 * lists the headers, and `make lint` fails on an arch/ file that includes
 * any other kernel/ header.
 *
 * The kernel files that define these include this header, so a signature
 * that drifts from its declaration does not compile.
 */
#ifndef KERNEL_UPCALL_H
#define KERNEL_UPCALL_H

#include <stdint.h>

struct cpu;
struct trapframe;

/* kernel/syscall.c.  int $0x80 from user mode, whole (trapentry.asm's
 * allsyscalls): runs the call with interrupts on,
 * puts the result in tf->eax, and leaves through proc_return_to_user()
 * when a signal or a reschedule is pending.  Interrupts off on entry and
 * on return. */
void syscall_trap(struct trapframe *tf);

/* kernel/proc.c.  At every return to user mode from a trap: act on
 * pending signals (a handler's frame, a default action) and on
 * need_resched.  sysnr: the system call being left, or -1.  Interrupts
 * off; may sleep, and may return on another CPU. */
void proc_return_to_user(struct trapframe *tf, int sysnr);

/* kernel/proc.c.  A CPU exception in user mode (page fault, #GP, divide
 * error ...): resolved (a copy-on-write break, a lazily mapped page) or
 * turned into a signal for the task, and then 1.  0 if the task has no
 * user context, so the caller panics instead. */
int user_fault(struct trapframe *tf);

/* kernel/mm.c.  A page fault in kernel mode at a user copy that may have
 * faults resolved (the exception table, arch/x86/usercopy.asm) at user
 * address va (write: a write access; irqs_on: the copy ran with
 * interrupts on).  Resolved as a user-mode fault at va would be (a
 * copy-on-write break, a new stack page): 1 retry the copy, 0 a bad
 * address (the copy fails with EFAULT).  Interrupts off. */
int user_copy_fault(uintptr_t va, int write, int irqs_on);

/* kernel/main.c.  An application processor's first C code once its GDT,
 * IDT, paging and stack are loaded (ap_boot): brings c online and never
 * returns. */
void kmain_ap(struct cpu *c) __attribute__((noreturn));

/* kernel/xcall.c.  Run fn(arg) on every other online CPU and wait until all
 * have run it (a TLB shootdown).  Must not be called with interrupts off
 * by a CPU that other CPUs may be waiting on. */
typedef void (*smp_fn_t)(void *arg);
void smp_call_others(smp_fn_t fn, void *arg);

#endif
