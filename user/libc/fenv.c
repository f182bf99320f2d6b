/*
 * fenv.c - <fenv.h> on the x87: the control word holds the rounding mode
 * and the exception masks, the status word the raised flags.  fnstenv
 * masks every exception as a side effect, so each reader loads the image
 * back at once, as glibc does.
 */
#include <fenv.h>

_Static_assert(sizeof(fenv_t) == 28, "fenv_t is fnstenv's 28-byte image");

#define X87_DEFAULT_CW	0x037f
#define RC_MASK		0x0c00

static inline void
store_env(fenv_t *env)
{
	__asm__ volatile("fnstenv %0\n\tfldenv %0" : "=m"(*env));
}

static inline void
load_env(const fenv_t *env)
{
	__asm__ volatile("fldenv %0" : : "m"(*env));
}

static inline unsigned short
get_cw(void)
{
	unsigned short cw;

	__asm__ volatile("fnstcw %0" : "=m"(cw));
	return cw;
}

static inline void
set_cw(unsigned short cw)
{
	__asm__ volatile("fldcw %0" : : "m"(cw));
}

static inline unsigned short
get_sw(void)
{
	unsigned short sw;

	__asm__ volatile("fnstsw %0" : "=m"(sw));
	return sw;
}

int
feclearexcept(int excepts)
{
	fenv_t env;

	store_env(&env);
	env.__status_word &= (unsigned short)~(excepts & FE_ALL_EXCEPT);
	load_env(&env);
	return 0;
}

int
fegetexceptflag(fexcept_t *flag, int excepts)
{
	*flag = (fexcept_t)(get_sw() & excepts & FE_ALL_EXCEPT);
	return 0;
}

/* Set the flags; an unmasked one traps at the fwait, as a real
 * operation raising it would. */
int
feraiseexcept(int excepts)
{
	fenv_t env;

	store_env(&env);
	env.__status_word |= (unsigned short)(excepts & FE_ALL_EXCEPT);
	load_env(&env);
	__asm__ volatile("fwait");
	return 0;
}

int
fesetexceptflag(const fexcept_t *flag, int excepts)
{
	fenv_t env;

	excepts &= FE_ALL_EXCEPT;
	store_env(&env);
	env.__status_word = (unsigned short)((env.__status_word & ~excepts) |
					     (*flag & excepts));
	load_env(&env);
	return 0;
}

int
fetestexcept(int excepts)
{
	return get_sw() & excepts & FE_ALL_EXCEPT;
}

int
fegetround(void)
{
	return get_cw() & RC_MASK;
}

int
fesetround(int mode)
{
	if (mode & ~RC_MASK)
		return 1;
	set_cw((unsigned short)((get_cw() & ~RC_MASK) | mode));
	return 0;
}

int
fegetenv(fenv_t *env)
{
	store_env(env);
	return 0;
}

int
fesetenv(const fenv_t *env)
{
	fenv_t cur;

	if (env != FE_DFL_ENV) {
		load_env(env);
		return 0;
	}
	store_env(&cur);
	cur.__control_word = X87_DEFAULT_CW;
	cur.__status_word &= (unsigned short)~FE_ALL_EXCEPT;
	load_env(&cur);
	return 0;
}

int
feholdexcept(fenv_t *env)
{
	store_env(env);
	__asm__ volatile("fnclex");
	set_cw(get_cw() | FE_ALL_EXCEPT);
	return 0;
}

int
feupdateenv(const fenv_t *env)
{
	int raised = fetestexcept(FE_ALL_EXCEPT);

	fesetenv(env);
	return feraiseexcept(raised);
}

int
feenableexcept(int excepts)
{
	unsigned short cw = get_cw();

	set_cw((unsigned short)(cw & ~(excepts & FE_ALL_EXCEPT)));
	return ~cw & FE_ALL_EXCEPT;
}

int
fedisableexcept(int excepts)
{
	unsigned short cw = get_cw();

	set_cw((unsigned short)(cw | (excepts & FE_ALL_EXCEPT)));
	return ~cw & FE_ALL_EXCEPT;
}

int
fegetexcept(void)
{
	return ~get_cw() & FE_ALL_EXCEPT;
}
