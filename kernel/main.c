/*
 * main.c - bring the machine up, CPU by CPU.
 *
 * kmain() runs on the BSP with the boot stack and boot page tables from
 * boot/entry.asm.  The order matters, and each step names what it needs:
 * per-CPU segment (everything that locks), console, boot information,
 * interrupts table, memory, firmware tables, LAPIC and IOAPIC, clock
 * calibration, then the APs.  docs/boot.md walks through it.
 */
#include <stdint.h>
#include "arch/x86/arch.h"
#include "arch/x86/ioapic.h"
#include "arch/x86/lapic.h"
#include "arch/x86/paging.h"
#include "arch/x86/platform.h"
#include "arch/x86/trap.h"
#include "arch/x86/x86.h"
#include "drivers/power.h"
#include "drivers/rtc.h"
#include "drivers/uart.h"
#include "kernel/bootinfo.h"
#include "kernel/cmdline.h"
#include "kernel/config.h"
#include "kernel/cpu.h"
#include "kernel/hrtimer.h"
#include "kernel/futex.h"
#include "kernel/initrd.h"
#include "kernel/pipe.h"
#include "kernel/proc.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/trace.h"
#include "kernel/task.h"
#include "kernel/timer.h"
#include "kernel/tunable.h"
#include "kernel/vfs.h"
#include "kernel/lib/string.h"
#include "kernel/monitor.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/selftest.h"
#include "kernel/xcall.h"
#include "kernel/time.h"
#include "kernel/upcall.h"

struct cpu cpus[MAX_CPUS];
int ncpu;
struct platform_info platform;

static void
apic_error_interrupt(struct trapframe *tf)
{
	(void)tf;
	printk("lapic: error interrupt\n");
}

static void
parse_hz(void)
{
	int64_t v;

	if (cmdline_number("hz", 100, 1000, 0, &v) != 1)
		return;
	if (v == 100 || v == 250 || v == 1000)
		hz = (unsigned)v;
	else
		cmdline_reject("hz", "hz takes 100, 250 or 1000");
}

/* Fill `platform` from ACPI, or the MP table, or fall back to one CPU. */
static void
discover(void)
{
	const char *acpi = cmdline_get("acpi");
	int acpi_off = acpi && strcmp(acpi, "off") == 0;

	if (!acpi_off && acpi_discover(&platform) == 0)
		return;
	if (mp_discover(&platform) == 0)
		return;
	printk("smp: no ACPI MADT or MP table; running on the boot CPU only\n");
	memset(&platform, 0, sizeof(platform));
	platform.source = "defaults";
	platform.ncpu = platform.ncpu_listed = 1;
	platform.lapic_phys = 0xFEE00000;
	platform.ioapic_phys = 0xFEC00000;
	for (int i = 0; i < 16; i++)
		platform.isa_irq[i].gsi = (uint32_t)i;
}

/* Called by each AP from arch/x86/ap_boot.c once its tables are loaded. */
void
kmain_ap(struct cpu *c)
{
	paging_enable_global();
	lapic_init();
	sched_init_cpu();
	time_start_tick();
	__atomic_store_n(&c->online, 1, __ATOMIC_SEQ_CST);
	pr_info("online, apic id %u\n", c->apic_id);
	sched_idle_loop();
}

/* Kernel subsystems that tasks need, before the first task. */
static void
kernel_init(void)
{
	task_init();
	timer_init();
	futex_init();
	sched_init();
	tunable_init();
	trace_init();
	pipe_init();
	initrd_init();
	realtime_base_ns = rtc_read_unix() * 1000000000ull;
	vfs_init();
	sched_init_cpu();
}

/* The first process: init= from the command line, else /bin/init; with
 * no initrd at all, the kernel's own monitor. */
static void
start_init(void)
{
	const char *path = cmdline_get("init");
	const char *argv[CMDLINE_MAX_WORDS + 2];
	int argc = 0, err;

	if (!path)
		path = "/bin/init";
	argv[argc++] = path;
	for (int i = 0; i < cmdline_init_argc(); i++)
		argv[argc++] = cmdline_init_arg(i);
	argv[argc] = NULL;
	if (!initrd_lookup(path) && !cmdline_has("init")) {
		printk("init: no %s in the initrd; starting the kernel monitor\n",
		       path);
		monitor_run();
	}
	err = proc_start_init(path, argc, argv);
	if (err < 0) {
		printk("init: cannot start %s (error %d)\n", path, -err);
		machine_poweroff(EXIT_NOINIT);
	}
}

/* Second half of the BSP's boot, on its guarded idle stack. */
static void
kmain_late(void *arg)
{
	(void)arg;
	kernel_init();
	sti();		/* from here the BSP waits by halting */
	smp_start_aps();
	printk("smp: %d of %d CPUs online\n", ncpu, platform.ncpu_listed);
	tunable_refresh();	/* the CPU count scales some tunables */
	paging_drop_identity();
	smp_call_others((smp_fn_t)paging_flush_tlb_local, NULL);
	uart_enable_rx();
	cmdline_report_unknown();
	if (cmdline_has("test"))
		kthread_create("selftest", selftest_thread, (void *)cmdline_get("test"));
	else
		start_init();
	sched_idle_loop();
}

static void
bsp_start_cpu(struct cpu *c)
{
	uintptr_t stack = kstack_alloc();

	if (!stack)
		panic("no memory for the boot CPU's idle stack");
	c->idle_stack_top = stack + KSTACK_SIZE;
	lapic_map(platform.lapic_phys);
	lapic_init();
	c->apic_id = lapic_id();
	ioapic_init();
	time_init();
	hrtimer_init();
	smp_init();
	trap_register(T_APIC_ERROR, apic_error_interrupt, "apic-error");
	time_start_tick();
	c->online = 1;
	ncpu = 1;
	pr_info("online, apic id %u\n", c->apic_id);
}

/* Called by boot/entry.asm with the multiboot registers. */
void kmain(uint32_t magic, uint32_t info_phys);

void
kmain(uint32_t magic, uint32_t info_phys)
{
	struct cpu *c = &cpus[0];

	time_early_init();
	gdt_init();
	cpu_tables_init(c);		/* GS: this_cpu() works from here */
	uart_init(COM1, 115200);
	bootinfo_read(magic, info_phys);
	cmdline_parse(bootinfo.cmdline);
	console_quiet = cmdline_has("quiet");
	printk("Quanta: booted by %s, command line '%s'\n",
	       bootinfo.loader[0] ? bootinfo.loader : "?", bootinfo.cmdline);
	parse_hz();
	idt_init();
	idt_load();
	pic_disable();
	bootinfo_init_frames();
	paging_init(bootinfo_phys_top());
	df_tss_init(c);			/* with the new page directory */
	discover();
	bsp_start_cpu(c);
	arch_call_on_stack(c->idle_stack_top, kmain_late, NULL);
}
