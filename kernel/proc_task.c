/*
 * proc_task.c - the per-task /proc files: stat, status, sched, schedstat.
 *
 * Field by field in the order of Linux 6.1: fs/proc/array.c (do_task_stat,
 * proc_pid_status), fs/proc/base.c (proc_pid_schedstat) and
 * Linux 6.1 kernel/sched/debug.c (proc_sched_show_task, schedstats off);
 * docs/reference/procfs.md.  A field Quanta does
 * not keep is 0; docs/user.md lists them.  Every function runs with
 * proc_lock held, which keeps the task and its process alive; the
 * scheduling counters are read without the runqueue lock, as ps reads
 * them.
 */
#include <stdint.h>
#include "include/uapi/types.h"
#include "kernel/cpu.h"
#include "kernel/file.h"
#include "kernel/lib/weight.h"
#include "kernel/procfs.h"
#include "kernel/task.h"
#include "kernel/time.h"

/* Linux's task_state_array, for the states Quanta has. */
static const char *
state_name(char letter)
{
	switch (letter) {
	case Q_TASK_RUNNING:	return "R (running)";
	case Q_TASK_DISK:	return "D (disk sleep)";
	case Q_TASK_STOPPED:	return "T (stopped)";
	case Q_TASK_ZOMBIE:	return "Z (zombie)";
	default:		return "S (sleeping)";
	}
}

static int
is_rt_policy(int policy)
{
	return policy == Q_SCHED_FIFO || policy == Q_SCHED_RR;
}

/* Linux's p->prio: 0..98 for rt (99 - rt_priority), 100..139 otherwise. */
static int
kernel_prio(const struct q_taskinfo *ti)
{
	return is_rt_policy(ti->policy) ? 99 - ti->rt_priority
					: 120 + ti->nice;
}

/* A 64-signal set as 16 hex digits (Linux's render_sigset_t); Quanta's
 * signals are 1..31, the low word. */
static void
pb_sigset(struct pbuf *b, const char *name, q_sigset_t set)
{
	pb_printf(b, "%s:\t%08x%08x\n", name, 0u, (unsigned)set);
}

/* Signals the process ignores and catches (collect_sigign_sigcatch). */
static void
sig_dispositions(const struct process *p, q_sigset_t *ign, q_sigset_t *cgt)
{
	*ign = *cgt = 0;
	for (int sig = 1; sig < Q_NSIG; sig++) {
		uint32_t h = p->sig_action[sig].handler;
		if (h == Q_SIG_IGN)
			*ign |= Q_SIGBIT(sig);
		else if (h != Q_SIG_DFL)
			*cgt |= Q_SIGBIT(sig);
	}
}

void
proc_task_stat(struct pbuf *b, struct task *t, int whole)
{
	struct process *p = t->proc;
	struct q_taskinfo ti;
	uint64_t ut, st;
	q_sigset_t ign, cgt;
	int leader = t->tid == p->pid;

	taskinfo_fill(t, &ti);
	if (whole)
		process_cputime(p, &ut, &st);
	else
		task_cputime(t, &ut, &st);
	sig_dispositions(p, &ign, &cgt);
	/* 1-13: pid (comm) state ppid pgrp session tty_nr tpgid flags
	 * minflt cminflt majflt cmajflt */
	pb_printf(b, "%d (%s) %c %d %d %d 0 -1 0 0 0 0 0", t->tid, task_name(t),
		  ti.state, ti.ppid, p->pgid, p->sid);
	/* 14-17: utime stime cutime cstime, in clock ticks */
	pb_printf(b, " %llu %llu %llu %llu",
		  ns_to_clock_t(ut), ns_to_clock_t(st),
		  ns_to_clock_t(p->child_utime),
		  ns_to_clock_t(p->child_stime));
	/* 18-25: priority nice num_threads itrealvalue starttime vsize rss
	 * rsslim (RLIM_INFINITY) */
	pb_printf(b, " %d %d %d 0 %llu 0 0 4294967295",
		  kernel_prio(&ti) - 100, ti.nice, p->nlive,
		  ns_to_clock_t(t->start_ns));
	/* 26-30: startcode endcode startstack kstkesp kstkeip; 31-34:
	 * signal blocked sigignore sigcatch; 35-37: wchan nswap cnswap */
	pb_printf(b, " 0 0 0 0 0 %u %u %u %u %d 0 0",
		  (unsigned)(t->sig_pending & 0x7fffffffu),
		  (unsigned)(t->sig_blocked & 0x7fffffffu),
		  (unsigned)(ign & 0x7fffffffu), (unsigned)(cgt & 0x7fffffffu),
		  ti.state != Q_TASK_RUNNING);
	/* 38-44: exit_signal processor rt_priority policy
	 * delayacct_blkio_ticks guest_time cguest_time */
	pb_printf(b, " %d %d %d %d 0 0 0", leader ? Q_SIGCHLD : -1, ti.cpu,
		  ti.rt_priority, ti.policy);
	/* 45-51: start_data end_data start_brk arg_start arg_end env_start
	 * env_end; 52: exit_code */
	pb_printf(b, " 0 0 0 0 0 0 0 %d\n",
		  p->zombie || t->state == TASK_ZOMBIE ? p->exit_code : 0);
}

/* The memory lines of status (task_mem in fs/proc/task_mmu.c). */
static void
status_mem(struct pbuf *b)
{
	static const char *const names[] = {
		"VmPeak", "VmSize", "VmLck", "VmPin", "VmHWM", "VmRSS",
		"RssAnon", "RssFile", "RssShmem", "VmData", "VmStk", "VmExe",
		"VmLib", "VmPTE", "VmSwap", "HugetlbPages",
	};

	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		pb_printf(b, "%s:\t%8u kB\n", names[i], 0u);
	pb_printf(b, "CoreDumping:\t0\nTHP_enabled:\t0\n");
}

