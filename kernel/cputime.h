/*
 * cputime.h - user and system time, sampled by the tick (cputime.c).
 *
 * The scheduler knows exactly how long a task ran (sum_exec_ns, charged
 * at every switch and tick).  How that time divides between user and
 * kernel mode is sampled instead: each tick charges the task it
 * interrupts to one side.  Readers scale the exact total by the sampled
 * ratio, and never report less than they reported before.
 */
#ifndef KERNEL_CPUTIME_H
#define KERNEL_CPUTIME_H

#include <stdint.h>
#include "kernel/lib/cputime_split.h"

struct task;
struct process;

/* The tick, interrupts off: charge this CPU's current task (user: the
 * tick interrupted user mode). */
void cputime_tick(int user);

/* proc_lock held: t's user and system time, in ns. */
void task_cputime(struct task *t, uint64_t *ut, uint64_t *st);
/* proc_lock held: the same for all of p's tasks, the exited included. */
void process_cputime(struct process *p, uint64_t *ut, uint64_t *st);
/* proc_lock held, t exiting: fold its samples into its process. */
void cputime_exit(struct task *t);

#endif
