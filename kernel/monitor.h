/* monitor.h - the kernel's built-in serial prompt, used until the user-mode
 * shell exists: a few commands to look at CPUs, ticks and memory. */
#ifndef KERNEL_MONITOR_H
#define KERNEL_MONITOR_H

/* Read and run monitor commands on the console forever (no init). */
void monitor_run(void) __attribute__((noreturn));

#endif
