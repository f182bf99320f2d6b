/*
 * posix_timer.h - POSIX per-process timers (posix_timer.c).
 */
#ifndef KERNEL_POSIX_TIMER_H
#define KERNEL_POSIX_TIMER_H

struct process;
struct sig_kinfo;

/* A new process: no timers (fork does not copy them). */
void posix_timers_init(struct process *p);
/* Delete every timer of p: exec, and freeing a reaped process.  No lock
 * held; waits for a running expiry. */
void posix_timers_free(struct process *p);
/* A timer's signal, ki, was just taken for delivery: ki->overrun is now
 * its timer_getoverrun() (proc_lock held). */
void posix_timer_delivered(struct process *p, const struct sig_kinfo *ki);

#endif
