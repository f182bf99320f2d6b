/*
 * printf.c - formatted output into buffers (the engine behind printk).
 *
 * One pass over the format: each directive is parsed into a struct spec,
 * then converted.  Every output byte goes through out_char(), which counts
 * it even when the buffer is full; that count is the C99 return value, and
 * it lets callers size a buffer with snprintf(NULL, 0, ...).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/lib/printf.h"
#include "kernel/lib/string.h"

enum {
	F_LEFT	= 1 << 0,	/* '-': pad on the right */
	F_ZERO	= 1 << 1,	/* '0': pad numbers with zeros */
	F_SPACE	= 1 << 2,	/* ' ': blank where a '+' would go */
	F_PLUS	= 1 << 3,	/* '+': always print a sign */
	F_ALT	= 1 << 4,	/* '#': 0x for hex, a leading 0 for octal */
};

enum length { LEN_INT, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_Z };

struct spec {
	int flags;
	int width;
	int prec;		/* -1 when absent */
	enum length len;
	char conv;
};

struct out {
	char *buf;
	size_t size;
	size_t len;		/* bytes produced so far, stored or not */
};

/* Widths and precisions are clamped to this, so that neither parsing nor
 * the padding arithmetic can overflow an int. */
#define MAX_FIELD	65536

static void
out_char(struct out *o, char c)
{
	/* Keep the last byte free for the terminator. */
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void
out_repeat(struct out *o, char c, int n)
{
	while (n-- > 0)
		out_char(o, c);
}

static void
out_str(struct out *o, const char *s, size_t n)
{
	while (n-- > 0)
		out_char(o, *s++);
}

static int
clamp_field(int n)
{
	return n < MAX_FIELD ? n : MAX_FIELD;
}

static int
parse_int(const char **fmt)
{
	int n = 0;

	while (**fmt >= '0' && **fmt <= '9') {
		if (n <= MAX_FIELD)
			n = n * 10 + (**fmt - '0');
		(*fmt)++;
	}
	return clamp_field(n);
}

static const char *
parse_flags(const char *fmt, int *flags)
{
	*flags = 0;
	for (;; fmt++) {
		if (*fmt == '-')
			*flags |= F_LEFT;
		else if (*fmt == '0')
			*flags |= F_ZERO;
		else if (*fmt == ' ')
			*flags |= F_SPACE;
		else if (*fmt == '+')
			*flags |= F_PLUS;
		else if (*fmt == '#')
			*flags |= F_ALT;
		else
			return fmt;
	}
}

static const char *
parse_length(const char *fmt, enum length *len)
{
	*len = LEN_INT;
	if (fmt[0] == 'h' && fmt[1] == 'h') {
		*len = LEN_HH;
		return fmt + 2;
	}
	if (fmt[0] == 'l' && fmt[1] == 'l') {
		*len = LEN_LL;
		return fmt + 2;
	}
	if (fmt[0] == 'h')
		*len = LEN_H;
	else if (fmt[0] == 'l')
		*len = LEN_L;
	else if (fmt[0] == 'z')
		*len = LEN_Z;
	else
		return fmt;
	return fmt + 1;
}

/* Reads one directive, fmt pointing just past its '%'.  Returns the
 * position after it; the conversion is '\0' if the format ended early. */
static const char *
parse_spec(const char *fmt, struct spec *sp, va_list *ap)
{
	int n;

	fmt = parse_flags(fmt, &sp->flags);
	if (*fmt == '*') {
		fmt++;
		n = va_arg(*ap, int);
		/* C gives a negative '*' width the meaning of the '-' flag.
		 * Clamp before negating: -INT_MIN does not fit an int. */
		if (n < 0) {
			sp->flags |= F_LEFT;
			n = n < -MAX_FIELD ? MAX_FIELD : -n;
		}
		sp->width = clamp_field(n);
	} else {
		sp->width = parse_int(&fmt);
	}

	sp->prec = -1;
	if (*fmt == '.') {
		fmt++;
		if (*fmt == '*') {
			fmt++;
			/* A negative '*' precision counts as none at all. */
			n = va_arg(*ap, int);
			sp->prec = n < 0 ? -1 : clamp_field(n);
		} else {
			sp->prec = parse_int(&fmt);
		}
	}

	fmt = parse_length(fmt, &sp->len);
	sp->conv = *fmt;
	if (*fmt != '\0')
		fmt++;
	return fmt;
}

/* Arguments narrower than int arrive promoted to int; the casts undo the
 * promotion so that %hhd of 255 prints -1 and %hhu of -1 prints 255. */
static long long
fetch_signed(enum length len, va_list *ap)
{
	switch (len) {
	case LEN_HH:
		return (signed char)va_arg(*ap, int);
	case LEN_H:
		return (short)va_arg(*ap, int);
	case LEN_L:
		return va_arg(*ap, long);
	case LEN_LL:
		return va_arg(*ap, long long);
	case LEN_Z:
		/* The signed type as wide as size_t; ptrdiff_t is it on
		 * every ABI the kernel is built for. */
		return va_arg(*ap, ptrdiff_t);
	default:
		return va_arg(*ap, int);
	}
}

static unsigned long long
fetch_unsigned(enum length len, va_list *ap)
{
	switch (len) {
	case LEN_HH:
		return (unsigned char)va_arg(*ap, unsigned int);
	case LEN_H:
		return (unsigned short)va_arg(*ap, unsigned int);
	case LEN_L:
		return va_arg(*ap, unsigned long);
	case LEN_LL:
		return va_arg(*ap, unsigned long long);
	case LEN_Z:
		return va_arg(*ap, size_t);
	default:
		return va_arg(*ap, unsigned int);
	}
}

/* Writes the digits of v in reverse into tmp and returns their count.
 * The zero value gives no digits: whether it prints as "0" depends on
 * the precision, which the caller handles. */
static int
utoa_rev(char *tmp, unsigned long long v, unsigned base, bool upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	int n = 0;

	while (v != 0) {
		tmp[n++] = digits[v % base];
		v /= base;
	}
	return n;
}

/*
 * Lays out one number: [spaces][prefix][zeros][digits][spaces].  The prefix
 * (sign or 0x) comes before the zero padding, so "%08x" with '#' gives
 * 0x00001234, not 00000x1234.
 */
static void
emit_number(struct out *o, const struct spec *sp, unsigned long long v,
	    unsigned base, const char *prefix)
{
	char tmp[24];		/* 64 bits in octal is 22 digits */
	int ndigits, prec, zeros, plen, pad;

	ndigits = utoa_rev(tmp, v, base, sp->conv == 'X');
	/* With no precision, zero still prints as one digit; "%.0d" of zero
	 * is the one case that prints no digit at all. */
	prec = sp->prec < 0 ? 1 : sp->prec;
	/* '#' with %o makes the first digit a 0, by raising the precision
	 * only as far as needed. */
	if (base == 8 && (sp->flags & F_ALT) && prec <= ndigits)
		prec = ndigits + 1;
	zeros = prec > ndigits ? prec - ndigits : 0;
	plen = strlen(prefix);

	/* The '0' flag is ignored with '-' or with a precision, as in C. */
	pad = sp->width - plen - zeros - ndigits;
	if ((sp->flags & F_ZERO) && !(sp->flags & F_LEFT) && sp->prec < 0 &&
	    pad > 0) {
		zeros += pad;
		pad = 0;
	}

	if (!(sp->flags & F_LEFT))
		out_repeat(o, ' ', pad);
	out_str(o, prefix, plen);
	out_repeat(o, '0', zeros);
	while (ndigits > 0)
		out_char(o, tmp[--ndigits]);
	if (sp->flags & F_LEFT)
		out_repeat(o, ' ', pad);
}

static void
conv_signed(struct out *o, const struct spec *sp, va_list *ap)
{
	long long v = fetch_signed(sp->len, ap);
	unsigned long long mag = v;
	const char *sign = "";

	/* Negate in the unsigned type: -LLONG_MIN does not fit a long long. */
	if (v < 0) {
		sign = "-";
		mag = 0 - mag;
	} else if (sp->flags & F_PLUS)
		sign = "+";
	else if (sp->flags & F_SPACE)
		sign = " ";
	emit_number(o, sp, mag, 10, sign);
}

static void
conv_unsigned(struct out *o, const struct spec *sp, va_list *ap)
{
	unsigned long long v = fetch_unsigned(sp->len, ap);
	const char *prefix = "";
	unsigned base = 10;

	if (sp->conv == 'o') {
		base = 8;
	} else if (sp->conv == 'x' || sp->conv == 'X') {
		base = 16;
		/* As in C, '#' adds no 0x to a zero. */
		if ((sp->flags & F_ALT) && v != 0)
			prefix = sp->conv == 'x' ? "0x" : "0X";
	}
	emit_number(o, sp, v, base, prefix);
}

static void
conv_pointer(struct out *o, const struct spec *sp, va_list *ap)
{
	struct spec p = *sp;
	uintptr_t v = (uintptr_t)va_arg(*ap, void *);

	/* A fixed number of digits (8 on i386), so addresses line up in
	 * columns; only the width and '-' are kept from the directive. */
	p.flags &= F_LEFT;
	p.prec = 2 * sizeof(uintptr_t);
	p.conv = 'x';
	emit_number(o, &p, v, 16, "0x");
}

static void
emit_padded(struct out *o, const struct spec *sp, const char *s, size_t n)
{
	size_t width = sp->width;
	int pad = width > n ? width - n : 0;

	if (!(sp->flags & F_LEFT))
		out_repeat(o, ' ', pad);
	out_str(o, s, n);
	if (sp->flags & F_LEFT)
		out_repeat(o, ' ', pad);
}

static void
conv_string(struct out *o, const struct spec *sp, va_list *ap)
{
	const char *s = va_arg(*ap, const char *);
	size_t n;

	if (s == NULL)
		s = "(null)";
	/* strnlen, not strlen: with a precision the argument need not be
	 * NUL-terminated, and must not be read beyond that many bytes. */
	n = sp->prec < 0 ? strlen(s) : strnlen(s, sp->prec);
	emit_padded(o, sp, s, n);
}

/* Performs one conversion; returns false if the conversion is unknown. */
static bool
convert(struct out *o, const struct spec *sp, va_list *ap)
{
	char c;

	switch (sp->conv) {
	case 'd':
	case 'i':
		conv_signed(o, sp, ap);
		return true;
	case 'u':
	case 'x':
	case 'X':
	case 'o':
		conv_unsigned(o, sp, ap);
		return true;
	case 'p':
		conv_pointer(o, sp, ap);
		return true;
	case 'c':
		c = (char)va_arg(*ap, int);
		emit_padded(o, sp, &c, 1);
		return true;
	case 's':
		conv_string(o, sp, ap);
		return true;
	case '%':
		out_char(o, '%');
		return true;
	default:
		return false;
	}
}

int
vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };
	struct spec sp;
	const char *start;
	va_list args;

	/* The helpers take the argument list by pointer so that they can
	 * consume from it.  That needs a local copy: where va_list is an
	 * array type, &ap of a parameter is not a va_list *. */
	va_copy(args, ap);
	while (*fmt) {
		if (*fmt != '%') {
			out_char(&o, *fmt++);
			continue;
		}
		start = fmt;
		fmt = parse_spec(fmt + 1, &sp, &args);
		/* Print an unknown directive as it was written, so the
		 * mistake is visible in the output rather than swallowed. */
		if (!convert(&o, &sp, &args))
			out_str(&o, start, fmt - start);
	}
	va_end(args);

	if (size > 0)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

int
snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
