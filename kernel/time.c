/*
 * time.c - TSC clock, tick calibration and the timer interrupt.
 *
 * Calibration (at boot, on the BSP): the PIT's channel 0 is programmed
 * to interrupt once after 10 ms; meanwhile the TSC and the LAPIC timer run
 * freely.  The CPU halts until the PIT interrupt arrives, then compares how
 * far both counters moved; five such windows, and the median of each
 * rate (time_init).  Halting, rather than polling the PIT, matters
 * under QEMU's -icount: polling an I/O port costs ~100x more host time per
 * guest nanosecond than halting, which lets virtual time jump ahead.
 */
#include <stdint.h>
#include "arch/x86/ioapic.h"
#include "arch/x86/lapic.h"
#include "arch/x86/trap.h"
#include "arch/x86/x86.h"
#include "drivers/pit.h"
#include "kernel/config.h"
#include "kernel/cpu.h"
#include "kernel/cputime.h"
#include "kernel/loadavg.h"
#include "kernel/hrtimer.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/task.h"
#include "kernel/timer.h"
#include "kernel/time.h"

#define CALIB_PIT_COUNT	11932	/* 10.0001 ms of the 1.193182 MHz PIT */
#define CALIB_WINDOWS	5	/* odd: the median is one of them */
#define PIT_IRQ		0

unsigned int hz = CONFIG_HZ;
uint64_t tsc_hz = 1000000000ull;	/* until calibrated: QEMU's icount rate */
uint32_t lapic_timer_hz;
uint64_t tsc_boot;
uint32_t clock_mult = 1u << CLOCK_SHIFT;	/* ns per cycle << SHIFT */
static uint32_t lapic_ticr;			/* LAPIC counts per tick */
uint64_t tick_ns = 1000000000ull / CONFIG_HZ;	/* the tick's period as the
						 * LAPIC counts it */
static uint32_t ns_to_count_mult;		/* LAPIC counts per ns << 32 */
static uint32_t count_to_ns_mult;		/* ns per LAPIC count << 16 */

uint64_t
sched_clock(void)
{
	return sched_clock_at(rdtsc());
}

static volatile int calib_done;
static volatile uint64_t calib_tsc_end;
static volatile uint32_t calib_lapic_end;

/*
 * An IRQ 0 that arrives before the count has run out is not ours: the
 * firmware leaves the PIT running periodically, and an edge it raised while
 * the IOAPIC entry was still masked can be delivered the moment the entry
 * is unmasked (QEMU keeps it pending).  Taking it as the end of the window
 * once calibrated the TSC at 96 MHz instead of 2.5 GHz on a busy host (the
 * real profile), which made every kernel timeout 25 times too short.
 */
static void
calib_interrupt(struct trapframe *tf)
{
	uint64_t tsc = rdtsc();
	uint32_t lapic = lapic_timer_current();

	(void)tf;
	if (!pit_expired())
		return;
	calib_tsc_end = tsc;
	calib_lapic_end = lapic;
	calib_done = 1;
}

/* If the PIT interrupt never comes, the LAPIC timer (unmasked, counting
 * from 2^32 - 1: over a minute) ends the wait with a clear panic rather than
 * a silent hang. */
static void
calib_timeout(struct trapframe *tf)
{
	(void)tf;
	panic("time: the PIT interrupt (IRQ 0) never arrived; check the "
	      "IOAPIC routing");
}

/* Run the 10 ms window; returns its length in ns. */
static uint64_t
calib_window(uint64_t *tsc_delta, uint32_t *lapic_delta)
{
	int vector = ioapic_enable_isa(PIT_IRQ, lapic_id());
	uint64_t tsc0;
	uint32_t lapic0;

	calib_done = 0;
	trap_register(vector, calib_interrupt, "pit-calibrate");
	trap_register(T_TIMER, calib_timeout, "calibration-timeout");
	/* The LAPIC timer runs before the PIT starts, and both start
	 * readings are taken together right after it: a host that stalls the
	 * vCPU between the two starts (the real profile on a busy machine)
	 * once cost the LAPIC 8 of the window's 10 ms, and a tick 5 times
	 * too fast. */
	lapic_timer_oneshot(0xffffffffu, T_TIMER);
	pit_oneshot(CALIB_PIT_COUNT);
	tsc0 = rdtsc();
	lapic0 = lapic_timer_current();
	while (!calib_done)
		sti_hlt();
	cli();
	lapic_timer_stop();
	ioapic_disable_isa(PIT_IRQ);
	trap_register(T_TIMER, timer_interrupt, "timer");
	*tsc_delta = calib_tsc_end - tsc0;
	*lapic_delta = lapic0 - calib_lapic_end;
	return (uint64_t)CALIB_PIT_COUNT * 1000000000ull / PIT_HZ;
}

/* Start the clock at zero; until time_init() it assumes a 1 GHz TSC. */
void
time_early_init(void)
{
	tsc_boot = rdtsc();
}

/* The middle of n values (n odd, at most CALIB_WINDOWS); sorts v. */
static uint64_t
median(uint64_t *v, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
			uint64_t t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return v[n / 2];
}

/*
 * Several windows, and the median of each rate.  In the real profile a
 * host that stalls the vCPU between the PIT's start and the first
 * readings shortens a window, and one that delivers the PIT's interrupt
 * late lengthens it: single windows on a busy 2-core host gave 1,352 and
 * 2,815 MHz for a 2,200 MHz TSC.  A stall hits one window, not most of
 * them.  Under -icount every window agrees, and the extra windows cost
 * 40 ms of virtual time at boot.
 */
