/*
 * signal.c - POSIX signals: who gets a signal, what it does, and the
 * stop/continue of job control.  The system calls are in sys_signal.c,
 * the handler's stack frame in arch/x86/signal.c.
 *
 * The rules follow Linux 6.1's kernel/signal.c (prepare_signal,
 * complete_signal, get_signal, do_signal_stop), simplified where Quanta
 * has less: one word of standard signals, no real-time queue, no ptrace.
 * A group stop is reported to the parent as soon as the thread that took
 * the stop signal stops; the other threads stop at their next return to
 * user mode (at once when running: they are kicked into the kernel).
 */
#include <stdint.h>
#include "arch/x86/sigframe.h"
#include "arch/x86/trap.h"
#include "include/uapi/errno.h"
#include "include/uapi/syscall.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/proc.h"
#include "kernel/sched/sched.h"
#include "kernel/signal.h"
#include "kernel/task.h"
#include "kernel/time.h"
#include "kernel/itimer.h"
#include "kernel/posix_timer.h"
#include "kernel/timer.h"

#define BIT(sig)	Q_SIGBIT(sig)
#define UNBLOCKABLE	(BIT(Q_SIGKILL) | BIT(Q_SIGSTOP))
#define STOP_MASK	(BIT(Q_SIGSTOP) | BIT(Q_SIGTSTP) | BIT(Q_SIGTTIN) | \
			 BIT(Q_SIGTTOU))
/* taken before the others, as Linux's SYNCHRONOUS_MASK: a fault must be
 * handled at the instruction that caused it */
#define SYNC_MASK	(BIT(Q_SIGSEGV) | BIT(Q_SIGBUS) | BIT(Q_SIGILL) | \
			 BIT(Q_SIGTRAP) | BIT(Q_SIGFPE) | BIT(Q_SIGSYS))

/* Default actions (POSIX, signal(7)); 0 is terminate. */
enum { DFL_TERM, DFL_CORE, DFL_IGN, DFL_STOP, DFL_CONT };

static const uint8_t dfl_action[Q_NSIG] = {
	[Q_SIGQUIT] = DFL_CORE, [Q_SIGILL] = DFL_CORE, [Q_SIGTRAP] = DFL_CORE,
	[Q_SIGABRT] = DFL_CORE, [Q_SIGBUS] = DFL_CORE, [Q_SIGFPE] = DFL_CORE,
	[Q_SIGSEGV] = DFL_CORE, [Q_SIGXCPU] = DFL_CORE, [Q_SIGXFSZ] = DFL_CORE,
	[Q_SIGSYS] = DFL_CORE, [Q_SIGCHLD] = DFL_IGN, [Q_SIGURG] = DFL_IGN,
	[Q_SIGWINCH] = DFL_IGN, [Q_SIGCONT] = DFL_CONT, [Q_SIGSTOP] = DFL_STOP,
	[Q_SIGTSTP] = DFL_STOP, [Q_SIGTTIN] = DFL_STOP, [Q_SIGTTOU] = DFL_STOP,
};

static const char *const sig_names[Q_NSIG] = {
	"0", "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT",
	"SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2",
	"SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT", "SIGCHLD", "SIGCONT",
	"SIGSTOP", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG", "SIGXCPU",
	"SIGXFSZ", "SIGVTALRM", "SIGPROF", "SIGWINCH", "SIGIO", "SIGPWR",
	"SIGSYS",
};

const char *
signal_name(int sig)
{
	return sig > 0 && sig < Q_NSIG ? sig_names[sig] : "?";
}

/* Would sig be thrown away on arrival in p? */
static int
sig_ignored(const struct process *p, int sig)
{
	uint32_t h = p->sig_action[sig].handler;

	return h == Q_SIG_IGN || (h == Q_SIG_DFL &&
	       (dfl_action[sig] == DFL_IGN || dfl_action[sig] == DFL_CONT));
}

void
signal_recalc(struct task *t)
{
	struct process *p = t->proc;
	uint32_t w = 0;

	if (p->killed || ((t->sig_pending | p->sig_pending) & ~t->sig_blocked))
		w |= SIGW_SIG;
	if (p->stop_sig)
		w |= SIGW_STOP;
	t->sig_work = w;
}

