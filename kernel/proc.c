/*
 * proc.c - fork, exit, wait, kill and threads.
 *
 * Exit happens per task: a task that exits becomes a zombie and never runs
 * again.  When the last task of a process exits, the process becomes a
 * zombie: its files are closed at once; its address space, task structs
 * and kernel stacks are freed when the parent reaps it with waitpid (the
 * parent runs on another stack, so nothing frees the memory it runs on).
 * Orphans are adopted by init, which reaps them.
 */
#include <stdint.h>
#include "arch/x86/context.h"
#include "arch/x86/paging.h"
#include "arch/x86/trap.h"
#include "arch/x86/uvm.h"
#include "arch/x86/x86.h"
#include "drivers/power.h"
#include "include/uapi/errno.h"
#include "kernel/config.h"
#include "kernel/cpu.h"
#include "kernel/file.h"
#include "kernel/itimer.h"
#include "kernel/posix_timer.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/proc.h"
#include "kernel/rlimit.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/trace.h"
#include "kernel/signal.h"
#include "kernel/task.h"
#include "kernel/time.h"
#include "kernel/upcall.h"

int init_pid;
static struct list kthread_zombies = LIST_INIT(kthread_zombies);

static struct process *
process_alloc(struct process *parent)
{
	struct process *p = kzalloc(sizeof(*p));

	if (!p)
		return NULL;
	list_init(&p->children);
	list_init(&p->sibling);
	list_init(&p->tasks);
	waitq_init(&p->child_wait);
	p->parent = parent;
	p->start_ns = sched_clock();
	signal_fork(parent, p);
	rlimit_fork(parent, p);
	if (parent)		/* the forking thread's name (Linux) */
		strlcpy(p->comm, task_name(current), sizeof(p->comm));
	return p;
}

/* Free kernel threads that exited (proc_lock not held). */
static void
reap_kthreads(void)
{
	for (;;) {
		struct task *t = NULL;
		spin_lock(&proc_lock);
		if (!list_empty(&kthread_zombies)) {
			t = list_first(&kthread_zombies, struct task, wait_node);
			list_del(&t->wait_node);
		}
		spin_unlock(&proc_lock);
		if (!t)
			return;
		task_free(t);
	}
}

/* First code of a forked child or a new thread: straight to user mode. */
static void
user_task_entry(void *arg)
{
	(void)arg;
	sched_finish_switch();
	this_cpu()->intena = 0;
	irq_pop();		/* interrupts stay off until iret */
	arch_enter_user(current->tf);
}

/* A new task for process p whose user state is a copy of tf. */
static struct task *
user_task_alloc(struct process *p, const struct trapframe *tf)
{
	struct task *t;

	reap_kthreads();
	t = task_alloc(p);
	if (!t)
		return NULL;
	arch_task_init(t, t->kstack + KSTACK_SIZE, user_task_entry, NULL);
	*t->tf = *tf;
	t->sig_blocked = current->sig_blocked;	/* fork and threads inherit it */
	return t;
}

/* Returns 1 if the child should run first (sched_fork). */
static int
account_fork(struct task *parent, struct task *child)
{
	int child_first = sched_fork(parent, child);

	trace_fork(parent, child);
	return child_first;
}

int
proc_fork(void)
{
	struct task *me = current, *t;
	struct process *parent = me->proc, *p = process_alloc(parent);

	if (!p)
		return -ENOMEM;
	p->mm = mm_copy(parent->mm);
	p->files = files_copy(parent->files);
	if (!p->mm || !p->files)
		goto nomem;
	t = user_task_alloc(p, me->tf);
	if (!t) {
		files_put(p->files);
		mm_put(p->mm);
		kfree(p);
		return -EAGAIN;
	}
	t->tf->eax = 0;			/* fork() returns 0 in the child */
	p->pid = t->tid;
	p->nlive = 1;
	spin_lock(&proc_lock);
	list_add_tail(&p->sibling, &parent->children);
	spin_unlock(&proc_lock);
	sched_wake_new(t, me, account_fork(me, t));
	return p->pid;
nomem:
	if (p->files)
		files_put(p->files);
	if (p->mm)
		mm_put(p->mm);
	kfree(p);
	return -ENOMEM;
}

