/*
 * math.c - libm on the x87.
 *
 * Each function is computed once, in long double, by the x87's own
 * instructions (fsqrt, fyl2x, f2xm1, fscale, fprem, fpatan, fsin ...), the
 * way glibc's i386 libm computes most of them; the double and float
 * versions round that result once more.  The special cases of C99's Annex
 * F (infinities, NaNs, signed zeros) are decided in C before the x87 sees
 * the operands, and domain and pole errors set errno as glibc does
 * (math_errhandling includes MATH_ERRNO).  Inline assembly lives here, as
 * in internal.h, because these instructions are what a libm is made of on
 * this machine; the kernel does not enable SSE, so the x87 is the only FPU.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>

typedef long double ld;

/* ---- x87 primitives ---- */

static inline ld
x87_sqrt(ld x)
{
	ld r;

	__asm__("fsqrt" : "=t"(r) : "0"(x));
	return r;
}

/* round to an integer in the current rounding mode */
static inline ld
x87_rndint(ld x)
{
	ld r;

	__asm__("frndint" : "=t"(r) : "0"(x));
	return r;
}

/* y * log2(x) */
static inline ld
x87_yl2x(ld x, ld y)
{
	ld r;

	__asm__("fyl2x" : "=t"(r) : "0"(x), "u"(y) : "st(1)");
	return r;
}

/* y * log2(1 + x), for |x| < 1 - sqrt(2)/2 */
static inline ld
x87_yl2xp1(ld x, ld y)
{
	ld r;

	__asm__("fyl2xp1" : "=t"(r) : "0"(x), "u"(y) : "st(1)");
	return r;
}

/* 2^x - 1 for |x| <= 1 */
static inline ld
x87_2xm1(ld x)
{
	ld r;

	__asm__("f2xm1" : "=t"(r) : "0"(x));
	return r;
}

/* x * 2^trunc(e) */
static inline ld
x87_scale(ld x, ld e)
{
	ld r;

	__asm__("fscale" : "=t"(r) : "0"(x), "u"(e));
	return r;
}

/* the remainder of x / y with the quotient truncated (fmod) */
static inline ld
x87_prem(ld x, ld y)
{
	ld r;

	__asm__("1:\tfprem\n\t"
		"fnstsw %%ax\n\t"
		"testw $0x400, %%ax\n\t"	/* C2: reduction incomplete */
		"jnz 1b"
		: "=t"(r) : "0"(x), "u"(y) : "ax", "cc");
	return r;
}

/* atan2(y, x) */
static inline ld
x87_patan(ld y, ld x)
{
	ld r;

	__asm__("fpatan" : "=t"(r) : "0"(x), "u"(y) : "st(1)");
	return r;
}

static inline ld
x87_sin(ld x)
{
	ld r;

	__asm__("fsin" : "=t"(r) : "0"(x));
	return r;
}

static inline ld
x87_cos(ld x)
{
	ld r;

	__asm__("fcos" : "=t"(r) : "0"(x));
	return r;
}

static inline unsigned short
x87_getcw(void)
{
	unsigned short cw;

	__asm__ volatile("fnstcw %0" : "=m"(cw));
	return cw;
}

static inline void
x87_setcw(unsigned short cw)
{
	__asm__ volatile("fldcw %0" : : "m"(cw));
}

#define X87_RC_MASK	0x0c00
#define X87_RC_DOWN	0x0400
#define X87_RC_UP	0x0800
#define X87_RC_ZERO	0x0c00

/* frndint with the rounding control rc for this one instruction */
static ld
rndint_rc(ld x, unsigned short rc)
{
	unsigned short cw = x87_getcw();
	ld r;

	x87_setcw((unsigned short)((cw & ~X87_RC_MASK) | rc));
	r = x87_rndint(x);
	x87_setcw(cw);
	return r;
}

/* ---- the functions, in long double ---- */

static ld
m_sqrt(ld x)
{
	if (x < 0)
		errno = EDOM;
	return x87_sqrt(x);
}

static ld
m_cbrt(ld x)
{
	ld a = x < 0 ? -x : x, r;

	if (a == 0 || isinf(a) || isnan(a))
		return x;
	/* 2^(log2(a) / 3), then one Newton step */
	r = x87_yl2x(a, 1.0L / 3);
	{
		ld i = x87_rndint(r);

		r = x87_scale(x87_2xm1(r - i) + 1, i);
	}
	r = r - (r * r * r - a) / (3 * r * r);
	return x < 0 ? -r : r;
}