/* Tell t it has work: a sleeper is woken for SIGW_SIG; a task running on
 * another CPU is kicked into the kernel (sched_kick), which takes it
 * through the return to user mode.  A task still being created
 * (TASK_NEW: listed in its process, not yet known to the policy) only
 * gets the bits, which it acts on at its first entry to the kernel (its
 * first system call or tick): it must not be woken, and without the bits
 * a thread created while its process is killed would live on. */
static void
kick(struct task *t, uint32_t bits)
{
	__atomic_or_fetch(&t->sig_work, bits, __ATOMIC_SEQ_CST);
	if (t == current)
		return;
	if (t->state == TASK_SLEEPING) {
		if ((bits & SIGW_SIG) && signal_wakes(t))
			sched_wake(t, 0);
	} else if (t->state == TASK_RUNNING) {
		sched_kick(t);
	}
}

static int
task_live(const struct task *t)
{
	return t->state != TASK_ZOMBIE && t->state != TASK_NEW;
}

/* A task of p that takes sig now (current first, as Linux's
 * complete_signal prefers), not skip; NULL if every task blocks it. */
static struct task *
pick_target(struct process *p, int sig, struct task *skip)
{
	struct task *cur = current;
	struct list *pos;

	/* current is never NULL, skip may be: cppcheck takes the compare for
	 * a NULL test of cur */
	/* cppcheck-suppress nullPointerRedundantCheck */
	if (cur->proc == p && !(cur->sig_blocked & BIT(sig)) && cur != skip)
		return cur;
	list_for_each(pos, &p->tasks) {
		struct task *t = list_entry(pos, struct task, thread_node);
		if (t != skip && task_live(t) && !(t->sig_blocked & BIT(sig)))
			return t;
	}
	return NULL;
}

/* Remove the signals of set from everything pending in p. */
static void
flush_pending(struct process *p, q_sigset_t set)
{
	struct list *pos;

	p->sig_pending &= ~set;
	list_for_each(pos, &p->tasks)
		list_entry(pos, struct task, thread_node)->sig_pending &= ~set;
}

static void notify_parent(struct process *c, int code, int status);

/* SIGCONT arrived at a stopped process: every task goes on. */
static void
do_continue(struct process *p)
{
	p->stop_sig = 0;
	p->wait_report = SIGW_REPORT_CONTINUED;
	waitq_wake_all(&p->stop_wait, 0);
	notify_parent(p, Q_CLD_CONTINUED, Q_SIGCONT);
}

/* Every task of p that has not exited notices p->killed (SIGKILL, a
 * fatal signal) or a stop, those still being created too (kick). */
static void
kick_all(struct process *p, uint32_t bits)
{
	struct list *pos;

	list_for_each(pos, &p->tasks) {
		struct task *t = list_entry(pos, struct task, thread_node);
		if (t->state != TASK_ZOMBIE)
			kick(t, bits);
	}
}

/* Is sig blocked by some live task of p (then it must stay pending even
 * if ignored now: the handler may change before it is unblocked)? */
static int
blocked_somewhere(struct process *p, int sig)
{
	struct list *pos;

	list_for_each(pos, &p->tasks) {
		struct task *t = list_entry(pos, struct task, thread_node);
		if (task_live(t) && (t->sig_blocked & BIT(sig)))
			return 1;
	}
	return 0;
}