int
thread_create(uint32_t entry, uint32_t arg, uint32_t stack_top)
{
	struct task *me = current, *t;
	struct process *p = me->proc;

	if (entry >= KERNBASE || stack_top >= KERNBASE)
		return -EFAULT;
	t = user_task_alloc(p, me->tf);
	if (!t)
		return -EAGAIN;
	/* a thread starts with its creator's name, as in Linux */
	strlcpy(t->comm, task_name(me), sizeof(t->comm));
	t->tf->eip = entry;
	t->tf->esp = stack_top;
	t->tf->eax = arg;
	t->tf->ebp = 0;
	spin_lock(&proc_lock);
	p->nlive++;
	/* a kill or stop from before task_alloc listed t (kick_all reaches
	 * it from then on): the thread acts on it at its first kernel entry */
	if (p->killed)
		t->sig_work |= SIGW_SIG;
	if (p->stop_sig)
		t->sig_work |= SIGW_STOP;
	spin_unlock(&proc_lock);
	sched_wake_new(t, me, account_fork(me, t));
	return t->tid;
}

/* Give p's children to init (proc_lock held). */
static void
reparent_children(struct process *p)
{
	struct process *init = process_find(init_pid);
	struct list *pos, *n;

	if (init == p)
		init = NULL;		/* init itself dies: nobody adopts */
	list_for_each_safe(pos, n, &p->children) {
		struct process *c = list_entry(pos, struct process, sibling);
		list_del(&c->sibling);
		c->parent = init;
		if (init) {
			list_add_tail(&c->sibling, &init->children);
			if (c->zombie)
				waitq_wake_all(&init->child_wait, 0);
		}
	}
}

/* The last task of p is exiting (proc_lock held). */
static void
process_die(struct process *p)
{
	p->zombie = 1;
	reparent_children(p);
	if (p->pid == init_pid) {
		int code = (p->exit_code >> 8) & 0xff;
		printk("init (pid %d) exited with status %d; powering off\n",
		       p->pid, (p->exit_code & 0x7f) ? 128 + (p->exit_code & 0x7f)
		       : code);
		trace_dump();
		machine_poweroff((p->exit_code & 0x7f) ? EXIT_PANIC - 1 :
				 (code > 125 ? 125 : code));
	}
	signal_child_exit(p);		/* SIGCHLD, and waitpid wakes */
}

void
task_exit(int value)
{
	struct task *t = current;
	struct process *p = t->proc;
	struct files *files = NULL;

	t->thread_value = value;
	sched_exit(t);
	trace_exit(t);
	spin_lock(&proc_lock);
	cputime_exit(t);
	p->dead_nvcsw += t->nvcsw;
	p->dead_nivcsw += t->nivcsw;
	if (p == &kernel_process) {
		list_add_tail(&t->wait_node, &kthread_zombies);
	} else if (--p->nlive == 0) {
		files = p->files;
		p->files = NULL;
		process_die(p);
	} else {
		waitq_wake_all(&t->join_wait, 0);
		signal_task_exit(p);	/* its process signals go on */
	}
	t->state = TASK_ZOMBIE;
	spin_unlock(&proc_lock);
	if (files)
		files_put(files);	/* may wake pipe peers; we still run */
	schedule();
	panic("task_exit: a zombie ran again");
}

/* Wake every task of p so that it notices p->killed, but for one in an
 * uninterruptible sleep, which notices at the end of it.  A task still
 * being created (TASK_NEW) gets only the bit: no wakeup may touch it
 * before sched_fork(), and it sees the bit at its first kernel entry. */
static void
wake_all_tasks(struct process *p)
{
	struct list *pos;

	list_for_each(pos, &p->tasks) {
		struct task *t = list_entry(pos, struct task, thread_node);
		if (t->state == TASK_ZOMBIE)
			continue;
		__atomic_or_fetch(&t->sig_work, SIGW_SIG, __ATOMIC_SEQ_CST);
		if (signal_wakes(t))
			sched_wake(t, 0);
		else if (t->state == TASK_RUNNING && t != current)
			sched_kick(t);
	}
}

void
proc_exit(int status)
{
	struct process *p = current->proc;

	spin_lock(&proc_lock);
	if (!p->killed) {
		p->killed = -1;			/* group exit, not a signal */
		p->exit_code = (status & 0xff) << 8;
	}
	wake_all_tasks(p);
	spin_unlock(&proc_lock);
	task_exit(0);
}

/* Free a reaped process (proc_lock not held; nobody can reach it). */
static void
process_free(struct process *p)
{
	struct list *pos, *n;

	itimer_cancel(p);
	posix_timers_free(p);
	list_for_each_safe(pos, n, &p->tasks) {
		struct task *t = list_entry(pos, struct task, thread_node);
		task_free(t);
	}
	if (p->mm)
		mm_put(p->mm);
	kfree(p);
}

