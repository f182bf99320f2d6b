/*
 * console.h - keyboard-side of the console: bytes typed on COM1.
 *
 * The UART interrupt handler feeds console_input(); readers take bytes out
 * of a ring buffer.  Until tasks exist, a reader waits by halting its CPU.
 */
#ifndef KERNEL_CONSOLE_H
#define KERNEL_CONSOLE_H

#include <stddef.h>

void console_input(char c);		/* interrupt context */
int console_getc(void);			/* blocks; returns a byte */
/* Read a line with echo and backspace editing, without the newline. */
size_t console_readline(char *buf, size_t size);

#endif