static ld
m_fabs(ld x)
{
	return __builtin_fabsl(x);
}

static ld
m_floor(ld x)
{
	return rndint_rc(x, X87_RC_DOWN);
}

static ld
m_ceil(ld x)
{
	return rndint_rc(x, X87_RC_UP);
}

static ld
m_trunc(ld x)
{
	return rndint_rc(x, X87_RC_ZERO);
}

/* halfway cases away from zero; x - trunc(x) is exact */
static ld
m_round(ld x)
{
	ld t = m_trunc(x);

	if (m_fabs(x - t) >= 0.5L)
		t += x < 0 ? -1 : 1;
	return t;
}

static ld
m_rint(ld x)
{
	return x87_rndint(x);
}

static ld
m_nearbyint(ld x)
{
	return x87_rndint(x);	/* frndint's inexact flag: see docs/user.md */
}

/* 2^x for finite x */
static ld
exp2_finite(ld x)
{
	ld i = x87_rndint(x);

	return x87_scale(x87_2xm1(x - i) + 1, i);
}

static ld
m_exp2(ld x)
{
	if (isnan(x))
		return x;
	if (isinf(x))
		return x > 0 ? x : 0;
	if (x > 16384)
		x = 16384;	/* overflows below, with fscale's flags */
	if (x < -16500)
		x = -16500;
	return exp2_finite(x);
}

static ld
m_exp(ld x)
{
	if (isnan(x) || isinf(x))
		return m_exp2(x);
	return m_exp2(x * 1.44269504088896340735992468100189214L);
}

static ld
m_expm1(ld x)
{
	ld t;

	if (isnan(x) || isinf(x))
		return isinf(x) && x < 0 ? -1 : m_exp(x);
	t = x * 1.44269504088896340735992468100189214L;
	if (m_fabs(t) <= 1)
		return x87_2xm1(t);	/* exact near 0, unlike exp(x) - 1 */
	return m_exp(x) - 1;
}

static ld
log_base(ld x, ld scale)
{
	if (isnan(x))
		return x;
	if (x < 0) {
		errno = EDOM;
		return __builtin_nanl("");
	}
	if (x == 0) {
		errno = ERANGE;
		return -__builtin_huge_vall();
	}
	return x87_yl2x(x, scale);
}

static ld
m_log(ld x)
{
	return log_base(x, 0.693147180559945309417232121458176568L);
}

static ld
m_log2(ld x)
{
	return log_base(x, 1);
}

static ld
m_log10(ld x)
{
	return log_base(x, 0.301029995663981195213738894724493027L);
}

static ld
m_log1p(ld x)
{
	if (x == -1) {
		errno = ERANGE;
		return -__builtin_huge_vall();
	}
	if (x < -1) {
		errno = EDOM;
		return __builtin_nanl("");
	}
	if (m_fabs(x) < 0.29L)	/* fyl2xp1's range, 1 - sqrt(2)/2 */
		return x87_yl2xp1(x, 0.693147180559945309417232121458176568L);
	return m_log(1 + x);
}

static int
is_int(ld y)
{
	return m_trunc(y) == y;
}

static int
is_odd_int(ld y)
{
	/* above 2^64 every long double is even */
	return is_int(y) && m_fabs(y) < 18446744073709551616.0L &&
	       x87_prem(y, 2) != 0;
}

/* C99 F.9.4.4, case by case, then 2^(y log2 |x|) */
static ld
m_pow(ld x, ld y)
{
	int neg = 0;
	ld ax = m_fabs(x), r;

	if (y == 0 || x == 1)
		return 1;
	if (isnan(x) || isnan(y))
		return x + y;
	if (isinf(y)) {
		if (ax == 1)
			return 1;
		return (ax > 1) == (y > 0) ? __builtin_huge_vall() : 0;
	}
	if (x < 0 || (x == 0 && signbit(x))) {
		if (!is_int(y) && !isinf(x)) {
			if (x == 0)
				goto zero;
			errno = EDOM;
			return __builtin_nanl("");
		}
		neg = is_odd_int(y);
	}
zero:
	if (x == 0) {
		if (y < 0) {
			errno = ERANGE;
			return neg ? -__builtin_huge_vall() : __builtin_huge_vall();
		}
		return neg ? -0.0L : 0.0L;
	}
	if (isinf(x)) {
		r = y < 0 ? 0 : __builtin_huge_vall();
		return neg ? -r : r;
	}
	r = x87_yl2x(ax, y);
	if (r > 16384)
		r = 16384;
	if (r < -16500)
		r = -16500;
	r = exp2_finite(r);
	if (isinf(r) || r == 0)
		errno = ERANGE;
	return neg ? -r : r;
}

