/*
 * console.h - the input side of the serial console: a small line
 * discipline.
 *
 * The UART interrupt hands every received byte to console_input(), which
 * edits the current line (backspace), echoes it, and on Enter makes the
 * line available to readers; Ctrl-D ends input (a read returns 0).
 * Readers are user tasks (console_read, sleeping on a wait queue) or,
 * before any task exists, the kernel monitor (console_readline, halting).
 */
#ifndef KERNEL_CONSOLE_H
#define KERNEL_CONSOLE_H

#include <stddef.h>

void console_input(char c);		/* interrupt context */
/* Read up to n bytes of completed lines into a user buffer; sleeps. */
int console_read(char *ubuf, size_t n);
int console_input_ready(void);
/* Kernel monitor: wait (halting) for a line; returns its length. */
size_t console_readline(char *buf, size_t size);

#endif