void
time_init(void)
{
	uint64_t tsc[CALIB_WINDOWS], lapic[CALIB_WINDOWS], lo, hi;

	for (int i = 0; i < CALIB_WINDOWS; i++) {
		uint64_t tsc_delta, window_ns;
		uint32_t lapic_delta;

		window_ns = calib_window(&tsc_delta, &lapic_delta);
		tsc[i] = tsc_delta * 1000000000ull / window_ns;
		lapic[i] = (uint64_t)lapic_delta * 1000000000ull / window_ns;
	}
	lapic_timer_hz = (uint32_t)median(lapic, CALIB_WINDOWS);
	tsc_hz = median(tsc, CALIB_WINDOWS);
	lo = tsc[0];
	hi = tsc[CALIB_WINDOWS - 1];
	if (tsc_hz < 10000000 || lapic_timer_hz < hz * 16u)
		panic("time: calibration failed (tsc %llu Hz, lapic %u Hz)",
		      tsc_hz, lapic_timer_hz);
	clock_mult = (uint32_t)((1000000000ull << CLOCK_SHIFT) / tsc_hz);
	lapic_ticr = (lapic_timer_hz + hz / 2) / hz;
	tick_ns = (uint64_t)lapic_ticr * 1000000000ull / lapic_timer_hz;
	ns_to_count_mult = (uint32_t)(((uint64_t)lapic_timer_hz << 32) /
				      1000000000ull);
	count_to_ns_mult = (uint32_t)((1000000000ull << 16) / lapic_timer_hz);
	printk("time: TSC %llu.%03llu MHz, LAPIC timer %u.%03u MHz, HZ=%u "
	       "(%u counts per tick)\n", tsc_hz / 1000000,
	       (tsc_hz / 1000) % 1000, lapic_timer_hz / 1000000,
	       (lapic_timer_hz / 1000) % 1000, hz, lapic_ticr);
	if (hi - lo > tsc_hz / 50)	/* more than 2 %: say so */
		printk("time: the %d windows gave %llu to %llu MHz (a busy "
		       "host): the median above\n", CALIB_WINDOWS,
		       lo / 1000000, hi / 1000000);
}

void
time_start_tick(void)
{
	lapic_timer_periodic(lapic_ticr, T_TIMER);
}

/* ns (at most a few ticks) to LAPIC counts, rounded up, plus one count
 * and 1/8192 more: the LAPIC's rate is calibrated a few instructions
 * after the TSC's (calib_window), which under QEMU makes it read about
 * 30 ppm low, and a timer interrupt that came before its deadline by the
 * TSC would find nothing to run and cost a second interrupt. */
uint32_t
time_ns_to_lapic(uint64_t ns)
{
	uint64_t c = (ns * ns_to_count_mult + 0xffffffffull) >> 32;

	c += 1 + (c >> 13);
	return c > 0xffffffffull ? 0xffffffffu : (uint32_t)c;
}

uint64_t
time_tick_left_ns(void)
{
	return ((uint64_t)lapic_timer_current() * count_to_ns_mult) >> 16;
}

/* The TSC value at which sched_clock() reaches deadline, from now on: the
 * inverse of sched_clock()'s scaling over the (short) distance, rounded
 * up, so the interrupt never comes before the clock reads deadline. */
uint64_t
time_deadline_to_tsc(uint64_t deadline)
{
	uint64_t tsc = rdtsc();
	uint64_t now = mul_u64_u32_shr(tsc - tsc_boot, clock_mult, CLOCK_SHIFT);
	uint64_t d = deadline > now ? deadline - now : 0;

	if (d > 0xffffffull)	/* over 16 ms: no need to be exact */
		return tsc + d * (tsc_hz / 1000000) / 1000 + 2;
	return tsc + ((d << CLOCK_SHIFT) + clock_mult - 1) / clock_mult + 2;
}

/* The tick proper: count it, let the scheduler run.  Interrupts off. */
void
time_tick(int user)
{
	struct cpu *c = this_cpu();

	c->ticks++;
	if (c->id == 0)
		loadavg_tick(c->ticks);
	cputime_tick(user);
	if (c->cur_task)	/* the scheduler runs on this CPU */
		sched_tick();
}

/*
 * The LAPIC timer's interrupt.  In periodic mode it is the tick, hz times
 * a second on every CPU; in one-shot mode (a timer is due before the next
 * tick, see hrtimer.c) hrtimer_interrupt() tells a tick from a timer.
 */
void
timer_interrupt(struct trapframe *tf)
{
	int user = trap_from_user(tf);	/* the tick's sample (cputime.c) */

	if (hrtimer_oneshot())
		hrtimer_interrupt(user);
	else
		time_tick(user);
}

void
delay_ns(uint64_t ns)
{
	uint64_t end = sched_clock() + ns;
	struct task *t = this_cpu()->cur_task;
	int can_halt = this_cpu()->online && (read_eflags() & FL_IF);

	if (t && !t->is_idle && can_halt) {
		sleep_until(end);	/* a task: let others run meanwhile */
		return;
	}
	while (sched_clock() < end) {
		if (can_halt)
			idle_halt();
		else
			cpu_relax();
	}
}

/* Halt until the next interrupt, counting the time as idle.  Interrupts are
 * on when this returns. */
void
idle_halt(void)
{
	struct cpu *c = this_cpu();
	uint64_t t0 = sched_clock();

	sti_hlt();
	c->idle_ns += sched_clock() - t0;
}
