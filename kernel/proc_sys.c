/*
 * proc_sys.c - the system-wide /proc files: stat, meminfo, loadavg,
 * schedstat, uptime, cpuinfo, version.
 *
 * Formats of Linux 6.1: fs/proc/stat.c (show_stat), fs/proc/meminfo.c,
 * fs/proc/loadavg.c, fs/proc/uptime.c, fs/proc/version.c,
 * arch/x86/kernel/cpu/proc.c, and Linux 6.1 kernel/sched/stats.c
 * (show_schedstat, version 15); docs/reference/procfs.md.  The
 * counters are the ones SYS_cpuinfo, SYS_sysinfo and SYS_meminfo report,
 * read without locks as those calls read them.  Fields Quanta does not
 * keep are 0 (docs/user.md).
 */
#include <stdint.h>
#include "arch/x86/x86.h"
#include "include/uapi/types.h"
#include "kernel/cpu.h"
#include "kernel/frame.h"
#include "kernel/lib/string.h"
#include "kernel/loadavg.h"
#include "kernel/meminfo.h"
#include "kernel/procfs.h"
#include "kernel/sched/sched.h"
#include "kernel/task.h"
#include "kernel/time.h"

void
pb_cpumask(struct pbuf *b, uint32_t mask)
{
	pb_printf(b, "%0*x", (ncpu + 3) / 4, (unsigned)mask);
}

void
pb_cpulist(struct pbuf *b, uint32_t mask)
{
	const char *sep = "";

	for (int i = 0; i < 32; i++) {
		int j = i;
		if (!(mask & (1u << i)))
			continue;
		while (j + 1 < 32 && (mask & (1u << (j + 1))))
			j++;
		if (j > i)
			pb_printf(b, "%s%d-%d", sep, i, j);
		else
			pb_printf(b, "%s%d", sep, i);
		sep = ",";
		i = j;
	}
}

/* ---- /proc/stat ---- */

struct cpu_times {
	uint64_t user, system, idle;	/* ns */
};

static void
cpu_times(int i, struct cpu_times *ct)
{
	struct cpu *c = &cpus[i];

	ct->user = c->user_ns;
	ct->system = c->system_ns;
	ct->idle = read_u64_stable(&c->idle_ns);
}

/* user nice system idle iowait irq softirq steal guest guest_nice */
static void
stat_cpu_line(struct pbuf *b, const struct cpu_times *ct)
{
	pb_printf(b, " %llu 0 %llu %llu 0 0 0 0 0 0\n",
		  ns_to_clock_t(ct->user), ns_to_clock_t(ct->system),
		  ns_to_clock_t(ct->idle));
}

void
proc_sys_stat(struct pbuf *b)
{
	struct cpu_times ct, sum = { 0, 0, 0 };
	uint64_t ctxt = 0, forks = 0, irqs = 0;
	unsigned running = 0;

	for (int i = 0; i < ncpu; i++) {
		struct rq *rq = cpu_rq(i);
		cpu_times(i, &ct);
		sum.user += ct.user;
		sum.system += ct.system;
		sum.idle += ct.idle;
		ctxt += rq->stats.switches;
		forks += rq->stats.forks;
		irqs += read_u64_stable(&cpus[i].irqs);
		running += rq->nr_running;
	}
	pb_printf(b, "cpu ");
	stat_cpu_line(b, &sum);
	for (int i = 0; i < ncpu; i++) {
		cpu_times(i, &ct);
		pb_printf(b, "cpu%d", i);
		stat_cpu_line(b, &ct);
	}
	pb_printf(b, "intr %llu\nctxt %llu\nbtime %llu\nprocesses %llu\n"
		  "procs_running %u\nprocs_blocked 0\n", irqs, ctxt,
		  realtime_base_ns / 1000000000ull, forks, running);
	pb_printf(b, "softirq 0 0 0 0 0 0 0 0 0 0 0\n");
}

/* ---- /proc/meminfo ---- */

static void
meminfo_line(struct pbuf *b, const char *name, uint32_t pages)
{
	/* Linux's show_val_kb: the name padded to 16 columns, 8 digits */
	pb_printf(b, "%-16s%8u kB\n", name, pages * 4u);
}

