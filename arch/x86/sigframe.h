/*
 * sigframe.h - the frame a signal handler runs on, and its return.
 *
 * The layout is Linux i386's rt_sigframe (arch/x86/include/asm/sigframe.h
 * and uapi/asm/sigcontext.h, Linux 6.1), with one-word signal masks and the
 * FPU image in FNSAVE form.  Every handler gets it, with or without
 * SA_SIGINFO: a handler declared as void f(int) reads only the first
 * argument.
 */
#ifndef ARCH_X86_SIGFRAME_H
#define ARCH_X86_SIGFRAME_H

#include <stdint.h>
#include "include/uapi/types.h"

struct trapframe;

/* Build the frame for sig below tf->esp and point tf at handler.  0, or
 * -EFAULT when the user stack cannot take it (tf is left alone). */
int arch_signal_setup(struct trapframe *tf, int sig,
		      const struct q_siginfo *info,
		      const struct q_sigaction *act, q_sigset_t oldmask);
/* sigreturn: restore tf and the FPU from the frame at tf->esp; *mask gets
 * the saved signal mask.  0, or -EFAULT for a frame that cannot be read. */
int arch_signal_return(struct trapframe *tf, q_sigset_t *mask);
/* Make the interrupted system call run again (eax = its number). */
void arch_syscall_restart(struct trapframe *tf, int sysnr);
/* The result of a system call as its trap frame holds it. */
int32_t arch_syscall_result(const struct trapframe *tf);
void arch_syscall_set_result(struct trapframe *tf, int32_t ret);

#endif
