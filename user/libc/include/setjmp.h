/*
 * setjmp.h - non-local jumps (user/libc/jmpbuf.asm, setjmp.c).
 *
 * As in glibc, setjmp() does not save the signal mask (it is _setjmp),
 * sigsetjmp(env, 1) does, and longjmp() and siglongjmp() restore the mask
 * when it was saved.  Jumping out of a signal handler with longjmp after
 * setjmp therefore leaves that signal blocked, as it does on Linux.
 */
#ifndef _SETJMP_H
#define _SETJMP_H

#include <signal.h>

struct __jmp_buf_tag {
	int __regs[6];		/* ebx, esi, edi, ebp, esp, eip */
	int __mask_was_saved;
	sigset_t __saved_mask;
};
typedef struct __jmp_buf_tag jmp_buf[1];
typedef struct __jmp_buf_tag sigjmp_buf[1];

int _setjmp(jmp_buf env) __attribute__((__returns_twice__));
int __sigsetjmp(sigjmp_buf env, int savemask)
	__attribute__((__returns_twice__));
#define setjmp(env)		_setjmp(env)
#define sigsetjmp(env, save)	__sigsetjmp(env, save)

void longjmp(jmp_buf env, int val) __attribute__((__noreturn__));
void _longjmp(jmp_buf env, int val) __attribute__((__noreturn__));
void siglongjmp(sigjmp_buf env, int val) __attribute__((__noreturn__));

#endif
