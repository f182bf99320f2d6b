/*
 * scanf.c - the scanf family: sscanf, vsscanf, fscanf, vfscanf, scanf,
 * vscanf.
 *
 * One engine reads from a string or a locked stream through get/unget
 * with a single character of push-back, as C's scanf allows: input that
 * stops matching midway ("0x" with no hex digit, "1e" with no exponent) is
 * consumed up to the character that failed, as in glibc.  Conversions:
 * %d %i %u %o %x %X %p %c %s %[...] %n %% and the floating ones %f %e %g
 * %a (any case), with '*' (assign nothing), a width, and the length
 * modifiers hh h l ll q L j z t.  Integers are converted with the strto*
 * functions, so overflow saturates as strtol's does and %u accepts a
 * minus sign.  The GNU 'm' (allocate) flag is not supported.
 */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "stdio_impl.h"

/* A number being read is kept here; longer ones are cut, as glibc's are
 * not, but no number the strto* functions tell apart needs more. */
#define SCAN_NUM_MAX	512

struct scan_src {
	const char *s;		/* string source, or NULL */
	FILE *f;		/* stream source (locked by the caller) */
	int last;		/* the character held back, or EOF */
	int held;		/* last is valid */
	int eof;		/* the source ended */
	long count;		/* characters consumed, for %n */
};

static int
src_get(struct scan_src *src)
{
	int c;

	if (src->held) {
		src->held = 0;
		c = src->last;
	} else if (src->eof) {
		return EOF;
	} else if (src->s != NULL) {
		c = *src->s ? (unsigned char)*src->s++ : EOF;
	} else {
		c = __fgetc_unlocked(src->f);
	}
	if (c == EOF) {
		src->eof = 1;
		return EOF;
	}
	src->count++;
	return c;
}

static void
src_unget(struct scan_src *src, int c)
{
	if (c == EOF)
		return;
	src->last = c;
	src->held = 1;
	src->count--;
}

/* At the end, a character still held goes back to the stream. */
static void
src_finish(struct scan_src *src)
{
	if (src->held && src->f != NULL && src->f->unget == EOF) {
		src->f->unget = src->last;
		src->f->flags &= ~F_EOF;
	}
}

static void
skip_space(struct scan_src *src)
{
	int c;

	while ((c = src_get(src)) != EOF && isspace(c))
		;
	src_unget(src, c);
}

enum len { L_HH, L_H, L_INT, L_L, L_LL, L_LD, L_J, L_Z, L_T };

static void
store_int(void *p, enum len len, unsigned long long v)
{
	switch (len) {
	case L_HH:
		*(char *)p = (char)v;
		break;
	case L_H:
		*(short *)p = (short)v;
		break;
	case L_L:
		*(long *)p = (long)v;
		break;
	case L_LL:
	case L_LD:
	case L_J:
		*(long long *)p = (long long)v;
		break;
	case L_Z:
		*(size_t *)p = (size_t)v;
		break;
	case L_T:
		*(ptrdiff_t *)p = (ptrdiff_t)v;
		break;
	default:
		*(int *)p = (int)v;
	}
}

static int
digit_ok(int c, int base)
{
	if (base == 16)
		return isxdigit(c);
	if (base == 8)
		return c >= '0' && c <= '7';
	return isdigit(c);
}

/*
 * Read an integer of `base` (0: as %i, from its prefix) into buf, at most
 * `width` characters.  Returns the base used, or 0 if no digit was read.
 */
static int
scan_int_text(struct scan_src *src, int width, int base, char *buf)
{
	int n = 0, c, digits = 0;

	c = src_get(src);
	if ((c == '+' || c == '-') && width > 0) {
		buf[n++] = (char)c;
		width--;
		c = src_get(src);
	}
	if (c == '0' && width > 0 && (base == 0 || base == 16)) {
		buf[n++] = '0';
		width--;
		digits = 1;
		c = src_get(src);
		if ((c == 'x' || c == 'X') && width > 0) {
			buf[n++] = (char)c;
			width--;
			base = 16;
			digits = 0;
			c = src_get(src);
		} else if (base == 0) {
			base = 8;
		}
	}
	if (base == 0)
		base = 10;
	while (c != EOF && width > 0 && digit_ok(c, base) &&
	       n < SCAN_NUM_MAX - 1) {
		buf[n++] = (char)c;
		width--;
		digits++;
		c = src_get(src);
	}
	src_unget(src, c);
	buf[n] = '\0';
	return digits ? base : 0;
}