/* The task fork() created for c (its tid is c's pid), or NULL if a
 * thread of c joined and freed it; c is reaped, so nobody else reaches
 * its task list. */
static struct task *
process_main_task(struct process *c)
{
	struct list *pos;

	list_for_each(pos, &c->tasks) {
		struct task *t = list_entry(pos, struct task, thread_node);
		if (t->tid == c->pid)
			return t;
	}
	return NULL;
}

/* Does child c match waitpid's pid (> 0, -1 any, 0 my group, < -1 group)? */
static int
wait_match(const struct process *me, const struct process *c, int pid)
{
	if (pid > 0)
		return c->pid == pid;
	if (pid == 0)
		return c->pgid == me->pgid;
	return pid == -1 || c->pgid == -pid;
}

/* A child matching pid with something to report, or NULL; *any says
 * whether one matches at all.  *reap: it is a zombie. */
static struct process *
find_waitable(struct process *me, int pid, int options, int *any, int *reap)
{
	struct list *pos;

	*any = 0;
	list_for_each(pos, &me->children) {
		struct process *c = list_entry(pos, struct process, sibling);
		if (!wait_match(me, c, pid))
			continue;
		*any = 1;
		*reap = c->zombie;
		if (c->zombie ||
		    ((options & Q_WUNTRACED) &&
		     c->wait_report == SIGW_REPORT_STOPPED) ||
		    ((options & Q_WCONTINUED) &&
		     c->wait_report == SIGW_REPORT_CONTINUED))
			return c;
	}
	return NULL;
}

/* Report a stop or continue of c (proc_lock held, released). */
static int
report_stop(struct process *c, int *ustatus)
{
	int status = c->wait_report == SIGW_REPORT_STOPPED ?
		Q_W_STOPPED(c->stop_sig) : Q_W_CONTINUED;
	int cpid = c->pid;

	c->wait_report = 0;
	spin_unlock(&proc_lock);
	if (ustatus && copy_to_user(ustatus, &status, sizeof(status)) < 0)
		return -EFAULT;
	return cpid;
}

int
proc_wait(int pid, int *ustatus, int options)
{
	struct process *me = current->proc, *c;
	struct task *t;
	int any, reap = 0, err, status, cpid;
	uint64_t ut, st;

	if (options & ~(Q_WNOHANG | Q_WUNTRACED | Q_WCONTINUED))
		return -EINVAL;
	spin_lock(&proc_lock);
	while (!(c = find_waitable(me, pid, options, &any, &reap))) {
		if (!any || (options & Q_WNOHANG)) {
			spin_unlock(&proc_lock);
			return any ? 0 : -ECHILD;
		}
		err = waitq_sleep(&me->child_wait, &proc_lock, 0);
		if (err < 0) {
			spin_unlock(&proc_lock);
			return err;
		}
	}
	if (!reap)
		return report_stop(c, ustatus);
	list_del(&c->sibling);
	process_cputime(c, &ut, &st);	/* all its tasks have exited */
	me->child_utime += ut + c->child_utime;
	me->child_stime += st + c->child_stime;
	me->child_nvcsw += c->dead_nvcsw + c->child_nvcsw;
	me->child_nivcsw += c->dead_nivcsw + c->child_nivcsw;
	status = c->exit_code;
	cpid = c->pid;
	spin_unlock(&proc_lock);
	if ((t = process_main_task(c)))
		sched_reap(t);		/* the slice it did not use */
	process_free(c);
	if (ustatus && copy_to_user(ustatus, &status, sizeof(status)) < 0)
		return -EFAULT;
	return cpid;
}

int
thread_join(int tid, int *uvalue)
{
	struct process *me = current->proc;
	struct task *t;
	int value, err;

	spin_lock(&proc_lock);
	t = task_find(tid);
	if (!t || t->proc != me || t == current || t->joined) {
		spin_unlock(&proc_lock);
		return t == current ? -EDEADLK : -ESRCH;
	}
	t->joined = 1;
	while (t->state != TASK_ZOMBIE) {
		err = waitq_sleep(&t->join_wait, &proc_lock, 0);
		if (err < 0) {
			t->joined = 0;
			spin_unlock(&proc_lock);
			/* POSIX: pthread_join never fails with EINTR */
			return err == -ERESTARTSYS ? -ERESTARTNOINTR : err;
		}
	}
	value = t->thread_value;
	spin_unlock(&proc_lock);
	task_free(t);
	if (uvalue && copy_to_user(uvalue, &value, sizeof(value)) < 0)
		return -EFAULT;
	return 0;
}