void
proc_task_status(struct pbuf *b, struct task *t)
{
	struct process *p = t->proc;
	struct q_taskinfo ti;
	q_sigset_t ign, cgt;
	uint32_t online = (1u << ncpu) - 1;

	taskinfo_fill(t, &ti);
	sig_dispositions(p, &ign, &cgt);
	pb_printf(b, "Name:\t%s\nUmask:\t0022\nState:\t%s\n", task_name(t),
		  state_name(ti.state));
	pb_printf(b, "Tgid:\t%d\nNgid:\t0\nPid:\t%d\nPPid:\t%d\n"
		  "TracerPid:\t0\nUid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\n"
		  "FDSize:\t%d\nGroups:\t \n", p->pid, t->tid, ti.ppid,
		  p->files ? p->files->cap : 0);	/* Linux: max_fds */
	pb_printf(b, "NStgid:\t%d\nNSpid:\t%d\nNSpgid:\t%d\nNSsid:\t%d\n",
		  p->pid, t->tid, p->pgid, p->sid);
	if (p->mm && !p->zombie)
		status_mem(b);
	pb_printf(b, "Threads:\t%d\nSigQ:\t0/0\n", p->nlive);
	pb_sigset(b, "SigPnd", t->sig_pending);
	pb_sigset(b, "ShdPnd", p->sig_pending);
	pb_sigset(b, "SigBlk", t->sig_blocked);
	pb_sigset(b, "SigIgn", ign);
	pb_sigset(b, "SigCgt", cgt);
	pb_printf(b, "CapInh:\t%016x\nCapPrm:\t%016x\nCapEff:\t%016x\n"
		  "CapBnd:\t%016x\nCapAmb:\t%016x\n", 0u, 0u, 0u, 0u, 0u);
	pb_printf(b, "NoNewPrivs:\t0\nSeccomp:\t0\nSeccomp_filters:\t0\n"
		  "Speculation_Store_Bypass:\tunknown\n"
		  "SpeculationIndirectBranch:\tunsupported\n");
	pb_printf(b, "Cpus_allowed:\t");
	pb_cpumask(b, ti.affinity & online);
	pb_printf(b, "\nCpus_allowed_list:\t");
	pb_cpulist(b, ti.affinity & online);
	pb_printf(b, "\nMems_allowed:\t1\nMems_allowed_list:\t0\n");
	pb_printf(b, "voluntary_ctxt_switches:\t%u\n"
		  "nonvoluntary_ctxt_switches:\t%u\n", t->nvcsw, t->nivcsw);
}

/* debug.c's two line formats: a number, and nanoseconds as ms.ns. */
static void
sched_line(struct pbuf *b, const char *name, long long v)
{
	pb_printf(b, "%-45s:%21lld\n", name, v);
}

/* Negative values as Linux's nsec_high()/nsec_low() print them: the sign
 * on the milliseconds, the remainder's magnitude after the dot. */
static void
sched_line_ns(struct pbuf *b, const char *name, int64_t ns)
{
	uint64_t mag = ns < 0 ? (uint64_t)-ns : (uint64_t)ns;
	long long ms = (long long)(mag / 1000000u);

	pb_printf(b, "%-45s:%14lld.%06ld\n", name, ns < 0 ? -ms : ms,
		  (long)(mag % 1000000u));
}

void
proc_task_sched(struct pbuf *b, struct task *t)
{
	static const char *const pelt[] = {
		"se.avg.load_sum", "se.avg.runnable_sum", "se.avg.util_sum",
		"se.avg.load_avg", "se.avg.runnable_avg", "se.avg.util_avg",
		"se.avg.last_update_time", "se.avg.util_est.ewma",
		"se.avg.util_est.enqueued",
	};
	struct q_taskinfo ti;
	uint64_t t0, t1;

	taskinfo_fill(t, &ti);
	pb_printf(b, "%s (%d, #threads: %d)\n", task_name(t), t->tid,
		  t->proc->nlive);
	pb_printf(b, "-------------------------------------------------------"
		  "------------\n");
	sched_line_ns(b, "se.exec_start", (int64_t)t->exec_start);
	/* the policy's key (ps's KEY), which is the vruntime under cfs */
	sched_line_ns(b, "se.vruntime", ti.key);
	sched_line_ns(b, "se.sum_exec_runtime", (int64_t)t->sum_exec_ns);
	sched_line(b, "se.nr_migrations", t->migrations);
	sched_line(b, "nr_switches", (long long)t->nvcsw + t->nivcsw);
	sched_line(b, "nr_voluntary_switches", t->nvcsw);
	sched_line(b, "nr_involuntary_switches", t->nivcsw);
	sched_line(b, "se.load.weight", sched_prio_to_weight[ti.nice + 20]);
	for (unsigned i = 0; i < sizeof(pelt) / sizeof(pelt[0]); i++)
		sched_line(b, pelt[i], 0);
	sched_line(b, "policy", ti.policy);
	sched_line(b, "prio", kernel_prio(&ti));
	t0 = sched_clock();
	t1 = sched_clock();
	sched_line(b, "clock-delta", (long long)(t1 - t0));
}

void
proc_task_schedstat(struct pbuf *b, struct task *t)
{
	pb_printf(b, "%llu %llu %u\n", t->sum_exec_ns, t->run_delay_ns,
		  t->pcount);
}
