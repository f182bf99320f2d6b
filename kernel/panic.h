/*
 * panic.h - stopping the machine loudly when the kernel is wrong.
 *
 * panic() prints the message, the CPU and a symbolized backtrace, stops every
 * other CPU with an NMI, and powers off with EXIT_PANIC (QEMU status 253),
 * so a test runner sees a failure at once instead of a hang.
 */
#ifndef KERNEL_PANIC_H
#define KERNEL_PANIC_H

#include <stdint.h>

struct trapframe;

/* Print the message and a backtrace, stop the other CPUs and power off
 * with EXIT_PANIC (a second CPU panicking meanwhile halts); any context,
 * any locks held.  Never returns. */
void panic(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));
/* Panic reporting a trap frame (registers, then the backtrace from it). */
void panic_trap(struct trapframe *tf, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 2, 3)));
/* Panic with the backtrace starting at a given frame (ebp, esp, eip). */
void panic_at(uintptr_t ebp, uintptr_t esp, uintptr_t eip, const char *fmt,
	      ...)
	__attribute__((noreturn, format(printf, 4, 5)));
/* NMI handler part: if another CPU is panicking, print where this one
 * was (tf) and halt. */
struct trapframe;
void panic_nmi(struct trapframe *tf);
/* Print "Backtrace:" and one symbolized line per frame: by the frame
 * pointers (ebp) where the kernel keeps them, else by scanning the stack
 * from esp (arch/x86/backtrace.c).  eip: where it stopped, or 0. */
void backtrace_print(uintptr_t ebp, uintptr_t esp, uintptr_t eip);
/* The scan alone, whatever the build (a self-test checks it). */
void backtrace_scan(uintptr_t esp);

extern volatile int panicking;

#define KASSERT(cond)							\
	do {								\
		if (__builtin_expect(!(cond), 0))			\
			panic("assertion failed: %s (%s:%d)", #cond,	\
			      __FILE__, __LINE__);			\
	} while (0)

#endif