/* Everything a task does on its way back to user mode (interrupts off):
 * signals - with interrupts on, as a frame may need a page - then the
 * reschedule.  sysnr: the system call being left, -1 for other traps. */
void
proc_return_to_user(struct trapframe *tf, int sysnr)
{
	struct task *t = current;

	for (;;) {
		if (t->sig_work) {
			sti();
			signal_deliver(tf, sysnr);
			cli();
			sysnr = -1;	/* the call is dealt with */
			continue;
		}
		if (!t->need_resched)
			break;
		/* Interrupts on for the switch, as Linux's loop on the way
		 * out (exit_to_user_mode_loop()): a tick that falls due
		 * meanwhile is taken when this task runs again, still in the
		 * kernel, and sampled as system time (cputime.c), not just
		 * after the iret as user time. */
		sti();
		schedule();
		cli();
	}
}

/* A CPU exception in user mode becomes a signal (Linux's choices of
 * signal and si_code, arch/x86/kernel/traps.c). */
static const int fault_signal[32] = {
	[T_DIVIDE] = Q_SIGFPE, [T_DEBUG] = Q_SIGTRAP, [T_BRKPT] = Q_SIGTRAP,
	[T_OFLOW] = Q_SIGSEGV, [T_BOUND] = Q_SIGSEGV, [T_ILLOP] = Q_SIGILL,
	[T_DEVICE] = Q_SIGFPE, [T_SEGNP] = Q_SIGBUS, [T_STACK] = Q_SIGBUS,
	[T_GPFLT] = Q_SIGSEGV, [T_PGFLT] = Q_SIGSEGV, [T_FPERR] = Q_SIGFPE,
	[T_ALIGN] = Q_SIGBUS, [T_SIMDERR] = Q_SIGFPE,
};

static int
fault_code(const struct trapframe *tf, int sig)
{
	switch (tf->trapno) {
	case T_PGFLT:	/* a PROT_NONE page is not present, but mapped */
		return (tf->err & 1) ||
		       uvm_lookup(current->proc->mm->pgdir, read_cr2(), NULL)
		       ? Q_SEGV_ACCERR : Q_SEGV_MAPERR;
	case T_DIVIDE:
		return Q_FPE_INTDIV;
	case T_ILLOP:
		return Q_ILL_ILLOPN;
	case T_BRKPT:
		return Q_TRAP_BRKPT;
	case T_DEBUG:
		return Q_TRAP_TRACE;
	case T_ALIGN:
		return Q_BUS_ADRALN;
	}
	return sig == Q_SIGFPE ? Q_FPE_FLTINV : Q_SI_KERNEL;
}

int
user_fault(struct trapframe *tf)
{
	struct task *t = current;
	struct process *p = t->proc;
	int sig = fault_signal[tf->trapno] ? fault_signal[tf->trapno] : Q_SIGSEGV;

	if (!p->mm)
		return 0;
	if (tf->trapno == T_PGFLT &&
	    mm_user_fault(p->mm, read_cr2(), tf->err & 2) > 0)
		return 1;	/* stack growth or copy-on-write: retry */
	signal_force_fault(tf, sig, fault_code(tf, sig),
			   tf->trapno == T_PGFLT ? read_cr2() : tf->eip);
	return 1;			/* delivered on the way out */
}

int exec_first(struct process *p, struct trapframe *tf, const char *path,
	       int argc, const char *const argv[]);

/* Create process 1 running path, with the console as fds 0, 1 and 2. */
int
proc_start_init(const char *path, int argc, const char *const argv[])
{
	struct process *p = process_alloc(NULL);
	struct task *t;
	int err = -ENOMEM;

	if (!p || !(p->files = files_create()))
		goto fail;
	for (int fd = 0; fd < 3; fd++) {
		struct file *f = console_file(fd == 0, fd != 0);
		if (!f || fd_install(p->files, f, fd) != fd)
			goto fail;
	}
	t = task_alloc(p);
	if (!t)
		goto fail;
	arch_task_init(t, t->kstack + KSTACK_SIZE, user_task_entry, NULL);
	p->pid = init_pid = t->tid;
	p->pgid = p->sid = p->pid;	/* init leads the first session */
	p->nlive = 1;
	err = exec_first(p, t->tf, path, argc, argv);
	if (err < 0) {
		task_free(t);
		goto fail;
	}
	sched_wake_new(t, current, sched_fork(current, t));
	return 0;
fail:
	if (p && p->files)
		files_put(p->files);
	kfree(p);
	return err;
}