int
signal_send(struct process *p, struct task *tt, int sig,
	    const struct sig_kinfo *info)
{
	q_sigset_t *pending;
	struct sig_kinfo *slot;
	struct task *target;

	if (sig < 0 || sig >= Q_NSIG)
		return -EINVAL;
	if (sig == 0 || p->zombie || p->killed || p == &kernel_process)
		return 0;
	/* what happens at once, blocked or not (Linux's prepare_signal) */
	if (BIT(sig) & STOP_MASK)
		flush_pending(p, BIT(Q_SIGCONT));
	if (sig == Q_SIGCONT) {
		flush_pending(p, STOP_MASK);
		if (p->stop_sig)
			do_continue(p);
	}
	if (sig == Q_SIGKILL) {
		p->killed = Q_SIGKILL;
		p->exit_code = Q_W_SIGNALED(Q_SIGKILL);
		kick_all(p, SIGW_SIG);
		return 0;
	}
	if (sig_ignored(p, sig) && !(tt ? (tt->sig_blocked & BIT(sig)) != 0 :
				     blocked_somewhere(p, sig)))
		return 0;
	pending = tt ? &tt->sig_pending : &p->sig_pending;
	slot = tt ? &tt->sig_info[sig] : &p->sig_info[sig];
	if (*pending & BIT(sig))
		return 0;		/* standard signals do not queue */
	*pending |= BIT(sig);
	*slot = *info;
	target = tt ? tt : pick_target(p, sig, NULL);
	if (target && !(target->sig_blocked & BIT(sig)))
		kick(target, SIGW_SIG);
	return 0;
}

static int
is_process(const struct task *t)
{
	return t && t->proc != &kernel_process && t->tid == t->proc->pid;
}

int
signal_send_group(int pgid, int sig, const struct sig_kinfo *info)
{
	int n = 0;

	for (int i = 0; i < MAX_TASKS; i++) {
		struct task *t = task_table[i];
		if (is_process(t) && t->proc->pgid == pgid && !t->proc->zombie) {
			signal_send(t->proc, NULL, sig, info);
			n++;
		}
	}
	return n;
}

int
signal_group_in_session(int pgid, int sid)
{
	for (int i = 0; i < MAX_TASKS; i++) {
		struct task *t = task_table[i];
		if (is_process(t) && t->proc->pgid == pgid &&
		    t->proc->sid == sid && !t->proc->zombie)
			return 1;
	}
	return 0;
}

int
signal_kill(int pid, int sig)
{
	struct process *me = current->proc, *p;
	struct sig_kinfo ki = { .code = Q_SI_USER, .pid = me->pid };
	int err = 0, n = 0;

	if (sig < 0 || sig >= Q_NSIG)
		return -EINVAL;
	spin_lock(&proc_lock);
	if (pid > 0) {
		p = process_find(pid);
		err = p ? signal_send(p, NULL, sig, &ki) : -ESRCH;
	} else if (pid == -1) {
		/* everyone but init and the caller (Linux's kill(-1)) */
		for (int i = 0; i < MAX_TASKS; i++) {
			struct task *t = task_table[i];
			if (is_process(t) && t->proc != me &&
			    t->proc->pid != init_pid && !t->proc->zombie) {
				signal_send(t->proc, NULL, sig, &ki);
				n++;
			}
		}
		err = n ? 0 : -ESRCH;
	} else {
		n = signal_send_group(pid == 0 ? me->pgid : -pid, sig, &ki);
		err = n ? 0 : -ESRCH;
	}
	spin_unlock(&proc_lock);
	return err;
}

int
signal_tgkill(int tgid, int tid, int sig)
{
	struct sig_kinfo ki = { .code = Q_SI_TKILL, .pid = current->proc->pid };
	struct task *t;
	int err;

	if (sig < 0 || sig >= Q_NSIG || tid <= 0 || tgid < 0)
		return -EINVAL;
	spin_lock(&proc_lock);
	t = task_find(tid);
	if (!t || t->proc == &kernel_process || !task_live(t) ||
	    (tgid > 0 && t->proc->pid != tgid))
		err = -ESRCH;
	else
		err = signal_send(t->proc, t, sig, &ki);
	spin_unlock(&proc_lock);
	return err;
}

/* SIGCHLD and a waitpid wakeup for c's parent (proc_lock held). */
static void
notify_parent(struct process *c, int code, int status)
{
	struct process *pp = c->parent;
	struct sig_kinfo ki = { .code = code, .pid = c->pid, .status = status };

	if (!pp)
		return;
	if ((code == Q_CLD_EXITED || code == Q_CLD_KILLED ||
	     code == Q_CLD_DUMPED) ||
	    !(pp->sig_action[Q_SIGCHLD].flags & Q_SA_NOCLDSTOP))
		signal_send(pp, NULL, Q_SIGCHLD, &ki);
	waitq_wake_all(&pp->child_wait, 0);
}

