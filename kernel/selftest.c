/*
 * selftest.c - built-in boot tests ("test=<name>"), run on the BSP once
 * every CPU is up.  The QEMU test runner (tests/run.py) boots the kernel
 * with each and checks the output and the exit status.
 */
#include <stdint.h>
#include "drivers/power.h"
#include "kernel/console.h"
#include "kernel/cpu.h"
#include "kernel/lib/printf.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/selftest.h"
#include "kernel/xcall.h"
#include "kernel/sched/sched.h"
#include "kernel/spinlock.h"
#include "kernel/time.h"
#include "arch/x86/platform.h"
#include "arch/x86/x86.h"

#define NS_PER_SEC	1000000000ull

struct selftest {
	const char *name;
	int (*fn)(char *why, int len);	/* 0 = pass; else why says */
};

static struct spinlock selftest_lock = SPINLOCK_INIT("selftest_lock");

static int
test_boot(char *why, int len)
{
	int want = platform.ncpu < MAX_CPUS ? platform.ncpu : MAX_CPUS;

	if (ncpu != want) {
		snprintf(why, len, "%d of %d CPUs came online", ncpu, want);
		return 1;
	}
	return 0;
}

/* Count every CPU's ticks over one second of sched_clock(). */
static int
test_ticks(char *why, int len)
{
	uint64_t start[MAX_CPUS], t0, t1;
	int bad = 0;

	printk("ticks: counting for 1 s at HZ=%u on %d CPUs\n", hz, ncpu);
	t0 = sched_clock();
	for (int i = 0; i < ncpu; i++)
		start[i] = read_u64_stable(&cpus[i].ticks);
	delay_ns(NS_PER_SEC);
	t1 = sched_clock();
	for (int i = 0; i < ncpu; i++) {
		uint64_t n = read_u64_stable(&cpus[i].ticks) - start[i];
		uint64_t want = (uint64_t)hz * (t1 - t0) / NS_PER_SEC;
		printk("ticks cpu=%d count=%llu hz=%u\n", i, n, hz);
		if (n * 100 < want * 98 || n * 100 > want * 102) {
			snprintf(why, len, "cpu%d took %llu ticks, expected %llu",
				 i, n, want);
			bad = 1;
		}
	}
	return bad;
}

static void
record_cpu(void *arg)
{
	*(volatile int *)arg = cpu_id();
}

static int
test_ipi(char *why, int len)
{
	for (int i = 0; i < ncpu; i++) {
		volatile int ran_on = -1;
		uint64_t before = cpus[i].resched_ipis, end;

		smp_call(i, record_cpu, (void *)&ran_on);
		if (ran_on != i) {
			snprintf(why, len, "call for cpu%d ran on cpu%d", i, ran_on);
			return 1;
		}
		if (i == cpu_id())
			continue;
		smp_resched(i);
		end = sched_clock() + NS_PER_SEC;
		while (cpus[i].resched_ipis == before && sched_clock() < end)
			delay_ns(10000);
		if (cpus[i].resched_ipis == before) {
			snprintf(why, len, "cpu%d never took its reschedule IPI", i);
			return 1;
		}
		printk("ipi: cpu%d answered call-function and reschedule\n", i);
	}
	return 0;
}

/* noinline: the runner looks for this name in the panic's backtrace. */
static void __attribute__((noinline))
selftest_fault(void)
{
	*(volatile uint32_t *)0x10 = 1;	/* page 0 is unmapped after boot */
}

static int
test_fault(char *why, int len)
{
	selftest_fault();
	snprintf(why, len, "the write to an unmapped page did not fault");
	return 1;
}

/* Each call eats about 1 KiB of stack; nothing stops the recursion but the
 * guard page below the stack. */
static volatile int recurse_forever = 1;	/* hides the recursion from GCC */

static int __attribute__((noinline))
selftest_recurse(int depth)
{
	volatile char pad[1024];

	pad[0] = (char)depth;
	if (recurse_forever)
		return selftest_recurse(depth + 1) + pad[0];
	return pad[0];
}

static int
test_overflow(char *why, int len)
{
	selftest_recurse(0);
	snprintf(why, len, "unbounded recursion did not overflow the stack");
	return 1;
}

static int
test_lockrec(char *why, int len)
{
	spin_lock(&selftest_lock);
	spin_lock(&selftest_lock);	/* must panic: recursion */
	snprintf(why, len, "taking a held lock again did not panic");
	return 1;
}

/* A runqueue's lock, then a pipe's: the wrong way round (lockrank.c). */
static int
test_lockorder(char *why, int len)
{
	static struct spinlock inner = SPINLOCK_INIT("rq");
	static struct spinlock outer = SPINLOCK_INIT("pipe");

	if (!SCHED_DEBUG) {
		snprintf(why, len, "lock ranks are checked in SCHED_DEBUG builds");
		return 1;
	}
	spin_lock(&inner);
	spin_lock(&outer);	/* must panic: out of order */
	snprintf(why, len, "taking locks out of rank order did not panic");
	return 1;
}

