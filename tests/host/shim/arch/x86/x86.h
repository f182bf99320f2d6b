/*
 * x86.h (host shim) - the instruction wrappers on a simulated CPU.
 *
 * Found before the real arch/x86/x86.h because tests/host/shim comes first
 * on the include path.  Only the instructions the scheduler core reaches
 * exist here; using any other one is a compile error on purpose.  The
 * interrupt flag is a per-CPU word of the simulator (sim_eflags[]), so
 * cli/sti/read_eflags behave as on the machine for the CPU the simulator
 * is running; rdtsc is the simulated clock (a 1 GHz TSC).
 */
#ifndef ARCH_X86_X86_H
#define ARCH_X86_X86_H

#include <stdint.h>

#define FL_IF		0x00000200	/* interrupt enable */

extern uint32_t sim_eflags[];		/* per simulated CPU */
extern int sim_cpu_id;			/* the CPU being simulated now */
extern uint64_t sim_now;		/* virtual time, ns */

/* Spinning cannot end in a single-threaded simulation: report it. */
void sim_spin_forever(void) __attribute__((noreturn));
void sim_hlt(void);

/* One-shot interleaving point (sim.h): run what another CPU does right
 * before this CPU next turns interrupts off, i.e. before its next lock. */
extern void (*sim_cli_hook)(void);

static inline void
cli(void)
{
	void (*hook)(void) = sim_cli_hook;

	if (hook) {
		sim_cli_hook = 0;
		hook();
	}
	sim_eflags[sim_cpu_id] &= ~FL_IF;
}
static inline void sti(void) { sim_eflags[sim_cpu_id] |= FL_IF; }
static inline void hlt(void) { sim_hlt(); }
static inline void sti_hlt(void) { sti(); sim_hlt(); }
static inline void cpu_relax(void) { sim_spin_forever(); }
static inline uint32_t read_eflags(void) { return sim_eflags[sim_cpu_id]; }
static inline uint64_t rdtsc(void) { return sim_now; }
static inline uintptr_t here_pc(void) { return 0; }
static inline void mb(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

#endif