void
signal_child_exit(struct process *c)
{
	int sig = c->exit_code & 0x7f;

	if (sig)
		notify_parent(c, dfl_action[sig] == DFL_CORE ? Q_CLD_DUMPED :
			      Q_CLD_KILLED, sig);
	else
		notify_parent(c, Q_CLD_EXITED, (c->exit_code >> 8) & 0xff);
}

/* The delivering task takes a stop signal (proc_lock held). */
static void
do_stop(struct process *p, int sig)
{
	if (p->stop_sig)
		return;
	p->stop_sig = sig;
	p->wait_report = SIGW_REPORT_STOPPED;
	kick_all(p, SIGW_STOP);		/* sleepers stop on their way out */
	notify_parent(p, Q_CLD_STOPPED, sig);
}

/* Sleep while p is stopped; only SIGCONT and SIGKILL end it, whatever
 * else is pending (proc_lock held, dropped while asleep). */
static void
stop_sleep(struct process *p)
{
	struct task *t = current;

	list_add_tail(&t->wait_node, &p->stop_wait.sleepers);
	__atomic_store_n(&t->state, TASK_SLEEPING, __ATOMIC_SEQ_CST);
	spin_unlock(&proc_lock);
	sched_sleep();
	spin_lock(&proc_lock);
	if (!list_empty(&t->wait_node))
		list_del(&t->wait_node);
}

/* Take the signal t handles next: its own before the process's, faults
 * first.  From the signals of allowed only.  0 if none. */
int
signal_dequeue_set(struct task *t, q_sigset_t allowed, struct sig_kinfo *ki)
{
	struct process *p = t->proc;
	q_sigset_t *set = &t->sig_pending, m = t->sig_pending & allowed;
	struct sig_kinfo *infos = t->sig_info;
	int sig;

	if (!m) {
		set = &p->sig_pending;
		m = p->sig_pending & allowed;
		infos = p->sig_info;
	}
	if (!m)
		return 0;
	if (m & SYNC_MASK)
		m &= SYNC_MASK;
	sig = __builtin_ctz(m) + 1;
	*set &= ~BIT(sig);
	*ki = infos[sig];
	if (ki->code == Q_SI_TIMER)
		posix_timer_delivered(p, ki);
	return sig;
}

/* The default action kills the process (proc_lock held; never returns). */
static void __attribute__((noreturn))
die(struct task *t, int sig, const struct sig_kinfo *ki)
{
	struct process *p = t->proc;

	if (!p->killed) {
		p->killed = sig;
		p->exit_code = Q_W_SIGNALED(sig);
	}
	kick_all(p, SIGW_SIG);
	spin_unlock(&proc_lock);
	if (dfl_action[sig] == DFL_CORE && ki->trapno == T_PGFLT + 1)
		printk("pid %d (%s): page fault at eip %08x, address %08x (%s "
		       "%s): killed by %s (signal %d)\n", t->tid, p->comm,
		       ki->eip, ki->addr, (ki->err & 1) ? "protection" :
		       "not present", (ki->err & 2) ? "write" : "read",
		       signal_name(sig), sig);
	else if (dfl_action[sig] == DFL_CORE && ki->trapno)
		printk("pid %d (%s): %s at eip %08x: killed by %s (signal %d)\n",
		       t->tid, p->comm, trap_name(ki->trapno - 1), ki->eip,
		       signal_name(sig), sig);
	else if (dfl_action[sig] == DFL_CORE && ki->code != Q_SI_KERNEL)
		printk("pid %d (%s): killed by %s (signal %d) from pid %d\n",
		       t->tid, p->comm, signal_name(sig), sig, ki->pid);
	task_exit(0);
}

/* An interrupted system call: restart it, or make it fail with EINTR
 * (act: the handler about to run, NULL if none). */