/* The two rules of task locks (spinlock.h), each broken once. */
static void
take_task_lock(void *arg)
{
	spin_lock_task((struct spinlock *)arg);
	spin_unlock_task((struct spinlock *)arg);
}

static void
take_and_drop(void *arg)
{
	spin_lock((struct spinlock *)arg);
	spin_unlock((struct spinlock *)arg);
}

/* An interrupt handler (cpu1's, running an smp_call) takes a task lock. */
static int
test_tasklock_irq(char *why, int len)
{
	static struct spinlock tl;

	if (!SCHED_DEBUG || ncpu < 2) {
		snprintf(why, len, "needs a SCHED_DEBUG build and 2 CPUs");
		return 1;
	}
	spin_init_task(&tl, "pipe");
	smp_call(1, take_task_lock, &tl);	/* must panic on cpu1 */
	snprintf(why, len, "a task lock taken by an interrupt handler did "
		 "not panic");
	return 1;
}

/* A task takes a task lock under a lock that an interrupt handler took. */
static int
test_tasklock_nesting(char *why, int len)
{
	static struct spinlock il = SPINLOCK_INIT("proc");
	static struct spinlock tl;

	if (!SCHED_DEBUG || ncpu < 2) {
		snprintf(why, len, "needs a SCHED_DEBUG build and 2 CPUs");
		return 1;
	}
	spin_init_task(&tl, "pipe");
	smp_call(1, take_and_drop, &il);	/* a handler takes il */
	spin_lock(&il);
	spin_lock_task(&tl);			/* must panic */
	snprintf(why, len, "a task lock taken under a lock interrupt "
		 "handlers take did not panic");
	return 1;
}

static void
take_and_keep(void *arg)
{
	spin_lock((struct spinlock *)arg);	/* never released */
}

static int
test_lockup(char *why, int len)
{
	if (ncpu < 2) {
		snprintf(why, len, "needs 2 CPUs");
		return 1;
	}
	smp_call(1, take_and_keep, &selftest_lock);
	spin_lock(&selftest_lock);	/* must panic: deadlock report */
	snprintf(why, len, "waiting forever for a lock did not panic");
	return 1;
}

static int
test_echo(char *why, int len)
{
	char line[128];

	(void)why;
	(void)len;
	printk("READY\n");
	console_readline(line, sizeof(line));
	printk("ECHO: %s\n", line);
	return 0;
}

/* ---- scheduler smoke test with kernel threads ---- */

#define KT_N		8
#define KT_WORK_NS	50000000ull	/* each thread: 50 ms of CPU */

static volatile int kt_done;
static volatile uint32_t kt_cpus_seen[KT_N];

static void
kt_spin(void *arg)
{
	int i = (int)(uintptr_t)arg;
	uint64_t end = sched_clock() + KT_WORK_NS;

	while (sched_clock() < end) {
		kt_cpus_seen[i] |= 1u << cpu_id();
		sched_preempt_point();	/* kernel code is not preemptible */
	}
	__atomic_fetch_add(&kt_done, 1, __ATOMIC_SEQ_CST);
}

/* 8 CPU-bound kernel threads started from one CPU must all finish, and
 * with several CPUs the balancer must spread them. */
static int
test_sched(char *why, int len)
{
	uint64_t end = sched_clock() + 5 * NS_PER_SEC;
	uint32_t all = 0;

	for (int i = 0; i < KT_N; i++)
		if (!kthread_create("spin", kt_spin, (void *)(uintptr_t)i)) {
			snprintf(why, len, "kthread_create failed");
			return 1;
		}
	while (kt_done < KT_N && sched_clock() < end)
		delay_ns(1000000);
	for (int i = 0; i < KT_N; i++)
		all |= kt_cpus_seen[i];
	for (int i = 0; i < ncpu; i++)
		printk("sched: cpu%d ran %llu switches, pulled %llu\n", i,
		       cpu_rq(i)->stats.switches, cpu_rq(i)->stats.lb_pulled);
	if (kt_done < KT_N) {
		snprintf(why, len, "only %d of %d threads finished", kt_done, KT_N);
		return 1;
	}
	if (ncpu > 1 && all == 1u << cpu_id()) {
		snprintf(why, len, "all threads ran on one CPU");
		return 1;
	}
	return 0;
}

/* 64-bit division (arch/x86/divdi3.c replaces libgcc's helpers, which
 * -mregparm=3 cannot call).  Pseudo-random operands of every size; a
 * quotient and remainder are right exactly when n = q*d + r with
 * 0 <= r < d (signed: |r| < |d|, r has n's sign, q rounds toward zero). */
