/* printf.h - formatted output into buffers (the engine behind printk). */
#ifndef KERNEL_LIB_PRINTF_H
#define KERNEL_LIB_PRINTF_H

#include <stdarg.h>
#include <stddef.h>

/*
 * Supported conversions: %d %i %u %x %X %o %c %s %p %%, with the flags '-',
 * '0', ' ', '+', '#', a field width and precision (numbers or '*'), and the
 * length modifiers hh, h, l, ll, z.  %p prints 0x followed by 8 hex digits.
 * Returns the length the full output would have had (C99 semantics); the
 * buffer is always NUL-terminated when size > 0.
 */
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
