/*
 * printk.c - the kernel's console output.
 *
 * Every call formats its whole message into a buffer first, then writes it
 * to COM1 under printk_lock, starting each new line with a dmesg-style
 * stamp: "[seconds.micros] cpuN: ".  Holding the lock across the write keeps
 * lines from different CPUs whole.
 *
 * Every stamped character also goes into printk_log, a ring of the last
 * PRINTK_LOG_SIZE bytes (Linux's log_buf), so the kernel log can be read
 * after the fact: gdb's k-dmesg (tools/gdb) prints it from a stopped
 * machine.  printk_log_head counts the bytes ever written.
 */
#include <stdarg.h>
#include <stdint.h>
#include "drivers/uart.h"
#include "kernel/cpu.h"
#include "kernel/lib/printf.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"
#include "kernel/time.h"

#define PRINTK_BUF	512
#define PRINTK_LOG_SIZE	16384	/* a power of two */

char printk_log[PRINTK_LOG_SIZE];
uint32_t printk_log_head;
const uint32_t printk_log_size = PRINTK_LOG_SIZE;

int console_quiet;
static struct spinlock printk_lock = SPINLOCK_INIT("printk");
static struct spinlock data_lock = SPINLOCK_INIT("data");
static int at_line_start = 1;
static volatile int lockless;	/* set by a panic */

static void
lock_console(struct spinlock *lk)
{
	if (lockless)
		irq_push();
	else
		spin_lock(lk);
}

static void
unlock_console(struct spinlock *lk)
{
	if (lockless)
		irq_pop();
	else
		spin_unlock(lk);
}

/* Caller holds printk_lock (or the console is lockless after a panic). */
static void
log_putc(char c)
{
	printk_log[printk_log_head++ & (PRINTK_LOG_SIZE - 1)] = c;
}

static void
put_stamp(void)
{
	char stamp[40];
	uint64_t ns = sched_clock();
	int n = snprintf(stamp, sizeof(stamp), "[%5llu.%06llu] cpu%d: ",
			 ns / 1000000000ull, (ns / 1000ull) % 1000000ull,
			 cpu_id());

	for (int i = 0; i < n; i++) {
		uart_putc(COM1, stamp[i]);
		log_putc(stamp[i]);
	}
}

/* Caller holds printk_lock. */
static void
put_text(const char *s, size_t n, int stamped)
{
	for (size_t i = 0; i < n; i++) {
		if (stamped && at_line_start)
			put_stamp();
		if (s[i] == '\n')
			uart_putc(COM1, '\r');
		uart_putc(COM1, s[i]);
		if (stamped)
			log_putc(s[i]);
		at_line_start = (s[i] == '\n');
	}
}

void
vprintk(const char *fmt, va_list ap)
{
	char buf[PRINTK_BUF];
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);

	if (n >= PRINTK_BUF)
		n = PRINTK_BUF - 1;
	lock_console(&printk_lock);
	put_text(buf, (size_t)n, 1);
	unlock_console(&printk_lock);
}

void
printk(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
}

void
pr_info(const char *fmt, ...)
{
	va_list ap;

	if (console_quiet)
		return;
	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
}

/* Unstamped output, for prompts and echo. */
void
console_write(const char *s, size_t n)
{
	lock_console(&printk_lock);
	put_text(s, n, 0);
	unlock_console(&printk_lock);
}

void
data_write(const char *s, size_t n)
{
	lock_console(&data_lock);
	debugcon_write(s, (uint32_t)n);
	unlock_console(&data_lock);
}

void
data_printf(const char *fmt, ...)
{
	char buf[PRINTK_BUF];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n >= PRINTK_BUF)
		n = PRINTK_BUF - 1;
	data_write(buf, (size_t)n);
}

size_t
printk_log_read(char *dst, size_t max)
{
	uint32_t head, filled, n;

	lock_console(&printk_lock);
	head = printk_log_head;
	filled = head < PRINTK_LOG_SIZE ? head : PRINTK_LOG_SIZE;
	n = max < filled ? (uint32_t)max : filled;
	for (uint32_t i = 0; i < n; i++)
		dst[i] = printk_log[(head - n + i) & (PRINTK_LOG_SIZE - 1)];
	unlock_console(&printk_lock);
	return n;
}

void
printk_panic_mode(void)
{
	lockless = 1;
	if (!at_line_start)
		put_text("\n", 1, 0);
}