static void
syscall_fixup(struct trapframe *tf, int sysnr, const struct q_sigaction *act)
{
	int32_t r;

	if (sysnr < 0 || sysnr == SYS_sigreturn)
		return;
	r = arch_syscall_result(tf);
	switch (-r) {
	case ERESTARTNOHAND:
	case ERESTART_RESTARTBLOCK:
		if (act)
			arch_syscall_set_result(tf, -EINTR);
		else
			arch_syscall_restart(tf, r == -ERESTARTNOHAND ? sysnr :
					     SYS_restart_syscall);
		break;
	case ERESTARTSYS:
		if (act && !(act->flags & Q_SA_RESTART))
			arch_syscall_set_result(tf, -EINTR);
		else
			arch_syscall_restart(tf, sysnr);
		break;
	case ERESTARTNOINTR:
		arch_syscall_restart(tf, sysnr);
		break;
	}
}

void
signal_fill_siginfo(struct q_siginfo *si, int sig, const struct sig_kinfo *ki)
{
	memset(si, 0, sizeof(*si));
	si->si_signo = sig;
	si->si_code = ki->code;
	if (BIT(sig) & SYNC_MASK && ki->trapno) {
		si->u.addr = ki->addr;
	} else if (ki->code == Q_SI_TIMER) {
		si->u.timer.tid = ki->timerid;
		si->u.timer.overrun = ki->overrun;
		si->u.timer.value = ki->value;
	} else {
		si->u.kill.pid = ki->pid;
		si->u.kill.status = ki->status;
	}
}

/* Run a handler: its mask, the interrupted call, the frame (proc_lock
 * held on entry, released). */
static void
setup_handler(struct trapframe *tf, int sysnr, int sig,
	      const struct sig_kinfo *ki)
{
	struct task *t = current;
	struct process *p = t->proc;
	struct q_sigaction act = p->sig_action[sig];
	struct q_siginfo si;
	q_sigset_t old = t->sig_restore_mask ? t->sig_saved_mask :
		t->sig_blocked;

	if (act.flags & Q_SA_RESETHAND) {
		p->sig_action[sig].handler = Q_SIG_DFL;
		p->sig_action[sig].flags &= ~Q_SA_SIGINFO;
	}
	t->sig_restore_mask = 0;
	t->sig_blocked |= act.mask | ((act.flags & Q_SA_NODEFER) ? 0 : BIT(sig));
	t->sig_blocked &= ~UNBLOCKABLE;
	signal_recalc(t);
	spin_unlock(&proc_lock);
	syscall_fixup(tf, sysnr, &act);
	signal_fill_siginfo(&si, sig, ki);
	if (arch_signal_setup(tf, sig, &si, &act, old) == 0)
		return;
	printk("pid %d (%s): no room for the %s frame below esp %08x: "
	       "killed by SIGSEGV\n", t->tid, p->comm, signal_name(sig),
	       tf->esp);
	spin_lock(&proc_lock);
	die(t, Q_SIGSEGV, &(struct sig_kinfo){ .code = Q_SI_KERNEL });
}

void
signal_deliver(struct trapframe *tf, int sysnr)
{
	struct task *t = current;
	struct process *p = t->proc;
	struct sig_kinfo ki;
	int sig;

	spin_lock(&proc_lock);
	for (;;) {
		if (p->killed) {
			spin_unlock(&proc_lock);
			task_exit(0);
		}
		if (p->stop_sig) {
			stop_sleep(p);
			continue;
		}
		sig = signal_dequeue_set(t, ~t->sig_blocked, &ki);
		if (!sig)
			break;
		if (p->sig_action[sig].handler == Q_SIG_IGN)
			continue;
		if (p->sig_action[sig].handler != Q_SIG_DFL) {
			setup_handler(tf, sysnr, sig, &ki);
			return;
		}
		switch (dfl_action[sig]) {
		case DFL_IGN:
		case DFL_CONT:
			break;
		case DFL_STOP:
			do_stop(p, sig);
			break;
		default:
			die(t, sig, &ki);
		}
	}
	/* no handler ran: sigsuspend's mask goes back, calls restart */
	if (t->sig_restore_mask) {
		t->sig_blocked = t->sig_saved_mask;
		t->sig_restore_mask = 0;
	}
	signal_recalc(t);
	spin_unlock(&proc_lock);
	syscall_fixup(tf, sysnr, NULL);
}