static uint64_t div_seed = 0x9E3779B97F4A7C15ull;

static uint64_t
div_rand(void)
{
	div_seed ^= div_seed << 13;
	div_seed ^= div_seed >> 7;
	div_seed ^= div_seed << 17;
	return div_seed;
}

static int
test_div64(char *why, int len)
{
	for (int i = 0; i < 200000; i++) {
		volatile uint64_t n = div_rand() >> (div_rand() % 64);
		volatile uint64_t d = div_rand() >> (div_rand() % 64);
		uint64_t q, r;
		int64_t sn, sd, sq, sr;

		if (d == 0)
			d = 1;
		q = n / d;
		r = n % d;
		if (q * d + r != n || r >= d) {
			snprintf(why, len, "%llu / %llu gave %llu rem %llu",
				 n, d, q, r);
			return 1;
		}
		sn = (int64_t)(n ^ (div_rand() & (1ull << 63)));
		sd = (int64_t)(d ^ (div_rand() & (1ull << 63)));
		if (sd == -1 || sd == 0)
			continue;	/* INT64_MIN / -1 overflows */
		sq = *(volatile int64_t *)&sn / sd;
		sr = *(volatile int64_t *)&sn % sd;
		if ((uint64_t)sq * (uint64_t)sd + (uint64_t)sr != (uint64_t)sn ||
		    (sr != 0 && (sr < 0) != (sn < 0)) ||
		    (sr < 0 ? -(uint64_t)sr : (uint64_t)sr) >=
		    (sd < 0 ? -(uint64_t)sd : (uint64_t)sd)) {
			snprintf(why, len, "%lld / %lld gave %lld rem %lld",
				 sn, sd, sq, sr);
			return 1;
		}
	}
	printk("div64: 200000 unsigned and signed divisions checked\n");
	return 0;
}

/* A task is listed in its process by task_alloc() before sched_fork() has
 * set it up; a kill of the process wakes every sleeping task of it.  So a
 * task in that window must not be wakeable: it is TASK_NEW, not
 * TASK_SLEEPING, until sched_fork(). */
static int
test_newtask(char *why, int len)
{
	struct task *t = task_alloc(&kernel_process);
	int woke;

	if (!t) {
		snprintf(why, len, "task_alloc failed");
		return 1;
	}
	woke = sched_wake(t, 0);
	if (woke || t->on_rq || t->state != TASK_NEW) {
		snprintf(why, len, "a task not set up yet was woken (state %d, "
			 "on_rq %d)", t->state, t->on_rq);
		return 1;	/* and it will run with no context: a panic */
	}
	task_free(t);
	printk("new-task-not-woken: a task not set up yet is not woken\n");
	return 0;
}

/* The release build's backtrace (arch/x86/backtrace.c), here in any
 * build: a scan of the stack two calls below the test must find both
 * callers.  The volatile counter keeps the calls from being tail calls,
 * which would leave no return address behind. */
static volatile int scan_depth;

static void __attribute__((noinline))
scan_leaf(void)
{
	backtrace_scan(read_esp());
	scan_depth++;
}

static void __attribute__((noinline))
scan_mid(void)
{
	scan_leaf();
	scan_depth++;
}

static int
test_bt_scan(char *why, int len)
{
	printk("backtrace-scan: Backtrace:\n");
	scan_mid();
	if (scan_depth != 2) {
		snprintf(why, len, "the scan's callers did not return");
		return 1;
	}
	printk("backtrace-scan: done\n");
	return 0;
}

static const struct selftest tests[] = {
	{ "sched-kthreads", test_sched },
	{ "boot", test_boot },
	{ "ticks", test_ticks },
	{ "ipi", test_ipi },
	{ "fault-panic", test_fault },
	{ "stack-overflow", test_overflow },
	{ "lock-recursion", test_lockrec },
	{ "lock-deadlock", test_lockup },
	{ "lock-order", test_lockorder },
	{ "task-lock-irq", test_tasklock_irq },
	{ "task-lock-nesting", test_tasklock_nesting },
	{ "serial-echo", test_echo },
	{ "div64", test_div64 },
	{ "backtrace-scan", test_bt_scan },
	{ "new-task-not-woken", test_newtask },
};

void
selftest_thread(void *arg)
{
	const char *name = arg;
	char why[160] = "";

	for (unsigned i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		if (strcmp(tests[i].name, name) != 0)
			continue;
		if (tests[i].fn(why, sizeof(why)) == 0) {
			printk("TEST %s: PASS\n", name);
			machine_poweroff(0);
		}
		printk("TEST %s: FAIL %s\n", name, why);
		machine_poweroff(1);
	}
	printk("TEST %s: FAIL no such test\n", name);
	machine_poweroff(1);
}
