/*
 * math.h - the C99 mathematical functions Quanta's libc has (user/libc/
 * math.c).  Every function exists for double, float (suffix f) and long
 * double (suffix l), computed on the x87 in extended precision as glibc's
 * i386 libm does; errors set errno (EDOM, ERANGE) and the x87 exception
 * flags (math_errhandling is both).
 */
#ifndef _MATH_H
#define _MATH_H

#define HUGE_VAL	__builtin_huge_val()
#define HUGE_VALF	__builtin_huge_valf()
#define HUGE_VALL	__builtin_huge_vall()
#define INFINITY	__builtin_inff()
#define NAN		__builtin_nanf("")

/* The x87 evaluates float and double in long double (FLT_EVAL_METHOD 2). */
typedef long double float_t;
typedef long double double_t;

#define FP_NAN		0
#define FP_INFINITE	1
#define FP_ZERO		2
#define FP_SUBNORMAL	3
#define FP_NORMAL	4

#define MATH_ERRNO	1
#define MATH_ERREXCEPT	2
#define math_errhandling	(MATH_ERRNO | MATH_ERREXCEPT)

#define fpclassify(x) __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, \
					  FP_SUBNORMAL, FP_ZERO, x)
#define isnan(x)	__builtin_isnan(x)
#define isinf(x)	__builtin_isinf_sign(x)
#define isfinite(x)	__builtin_isfinite(x)
#define isnormal(x)	__builtin_isnormal(x)
#define signbit(x)	__builtin_signbit(x)
#define isgreater(x, y)		__builtin_isgreater(x, y)
#define isgreaterequal(x, y)	__builtin_isgreaterequal(x, y)
#define isless(x, y)		__builtin_isless(x, y)
#define islessequal(x, y)	__builtin_islessequal(x, y)
#define islessgreater(x, y)	__builtin_islessgreater(x, y)
#define isunordered(x, y)	__builtin_isunordered(x, y)

/* The constants of glibc's math.h (_DEFAULT_SOURCE) */
#define M_E		2.7182818284590452354
#define M_LOG2E		1.4426950408889634074
#define M_LOG10E	0.43429448190325182765
#define M_LN2		0.69314718055994530942
#define M_LN10		2.30258509299404568402
#define M_PI		3.14159265358979323846
#define M_PI_2		1.57079632679489661923
#define M_PI_4		0.78539816339744830962
#define M_1_PI		0.31830988618379067154
#define M_2_PI		0.63661977236758134308
#define M_2_SQRTPI	1.12837916709551257390
#define M_SQRT2		1.41421356237309504880
#define M_SQRT1_2	0.70710678118654752440

/* One declaration for each of the three types. */
#define __MATH_1(name)							\
	double name(double);						\
	float name##f(float);						\
	long double name##l(long double)
#define __MATH_2(name)							\
	double name(double, double);					\
	float name##f(float, float);					\
	long double name##l(long double, long double)

__MATH_1(sqrt);
__MATH_1(cbrt);
__MATH_1(fabs);
__MATH_1(floor);
__MATH_1(ceil);
__MATH_1(trunc);
__MATH_1(round);
__MATH_1(rint);
__MATH_1(nearbyint);
__MATH_1(exp);
__MATH_1(exp2);
__MATH_1(expm1);
__MATH_1(log);
__MATH_1(log2);
__MATH_1(log10);
__MATH_1(log1p);
__MATH_1(sin);
__MATH_1(cos);
__MATH_1(tan);
__MATH_1(asin);
__MATH_1(acos);
__MATH_1(atan);
__MATH_1(sinh);
__MATH_1(cosh);
__MATH_1(tanh);
__MATH_2(pow);
__MATH_2(fmod);
__MATH_2(atan2);
__MATH_2(hypot);
__MATH_2(copysign);
__MATH_2(fmin);
__MATH_2(fmax);
__MATH_2(fdim);

long lrint(double x);
long lrintf(float x);
long lrintl(long double x);
long long llrint(double x);
long long llrintf(float x);
long long llrintl(long double x);
long lround(double x);
long lroundf(float x);
long lroundl(long double x);
long long llround(double x);
long long llroundf(float x);
long long llroundl(long double x);

double modf(double x, double *ip);
float modff(float x, float *ip);
long double modfl(long double x, long double *ip);
double frexp(double x, int *e);
float frexpf(float x, int *e);
long double frexpl(long double x, int *e);
double ldexp(double x, int e);
float ldexpf(float x, int e);
long double ldexpl(long double x, int e);
double scalbn(double x, int e);
float scalbnf(float x, int e);
long double scalbnl(long double x, int e);

#undef __MATH_1
#undef __MATH_2
#endif