static ld
m_fmod(ld x, ld y)
{
	if (isnan(x) || isnan(y))
		return x + y;
	if (isinf(x) || y == 0) {
		errno = EDOM;
		return __builtin_nanl("");
	}
	if (isinf(y))
		return x;
	return x87_prem(x, y);
}

static ld
m_atan2(ld y, ld x)
{
	return x87_patan(y, x);
}

static ld
m_atan(ld x)
{
	return x87_patan(x, 1);
}

static ld
m_asin(ld x)
{
	if (m_fabs(x) > 1) {
		errno = EDOM;
		return __builtin_nanl("");
	}
	return x87_patan(x, x87_sqrt((1 - x) * (1 + x)));
}

static ld
m_acos(ld x)
{
	if (m_fabs(x) > 1) {
		errno = EDOM;
		return __builtin_nanl("");
	}
	return x87_patan(x87_sqrt((1 - x) * (1 + x)), x);
}

/* fsin and fcos take |x| < 2^63 only: larger arguments are reduced by
 * 2 pi first, with the x87's 66-bit pi, as glibc's i386 versions do. */
static ld
reduce(ld x)
{
	if (m_fabs(x) < 9.2233720368547758e18L)
		return x;
	return x87_prem(x, 6.28318530717958647692528676655900577L);
}

static ld
m_sin(ld x)
{
	if (isinf(x)) {
		errno = EDOM;
		return __builtin_nanl("");
	}
	return x87_sin(reduce(x));
}

static ld
m_cos(ld x)
{
	if (isinf(x)) {
		errno = EDOM;
		return __builtin_nanl("");
	}
	return x87_cos(reduce(x));
}

static ld
m_tan(ld x)
{
	if (isinf(x)) {
		errno = EDOM;
		return __builtin_nanl("");
	}
	x = reduce(x);
	return x87_sin(x) / x87_cos(x);
}

static ld
m_sinh(ld x)
{
	ld e, r;

	if (m_fabs(x) < 0x1p-32L)
		return x;
	e = m_expm1(m_fabs(x));
	r = (e + e / (e + 1)) / 2;
	return x < 0 ? -r : r;
}

static ld
m_cosh(ld x)
{
	ld e = m_exp(m_fabs(x));

	return (e + 1 / e) / 2;
}

static ld
m_tanh(ld x)
{
	ld a = m_fabs(x), r;

	if (a > 23)
		r = 1;
	else {
		ld e = m_expm1(2 * a);

		r = e / (e + 2);
	}
	return x < 0 ? -r : r;
}

static ld
m_hypot(ld x, ld y)
{
	if (isinf(x) || isinf(y))
		return __builtin_huge_vall();
	/* the squares of two doubles cannot overflow a long double */
	return x87_sqrt(x * x + y * y);
}

static ld
m_copysign(ld x, ld y)
{
	return __builtin_copysignl(x, y);
}

static ld
m_fmin(ld x, ld y)
{
	if (isnan(x))
		return y;
	if (isnan(y))
		return x;
	return x < y || (x == y && signbit(x)) ? x : y;
}

static ld
m_fmax(ld x, ld y)
{
	if (isnan(x))
		return y;
	if (isnan(y))
		return x;
	return x > y || (x == y && !signbit(x)) ? x : y;
}

static ld
m_fdim(ld x, ld y)
{
	if (isnan(x) || isnan(y))
		return x + y;
	return x > y ? x - y : 0;
}

/*
 * The three public versions of each.  The result goes through a volatile
 * of the narrower type: the x87 returns it in a register of extended
 * precision and range, and C says it must be a double (a float).
 */
#define NARROW(type, v)	({ volatile type __n = (type)(v); __n; })

