/*
 * format.h - the printf engine's insides, shared by format.c (parsing,
 * integers, strings) and format_fp.c (floating point).
 */
#ifndef LIBC_FORMAT_H
#define LIBC_FORMAT_H

#include <stdarg.h>
#include <stddef.h>

/*
 * Where formatted text goes: a buffer (snprintf), a stream (fprintf) or a
 * descriptor (dprintf).  write() may drop what does not fit; count is
 * what printf returns, so the engine counts every byte it produces.
 */
struct fmt_out {
	void (*write)(struct fmt_out *o, const char *s, size_t n);
	size_t count;
};

/* One conversion specification: %[flags][width][.prec][length]conv */
struct fmt_spec {
	unsigned char left;	/* '-' */
	unsigned char plus;	/* '+' */
	unsigned char space;	/* ' ' */
	unsigned char alt;	/* '#' */
	unsigned char zero;	/* '0' */
	int width;
	int prec;		/* -1: none given */
	char conv;
};

void __fmt_emit(struct fmt_out *o, const char *s, size_t n);
void __fmt_pad(struct fmt_out *o, char c, int n);
int __vformat(struct fmt_out *o, const char *fmt, va_list ap);
void __format_float(struct fmt_out *o, const struct fmt_spec *sp,
		    long double v);

#endif