void
proc_sys_meminfo(struct pbuf *b)
{
	/* the lines Linux 6.1 prints from MemTotal to Percpu on a kernel
	 * without highmem, zswap, huge pages or memory failure handling;
	 * NULL names a line Quanta has no counterpart for (0) */
	static const char *const zero_lines[] = {
		"Buffers:", "Cached:", "SwapCached:", "Active:", "Inactive:",
		"Active(anon):", "Inactive(anon):", "Active(file):",
		"Inactive(file):", "Unevictable:", "Mlocked:", "SwapTotal:",
		"SwapFree:", "Dirty:", "Writeback:",
	};
	struct q_meminfo mi;
	uint32_t slab;

	meminfo_pages(&mi);
	slab = mi.pages[Q_MEM_SLAB];
	meminfo_line(b, "MemTotal:", mi.total_pages);
	meminfo_line(b, "MemFree:", mi.free_pages);
	meminfo_line(b, "MemAvailable:", mi.free_pages);
	for (unsigned i = 0; i < sizeof(zero_lines) / sizeof(zero_lines[0]); i++)
		meminfo_line(b, zero_lines[i], 0);
	meminfo_line(b, "AnonPages:", mi.pages[Q_MEM_USER]);
	meminfo_line(b, "Mapped:", 0);
	meminfo_line(b, "Shmem:", 0);
	meminfo_line(b, "KReclaimable:", 0);
	meminfo_line(b, "Slab:", slab);
	meminfo_line(b, "SReclaimable:", 0);
	meminfo_line(b, "SUnreclaim:", slab);
	meminfo_line(b, "KernelStack:", mi.pages[Q_MEM_KSTACK]);
	meminfo_line(b, "PageTables:", mi.pages[Q_MEM_PGTABLE]);
	meminfo_line(b, "SecPageTables:", 0);
	meminfo_line(b, "NFS_Unstable:", 0);
	meminfo_line(b, "Bounce:", 0);
	meminfo_line(b, "WritebackTmp:", 0);
	/* vm_commit_limit(): overcommit_ratio 50 % of RAM, no swap */
	meminfo_line(b, "CommitLimit:", mi.total_pages / 2);
	meminfo_line(b, "Committed_AS:", 0);
	meminfo_line(b, "VmallocTotal:", 0);
	meminfo_line(b, "VmallocUsed:", 0);
	meminfo_line(b, "VmallocChunk:", 0);
	meminfo_line(b, "Percpu:", 0);
}

/* ---- /proc/loadavg ---- */

void
proc_sys_loadavg(struct pbuf *b)
{
	uint32_t avg[3];
	unsigned running = 0;
	int threads = 0;

	loadavg_get(avg);
	for (int i = 0; i < ncpu; i++)
		running += cpu_rq(i)->nr_running;
	spin_lock(&proc_lock);
	for (int i = 0; i < MAX_TASKS; i++) {
		struct task *t = task_table[i];
		if (t && t->state != TASK_ZOMBIE)
			threads++;
	}
	spin_unlock(&proc_lock);
	/* get_avenrun(avnrun, FIXED_1/200, 0): round to the hundredth */
	for (int i = 0; i < 3; i++) {
		uint32_t a = avg[i] + LOADAVG_FIXED_1 / 200;
		pb_printf(b, "%u.%02u ", a >> LOADAVG_FSHIFT,
			  ((a & (LOADAVG_FIXED_1 - 1)) * 100) >> LOADAVG_FSHIFT);
	}
	pb_printf(b, "%u/%d %d\n", running, threads, task_last_tid());
}

/* ---- /proc/schedstat ---- */

void
proc_sys_schedstat(struct pbuf *b)
{
	pb_printf(b, "version 15\ntimestamp %llu\n",
		  read_u64_stable(&cpus[0].ticks));
	for (int i = 0; i < ncpu; i++) {
		const struct rq_stats *s = &cpu_rq(i)->stats;
		/* yld_count, 0, sched_count, sched_goidle, ttwu_count,
		 * ttwu_local, rq_cpu_time, run_delay, pcount */
		pb_printf(b, "cpu%d %llu 0 %llu %llu %llu %llu %llu %llu %llu\n",
			  i, s->yld_count, s->sched_count, s->sched_goidle,
			  s->ttwu_local + s->ttwu_remote, s->ttwu_local,
			  s->busy_ns, s->run_delay_ns, s->pcount);
		/* one domain of every CPU; load balancing by idle type
		 * (CPU_IDLE, CPU_NOT_IDLE, CPU_NEWLY_IDLE), 8 counts each:
		 * Quanta keeps totals, shown as CPU_NOT_IDLE's */
		pb_printf(b, "domain0 ");
		pb_cpumask(b, (1u << ncpu) - 1);
		pb_printf(b, " 0 0 0 0 0 0 0 0");
		pb_printf(b, " %llu 0 %llu 0 %llu 0 0 0", s->lb_count,
			  s->lb_failed, s->lb_pulled);
		pb_printf(b, " 0 0 0 0 0 0 0 0");
		/* alb_count alb_failed alb_pushed, sbe_*, sbf_*, ttwu_* */
		pb_printf(b, " 0 0 %llu 0 0 0 0 0 0 0 0 0\n", s->alb_pushed);
	}
}

/* ---- /proc/uptime, /proc/version ---- */

