/*
 * shim.c - the kernel services the scheduler sources need, for the host.
 *
 * kernel/sched/{core,balance,trace,<policy>}.c, kernel/spinlock.c,
 * kernel/tunable.c, kernel/timer.c, kernel/task_init.c (a task's starting
 * fields) and kernel/printk.c (the console's format and stamps) are
 * compiled unmodified; this file supplies what they call outside
 * themselves: the per-CPU area, the clock, the heap, the serial port,
 * panic, the reschedule IPI, the context switch and the idle task's
 * memory.  Everything is single-threaded and driven by sim.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "drivers/uart.h"
#include "kernel/cpu.h"
#include "kernel/kmalloc.h"
#include "kernel/ksyms.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/xcall.h"
#include "kernel/task.h"
#include "kernel/hrtimer.h"
#include "kernel/time.h"
#include "tests/host/sim.h"

/* ---- CPUs and interrupts (arch/x86 shim headers read these) ---- */
struct cpu cpus[MAX_CPUS];
int ncpu;
struct cpu *sim_this_cpu = &cpus[0];
int sim_cpu_id;
uint32_t sim_eflags[MAX_CPUS];
void (*sim_cli_hook)(void);
uint64_t sim_now;

void
sim_spin_forever(void)
{
	panic("spinning on cpu%d: nothing else runs in the simulation, so "
	      "this never ends (a lock or on_cpu left set)", sim_cpu_id);
}

void
sim_hlt(void)
{
	panic("hlt: the simulator halts CPUs itself");
}

/* Halting is the simulator's business (sim.c runs the idle loop). */
void
idle_halt(void)
{
	sim_hlt();
}

void
smp_resched(int cpu)
{
	sim_post_ipi(cpu);
}

/* ---- time ---- */
/* The simulator's tick is its only timer event: timers fire at the first
 * tick at or after their deadline, as on a kernel without one-shot
 * events. */
void
hrtimer_program(uint64_t first, uint64_t now)
{
	(void)first;
	(void)now;
}

void
hrtimer_arm_first(uint64_t first)
{
	(void)first;
}

int
hrtimer_oneshot(void)
{
	return 0;
}

unsigned int hz = CONFIG_HZ;
uint64_t tsc_hz = 1000000000ull;

uint64_t
sched_clock(void)
{
	return sim_now;
}

/* the TSC is the simulated clock at 1 GHz: a TSC value is ns already,
 * so time.h's inline sched_clock_at() scales by 1 from 0 */
uint64_t tsc_boot;
uint32_t clock_mult = 1u << CLOCK_SHIFT;

/* ---- heap ---- */
void *
kmalloc(size_t size)
{
	return malloc(size);
}

void *
kzalloc(size_t size)
{
	return calloc(1, size);
}

void
kfree(void *p)
{
	free(p);
}

/* ---- console: kernel/printk.c formats and stamps, these are its wires ---- */
int sim_verbose;
static char last_lines[16][160];	/* shown by panic */
static int nlast, last_col;

/* COM1: every line is kept for a panic report, and printed with -v (the
 * serial line's carriage returns are not). */
void
uart_putc(uint16_t port, char c)
{
	char *line = last_lines[nlast % 16];

	(void)port;
	if (c == '\r')
		return;
	if (sim_verbose)
		putchar(c);
	if (last_col < (int)sizeof(last_lines[0]) - 2)
		line[last_col++] = c;
	line[last_col] = 0;
	if (c == '\n') {
		nlast++;
		last_col = 0;
	}
}

/* The data channel (data_printf): stdout. */
void
debugcon_write(const char *s, uint32_t n)
{
	fwrite(s, 1, n, stdout);
}

const char *
ksym_lookup(uintptr_t addr, uintptr_t *offset)
{
	(void)addr;
	*offset = 0;
	return NULL;
}

/* ---- the one kernel/lib/string.c function kernel/cmdline.c needs that
 * glibc 2.36 lacks (2.38 has it) ---- */
size_t
strlcpy(char *dst, const char *src, size_t size)
{
	if (size > 0)
		snprintf(dst, size, "%s", src);
	return strlen(src);
}

/* ---- command line: set with -c "trace=sched sched.rr_timeslice_ms=10";
 * sim_boot() hands it to kernel/cmdline.c ---- */
const char *sim_cmdline = "";

/* ---- panic: a scenario fails loudly ---- */
volatile int panicking = -1;
int sim_abort_on_panic;		/* -n: abort() so a debugger stops here */

void
panic(const char *fmt, ...)
{
	va_list ap;

	if (panicking >= 0)
		abort();		/* a panic while reporting one */
	panicking = sim_cpu_id;
	fflush(stdout);
	fprintf(stderr, "panic at %llu ns on cpu%d: ",
		(unsigned long long)sim_now, sim_cpu_id);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nlast kernel messages:\n");
	for (int i = nlast > 15 ? nlast - 15 : 0; i <= nlast; i++)
		if (last_lines[i % 16][0])
			fprintf(stderr, "  %s", last_lines[i % 16]);
	sim_dump(stderr);
	printf("FAIL %s: kernel panic (details on stderr)\n",
	       sim_scenario_name);
	fflush(stdout);
	if (sim_abort_on_panic)
		abort();
	_exit(1);
}

/* ---- tasks: kernel/task_init.c sets their fields, as in the kernel ---- */

/* A task the simulator owns (no kernel stack, no slot in a task table). */
struct sim_task *
sim_task_alloc(const char *name)
{
	struct sim_task *st = calloc(1, sizeof(*st));
	static int next_tid = 1;

	if (!st)
		abort();
	task_fields_init(&st->task, &kernel_process);
	st->task.tid = next_tid++;
	st->name = name;
	st->running_on = -1;
	return st;
}

/* kernel/task_table.c's, less the boot stack the simulator does not have. */
struct task *
task_alloc_idle(int cpu, uintptr_t stack_top)
{
	struct sim_task *st = calloc(1, sizeof(*st));

	(void)stack_top;
	if (!st)
		abort();
	task_idle_init(&st->task, cpu);
	st->name = "idle";
	st->running_on = cpu;
	return &st->task;
}

/* The context switch: no registers to save, the simulator only records it
 * (sim.c); the core then calls sched_finish_switch() as the next task. */
void
arch_switch_to(struct task *prev, struct task *next)
{
	sim_switch(prev, next);
}
