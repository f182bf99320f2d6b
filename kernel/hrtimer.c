/*
 * hrtimer.c - one LAPIC timer per CPU, shared by the tick and the timers.
 *
 * The tick keeps its period: while no timer of this CPU is due before the
 * next tick, the LAPIC timer stays in periodic mode, exactly as it was
 * before timers had a finer resolution than the tick, and the only cost
 * per tick is one compare (hrtimer_program's first test).  When a timer is
 * due earlier, the CPU goes one-shot: it remembers when the periodic timer
 * would have ticked (tick_next) and programs the LAPIC for the earlier of
 * that and its first timer, so the tick comes when it would have come and
 * the timer comes when it is due.  Each interrupt in one-shot mode is a
 * tick if the clock has reached tick_next (then tick_next moves on by one
 * period), runs the expired timers, and programs the next event.  At a
 * tick with no timer due before the tick after it, the CPU goes back to
 * periodic mode, started from that tick's interrupt.
 *
 * TSC-deadline mode is used where the CPU has it (CPUID.01H:ECX[24]): the
 * deadline is then an absolute TSC value; otherwise the LAPIC counts down
 * from a count derived from the calibrated LAPIC rate (time.c).
 *
 * All state is per CPU and touched only by its CPU with interrupts off.
 * docs/timers.md describes the scheme with its costs.
 *
 * One-shot events are on with the command-line word highres=on (Linux's
 * boot parameter of the same name) and off by default: with them off,
 * the LAPIC timer is always periodic and every timer expires at the first
 * tick after it is due, as before timers had a finer resolution.  The
 * default is off because under QEMU's real profile on a loaded host the
 * one-shot events, re-armed by the kernel at each one, come milliseconds
 * late, and sleep-heavy workloads on 4 CPUs then run several times slower
 * than with the periodic tick (docs/timers.md has the figures).
 */
#include <stdint.h>
#include "arch/x86/lapic.h"
#include "arch/x86/trap.h"
#include "kernel/config.h"
#include "kernel/cmdline.h"
#include "kernel/cpu.h"
#include "kernel/hrtimer.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/time.h"
#include "kernel/timer.h"

/* A one-shot interrupt this close before tick_next is that tick: the
 * LAPIC's and the TSC's rates were calibrated separately. */
#define TICK_SLOP_NS	64

struct hrtimer_cpu {
	int oneshot;		/* LAPIC in one-shot (or TSC-deadline) mode */
	int in_tick;		/* hrtimer_interrupt() runs the tick's work */
	int programmed_now;	/* hrtimer_program() ran in this interrupt */
	uint64_t tick_next;	/* one-shot: when the next tick is due */
	uint64_t programmed;	/* one-shot: what the LAPIC is set for */
};

static struct hrtimer_cpu hr[MAX_CPUS];
static int use_tsc_deadline;
static int highres;		/* one-shot events allowed (highres=on) */

void
hrtimer_init(void)
{
	const char *v = cmdline_get("highres");

	if (v && strcmp(v, "on") == 0)
		highres = 1;
	else if (v && strcmp(v, "off") != 0)
		printk("hrtimer: highres=%s is neither on nor off: off\n", v);
	use_tsc_deadline = lapic_tsc_deadline_supported();
	if (highres)
		printk("hrtimer: one-shot events by %s\n", use_tsc_deadline ?
		       "TSC deadline" : "LAPIC count-down");
	else
		printk("hrtimer: off (highres=on for one-shot events): timers "
		       "expire at the tick\n");
}

int
hrtimer_oneshot(void)
{
	return hr[this_cpu()->id].oneshot;
}

uint32_t
hrtimer_resolution_ns(void)
{
	uint64_t hz = use_tsc_deadline ? tsc_hz : lapic_timer_hz;

	if (!highres)		/* Linux without high resolution: a jiffy */
		return (uint32_t)tick_ns;

	return (uint32_t)((1000000000ull + hz - 1) / hz);
}

/* Set the LAPIC for deadline (sched_clock() ns), in one-shot mode.  The
 * clock is read afresh: the caller's "now" may be a callback run old. */
static void
program_event(struct hrtimer_cpu *s, uint64_t deadline)
{
	uint64_t now;

	s->programmed = deadline;
	if (use_tsc_deadline) {
		lapic_timer_deadline(time_deadline_to_tsc(deadline));
		return;
	}
	now = sched_clock();
	lapic_timer_rearm(time_ns_to_lapic(deadline > now ? deadline - now : 0));
}

static void
enter_oneshot(struct hrtimer_cpu *s, uint64_t now)
{
	s->tick_next = now + time_tick_left_ns();
	/* a tick that fired while interrupts were off is still to be taken:
	 * the count has reloaded, and that interrupt must count as a tick */
	if (lapic_timer_irq_pending())
		s->tick_next -= tick_ns;
	s->oneshot = 1;
	if (use_tsc_deadline) {
		lapic_timer_stop();
		lapic_timer_tsc_deadline_mode(T_TIMER);
	} else {
		lapic_timer_oneshot(0, T_TIMER);
	}
}

/* Periodic mode again, from now: the next tick comes one period on. */
static void
leave_oneshot(struct hrtimer_cpu *s)
{
	s->oneshot = 0;
	if (use_tsc_deadline)
		lapic_timer_deadline(0);
	time_start_tick();
}

void
hrtimer_program(uint64_t first, uint64_t now)
{
	struct hrtimer_cpu *s = &hr[this_cpu()->id];

	if (!s->oneshot) {
		if (!highres || first >= now + tick_ns)	/* the tick will do */
			return;
		enter_oneshot(s, now);
	} else if (s->in_tick && first >= s->tick_next) {
		/* nothing before the tick after this one */
		s->programmed_now = 1;
		leave_oneshot(s);
		return;
	}
	s->programmed_now = 1;
	program_event(s, first < s->tick_next ? first : s->tick_next);
}

void
hrtimer_arm_first(uint64_t first)
{
	struct hrtimer_cpu *s = &hr[this_cpu()->id];
	uint64_t now;

	if (!highres)
		return;
	now = sched_clock();
	/* an earlier event is set and still to come; one already due (its
	 * interrupt pending, or late: a loaded host delays QEMU's timers by
	 * milliseconds in the real profile) is set again, so a late or lost
	 * event cannot leave this CPU without timers */
	if (s->oneshot && first >= s->programmed && s->programmed > now)
		return;
	if (!s->oneshot && first >= now + tick_ns)
		return;
	hrtimer_program(first, now);
}

void
hrtimer_interrupt(int user)
{
	struct hrtimer_cpu *s = &hr[this_cpu()->id];
	uint64_t now = sched_clock();

	s->programmed_now = 0;
	if (now + TICK_SLOP_NS >= s->tick_next) {
		/* a tick: the next comes one period on, as the periodic
		 * timer would have it; ticks missed with interrupts off are
		 * lost, as they are in periodic mode */
		do
			s->tick_next += tick_ns;
		while (s->tick_next <= now);
		/* no timer before the next tick: periodic at once, so that the
		 * tick's phase moves by this interrupt's entry only, not by
		 * the tick's work too */
		if (timer_next_expiry() >= s->tick_next) {
			leave_oneshot(s);
			time_tick(user);
			return;
		}
		s->in_tick = 1;
		time_tick(user);	/* sched_tick() runs the timers */
	}
	if (!s->programmed_now)	/* not a tick, or no scheduler here yet */
		timer_run_expired();
	s->in_tick = 0;
}