void
proc_sys_uptime(struct pbuf *b)
{
	uint64_t up = sched_clock(), idle = 0;

	for (int i = 0; i < ncpu; i++)
		idle += read_u64_stable(&cpus[i].idle_ns);
	pb_printf(b, "%llu.%02u %llu.%02u\n", up / 1000000000ull,
		  (unsigned)(up % 1000000000ull / 10000000u),
		  idle / 1000000000ull,
		  (unsigned)(idle % 1000000000ull / 10000000u));
}

void
proc_sys_version(struct pbuf *b)
{
	/* linux_proc_banner: "%s version %s (user@host) (compiler) %s";
	 * uname's sysname, release and version (the policy) */
	pb_printf(b, "Quanta version 0.1 (quanta@quanta) (gcc version "
		  __VERSION__ ") %s\n", sched_policy.name);
}

/* ---- /proc/cpuinfo ---- */

/* CPUID leaf 1's feature bits by Linux's names (EDX, then ECX). */
static const char *const edx_flags[32] = {
	"fpu", "vme", "de", "pse", "tsc", "msr", "pae", "mce", "cx8", "apic",
	NULL, "sep", "mtrr", "pge", "mca", "cmov", "pat", "pse36", "pn",
	"clflush", NULL, "dts", "acpi", "mmx", "fxsr", "sse", "sse2", "ss",
	"ht", "tm", "ia64", "pbe",
};
static const char *const ecx_flags[32] = {
	"pni", "pclmulqdq", "dtes64", "monitor", "ds_cpl", "vmx", "smx", "est",
	"tm2", "ssse3", "cid", "sdbg", "fma", "cx16", "xtpr", "pdcm", NULL,
	"pcid", "dca", "sse4_1", "sse4_2", "x2apic", "movbe", "popcnt",
	"tsc_deadline_timer", "aes", "xsave", NULL, "avx", "f16c", "rdrand",
	"hypervisor",
};

static void
cpuinfo_flags(struct pbuf *b, uint32_t edx, uint32_t ecx)
{
	pb_printf(b, "flags\t\t:");
	for (int i = 0; i < 32; i++)
		if ((edx & (1u << i)) && edx_flags[i])
			pb_printf(b, " %s", edx_flags[i]);
	for (int i = 0; i < 32; i++)
		if ((ecx & (1u << i)) && ecx_flags[i])
			pb_printf(b, " %s", ecx_flags[i]);
	pb_printf(b, "\n");
}

void
proc_sys_cpuinfo(struct pbuf *b)
{
	uint32_t a, bx, c, d, level, sig, edx1, ecx1, brand[13];
	char vendor[13];
	unsigned mhz = (unsigned)(tsc_hz / 1000000u);
	unsigned khz_frac = (unsigned)(tsc_hz / 1000u % 1000u);
	int family, model;

	cpuid(0, &level, &bx, &c, &d);
	memcpy(vendor, &bx, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = 0;
	cpuid(1, &sig, &bx, &ecx1, &edx1);
	family = (int)((sig >> 8) & 0xf);
	model = (int)((sig >> 4) & 0xf);
	if (family == 0xf)
		family += (int)((sig >> 20) & 0xff);
	if (family >= 6)
		model += (int)(((sig >> 16) & 0xf) << 4);
	memset(brand, 0, sizeof(brand));
	cpuid(0x80000000u, &a, &bx, &c, &d);
	if (a >= 0x80000004u)
		for (uint32_t l = 0; l < 3; l++)
			cpuid(0x80000002u + l, &brand[l * 4], &brand[l * 4 + 1],
			      &brand[l * 4 + 2], &brand[l * 4 + 3]);
	for (int i = 0; i < ncpu; i++) {
		pb_printf(b, "processor\t: %d\nvendor_id\t: %s\n"
			  "cpu family\t: %d\nmodel\t\t: %d\nmodel name\t: %s\n"
			  "stepping\t: %u\n", i, vendor, family, model,
			  brand[0] ? (const char *)brand : "unknown",
			  (unsigned)(sig & 0xf));
		pb_printf(b, "cpu MHz\t\t: %u.%03u\nphysical id\t: 0\n"
			  "siblings\t: %d\ncore id\t\t: %d\ncpu cores\t: %d\n"
			  "apicid\t\t: %u\ninitial apicid\t: %u\n", mhz,
			  khz_frac, ncpu, i, ncpu, (unsigned)cpus[i].apic_id,
			  (unsigned)cpus[i].apic_id);
		pb_printf(b, "fpu\t\t: yes\nfpu_exception\t: yes\n"
			  "cpuid level\t: %u\nwp\t\t: yes\n", (unsigned)level);
		cpuinfo_flags(b, edx1, ecx1);
		/* bogomips: Linux's loops per jiffy with the TSC delay loop
		 * is tsc_khz / HZ, printed as lpj * HZ / 500000 */
		pb_printf(b, "bogomips\t: %u.%02u\n\n",
			  (unsigned)(tsc_hz / 500000u),
			  (unsigned)(tsc_hz / 5000u % 100u));
	}
}
