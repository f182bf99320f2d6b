/*
 * console.h - the input side of the serial console: a line discipline
 * with termios (canonical and raw modes, echo, Ctrl-C/Ctrl-Z/Ctrl-\ to
 * the foreground process group), see console.c.
 *
 * The UART interrupt hands every received byte to console_input().
 * Readers are user tasks (console_read, sleeping on a wait queue) or,
 * before any task exists, the kernel monitor (console_readline, halting).
 */
#ifndef KERNEL_CONSOLE_H
#define KERNEL_CONSOLE_H

#include <stddef.h>
#include <stdint.h>

void console_input(char c);		/* interrupt context */
/* Read up to n bytes of completed lines into a user buffer; sleeps. */
int console_read(char *ubuf, size_t n);
int console_input_ready(void);
/* TCGETS, TCSETS*, TIOCGPGRP, TIOCSPGRP, TIOCGWINSZ, FIONREAD. */
int console_ioctl(uint32_t req, uint32_t arg);
/* The session the console controls: init's. */
int console_session(void);
/* Kernel monitor: wait (halting) for a line; returns its length. */
size_t console_readline(char *buf, size_t size);

#endif
