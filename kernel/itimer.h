/*
 * itimer.h - ITIMER_REAL, the per-process SIGALRM timer (itimer.c).
 */
#ifndef KERNEL_ITIMER_H
#define KERNEL_ITIMER_H

struct process;

void itimer_init(struct process *p);	/* a new process: disarmed */
void itimer_cancel(struct process *p);	/* before p is freed; no lock held */

#endif