/* Append c to buf if it is one of `set` (case-insensitive). */
static int
take_word(struct scan_src *src, char *buf, int *n, int *width,
	  const char *word)
{
	int c, i;

	for (i = 0; word[i]; i++) {
		c = src_get(src);
		if (c == EOF || *width == 0 || tolower(c) != word[i]) {
			src_unget(src, c);
			return i;
		}
		buf[(*n)++] = (char)c;
		(*width)--;
	}
	return i;
}

static int
take_digits(struct scan_src *src, char *buf, int *n, int *width, int hex)
{
	int c, d = 0;

	while ((c = src_get(src)) != EOF && *width > 0 &&
	       (hex ? isxdigit(c) : isdigit(c)) && *n < SCAN_NUM_MAX - 1) {
		buf[(*n)++] = (char)c;
		(*width)--;
		d++;
	}
	src_unget(src, c);
	return d;
}

static int
take_char(struct scan_src *src, char *buf, int *n, int *width,
	  const char *set)
{
	int c = src_get(src);

	if (c != EOF && *width > 0 && strchr(set, c) != NULL &&
	    *n < SCAN_NUM_MAX - 1) {
		buf[(*n)++] = (char)c;
		(*width)--;
		return 1;
	}
	src_unget(src, c);
	return 0;
}

/* The text of a floating-point number (strtod's syntax); 1 if whole. */
static int
scan_float_text(struct scan_src *src, int width, char *buf)
{
	int n = 0, digits, hex = 0, k;

	take_char(src, buf, &n, &width, "+-");
	k = take_word(src, buf, &n, &width, "inf");
	if (k == 3) {
		take_word(src, buf, &n, &width, "inity");
		buf[n] = '\0';
		return 1;
	}
	if (k > 0)
		return 0;
	k = take_word(src, buf, &n, &width, "nan");
	if (k > 0) {
		buf[n] = '\0';
		return k == 3;
	}
	digits = 0;
	if (take_char(src, buf, &n, &width, "0")) {
		digits = 1;
		if (take_char(src, buf, &n, &width, "xX")) {
			hex = 1;
			digits = 0;
		}
	}
	digits += take_digits(src, buf, &n, &width, hex);
	if (take_char(src, buf, &n, &width, "."))
		digits += take_digits(src, buf, &n, &width, hex);
	if (digits == 0) {
		buf[n] = '\0';
		return 0;
	}
	if (take_char(src, buf, &n, &width, hex ? "pP" : "eE")) {
		take_char(src, buf, &n, &width, "+-");
		if (take_digits(src, buf, &n, &width, 0) == 0) {
			buf[n] = '\0';
			return 0;
		}
	}
	buf[n] = '\0';
	return 1;
}

/* The set of a %[...] conversion; returns the format after its ']'. */
static const char *
parse_set(const char *fmt, unsigned char set[256])
{
	int invert = 0;

	if (*fmt == '^') {
		invert = 1;
		fmt++;
	}
	memset(set, 0, 256);
	if (*fmt == ']') {		/* a ']' first is a member */
		set[']'] = 1;
		fmt++;
	}
	for (; *fmt && *fmt != ']'; fmt++) {
		if (fmt[1] == '-' && fmt[2] && fmt[2] != ']') {
			for (int c = (unsigned char)fmt[0];
			     c <= (unsigned char)fmt[2]; c++)
				set[c] = 1;
			fmt += 2;
		} else {
			set[(unsigned char)*fmt] = 1;
		}
	}
	if (invert)
		for (int c = 0; c < 256; c++)
			set[c] = !set[c];
	return *fmt == ']' ? fmt + 1 : fmt;
}

/* %c, %s and %[: characters into dst (when not suppressed). */
static int
scan_chars(struct scan_src *src, char conv, int width,
	   const unsigned char *set, char *dst)
{
	int c, n = 0;

	if (conv == 'c') {
		if (width <= 0)
			width = 1;
	} else if (width <= 0) {
		width = INT_MAX;
	}
	while (n < width && (c = src_get(src)) != EOF) {
		int ok = conv == 'c' || (conv == 's' ? !isspace(c) : set[c]);

		if (!ok) {
			src_unget(src, c);
			break;
		}
		if (dst)
			dst[n] = (char)c;
		n++;
	}
	if (n == 0)
		return 0;
	if (dst && conv != 'c')
		dst[n] = '\0';
	return n;
}

