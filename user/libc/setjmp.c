/*
 * setjmp.c - the signal-mask half of setjmp.h; the registers are saved and
 * restored by jmpbuf.asm.
 */
#include <setjmp.h>
#include <signal.h>

void __longjmp_regs(struct __jmp_buf_tag *env, int val)
	__attribute__((__noreturn__));
int __sigjmp_save(struct __jmp_buf_tag *env, int savemask);

/* Tail of __sigsetjmp: returns its 0. */
int
__sigjmp_save(struct __jmp_buf_tag *env, int savemask)
{
	env->__mask_was_saved = savemask != 0 &&
		sigprocmask(SIG_BLOCK, NULL, &env->__saved_mask) == 0;
	return 0;
}

void
longjmp(jmp_buf env, int val)
{
	if (env->__mask_was_saved)
		sigprocmask(SIG_SETMASK, &env->__saved_mask, NULL);
	__longjmp_regs(env, val ? val : 1);
}

void
_longjmp(jmp_buf env, int val)
{
	longjmp(env, val);
}

void
siglongjmp(sigjmp_buf env, int val)
{
	longjmp(env, val);
}
