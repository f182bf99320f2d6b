/*
 * console.c - the input ring buffer of the serial console.
 */
#include <stddef.h>
#include <stdint.h>
#include "arch/x86/x86.h"
#include "kernel/console.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"
#include "kernel/time.h"

#define INBUF	256

static struct spinlock in_lock = SPINLOCK_INIT("console_in");
static char inbuf[INBUF];
static uint32_t in_r, in_w;	/* read and write positions, free-running */

void
console_input(char c)
{
	spin_lock(&in_lock);
	if (in_w - in_r < INBUF)	/* full: drop, never overwrite */
		inbuf[in_w++ % INBUF] = c;
	spin_unlock(&in_lock);
}

static int
console_trygetc(void)
{
	int c = -1;

	spin_lock(&in_lock);
	if (in_r != in_w)
		c = (unsigned char)inbuf[in_r++ % INBUF];
	spin_unlock(&in_lock);
	return c;
}

/* Wait with the CPU halted: the UART interrupt ends each hlt. */
int
console_getc(void)
{
	int c;

	while ((c = console_trygetc()) < 0)
		idle_halt();
	return c;
}

size_t
console_readline(char *buf, size_t size)
{
	size_t n = 0;

	for (;;) {
		int c = console_getc();
		if (c == '\r' || c == '\n') {
			console_write("\n", 1);
			break;
		}
		if ((c == 0x7f || c == '\b') && n > 0) {
			n--;
			console_write("\b \b", 3);
		} else if (c >= ' ' && c < 0x7f && n + 1 < size) {
			buf[n++] = (char)c;
			console_write(&buf[n - 1], 1);
		}
	}
	buf[n] = 0;
	return n;
}
