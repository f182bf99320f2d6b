/*
 * hrtimer.h - the LAPIC timer shared by the tick and the timers
 * (hrtimer.c, docs/timers.md).
 *
 * Every function here runs on the CPU whose timer it sets, with
 * interrupts off.
 */
#ifndef KERNEL_HRTIMER_H
#define KERNEL_HRTIMER_H

#include <stdint.h>

/* BSP, after time_init(): choose TSC-deadline or count-down events. */
void hrtimer_init(void);
/* Is this CPU's LAPIC timer in one-shot mode (a timer due before the
 * next tick)?  The tick's one test. */
int hrtimer_oneshot(void);
/* The finest step a timer can be set in, in ns (clock_getres): a TSC
 * cycle in TSC-deadline mode, else a LAPIC count. */
uint32_t hrtimer_resolution_ns(void);
/* This CPU's earliest timer is now first (UINT64_MAX: none), found at
 * sched_clock() == now: set the LAPIC for it or the next tick, whichever
 * comes first, or leave the periodic tick alone if that comes first. */
void hrtimer_program(uint64_t first, uint64_t now);
/* timer_arm() made a timer due at first this CPU's earliest. */
void hrtimer_arm_first(uint64_t first);
/* The LAPIC timer's interrupt in one-shot mode: the tick when it is due,
 * the expired timers, the next event.  user: as time_tick()'s. */
void hrtimer_interrupt(int user);

#endif