static int
scan_number(struct scan_src *src, char conv, int width, enum len len,
	    void *dst)
{
	char buf[SCAN_NUM_MAX];
	int base;

	if (width <= 0 || width > SCAN_NUM_MAX - 1)
		width = SCAN_NUM_MAX - 1;
	if (strchr("eEfFgGaA", conv)) {
		if (!scan_float_text(src, width, buf))
			return 0;
		if (dst == NULL)
			return 1;
		if (len == L_LD)
			*(long double *)dst = strtold(buf, NULL);
		else if (len == L_L)
			*(double *)dst = strtod(buf, NULL);
		else
			*(float *)dst = strtof(buf, NULL);
		return 1;
	}
	base = conv == 'i' ? 0 : conv == 'o' ? 8 :
	       strchr("xXp", conv) ? 16 : 10;
	base = scan_int_text(src, width, base, buf);
	if (base == 0)
		return 0;
	if (dst == NULL)
		return 1;
	if (conv == 'p')
		*(void **)dst = (void *)(uintptr_t)strtoul(buf, NULL, 16);
	else if (conv == 'd' || conv == 'i')
		store_int(dst, len, (unsigned long long)strtoll(buf, NULL,
								base));
	else
		store_int(dst, len, strtoull(buf, NULL, base));
	return 1;
}

static const char *
parse_len(const char *fmt, enum len *len)
{
	*len = L_INT;
	switch (*fmt) {
	case 'h':
		*len = fmt[1] == 'h' ? L_HH : L_H;
		return fmt + (fmt[1] == 'h' ? 2 : 1);
	case 'l':
		*len = fmt[1] == 'l' ? L_LL : L_L;
		return fmt + (fmt[1] == 'l' ? 2 : 1);
	case 'q':
		*len = L_LL;
		return fmt + 1;
	case 'L':
		*len = L_LD;
		return fmt + 1;
	case 'j':
		*len = L_J;
		return fmt + 1;
	case 'z':
		*len = L_Z;
		return fmt + 1;
	case 't':
		*len = L_T;
		return fmt + 1;
	}
	return fmt;
}

/*
 * The engine.  Returns the number of assignments, or EOF if the input
 * ended before the first conversion was done.
 */
static int
scan(struct scan_src *src, const char *fmt, va_list ap)
{
	int assigned = 0, converted = 0, input_failure = 0;
	unsigned char set[256];

	while (*fmt) {
		int c, suppress = 0, width = 0;
		long before;
		enum len len;
		char conv;
		void *dst;

		if (isspace((unsigned char)*fmt)) {
			skip_space(src);
			fmt++;
			continue;
		}
		if (*fmt != '%' || fmt[1] == '%') {
			if (*fmt == '%') {
				skip_space(src);
				fmt++;
			}
			c = src_get(src);
			if (c != (unsigned char)*fmt) {
				input_failure = c == EOF;
				src_unget(src, c);
				goto out;
			}
			fmt++;
			continue;
		}
		fmt++;
		if (*fmt == '*') {
			suppress = 1;
			fmt++;
		}
		while (isdigit((unsigned char)*fmt))
			width = width * 10 + (*fmt++ - '0');
		fmt = parse_len(fmt, &len);
		conv = *fmt++;
		if (conv == '\0')
			goto out;
		if (conv == 'n') {
			if (!suppress)
				store_int(va_arg(ap, void *), len,
					  (unsigned long long)src->count);
			continue;
		}
		if (conv == '[')
			fmt = parse_set(fmt, set);
		else if (conv != 'c')
			skip_space(src);
		if (!strchr("diouxXpcs[eEfFgGaA", conv))
			goto out;	/* not a conversion: glibc stops too */
		dst = suppress ? NULL : va_arg(ap, void *);
		before = src->count;
		if (strchr("cs[", conv) ?
		    scan_chars(src, conv, width, set, dst) == 0 :
		    !scan_number(src, conv, width, len, dst)) {
			/* the input ended before anything matched: an input
			 * failure; a partial match is a matching failure */
			input_failure = src->eof && src->count == before;
			goto out;
		}
		converted++;
		if (!suppress)
			assigned++;
	}
out:
	return converted == 0 && input_failure ? EOF : assigned;
}

int
vsscanf(const char *s, const char *fmt, va_list ap)
{
	struct scan_src src = { .s = s, .last = EOF };

	return scan(&src, fmt, ap);
}

int
sscanf(const char *s, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsscanf(s, fmt, ap);
	va_end(ap);
	return r;
}

int
vfscanf(FILE *f, const char *fmt, va_list ap)
{
	struct scan_src src = { .f = f, .last = EOF };
	int r;

	__lock(&f->lock);
	r = scan(&src, fmt, ap);
	src_finish(&src);
	__unlock(&f->lock);
	return r;
}

int
fscanf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfscanf(f, fmt, ap);
	va_end(ap);
	return r;
}

int
vscanf(const char *fmt, va_list ap)
{
	return vfscanf(stdin, fmt, ap);
}

int
scanf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfscanf(stdin, fmt, ap);
	va_end(ap);
	return r;
}
