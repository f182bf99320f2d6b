/*
 * task.h - processes and tasks.
 *
 * A *task* is what the scheduler runs: a kernel stack, saved registers and
 * scheduling state.  A *process* owns what its tasks share: the address
 * space, the open files, the parent/child relation and the exit status.  A
 * process starts with one task; thread_create adds more (clone-style
 * threads).  Kernel threads (the per-CPU idle tasks) belong to the kernel
 * process, pid 0.
 *
 * Locking:
 *   - scheduler fields: the runqueue lock of the task's CPU (rq->lock);
 *     wakeups first take p->wake_lock (see kernel/sched/core.c);
 *   - family fields (parent, children, state of processes, zombies): the
 *     global proc_lock;
 *   - accounting fields: written only by the task itself or with its rq
 *     lock held; read without locks for statistics.
 */
#ifndef KERNEL_TASK_H
#define KERNEL_TASK_H

#include <stdint.h>
#include "arch/x86/context.h"
#include "kernel/cpu.h"
#include "kernel/cputime.h"
#include "kernel/lib/list.h"
#include "kernel/signal.h"
#include "kernel/sched/view.h"
#include "kernel/spinlock.h"
#include "kernel/timer.h"
#include "kernel/waitq.h"
#include "include/uapi/resource.h"
#include "include/uapi/types.h"

/* Fork beyond this fails with EAGAIN.  Sized for rt-tests' hackbench in
 * its default run (10 groups of 20 senders and 20 receivers: 400 tasks and
 * the parent) with room.  Worst case, every slot's kernel stack is
 * KSTACK_SIZE (16 KiB): 16 MiB of the 128 MiB guest, in an area with room
 * for 3,276 (arch/x86/mmu.h); the table itself is 4 KiB of pointers. */
#define MAX_TASKS		1024
#define TASK_MAGIC		0x7a51u

/* task states */
#define TASK_RUNNING	0	/* on a runqueue, or running */
#define TASK_SLEEPING	1	/* waiting for a wakeup (or a signal) */
#define TASK_ZOMBIE	2	/* exited, waiting to be joined or reaped */
#define TASK_NEW	3	/* allocated and already listed in its process,
				 * not set up yet: sched_fork() makes it
				 * RUNNING; no wakeup may touch it before */

struct mm;
struct files;

struct process {
	int pid;
	char comm[Q_COMM_LEN];
	struct process *parent;
	struct list children;		/* struct process.sibling */
	struct list sibling;
	struct list tasks;		/* struct task.thread_node */
	int nlive;			/* tasks that have not exited */
	int zombie;			/* every task exited */
	int exit_code;			/* wait status, Linux encoding */
	int killed;			/* pending terminating signal,
					 * -1 for exit() of the group */
	struct waitq child_wait;	/* parent sleeps here in waitpid */
	struct mm *mm;
	struct files *files;
	uint64_t start_ns;
	/* exited tasks' CPU time and tick samples (cputime.h); reaped
	 * children's user and system time (getrusage), in ns */
	uint64_t dead_exec_ns, dead_uticks, dead_sticks;
	struct prev_cputime prev_cputime;
	uint64_t child_utime, child_stime;
	uint32_t dead_nvcsw, dead_nivcsw, child_nvcsw, child_nivcsw;

	/* ---- signals and job control (kernel/signal.c): proc_lock ---- */
	struct q_sigaction sig_action[Q_NSIG];
	q_sigset_t sig_pending;		/* sent to the process, not taken */
	struct sig_kinfo sig_info[Q_NSIG];	/* of each pending signal */
	int stop_sig;			/* stopped (or stopping) by it */
	int wait_report;		/* SIGW_REPORT_*: for waitpid */
	struct waitq stop_wait;		/* its tasks wait here while stopped */
	int pgid, sid;			/* process group and session */
	struct q_rlimit64 rlim[Q_RLIM_NLIMITS];	/* proc_lock (sys_rlimit.c) */
	struct timer itimer;		/* ITIMER_REAL; fires SIGALRM */
	uint64_t itimer_expires;	/* sched_clock() deadline, 0: off */
	uint64_t itimer_interval;	/* ns, 0: one shot */
	struct list timers;		/* POSIX timers (posix_timer.c) */
	int ntimers, timer_next_id;
};

struct task {
	/* ---- what a policy may read (kernel/sched/view.h): first ---- */
	union {
		struct task_view view;
		struct { TASK_VIEW_FIELDS };
	};
	uint16_t magic;

	/* ---- scheduling: protected by the rq lock of task->cpu ---- */
	volatile int state;
	int on_rq;			/* counted in its rq's nr_running */
	volatile int on_cpu;		/* registers live on some CPU */
	volatile int pinned;		/* CPUs still looking at it without
					 * locks: not to be freed */
	int cpu;			/* the runqueue it belongs to */
	uint32_t cpus_allowed;		/* affinity mask */
	struct list rq_node;		/* in its class's queue while queued:
					 * rq->queued (the policy's) or an
					 * rt list (rt.c) */
	int64_t rt_slice_ns;		/* SCHED_RR: what is left of it */
	int sleep_unint;		/* this sleep ignores signals: the
					 * wakeup says ENQ_UNINT */
	int rt_to_tail;			/* rt: requeue at the tail (slice
					 * over, yield), not the head */
	int class_pending;		/* sched_setscheduler() of a running
					 * task: its next schedule() moves
					 * it to next_class/next_rt_priority */
	int next_class, next_rt_priority;
	uint64_t exec_start;		/* when it last started running */
	uint64_t last_ran;		/* when it last stopped (cache-hot test) */
	uint64_t migrated_at;		/* when it arrived on its CPU (fork, move) */
	unsigned long lb_weight;	/* task_load() it adds to rq->lb_load */
	uint64_t sum_exec_ns;		/* total CPU time */
	uint64_t run_delay_ns;		/* time runnable but waiting for a CPU
					 * (Linux's sched_info.run_delay) */
	uint64_t last_queued;		/* when it last began to wait */
	uint32_t pcount;		/* times switched to: its timeslices */
	struct spinlock wake_lock;	/* serializes wakeups of this task */

