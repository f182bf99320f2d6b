/*
 * monitor.c - a tiny command prompt on the serial console.
 *
 * It stands in for the user-mode shell until processes exist, and shows
 * that serial input works: the UART interrupt fills the console's input
 * buffer while this loop halts the CPU waiting for it.
 */
#include <stdint.h>
#include "drivers/power.h"
#include "kernel/console.h"
#include "kernel/cpu.h"
#include "kernel/frame.h"
#include "kernel/lib/string.h"
#include "kernel/monitor.h"
#include "kernel/printk.h"
#include "kernel/time.h"
#include "kernel/xcall.h"

static void
cmd_cpus(void)
{
	uint64_t now = sched_clock();

	for (int i = 0; i < ncpu; i++) {
		const struct cpu *c = &cpus[i];
		uint64_t idle = read_u64_stable(&c->idle_ns);
		printk("cpu%d apic %u: ticks %llu, irqs %llu, idle %llu%%, "
		       "resched-ipi %llu, call-ipi %llu\n", i, c->apic_id,
		       read_u64_stable(&c->ticks), read_u64_stable(&c->irqs),
		       now ? idle * 100 / now : 0,
		       read_u64_stable(&c->resched_ipis),
		       read_u64_stable(&c->call_ipis));
	}
}

static void
cmd_mem(void)
{
	printk("memory: %zu free pages of %zu (%zu KiB free)\n",
	       frame_free_count(), frame_total_count(), frame_free_count() * 4);
}

static void
cmd_uptime(void)
{
	uint64_t ns = sched_clock();

	printk("up %llu.%03llu s, HZ=%u, TSC %llu Hz\n", ns / 1000000000ull,
	       (ns / 1000000ull) % 1000, hz, tsc_hz);
}

static void
say_hello(void *arg)
{
	(void)arg;
	printk("hello from cpu%d\n", cpu_id());
}

static void
cmd_hello(void)
{
	for (int i = 0; i < ncpu; i++)
		smp_call(i, say_hello, 0);
}

static const struct {
	const char *name;
	void (*fn)(void);
	const char *help;
} cmds[] = {
	{ "cpus", cmd_cpus, "per-CPU ticks, interrupts, idle time, IPIs" },
	{ "mem", cmd_mem, "free physical pages" },
	{ "uptime", cmd_uptime, "time since boot" },
	{ "hello", cmd_hello, "every CPU says hello (call-function IPIs)" },
};

static void
run(const char *line)
{
	unsigned n = sizeof(cmds) / sizeof(cmds[0]);

	if (strcmp(line, "poweroff") == 0)
		machine_poweroff(0);
	for (unsigned i = 0; i < n; i++)
		if (strcmp(line, cmds[i].name) == 0) {
			cmds[i].fn();
			return;
		}
	if (line[0] && strcmp(line, "help") != 0)
		printk("unknown command '%s'\n", line);
	for (unsigned i = 0; i < n; i++)
		printk("  %-8s %s\n", cmds[i].name, cmds[i].help);
	printk("  %-8s %s\n", "poweroff", "power off (QEMU exits)");
}

void
monitor_run(void)
{
	char line[128];

	printk("Quanta kernel monitor: %d CPUs online. Type 'help'.\n", ncpu);
	for (;;) {
		console_write("quanta> ", 8);
		console_readline(line, sizeof(line));
		run(line);
	}
}