void
signal_bad_frame(struct trapframe *tf)
{
	struct task *t = current;

	printk("pid %d (%s): bad signal frame at esp %08x in sigreturn: "
	       "killed by SIGSEGV\n", t->tid, t->proc->comm, tf->esp);
	spin_lock(&proc_lock);
	die(t, Q_SIGSEGV, &(struct sig_kinfo){ .code = Q_SI_KERNEL });
}

void
signal_force_fault(struct trapframe *tf, int sig, int code, uint32_t addr)
{
	struct task *t = current;
	struct process *p = t->proc;
	struct q_sigaction *a = &p->sig_action[sig];

	spin_lock(&proc_lock);
	/* a fault cannot be blocked or ignored away (Linux's force_sig):
	 * a fault inside its own handler therefore kills */
	if ((t->sig_blocked & BIT(sig)) || a->handler == Q_SIG_IGN) {
		a->handler = Q_SIG_DFL;
		t->sig_blocked &= ~BIT(sig);
	}
	t->sig_pending |= BIT(sig);
	t->sig_info[sig] = (struct sig_kinfo){
		.code = code, .addr = addr, .eip = tf->eip,
		.trapno = (uint16_t)(tf->trapno + 1), .err = (uint16_t)tf->err,
	};
	t->sig_work |= SIGW_SIG;
	spin_unlock(&proc_lock);
}

void
signal_fork(struct process *parent, struct process *child)
{
	waitq_init(&child->stop_wait);
	itimer_init(child);
	posix_timers_init(child);
	if (!parent)
		return;
	memcpy(child->sig_action, parent->sig_action,
	       sizeof(child->sig_action));
	child->pgid = parent->pgid;
	child->sid = parent->sid;
}

void
signal_exec(struct process *p)
{
	spin_lock(&proc_lock);
	for (int sig = 1; sig < Q_NSIG; sig++)
		if (p->sig_action[sig].handler != Q_SIG_IGN)
			p->sig_action[sig] = (struct q_sigaction){ 0 };
	spin_unlock(&proc_lock);
}

/* The process signals of set, pending, go to tasks that take them, skip
 * aside (it exits, or has just blocked them). */
static void
hand_on(struct process *p, q_sigset_t set, struct task *skip)
{
	q_sigset_t left = p->sig_pending & set;

	while (left) {
		int sig = __builtin_ctz(left) + 1;
		struct task *t = pick_target(p, sig, skip);
		left &= ~BIT(sig);
		if (t)
			kick(t, SIGW_SIG);
	}
}

void
signal_task_exit(struct process *p)
{
	hand_on(p, ~0u, current);
}

/* Linux's retarget_shared_pending.  proc_lock held. */
void
signal_retarget(struct task *t, q_sigset_t newly_blocked)
{
	hand_on(t->proc, newly_blocked, t);
}

/* The current task sleeps until a signal is pending for it or deadline
 * (sched_clock ns, 0 = none) passes.  No lock held. */
void
signal_sleep(uint64_t deadline)
{
	struct task *t = current;

	__atomic_store_n(&t->state, TASK_SLEEPING, __ATOMIC_SEQ_CST);
	if (signal_pending(t) || (deadline && sched_clock() >= deadline)) {
		__atomic_store_n(&t->state, TASK_RUNNING, __ATOMIC_SEQ_CST);
		return;
	}
	if (deadline)
		timer_arm(&t->sleep_timer, deadline);
	sched_sleep();
	if (deadline)
		timer_cancel(&t->sleep_timer);
}

int
signal_discard_if_ignored(struct process *p, int sig)
{
	if (!sig_ignored(p, sig))
		return 0;
	flush_pending(p, BIT(sig));
	return 1;
}
