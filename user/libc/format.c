/*
 * format.c - the printf engine: walks the format, fetches arguments and
 * lays out each field.  Integers, characters, strings and pointers are
 * done here; %f %e %g and friends in format_fp.c.
 *
 * Output follows glibc's choices where C leaves them open: "(null)" for a
 * NULL %s, "(nil)" for a NULL %p, "-nan" for a negative NaN.
 */
#include <stdint.h>
#include <string.h>
#include "format.h"

enum length { L_NONE, L_HH, L_H, L_L, L_LL, L_J, L_Z, L_T, L_LD };

void
__fmt_emit(struct fmt_out *o, const char *s, size_t n)
{
	o->count += n;
	if (n)
		o->write(o, s, n);
}

void
__fmt_pad(struct fmt_out *o, char c, int n)
{
	char buf[32];
	int k;

	memset(buf, c, sizeof(buf));
	for (; n > 0; n -= k) {
		k = n < (int)sizeof(buf) ? n : (int)sizeof(buf);
		__fmt_emit(o, buf, k);
	}
}

/*
 * Lay out one integer: [pad][sign/prefix][zeros][digits][pad].  Zeros
 * come from the precision, or from the '0' flag when there is none.
 */
static void
put_number(struct fmt_out *o, const struct fmt_spec *sp, const char *prefix,
	   const char *digits, int ndigits)
{
	int plen = strlen(prefix);
	int zeros = sp->prec > ndigits ? sp->prec - ndigits : 0;
	int pad = sp->width - plen - zeros - ndigits;

	if (sp->zero && !sp->left && sp->prec < 0 && pad > 0) {
		zeros += pad;
		pad = 0;
	}
	if (!sp->left)
		__fmt_pad(o, ' ', pad);
	__fmt_emit(o, prefix, plen);
	__fmt_pad(o, '0', zeros);
	__fmt_emit(o, digits, ndigits);
	if (sp->left)
		__fmt_pad(o, ' ', pad);
}

static void
format_int(struct fmt_out *o, const struct fmt_spec *sp,
	   unsigned long long mag, int negative)
{
	char buf[24], *end = buf + sizeof(buf), *p = end;
	const char *prefix = "";
	const char *digits = sp->conv == 'X' ? "0123456789ABCDEF"
					     : "0123456789abcdef";
	unsigned base = 10;

	if (sp->conv == 'o')
		base = 8;
	else if (sp->conv == 'x' || sp->conv == 'X' || sp->conv == 'p')
		base = 16;
	while (mag) {
		*--p = digits[mag % base];
		mag /= base;
	}
	if (sp->conv == 'd' || sp->conv == 'i')
		prefix = negative ? "-" : sp->plus ? "+" : sp->space ? " " : "";
	else if (sp->alt && p != end && base == 16)
		prefix = sp->conv == 'X' ? "0X" : "0x";
	if (sp->conv == 'p')
		prefix = "0x";
	/* %#o: the first digit must be 0 (also when the value is 0) */
	if (sp->conv == 'o' && sp->alt && (p == end || *p != '0') &&
	    sp->prec <= end - p)
		*--p = '0';
	/* a 0 with no precision prints "0"; with precision 0, nothing */
	if (p == end && sp->prec < 0)
		*--p = '0';
	put_number(o, sp, prefix, p, end - p);
}

static void
format_str(struct fmt_out *o, const struct fmt_spec *sp, const char *s)
{
	int n;

	if (s == NULL)
		s = (sp->prec < 0 || sp->prec >= 6) ? "(null)" : "";
	n = sp->prec < 0 ? (int)strlen(s) : (int)strnlen(s, sp->prec);
	if (!sp->left)
		__fmt_pad(o, ' ', sp->width - n);
	__fmt_emit(o, s, n);
	if (sp->left)
		__fmt_pad(o, ' ', sp->width - n);
}

static long long
signed_arg(va_list *ap, enum length len)
{
	switch (len) {
	case L_HH:
		return (signed char)va_arg(*ap, int);
	case L_H:
		return (short)va_arg(*ap, int);
	case L_L:
		return va_arg(*ap, long);
	case L_LL:
	case L_LD:
		return va_arg(*ap, long long);
	case L_J:
		return va_arg(*ap, intmax_t);
	case L_Z:
	case L_T:
		return va_arg(*ap, ptrdiff_t);
	default:
		return va_arg(*ap, int);
	}
}

static unsigned long long
unsigned_arg(va_list *ap, enum length len)
{
	switch (len) {
	case L_HH:
		return (unsigned char)va_arg(*ap, unsigned int);
	case L_H:
		return (unsigned short)va_arg(*ap, unsigned int);
	case L_L:
		return va_arg(*ap, unsigned long);
	case L_LL:
	case L_LD:
		return va_arg(*ap, unsigned long long);
	case L_J:
		return va_arg(*ap, uintmax_t);
	case L_Z:
	case L_T:
		return va_arg(*ap, size_t);
	default:
		return va_arg(*ap, unsigned int);
	}
}

