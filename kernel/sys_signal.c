/*
 * sys_signal.c - the system calls of signals and process groups
 * (docs/syscalls.md, "Signals"); the interval timer's are in itimer.c.
 */
#include <stdint.h>
#include "arch/x86/sigframe.h"
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/mm.h"
#include "kernel/proc.h"
#include "kernel/signal.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/time.h"

#define NS	1000000000ull
#define UNBLOCKABLE	(Q_SIGBIT(Q_SIGKILL) | Q_SIGBIT(Q_SIGSTOP))

SYSCALL(sys_sigaction)
{
	int sig = (int)a1;
	struct process *p = current->proc;
	struct q_sigaction act, old;

	UNUSED_ARGS5;
	if (sig <= 0 || sig >= Q_NSIG)
		return -EINVAL;
	if (a2 && (sig == Q_SIGKILL || sig == Q_SIGSTOP))
		return -EINVAL;
	if (a2 && copy_from_user(&act, (void *)a2, sizeof(act)) < 0)
		return -EFAULT;
	spin_lock(&proc_lock);
	old = p->sig_action[sig];
	if (a2) {
		act.mask &= ~UNBLOCKABLE;
		p->sig_action[sig] = act;
		/* POSIX: setting "ignore" discards what is pending */
		signal_discard_if_ignored(p, sig);
	}
	spin_unlock(&proc_lock);
	if (a3 && copy_to_user((void *)a3, &old, sizeof(old)) < 0)
		return -EFAULT;
	return 0;
}

/* Compatibility call 44: SIG_DFL (0) or SIG_IGN (1) only. */
SYSCALL(sys_signal)
{
	int sig = (int)a1;
	struct process *p = current->proc;

	UNUSED_ARGS5;
	if (sig <= 0 || sig >= Q_NSIG || sig == Q_SIGKILL ||
	    sig == Q_SIGSTOP || a2 > 1)
		return -EINVAL;
	spin_lock(&proc_lock);
	p->sig_action[sig] = (struct q_sigaction){ .handler = a2 };
	signal_discard_if_ignored(p, sig);
	spin_unlock(&proc_lock);
	return 0;
}

SYSCALL(sys_sigprocmask)
{
	struct task *t = current;
	q_sigset_t set = 0, old;

	UNUSED_ARGS5;
	if (a2 && copy_from_user(&set, (void *)a2, sizeof(set)) < 0)
		return -EFAULT;
	if (a2 && a1 > Q_SIG_SETMASK)
		return -EINVAL;
	spin_lock(&proc_lock);
	old = t->sig_blocked;
	if (a2) {
		if (a1 == Q_SIG_BLOCK)
			t->sig_blocked |= set;
		else if (a1 == Q_SIG_UNBLOCK)
			t->sig_blocked &= ~set;
		else
			t->sig_blocked = set;
		t->sig_blocked &= ~UNBLOCKABLE;
		signal_retarget(t, t->sig_blocked & ~old);
		signal_recalc(t);
	}
	spin_unlock(&proc_lock);
	if (a3 && copy_to_user((void *)a3, &old, sizeof(old)) < 0)
		return -EFAULT;
	return 0;
}

SYSCALL(sys_sigpending)
{
	struct task *t = current;
	q_sigset_t set;

	UNUSED_ARGS5;
	spin_lock(&proc_lock);
	set = (t->sig_pending | t->proc->sig_pending) & t->sig_blocked;
	spin_unlock(&proc_lock);
	return copy_to_user((void *)a1, &set, sizeof(set));
}

/* Sleep until a signal is pending; the return path runs its handler, or
 * restarts the call when no handler ran. */
static int32_t
wait_for_signal(void)
{
	while (!signal_pending(current))
		signal_sleep(0);
	return -ERESTARTNOHAND;
}

SYSCALL(sys_pause)
{
	UNUSED_ARGS5;
	return wait_for_signal();
}

SYSCALL(sys_sigsuspend)
{
	struct task *t = current;
	q_sigset_t mask;

	UNUSED_ARGS5;
	if (copy_from_user(&mask, (void *)a1, sizeof(mask)) < 0)
		return -EFAULT;
	spin_lock(&proc_lock);
	t->sig_saved_mask = t->sig_blocked;
	t->sig_restore_mask = 1;
	t->sig_blocked = mask & ~UNBLOCKABLE;
	signal_recalc(t);
	spin_unlock(&proc_lock);
	return wait_for_signal();
}

