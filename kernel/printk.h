/*
 * printk.h - the kernel console.
 *
 * printk() formats one message, prefixes each line with a dmesg-style stamp
 * "[seconds.micros] cpuN: " and writes it to COM1 under one lock, so lines
 * from different CPUs never interleave.  Safe from any CPU and from interrupt
 * context (the lock disables interrupts).  pr_info() is printk() unless the
 * command line says "quiet".
 *
 * data_write() sends raw bytes to the machine-readable channel (the 0xe9
 * debug console), which test runners capture to a separate file.
 */
#ifndef KERNEL_PRINTK_H
#define KERNEL_PRINTK_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Format (at most PRINTK_BUF bytes) and write one stamped message to the
 * console and the log, whole even when CPUs print at once.  Any context,
 * interrupts on or off (lockless after a panic).  pr_info() is printk() except under `quiet`. */
void printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void vprintk(const char *fmt, va_list ap);
void pr_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Raw console output without stamps (the shell/monitor prompt). */
void console_write(const char *s, size_t n);
void data_write(const char *s, size_t n);
void data_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The kernel log (the ring of stamped output, oldest byte first): copy its
 * newest min(max, bytes held) bytes to dst (kernel memory) and return how
 * many.  Takes the console lock, so never call it while printing. */
size_t printk_log_read(char *dst, size_t max);
extern const uint32_t printk_log_size;	/* the ring's bytes */
/* After a panic, printk stops taking its lock so that the dying CPU can
 * always print, even if another CPU died holding it. */
void printk_panic_mode(void);
extern int console_quiet;

#endif
