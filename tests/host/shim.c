/*
 * shim.c - the kernel services the scheduler sources need, for the host.
 *
 * kernel/sched/{core,balance,trace,<policy>}.c, kernel/spinlock.c,
 * kernel/tunable.c and kernel/timer.c are compiled unmodified; this file
 * supplies what they call outside themselves: the per-CPU area, the clock,
 * the heap, the console, panic, the reschedule IPI, the context switch and
 * the idle task.  Everything is single-threaded and driven by sim.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kernel/cpu.h"
#include "kernel/kmalloc.h"
#include "kernel/ksyms.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/smp.h"
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

unsigned int hz = CONFIG_HZ;
uint64_t tsc_hz = 1000000000ull;

uint64_t
sched_clock(void)
{
	return sim_now;
}

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

/* ---- console ---- */
int sim_verbose;
static char last_lines[16][160];	/* shown by panic */
static int nlast;

void
vprintk(const char *fmt, va_list ap)
{
	char *line = last_lines[nlast++ % 16];

	vsnprintf(line, sizeof(last_lines[0]), fmt, ap);
	if (sim_verbose)
		printf("[%5llu.%06llu] cpu%d: %s",
		       (unsigned long long)(sim_now / 1000000000ull),
		       (unsigned long long)(sim_now / 1000) % 1000000,
		       sim_cpu_id, line);
}

void
printk(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
}

void
pr_info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
}

void
data_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

const char *
ksym_lookup(uintptr_t addr, uintptr_t *offset)
{
	(void)addr;
	*offset = 0;
	return NULL;
}

/* ---- command line: set with -c "trace=sched sched.rr_timeslice_ms=10" ---- */
const char *sim_cmdline = "";

const char *
cmdline_get(const char *key)
{
	static char val[64];
	size_t k = strlen(key);

	for (const char *w = sim_cmdline; *w; ) {
		size_t n = strcspn(w, " ");
		if (n > k && strncmp(w, key, k) == 0 && w[k] == '=') {
			snprintf(val, sizeof(val), "%.*s", (int)(n - k - 1),
				 w + k + 1);
			return val;
		}
		if (n == k && strncmp(w, key, k) == 0)
			return "";
		w += n;
		w += strspn(w, " ");
	}
	return NULL;
}

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
	for (int i = nlast > 16 ? nlast - 16 : 0; i < nlast; i++)
		fprintf(stderr, "  %s", last_lines[i % 16]);
	sim_dump(stderr);
	printf("FAIL %s: kernel panic (details on stderr)\n",
	       sim_scenario_name);
	fflush(stdout);
	if (sim_abort_on_panic)
		abort();
	_exit(1);
}

/* ---- tasks: what kernel/task.c does for the scheduler ---- */
struct process kernel_process;

static void
sleep_timer_fn(void *arg)
{
	sched_wake((struct task *)arg, 0);
}

/* task_fields_init() of kernel/task.c, for tasks the simulator owns. */
struct sim_task *
sim_task_alloc(const char *name)
{
	struct sim_task *st = calloc(1, sizeof(*st));
	struct task *t;
	static int next_tid = 1;

	if (!st)
		abort();
	t = &st->task;
	t->magic = TASK_MAGIC;
	t->proc = &kernel_process;
	t->state = TASK_SLEEPING;	/* not runnable until woken */
	t->cpus_allowed = ~0u;
	list_init(&t->rq_node);
	list_init(&t->thread_node);
	list_init(&t->wait_node);
	spin_init(&t->wake_lock, "wake");
	list_init(&t->join_wait.sleepers);
	timer_setup(&t->sleep_timer, sleep_timer_fn, t);
	t->start_ns = sched_clock();
	t->tid = next_tid++;
	st->name = name;
	st->running_on = -1;
	return st;
}

struct task *
task_alloc_idle(int cpu, uintptr_t stack_top)
{
	struct sim_task *st = sim_task_alloc("idle");
	struct task *t = &st->task;

	(void)stack_top;
	t->tid = 0;
	t->is_idle = 1;
	t->state = TASK_RUNNING;
	t->on_cpu = 1;
	t->cpu = cpu;
	t->cpus_allowed = 1u << cpu;
	st->running_on = cpu;
	return t;
}

/* The context switch: no registers to save, the simulator only records it
 * (sim.c); the core then calls sched_finish_switch() as the next task. */
void
arch_switch_to(struct task *prev, struct task *next)
{
	sim_switch(prev, next);
}
