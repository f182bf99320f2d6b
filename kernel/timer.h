/*
 * timer.h - one-shot kernel timers, fired when they are due.
 *
 * Each CPU keeps its armed timers in a list sorted by expiry; the LAPIC
 * timer's interrupt (the tick, or a one-shot event hrtimer.c sets for the
 * first timer) runs the expired ones on that CPU, in interrupt context.  A
 * sleeping task arms its own sleep_timer, whose callback wakes it.
 */
#ifndef KERNEL_TIMER_H
#define KERNEL_TIMER_H

#include <stdint.h>
#include "kernel/lib/list.h"

/* A periodic timer (setitimer, timer_settime) is re-armed at least this
 * far in the future; the expiries it so skips count as overruns.  An
 * interval shorter than handling an expiry would otherwise leave the CPU
 * nothing but timer interrupts (Linux avoids it by re-arming such timers
 * only when their signal is delivered). */
#define TIMER_REARM_MIN_NS	50000ull

struct timer {
	struct list node;
	uint64_t expires;		/* sched_clock() deadline, ns */
	void (*fn)(void *arg);		/* runs with interrupts off */
	void *arg;
	int cpu;			/* whose list it is on, -1 if none */
};

/* Make t an unarmed timer that will call fn(arg), before any timer_arm. */
void timer_setup(struct timer *t, void (*fn)(void *), void *arg);
void timer_arm(struct timer *t, uint64_t expires);	/* on this CPU */
/* Returns 1 if it was armed.  After return fn is not running on any CPU
 * for this timer (it may have run already) - unless the caller is fn
 * itself, which may so cancel or re-arm its own timer. */
int timer_cancel(struct timer *t);
/* Run this CPU's expired timers, then let hrtimer.c set the LAPIC for the
 * first one left.  Interrupt context (the tick, a one-shot event). */
void timer_run_expired(void);
/* When this CPU's first timer is due (UINT64_MAX: none); irqs off. */
uint64_t timer_next_expiry(void);
void timer_init(void);
/* The current task sleeps until sched_clock() >= deadline (0, or -EINTR
 * when a signal is pending for it). */
int sleep_until(uint64_t deadline);

#endif