	/* ---- accounting ---- */
	/* ticks that found it in user or kernel mode (cputime.h) */
	uint32_t utime_ticks, stime_ticks;
	struct prev_cputime prev_cputime;	/* proc_lock */
	uint32_t nvcsw, nivcsw;		/* voluntary / involuntary switches */
	uint32_t migrations;
	uint64_t start_ns;

	/* ---- identity ---- */
	int tid;
	char comm[Q_COMM_LEN];		/* prctl(PR_SET_NAME) of a thread other
					 * than the main one; "" otherwise:
					 * the process's comm (task_name) */
	struct process *proc;
	struct list thread_node;	/* on proc->tasks */
	int thread_value;		/* thread_exit's value for join */
	int joined;			/* a joiner claimed it */
	struct waitq join_wait;

	/* ---- kernel stack and registers ---- */
	uintptr_t kstack;		/* lowest address of the stack */
	struct context *ctx;		/* saved by swtch() */
	struct trapframe *tf;		/* user state, at the top of the stack */
	struct fpu_state fpu;
	int is_idle;

	/* ---- sleeping ---- */
	struct timer sleep_timer;
	struct list wait_node;		/* on a waitq */
	uintptr_t futex_key;		/* what it waits for in futex_wait */
	uint32_t futex_bitset;		/* ... and which wakes may end it */

	/* ---- signals (kernel/signal.c): set by others under proc_lock,
	 * cleared only by the task itself ---- */
	volatile uint32_t sig_work;	/* SIGW_*: looked at on every return
					 * to user mode, and by sleeps */
	q_sigset_t sig_blocked;
	q_sigset_t sig_pending;		/* sent to this thread (tgkill, faults) */
	struct sig_kinfo sig_info[Q_NSIG];
	q_sigset_t sig_saved_mask;	/* sigsuspend: mask to restore */
	int sig_restore_mask;		/* ... once a handler is set up */
	uint64_t restart_deadline;	/* SYS_restart_syscall: the sleep */
	uint32_t restart_urem;		/* ... and where its remainder goes */
};

/* Global table of tasks, indexed by slot; protected by proc_lock. */
extern struct spinlock proc_lock;
extern struct task *task_table[MAX_TASKS];
extern struct process kernel_process;

/* The task running on this CPU.  Kernel code is not preempted, so the
 * CPU cannot change between reading this_cpu() and its cur_task. */
static inline struct task *
current_task(void)
{
	return this_cpu()->cur_task;
}
#define current current_task()

/* BSP, once, before the first task: set up kernel_process (pid 0). */
void task_init(void);
/* New task in process proc (not yet runnable); NULL when out of slots or
 * memory.  The caller makes it runnable with sched_wake_new(). */
struct task *task_alloc(struct process *proc);
void task_free(struct task *t);
struct task *task_find(int tid);	/* caller holds proc_lock */
struct process *process_find(int pid);	/* caller holds proc_lock */
int task_count(void);
/* The tid (a pid too) handed out last, as Linux's /proc/loadavg shows it. */
int task_last_tid(void);
/* What SYS_taskinfo reports of t (ps's view: state letter, CPU, PR, key,
 * times, class); caller holds proc_lock.  In sys_sched.c. */
void taskinfo_fill(struct task *t, struct q_taskinfo *ti);
/* Start a kernel thread called name (its comm) running fn(arg); returns
 * it, already runnable, or NULL when out of tasks or memory. */
struct task *kthread_create(const char *name, void (*fn)(void *), void *arg);
/* Each CPU once, as it comes up: its idle task, running on the stack
 * that ends at stack_top.  Panics when out of memory. */
struct task *task_alloc_idle(int cpu, uintptr_t stack_top);
/* task_init.c, shared with the host harness.  task_fields_init: every
 * field of t zeroed or at its starting value, in state TASK_NEW (no
 * policy state yet: sched_fork() gives it), in proc (not listed there).
 * task_idle_init: t as cpu's idle task, already running there. */
void task_fields_init(struct task *t, struct process *proc);
void task_idle_init(struct task *t, int cpu);
/* The current task ends (a thread of its process, or a kernel thread). */
void task_exit(int value) __attribute__((noreturn));

/* The name ps, top and traces show for t: its own (prctl PR_SET_NAME
 * from a thread), or its process's. */
static inline const char *
task_name(const struct task *t)
{
	return t->comm[0] ? t->comm : t->proc->comm;
}

/* Does a signal wake t?  Not in a sleep of waitq_sleep_unint (Linux's
 * TASK_UNINTERRUPTIBLE, ps's D), not even SIGKILL: the task acts on the
 * signal when its wait is over.  2.6.0's signal_wake_up() (kernel/
 * signal.c) wakes TASK_INTERRUPTIBLE sleepers (and stopped ones for a
 * kill) only.  The sleeper sets sleep_unint before its state, so a
 * waker that sees the sleep sees the flag too. */
static inline int
signal_wakes(const struct task *t)
{
	return t->state == TASK_SLEEPING &&
	       !__atomic_load_n(&t->sleep_unint, __ATOMIC_ACQUIRE);
}

/* Does a signal interrupt t's sleep?  One load, no lock (signal.h). */
static inline int
signal_pending(const struct task *t)
{
	return (t->sig_work & SIGW_SIG) != 0;
}


#endif