static int
get_deadline(uint32_t uts, uint64_t *deadline)
{
	struct q_timespec ts;

	*deadline = 0;
	if (!uts)
		return 0;
	if (copy_from_user(&ts, (void *)uts, sizeof(ts)) < 0)
		return -EFAULT;
	if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= (int32_t)NS)
		return -EINVAL;
	*deadline = sched_clock() + (uint64_t)ts.tv_sec * NS +
		    (uint64_t)ts.tv_nsec;
	return 0;
}

/* sigtimedwait(set, info, timeout): take a signal of set, waiting for one
 * with the signals of set unblocked meanwhile (Linux's do_sigtimedwait). */
SYSCALL(sys_sigtimedwait)
{
	struct task *t = current;
	struct sig_kinfo ki;
	struct q_siginfo si;
	q_sigset_t set, saved;
	uint64_t deadline;
	int sig, err;

	UNUSED_ARGS5;
	if (copy_from_user(&set, (void *)a1, sizeof(set)) < 0)
		return -EFAULT;
	if ((err = get_deadline(a3, &deadline)) < 0)
		return err;
	set &= ~UNBLOCKABLE;
	spin_lock(&proc_lock);
	sig = signal_dequeue_set(t, set, &ki);
	saved = t->sig_blocked;
	while (!sig && !(deadline && sched_clock() >= deadline)) {
		t->sig_blocked &= ~set;
		signal_recalc(t);
		spin_unlock(&proc_lock);
		signal_sleep(deadline);
		spin_lock(&proc_lock);
		t->sig_blocked = saved;
		sig = signal_dequeue_set(t, set, &ki);
		signal_recalc(t);
		if (!sig && signal_pending(t))
			break;		/* another signal: its handler runs */
	}
	spin_unlock(&proc_lock);
	if (!sig)
		return signal_pending(t) ? -EINTR : -EAGAIN;
	if (a2) {
		signal_fill_siginfo(&si, sig, &ki);
		if (copy_to_user((void *)a2, &si, sizeof(si)) < 0)
			return -EFAULT;
	}
	return sig;
}

SYSCALL(sys_sigreturn)
{
	struct task *t = current;
	q_sigset_t mask;

	UNUSED_ARGS5;
	if (arch_signal_return(t->tf, &mask) < 0)
		signal_bad_frame(t->tf);
	spin_lock(&proc_lock);
	t->sig_blocked = mask & ~UNBLOCKABLE;
	signal_recalc(t);
	spin_unlock(&proc_lock);
	return arch_syscall_result(t->tf);	/* the interrupted eax */
}

SYSCALL(sys_kill)
{
	UNUSED_ARGS5;
	return signal_kill((int)a1, (int)a2);
}

SYSCALL(sys_tgkill)
{
	UNUSED_ARGS5;
	return signal_tgkill((int)a1, (int)a2, (int)a3);
}

/* ---- process groups and sessions (POSIX setpgid, setsid) ---- */

SYSCALL(sys_setpgid)
{
	struct process *me = current->proc, *p;
	int pid = (int)a1 ? (int)a1 : me->pid, pgid = (int)a2, err = 0;

	UNUSED_ARGS5;
	if (pgid < 0)
		return -EINVAL;
	spin_lock(&proc_lock);
	p = process_find(pid);
	if (!pgid)
		pgid = pid;
	if (!p || (p != me && p->parent != me))
		err = -ESRCH;
	else if (p->sid == p->pid || p->sid != me->sid)
		err = -EPERM;		/* a session leader, or elsewhere */
	else if (pgid != pid && !signal_group_in_session(pgid, me->sid))
		err = -EPERM;
	else
		p->pgid = pgid;
	spin_unlock(&proc_lock);
	return err;
}

/* The group (or session) of process pid, 0 = me; -ESRCH. */
static int32_t
group_of(uint32_t pid, int session)
{
	struct process *p;
	int r;

	spin_lock(&proc_lock);
	p = pid ? process_find((int)pid) : current->proc;
	r = !p ? -ESRCH : session ? p->sid : p->pgid;
	spin_unlock(&proc_lock);
	return r;
}

SYSCALL(sys_getpgid)
{
	UNUSED_ARGS5;
	return group_of(a1, 0);
}

SYSCALL(sys_getsid)
{
	UNUSED_ARGS5;
	return group_of(a1, 1);
}

SYSCALL(sys_setsid)
{
	struct process *me = current->proc;
	int r;

	UNUSED_ARGS5;
	spin_lock(&proc_lock);
	if (signal_group_in_session(me->pid, me->sid) || me->pgid == me->pid) {
		r = -EPERM;		/* already leads a group */
	} else {
		me->pgid = me->sid = me->pid;
		r = me->pid;
	}
	spin_unlock(&proc_lock);
	return r;
}
