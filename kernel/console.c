/*
 * console.c - line editing and the input buffer of the serial console.
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "kernel/console.h"
#include "kernel/mm.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"
#include "kernel/time.h"
#include "kernel/waitq.h"

#define LINE_MAX	256
#define COOKED_MAX	1024
#define CTRL_D		0x04

static struct spinlock in_lock = SPINLOCK_INIT("console_in");
static char line[LINE_MAX];		/* the line being typed */
static size_t line_len;
static char cooked[COOKED_MAX];		/* finished lines, a ring */
static uint32_t ck_r, ck_w;		/* free-running positions */
static int eof_pending;			/* Ctrl-D on an empty line */
static struct waitq readers = { LIST_INIT(readers.sleepers) };

static void
push_line(void)
{
	for (size_t i = 0; i < line_len && ck_w - ck_r < COOKED_MAX; i++)
		cooked[ck_w++ % COOKED_MAX] = line[i];
	line_len = 0;
}

/* Interrupt context: one typed byte. */
void
console_input(char c)
{
	spin_lock(&in_lock);
	if (c == '\r' || c == '\n') {
		if (line_len < LINE_MAX)
			line[line_len++] = '\n';
		push_line();
		console_write("\n", 1);
	} else if (c == 0x7f || c == '\b') {
		if (line_len > 0) {
			line_len--;
			console_write("\b \b", 3);
		}
	} else if (c == CTRL_D) {
		if (line_len == 0)
			eof_pending++;
		push_line();
	} else if ((unsigned char)c >= ' ' && line_len < LINE_MAX - 1) {
		line[line_len++] = c;
		console_write(&c, 1);
	}
	waitq_wake_all(&readers, 0);
	spin_unlock(&in_lock);
}

int
console_input_ready(void)
{
	return ck_r != ck_w || eof_pending;
}

/* Take up to n bytes, stopping after a newline.  in_lock held. */
static size_t
take(char *dst, size_t n)
{
	size_t k = 0;

	while (k < n && ck_r != ck_w) {
		char c = cooked[ck_r++ % COOKED_MAX];
		dst[k++] = c;
		if (c == '\n')
			break;
	}
	return k;
}

int
console_read(char *ubuf, size_t n)
{
	char buf[LINE_MAX];
	size_t k;
	int err;

	if (n > sizeof(buf))
		n = sizeof(buf);
	spin_lock(&in_lock);
	while (ck_r == ck_w && !eof_pending) {
		err = waitq_sleep(&readers, &in_lock, 0);
		if (err < 0) {
			spin_unlock(&in_lock);
			return err;
		}
	}
	if (ck_r == ck_w) {
		eof_pending--;
		spin_unlock(&in_lock);
		return 0;
	}
	k = take(buf, n);
	spin_unlock(&in_lock);
	if (copy_to_user(ubuf, buf, k) < 0)
		return -EFAULT;
	return (int)k;
}

size_t
console_readline(char *buf, size_t size)
{
	size_t k;

	for (;;) {
		spin_lock(&in_lock);
		if (ck_r != ck_w) {
			k = take(buf, size - 1);
			spin_unlock(&in_lock);
			break;
		}
		spin_unlock(&in_lock);
		idle_halt();
	}
	if (k > 0 && buf[k - 1] == '\n')
		k--;
	buf[k] = 0;
	return k;
}