#define MATH1(name)							\
	double name(double x) { return NARROW(double, m_##name(x)); }	\
	float name##f(float x) { return NARROW(float, m_##name(x)); }	\
	long double name##l(long double x) { return m_##name(x); }
#define MATH2(name)							\
	double name(double x, double y)					\
	{ return NARROW(double, m_##name(x, y)); }			\
	float name##f(float x, float y)					\
	{ return NARROW(float, m_##name(x, y)); }			\
	long double name##l(long double x, long double y)		\
	{ return m_##name(x, y); }

MATH1(sqrt)
MATH1(cbrt)
MATH1(fabs)
MATH1(floor)
MATH1(ceil)
MATH1(trunc)
MATH1(round)
MATH1(rint)
MATH1(nearbyint)
MATH1(exp)
MATH1(exp2)
MATH1(expm1)
MATH1(log)
MATH1(log2)
MATH1(log10)
MATH1(log1p)
MATH1(sin)
MATH1(cos)
MATH1(tan)
MATH1(asin)
MATH1(acos)
MATH1(atan)
MATH1(sinh)
MATH1(cosh)
MATH1(tanh)
MATH2(pow)
MATH2(fmod)
MATH2(atan2)
MATH2(hypot)
MATH2(copysign)
MATH2(fmin)
MATH2(fmax)
MATH2(fdim)

/* ---- to integers: fistp in the current rounding mode ---- */

/* An x that does not fit stores the "integer indefinite" (the most
 * negative value) and raises FE_INVALID, as glibc's i386 lrint does. */
static long
x87_long(ld x)
{
	long r;

	__asm__("fistpl %0" : "=m"(r) : "t"(x) : "st");
	return r;
}

static long long
x87_llong(ld x)
{
	long long r;

	__asm__("fistpll %0" : "=m"(r) : "t"(x) : "st");
	return r;
}

long lrint(double x) { return x87_long(x); }
long lrintf(float x) { return x87_long(x); }
long lrintl(long double x) { return x87_long(x); }
long long llrint(double x) { return x87_llong(x); }
long long llrintf(float x) { return x87_llong(x); }
long long llrintl(long double x) { return x87_llong(x); }
long lround(double x) { return x87_long(m_round(x)); }
long lroundf(float x) { return x87_long(m_round(x)); }
long lroundl(long double x) { return x87_long(m_round(x)); }
long long llround(double x) { return x87_llong(m_round(x)); }
long long llroundf(float x) { return x87_llong(m_round(x)); }
long long llroundl(long double x) { return x87_llong(m_round(x)); }

/* ---- pieces of a number ---- */

static ld
m_modf(ld x, ld *ip)
{
	*ip = m_trunc(x);
	if (isinf(x))
		return m_copysign(0, x);
	return m_copysign(x - *ip, x);
}

double
modf(double x, double *ip)
{
	ld i, f = m_modf(x, &i);

	*ip = (double)i;
	return (double)f;
}

float
modff(float x, float *ip)
{
	ld i, f = m_modf(x, &i);

	*ip = (float)i;
	return (float)f;
}

long double
modfl(long double x, long double *ip)
{
	return m_modf(x, ip);
}

/* fxtract splits x into exponent and significand in [1, 2) */
static ld
m_frexp(ld x, int *e)
{
	ld sig, ex;

	if (x == 0 || isinf(x) || isnan(x)) {
		*e = 0;
		return x;
	}
	__asm__("fxtract" : "=t"(sig), "=u"(ex) : "0"(x));
	*e = (int)ex + 1;
	return sig / 2;
}

double frexp(double x, int *e) { return (double)m_frexp(x, e); }
float frexpf(float x, int *e) { return (float)m_frexp(x, e); }
long double frexpl(long double x, int *e) { return m_frexp(x, e); }

static ld
m_scalbn(ld x, int e)
{
	return x87_scale(x, (ld)e);
}

double ldexp(double x, int e) { return NARROW(double, m_scalbn(x, e)); }
float ldexpf(float x, int e) { return NARROW(float, m_scalbn(x, e)); }
long double ldexpl(long double x, int e) { return m_scalbn(x, e); }
double scalbn(double x, int e) { return NARROW(double, m_scalbn(x, e)); }
float scalbnf(float x, int e) { return NARROW(float, m_scalbn(x, e)); }
long double scalbnl(long double x, int e) { return m_scalbn(x, e); }
