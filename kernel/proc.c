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
#include "arch/x86/x86.h"
#include "drivers/power.h"
#include "include/uapi/errno.h"
#include "kernel/config.h"
#include "kernel/cpu.h"
#include "kernel/file.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/proc.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/trace.h"
#include "kernel/task.h"
#include "kernel/time.h"

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
	if (parent)
		strlcpy(p->comm, parent->comm, sizeof(p->comm));
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
	current->acct_cyc = rdtsc();
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
	return t;
}

static void
account_fork(struct task *parent, struct task *child)
{
	child->need_resched = sched_fork(parent, child);	/* child first? */
	if (trace_on)
		trace_record(TR_FORK, parent->tid, child->tid, 0, 0, 0, 0);
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
	account_fork(me, t);
	sched_wake_new(t, me);
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
	t->tf->eip = entry;
	t->tf->esp = stack_top;
	t->tf->eax = arg;
	t->tf->ebp = 0;
	spin_lock(&proc_lock);
	p->nlive++;
	spin_unlock(&proc_lock);
	account_fork(me, t);
	sched_wake_new(t, me);
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
	if (p->parent)
		waitq_wake_all(&p->parent->child_wait, 0);
}

void
task_exit(int value)
{
	struct task *t = current;
	struct process *p = t->proc;
	struct files *files = NULL;

	t->thread_value = value;
	sched_exit(t);
	if (trace_on)
		trace_record(TR_EXIT, t->tid, 0, 0, 0, 0, 0);
	spin_lock(&proc_lock);
	p->dead_utime += t->utime_cyc;
	p->dead_stime += t->stime_cyc;
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
	}
	t->state = TASK_ZOMBIE;
	spin_unlock(&proc_lock);
	if (files)
		files_put(files);	/* may wake pipe peers; we still run */
	schedule();
	panic("task_exit: a zombie ran again");
}

/* Wake every task of p so that it notices p->killed. */
static void
wake_all_tasks(struct process *p)
{
	struct list *pos;

	list_for_each(pos, &p->tasks) {
		struct task *t = list_entry(pos, struct task, thread_node);
		if (t->state == TASK_SLEEPING)
			sched_wake(t, 0);
		else if (t->state == TASK_RUNNING && t != current)
			sched_resched(cpu_rq(t->cpu));
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

int
proc_kill(int pid, int sig)
{
	struct process *p;

	if (sig < 0 || sig >= Q_NSIG)
		return -EINVAL;
	spin_lock(&proc_lock);
	p = process_find(pid);
	if (!p || p->zombie) {
		spin_unlock(&proc_lock);
		return -ESRCH;
	}
	if (sig != 0 && !p->killed && !((p->sig_ignored >> sig) & 1)) {
		p->killed = sig;
		p->exit_code = sig & 0x7f;
		wake_all_tasks(p);
	}
	spin_unlock(&proc_lock);
	return 0;
}

int
proc_signal(int sig, int action)
{
	struct process *p = current->proc;

	if (sig <= 0 || sig >= Q_NSIG || sig == Q_SIGKILL || action < 0 ||
	    action > 1)
		return -EINVAL;
	if (action)
		p->sig_ignored |= 1u << sig;
	else
		p->sig_ignored &= ~(1u << sig);
	return 0;
}

/* Free a reaped process (proc_lock not held; nobody can reach it). */
static void
process_free(struct process *p)
{
	struct list *pos, *n;

	list_for_each_safe(pos, n, &p->tasks) {
		struct task *t = list_entry(pos, struct task, thread_node);
		task_free(t);
	}
	if (p->mm)
		mm_put(p->mm);
	kfree(p);
}

/* A zombie child matching pid, or NULL; *any says whether one exists. */
static struct process *
find_zombie(struct process *me, int pid, int *any)
{
	struct list *pos;

	*any = 0;
	list_for_each(pos, &me->children) {
		struct process *c = list_entry(pos, struct process, sibling);
		if (pid > 0 && c->pid != pid)
			continue;
		*any = 1;
		if (c->zombie)
			return c;
	}
	return NULL;
}

int
proc_wait(int pid, int *ustatus, int options)
{
	struct process *me = current->proc, *c;
	int any, err, status, cpid;

	spin_lock(&proc_lock);
	while (!(c = find_zombie(me, pid, &any))) {
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
	list_del(&c->sibling);
	me->child_utime += c->dead_utime + c->child_utime;
	me->child_stime += c->dead_stime + c->child_stime;
	me->child_nvcsw += c->dead_nvcsw + c->child_nvcsw;
	me->child_nivcsw += c->dead_nivcsw + c->child_nivcsw;
	status = c->exit_code;
	cpid = c->pid;
	spin_unlock(&proc_lock);
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
			return err;
		}
	}
	value = t->thread_value;
	spin_unlock(&proc_lock);
	task_free(t);
	if (uvalue && copy_to_user(uvalue, &value, sizeof(value)) < 0)
		return -EFAULT;
	return 0;
}

/* Everything a task does on its way back to user mode. */
void
proc_return_to_user(struct trapframe *tf)
{
	struct task *t = current;

	(void)tf;
	for (;;) {
		if (t->proc->killed)
			task_exit(0);
		if (!t->need_resched)
			break;
		schedule();
	}
}

/* A CPU exception in user mode: report it, kill the process. */
static const int fault_signal[32] = {
	[T_DIVIDE] = Q_SIGFPE, [T_DEBUG] = Q_SIGTRAP, [T_BRKPT] = Q_SIGTRAP,
	[T_OFLOW] = Q_SIGSEGV, [T_BOUND] = Q_SIGSEGV, [T_ILLOP] = Q_SIGILL,
	[T_DEVICE] = Q_SIGFPE, [T_SEGNP] = Q_SIGBUS, [T_STACK] = Q_SIGBUS,
	[T_GPFLT] = Q_SIGSEGV, [T_PGFLT] = Q_SIGSEGV, [T_FPERR] = Q_SIGFPE,
	[T_ALIGN] = Q_SIGBUS, [T_SIMDERR] = Q_SIGFPE,
};

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
	printk("pid %d (%s): %s at eip %08x%s, addr %08x: killed (signal %d)\n",
	       t->tid, p->comm, trap_name(tf->trapno), tf->eip,
	       tf->trapno == T_PGFLT ? " (page fault)" : "",
	       tf->trapno == T_PGFLT ? read_cr2() : 0, sig);
	spin_lock(&proc_lock);
	if (!p->killed || p->killed == -1) {
		p->killed = sig;
		p->exit_code = sig;
	}
	wake_all_tasks(p);
	spin_unlock(&proc_lock);
	task_exit(0);
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
	p->nlive = 1;
	err = exec_first(p, t->tf, path, argc, argv);
	if (err < 0) {
		task_free(t);
		goto fail;
	}
	sched_fork(current, t);
	sched_wake_new(t, current);
	return 0;
fail:
	if (p && p->files)
		files_put(p->files);
	kfree(p);
	return err;
}
