/*
 * time.h - clocks and the tick.
 *
 * sched_clock() is nanoseconds since boot, from the TSC scaled by the rate
 * measured against the PIT at boot.  Every CPU reads the same TSC (QEMU
 * gives all virtual CPUs one TSC), so the clock is consistent across CPUs.
 * Each CPU's LAPIC timer interrupts it hz times a second; timer_interrupt()
 * counts those ticks in this_cpu()->ticks.
 */
#ifndef KERNEL_TIME_H
#define KERNEL_TIME_H

#include <stdint.h>

struct trapframe;

extern unsigned int hz;			/* ticks per second: 100, 250, 1000 */
extern uint64_t tsc_hz;			/* measured TSC rate */
extern uint32_t lapic_timer_hz;		/* measured LAPIC timer rate */
/* Wall-clock time (ns since 1970) at sched_clock() == 0: set at boot from
 * the RTC, read by clock_gettime(CLOCK_REALTIME) (sys_time.c). */
extern uint64_t realtime_base_ns;

/* Nanoseconds since boot from this CPU's TSC; any context, lock-free. */
uint64_t sched_clock(void);
/* The clock's scale, set by time_init(): ns since boot are
 * (tsc - tsc_boot) * clock_mult >> CLOCK_SHIFT. */
#define CLOCK_SHIFT	24
extern uint64_t tsc_boot;
extern uint32_t clock_mult;		/* ns per cycle << CLOCK_SHIFT */

/* (a * mul) >> shift without a 128-bit product. */
static inline uint64_t
mul_u64_u32_shr(uint64_t a, uint32_t mul, unsigned shift)
{
	uint64_t lo = (uint64_t)(uint32_t)a * mul;
	uint64_t hi = (a >> 32) * mul;

	return (lo >> shift) + (hi << (32 - shift));
}

/* sched_clock() at an rdtsc() value read by the caller, so that one read
 * serves both the clock and the CPU-time accounting of a switch.  Inline:
 * every schedule() and wakeup reads it, and the call cost a third of it. */
static inline uint64_t
sched_clock_at(uint64_t tsc)
{
	return mul_u64_u32_shr(tsc - tsc_boot, clock_mult, CLOCK_SHIFT);
}
void time_early_init(void);		/* BSP, first thing */
/* BSP: calibrate the TSC and the LAPIC timer against the PIT.  Needs the
 * IOAPIC; enables interrupts for the 10 ms window, returns with them off. */
void time_init(void);
/* Every CPU: start its periodic tick. */
void time_start_tick(void);
void timer_interrupt(struct trapframe *tf);
/* The tick's work (count it, sample the CPU time, sched_tick); interrupts
 * off.  Called by timer_interrupt() and, in one-shot mode, by
 * hrtimer_interrupt().  user: the interrupt came from user mode. */
void time_tick(int user);
/* The tick's period in ns, as the LAPIC timer measures it. */
extern uint64_t tick_ns;
/* Conversions for programming the LAPIC timer (hrtimer.c): ns from now to
 * LAPIC counts (rounded up, never early); ns until the periodic timer's
 * next tick; the TSC value at which sched_clock() reaches a deadline. */
uint32_t time_ns_to_lapic(uint64_t ns);
uint64_t time_tick_left_ns(void);
uint64_t time_deadline_to_tsc(uint64_t deadline);
/* Wait at least ns nanoseconds: a task sleeps; the boot path halts when
 * this CPU ticks and interrupts are on, else spins on the TSC. */
void delay_ns(uint64_t ns);
/* Halt until the next interrupt, counting the time as this CPU's idle
 * time; returns with interrupts on. */
void idle_halt(void);

#endif
