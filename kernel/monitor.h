/* monitor.h - the kernel's built-in serial prompt, used until the user-mode
 * shell exists: a few commands to look at CPUs, ticks and memory. */
#ifndef KERNEL_MONITOR_H
#define KERNEL_MONITOR_H

void monitor_run(void) __attribute__((noreturn));

#endif
