/*
 * fenv.h - the floating-point environment of the x87 (user/libc/fenv.c).
 * The constants and fenv_t (the 28-byte image fnstenv stores) are those of
 * glibc on i386; the kernel leaves SSE off, so there is no MXCSR to keep
 * in step.  feenableexcept() and friends are GNU extensions: an unmasked
 * exception raises SIGFPE (the kernel sets CR0.NE, so the x87 reports it
 * as #MF) at the next x87 instruction that waits, as on Linux.  QEMU's
 * TCG raises it only at an FWAIT.
 */
#ifndef _FENV_H
#define _FENV_H

#define FE_INVALID	0x01
#define __FE_DENORM	0x02
#define FE_DIVBYZERO	0x04
#define FE_OVERFLOW	0x08
#define FE_UNDERFLOW	0x10
#define FE_INEXACT	0x20
#define FE_ALL_EXCEPT	(FE_INEXACT | FE_DIVBYZERO | FE_UNDERFLOW | \
			 FE_OVERFLOW | FE_INVALID)

#define FE_TONEAREST	0
#define FE_DOWNWARD	0x400
#define FE_UPWARD	0x800
#define FE_TOWARDZERO	0xc00

typedef unsigned short fexcept_t;

typedef struct {
	unsigned short __control_word, __reserved1;
	unsigned short __status_word, __reserved2;
	unsigned short __tags, __reserved3;
	unsigned int __eip;
	unsigned short __cs_selector;
	unsigned int __opcode:11, __reserved4:5;
	unsigned int __data_offset;
	unsigned short __data_selector, __reserved5;
} fenv_t;

/* The environment at program start: every exception masked, round to
 * nearest, 64-bit precision (control word 0x037f). */
#define FE_DFL_ENV	((const fenv_t *)-1)

int feclearexcept(int excepts);
int fegetexceptflag(fexcept_t *flag, int excepts);
int feraiseexcept(int excepts);
int fesetexceptflag(const fexcept_t *flag, int excepts);
int fetestexcept(int excepts);
int fegetround(void);
int fesetround(int mode);
int fegetenv(fenv_t *env);
int feholdexcept(fenv_t *env);
int fesetenv(const fenv_t *env);
int feupdateenv(const fenv_t *env);
/* GNU: unmask (trap on) exceptions; return the previously enabled set */
int feenableexcept(int excepts);
int fedisableexcept(int excepts);
int fegetexcept(void);

#endif
