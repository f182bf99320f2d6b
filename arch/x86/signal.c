/*
 * signal.c - the x86 side of signal delivery: the handler's stack frame,
 * sigreturn, and rewinding an interrupted "int $0x80".
 *
 * Layout (Linux 6.1, arch/x86/include/asm/sigframe.h, struct rt_sigframe;
 * uapi/asm/sigcontext.h, struct sigcontext_32), lowest address first:
 *
 *   pretcode   return address of the handler: sa_restorer, or retcode
 *   sig        first argument
 *   pinfo      second: &info
 *   puc        third: &uc
 *   info       struct q_siginfo (128 bytes)
 *   uc         ucontext: flags, link, stack, sigcontext, signal mask
 *   retcode    "movl $SYS_sigreturn, %eax; int $0x80"
 *   fpstate    FNSAVE image (108 bytes), pointed to by sigcontext.fpstate
 *
 * At the handler's first instruction esp points at pretcode and esp + 4 is
 * 16-byte aligned, as the i386 ABI wants at a call.
 */
#include <stdint.h>
#include "arch/x86/context.h"
#include "arch/x86/mmu.h"
#include "arch/x86/sigframe.h"
#include "arch/x86/trap.h"
#include "arch/x86/x86.h"
#include "include/uapi/errno.h"
#include "include/uapi/syscall.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"

/* Linux's struct sigcontext_32 */
struct sigcontext {
	uint32_t gs, fs, es, ds;
	uint32_t edi, esi, ebp, esp, ebx, edx, ecx, eax;
	uint32_t trapno, err, eip, cs, eflags, esp_at_signal, ss;
	uint32_t fpstate;		/* user address of the FPU image */
	uint32_t oldmask, cr2;
};

struct ucontext {
	uint32_t uc_flags;
	uint32_t uc_link;
	uint32_t ss_sp, ss_flags, ss_size;	/* stack_t: no sigaltstack */
	struct sigcontext mc;
	uint32_t sigmask[2];		/* Linux's 64-bit sigset_t */
};

struct sigframe {
	uint32_t pretcode;
	int32_t sig;
	uint32_t pinfo, puc;
	struct q_siginfo info;
	struct ucontext uc;
	uint8_t retcode[8];
	uint8_t fpstate[108];
};

/* The flags user code may change through sigreturn (Linux's FIX_EFLAGS:
 * arithmetic flags, TF, DF, OF, AC, RF); IF stays on, IOPL stays 0. */
#define FL_USER_CHANGEABLE	0x00050dd5u
#define FL_RESERVED1		0x00000002u
#define FL_TF			0x00000100u
#define FL_DF			0x00000400u

int
arch_signal_setup(struct trapframe *tf, int sig, const struct q_siginfo *info,
		  const struct q_sigaction *act, q_sigset_t oldmask)
{
	struct sigframe f;
	struct fpu_state fpu;
	uint32_t sp = ((tf->esp - sizeof(f)) & ~15u) - 4;

	if (sp >= KERNBASE || sp < sizeof(f))
		return -EFAULT;
	memset(&f, 0, sizeof(f));
	f.sig = sig;
	f.pinfo = sp + __builtin_offsetof(struct sigframe, info);
	f.puc = sp + __builtin_offsetof(struct sigframe, uc);
	f.info = *info;
	f.uc.mc = (struct sigcontext){
		.gs = tf->gs, .fs = tf->fs, .es = tf->es, .ds = tf->ds,
		.edi = tf->edi, .esi = tf->esi, .ebp = tf->ebp, .esp = tf->esp,
		.ebx = tf->ebx, .edx = tf->edx, .ecx = tf->ecx, .eax = tf->eax,
		.trapno = tf->trapno, .err = tf->err, .eip = tf->eip,
		.cs = tf->cs, .eflags = tf->eflags, .esp_at_signal = tf->esp,
		.ss = tf->ss, .oldmask = oldmask,
		.cr2 = tf->trapno == T_PGFLT ? info->u.addr : 0,
		.fpstate = sp + __builtin_offsetof(struct sigframe, fpstate),
	};
	f.uc.sigmask[0] = oldmask;
	/* b8 <nr> cd 80: movl $SYS_sigreturn, %eax; int $0x80 */
	f.retcode[0] = 0xb8;
	f.retcode[1] = SYS_sigreturn;
	f.retcode[5] = 0xcd;
	f.retcode[6] = 0x80;
	f.pretcode = (act->flags & Q_SA_RESTORER) ? act->restorer :
		sp + __builtin_offsetof(struct sigframe, retcode);
	/* the user's FPU registers are live (the kernel never uses the
	 * FPU); FNSAVE also resets it, so the handler starts clean */
	fpu_save(&fpu);
	memcpy(f.fpstate, fpu.bytes, sizeof(f.fpstate));
	if (copy_to_user((void *)sp, &f, sizeof(f)) < 0) {
		fpu_restore(&fpu);
		return -EFAULT;
	}
	tf->esp = sp;
	tf->eip = act->handler;
	/* regparm(3) handlers find the arguments in registers, as Linux
	 * passes them */
	tf->eax = (uint32_t)sig;
	tf->edx = f.pinfo;
	tf->ecx = f.puc;
	tf->eflags &= ~(FL_TF | FL_DF);
	tf->cs = UCODE_SEL;
	tf->ds = tf->es = tf->ss = UDATA_SEL;
	return 0;
}

int
arch_signal_return(struct trapframe *tf, q_sigset_t *mask)
{
	/* the handler's ret popped pretcode; the restorer's int $0x80 left
	 * esp at &frame->sig */
	uint32_t sp = tf->esp - 4;
	struct sigframe f;
	struct fpu_state fpu;
	const struct sigcontext *mc = &f.uc.mc;

	if (copy_from_user(&f, (void *)sp, sizeof(f)) < 0)
		return -EFAULT;
	tf->edi = mc->edi;
	tf->esi = mc->esi;
	tf->ebp = mc->ebp;
	tf->esp = mc->esp;
	tf->ebx = mc->ebx;
	tf->edx = mc->edx;
	tf->ecx = mc->ecx;
	tf->eax = mc->eax;
	tf->eip = mc->eip;
	tf->eflags = (tf->eflags & ~FL_USER_CHANGEABLE) |
		     (mc->eflags & FL_USER_CHANGEABLE) | FL_IF | FL_RESERVED1;
	/* segments are not the user's to choose: the flat user ones */
	tf->cs = UCODE_SEL;
	tf->ds = tf->es = tf->fs = tf->gs = tf->ss = UDATA_SEL;
	memcpy(fpu.bytes, f.fpstate, sizeof(f.fpstate));
	fpu.valid = 1;
	fpu_reset();		/* the handler's state goes, pending errors too */
	fpu_restore(&fpu);
	*mask = f.uc.sigmask[0];
	return 0;
}

void
arch_syscall_restart(struct trapframe *tf, int sysnr)
{
	tf->eax = (uint32_t)sysnr;
	tf->eip -= 2;			/* the "int $0x80" again: cd 80 */
}

int32_t
arch_syscall_result(const struct trapframe *tf)
{
	return (int32_t)tf->eax;
}

void
arch_syscall_set_result(struct trapframe *tf, int32_t ret)
{
	tf->eax = (uint32_t)ret;
}
