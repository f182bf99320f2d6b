/*
 * signal.h - POSIX signals: sending, masks, delivery, stop and continue.
 *
 * A signal is *pending* on a task (tgkill, faults) or on its process
 * (kill, the console, timers).  A task takes the lowest pending signal it
 * does not block when it returns to user mode: the default action
 * (terminate, stop, continue, ignore) runs in the kernel; a handler gets
 * a frame on the user stack (arch/x86/signal.c) and returns through
 * sigreturn.  Standard signals do not queue: a signal already pending is
 * sent again for nothing, as in Linux.
 *
 * Locking: everything here is under proc_lock, which is also taken from
 * interrupt context (the console's Ctrl-C, the SIGALRM timer).
 *
 * task->sig_work is the one word the return to user mode tests.  Senders
 * set bits in it; only the task itself clears them (signal_recalc), so a
 * system call that returns a -ERESTART* code because a signal was pending
 * always finds the word set on its way out.
 */
#ifndef KERNEL_SIGNAL_H
#define KERNEL_SIGNAL_H

#include <stdint.h>
#include "include/uapi/types.h"

/* task->sig_work bits */
#define SIGW_SIG	1u	/* a signal may be deliverable (or the process
				 * is dying): interrupts sleeps */
#define SIGW_STOP	2u	/* the process stops: stop before user mode */

/* process->wait_report: what waitpid has not been told yet */
#define SIGW_REPORT_STOPPED	1
#define SIGW_REPORT_CONTINUED	2

/*
 * Kernel-internal results of an interrupted system call; never seen by
 * user code (Linux's values and meanings, include/linux/errno.h):
 *   RESTARTSYS     restart after a handler with SA_RESTART or when no
 *                  handler ran, EINTR otherwise;
 *   RESTARTNOINTR  always restart;
 *   RESTARTNOHAND  restart only when no handler ran;
 *   RESTART_RESTARTBLOCK  as NOHAND, but through SYS_restart_syscall,
 *                  which resumes a sleep with its remaining time.
 */
#define ERESTARTSYS		512
#define ERESTARTNOINTR		513
#define ERESTARTNOHAND		514
#define ERESTART_RESTARTBLOCK	516

/* What the kernel keeps of a pending signal's siginfo. */
struct sig_kinfo {
	int32_t code;			/* si_code */
	int32_t pid;			/* sender, or the child (SIGCHLD) */
	uint32_t addr;			/* faults: the address */
	int32_t status;			/* SIGCHLD: exit code or signal */
	uint32_t eip;			/* faults: where (for the report) */
	uint16_t trapno;		/* faults: the exception + 1, else 0 */
	uint16_t err;			/* faults: its error code */
	int32_t timerid;		/* SI_TIMER: the POSIX timer, */
	int32_t overrun;		/* its overruns while pending, */
	uint32_t value;			/* and its sigev_value */
};

struct process;
struct task;
struct trapframe;

/* proc_lock held.  Send sig to process p (tid == NULL) or to task tid of
 * it; 0 or -EINVAL.  sig 0 sends nothing. */
int signal_send(struct process *p, struct task *tid, int sig,
		const struct sig_kinfo *info);
/* Is there a live process in group pgid of session sid (proc_lock)? */
int signal_group_in_session(int pgid, int sid);
/* kill(2)'s targets: pid > 0, 0 (caller's group), -1 (all), -pgid. */
int signal_kill(int pid, int sig);
int signal_tgkill(int tgid, int tid, int sig);
/* Send sig to every process of group pgid (proc_lock held); the number
 * of processes it went to. */
int signal_send_group(int pgid, int sig, const struct sig_kinfo *info);
/* A CPU exception in user mode becomes sig for the current task: the
 * handler runs, or the default action reports it and kills. */
void signal_force_fault(struct trapframe *tf, int sig, int code,
			uint32_t addr);
/* Return to user mode with t->sig_work set: stop, die, or set up a
 * handler's frame.  sysnr: the system call being left, or -1. */
void signal_deliver(struct trapframe *tf, int sysnr);
/* Parent bookkeeping when process c exits (proc_lock held): SIGCHLD. */
void signal_child_exit(struct process *c);
/* fork: the child's process state from the parent's (no lock needed). */
void signal_fork(struct process *parent, struct process *child);
/* exec: handlers go back to SIG_DFL, ignored stays ignored. */
void signal_exec(struct process *p);
/* A task of p exits (proc_lock held): hand its process signals on. */
void signal_task_exit(struct process *p);
/* Recompute t's sig_work; t is current (proc_lock held). */
void signal_recalc(struct task *t);
/* t blocks newly_blocked now: pending process signals of it go to a
 * task that can take them (proc_lock held). */
void signal_retarget(struct task *t, q_sigset_t newly_blocked);
/* Take a pending signal of set for t (proc_lock held); 0 if none. */
int signal_dequeue_set(struct task *t, q_sigset_t set, struct sig_kinfo *ki);
void signal_fill_siginfo(struct q_siginfo *si, int sig,
			 const struct sig_kinfo *ki);
/* sig's action is "ignore" now: drop it from every pending set; 1 if so
 * (proc_lock held). */
int signal_discard_if_ignored(struct process *p, int sig);
/* Sleep until a signal is pending or deadline (0: none); no lock held. */
void signal_sleep(uint64_t deadline);
/* sigreturn found no readable frame: report and kill the process. */
void signal_bad_frame(struct trapframe *tf) __attribute__((noreturn));
const char *signal_name(int sig);

#endif