/* %n: store the count so far in the argument's type. */
static void
store_count(va_list *ap, enum length len, size_t count)
{
	switch (len) {
	case L_HH:
		*va_arg(*ap, signed char *) = count;
		break;
	case L_H:
		*va_arg(*ap, short *) = count;
		break;
	case L_LL:
	case L_J:
		*va_arg(*ap, long long *) = count;
		break;
	default:
		*va_arg(*ap, int *) = count;
		break;
	}
}

/* Flags, width and precision after the '%'; returns the rest. */
static const char *
parse_spec(const char *f, struct fmt_spec *sp, va_list *ap)
{
	memset(sp, 0, sizeof(*sp));
	sp->prec = -1;
	for (;; f++) {
		if (*f == '-')
			sp->left = 1;
		else if (*f == '+')
			sp->plus = 1;
		else if (*f == ' ')
			sp->space = 1;
		else if (*f == '#')
			sp->alt = 1;
		else if (*f == '0')
			sp->zero = 1;
		else if (*f != '\'')	/* grouping: accepted, not done */
			break;
	}
	if (*f == '*') {
		sp->width = va_arg(*ap, int);
		if (sp->width < 0) {
			sp->left = 1;
			sp->width = -sp->width;
		}
		f++;
	}
	for (; *f >= '0' && *f <= '9'; f++)
		sp->width = sp->width * 10 + (*f - '0');
	if (*f == '.') {
		f++;
		sp->prec = 0;
		if (*f == '*') {
			sp->prec = va_arg(*ap, int);
			if (sp->prec < 0)
				sp->prec = -1;
			f++;
		}
		for (; *f >= '0' && *f <= '9'; f++)
			sp->prec = sp->prec * 10 + (*f - '0');
	}
	return f;
}

static const char *
parse_length(const char *f, enum length *len)
{
	*len = L_NONE;
	switch (*f) {
	case 'h':
		*len = f[1] == 'h' ? L_HH : L_H;
		return f + (f[1] == 'h' ? 2 : 1);
	case 'l':
		*len = f[1] == 'l' ? L_LL : L_L;
		return f + (f[1] == 'l' ? 2 : 1);
	case 'q':
		*len = L_LL;
		return f + 1;
	case 'j':
		*len = L_J;
		return f + 1;
	case 'z':
		*len = L_Z;
		return f + 1;
	case 't':
		*len = L_T;
		return f + 1;
	case 'L':
		*len = L_LD;
		return f + 1;
	default:
		return f;
	}
}

/* One conversion, with sp and len parsed; ap points at its argument. */
static void
convert(struct fmt_out *o, struct fmt_spec *sp, enum length len,
	va_list *ap)
{
	long long v;
	char c;
	void *p;

	switch (sp->conv) {
	case 'd':
	case 'i':
		v = signed_arg(ap, len);
		format_int(o, sp, v < 0 ? -(unsigned long long)v
					  : (unsigned long long)v, v < 0);
		break;
	case 'u':
	case 'o':
	case 'x':
	case 'X':
		format_int(o, sp, unsigned_arg(ap, len), 0);
		break;
	case 'p':
		p = va_arg(*ap, void *);
		if (p == NULL) {
			sp->prec = -1;
			format_str(o, sp, "(nil)");
		} else {
			format_int(o, sp, (uintptr_t)p, 0);
		}
		break;
	case 'c':			/* may be '\0', so not via format_str */
		c = (char)va_arg(*ap, int);
		if (!sp->left)
			__fmt_pad(o, ' ', sp->width - 1);
		__fmt_emit(o, &c, 1);
		if (sp->left)
			__fmt_pad(o, ' ', sp->width - 1);
		break;
	case 's':
		format_str(o, sp, va_arg(*ap, const char *));
		break;
	case 'f':
	case 'F':
	case 'e':
	case 'E':
	case 'g':
	case 'G':
	case 'a':
	case 'A':
		if (len == L_LD)
			__format_float(o, sp, va_arg(*ap, long double));
		else
			__format_float(o, sp, va_arg(*ap, double));
		break;
	case 'n':
		store_count(ap, len, o->count);
		break;
	case '%':			/* "%5%": glibc ignores the width */
		__fmt_emit(o, "%", 1);
		break;
	default:			/* not a conversion: print it as is */
		__fmt_emit(o, "%", 1);
		__fmt_emit(o, &sp->conv, 1);
		break;
	}
}

/*
 * The engine: text between conversions goes out in one piece; each
 * conversion goes through convert().  Returns the number of characters
 * produced (what printf returns).
 */
int
__vformat(struct fmt_out *o, const char *fmt, va_list ap)
{
	struct fmt_spec sp;
	enum length len;
	const char *f = fmt, *run;
	va_list args;

	va_copy(args, ap);
	while (*f) {
		for (run = f; *f && *f != '%'; f++)
			;
		__fmt_emit(o, run, f - run);
		if (*f == '\0')
			break;
		if (f[1] == '%') {
			__fmt_emit(o, "%", 1);
			f += 2;
			continue;
		}
		f = parse_spec(f + 1, &sp, &args);
		f = parse_length(f, &len);
		if (*f == '\0')
			break;		/* a lone '%' at the end */
		sp.conv = *f++;
		convert(o, &sp, len, &args);
	}
	va_end(args);
	return o->count > 0x7fffffff ? -1 : (int)o->count;
}
