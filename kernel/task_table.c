/*
 * task_table.c - creating and freeing tasks; kernel threads.
 */
#include <stdint.h>
#include "arch/x86/context.h"
#include "arch/x86/paging.h"
#include "arch/x86/x86.h"
#include "kernel/cpu.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/task.h"
#include "kernel/time.h"

struct spinlock proc_lock = SPINLOCK_INIT("proc");
struct task *task_table[MAX_TASKS];
static int next_tid = 1;
static int last_tid;		/* the one handed out last (/proc/loadavg) */
static int ntasks;
/* One past the highest slot in use (proc_lock): task_find's and
 * task_free's scans stop there, so with few tasks they cost what they
 * did with a table of 256, whatever MAX_TASKS is. */
static int slots_span;

void
task_init(void)
{
	struct process *k = &kernel_process;

	k->pid = 0;
	strlcpy(k->comm, "kernel", sizeof(k->comm));
	list_init(&k->children);
	list_init(&k->sibling);
	list_init(&k->tasks);
	waitq_init(&k->child_wait);
}

/* A free tid: the next number not in use (proc_lock held). */
static int
alloc_tid(void)
{
	for (;;) {
		int tid = next_tid++;
		if (next_tid >= 32768)
			next_tid = 1;
		if (!task_find(tid)) {	/* process_find() is task_find() */
			last_tid = tid;
			return tid;
		}
	}
}

int
task_last_tid(void)
{
	return __atomic_load_n(&last_tid, __ATOMIC_RELAXED);
}

struct task *
task_alloc(struct process *proc)
{
	struct task *t = kmalloc(sizeof(*t));
	int slot;

	if (!t)
		return NULL;
	task_fields_init(t, proc);
	t->kstack = kstack_alloc();
	if (!t->kstack) {
		kfree(t);
		return NULL;
	}
	spin_lock(&proc_lock);
	for (slot = 0; slot < MAX_TASKS && task_table[slot]; slot++)
		;
	if (slot == MAX_TASKS) {
		spin_unlock(&proc_lock);
		kstack_free(t->kstack);
		kfree(t);
		return NULL;
	}
	t->tid = alloc_tid();
	task_table[slot] = t;
	if (slot >= slots_span)
		slots_span = slot + 1;
	ntasks++;
	list_add_tail(&t->thread_node, &proc->tasks);
	spin_unlock(&proc_lock);
	return t;
}

/* The idle task of a CPU: the CPU's boot context, already running. */
struct task *
task_alloc_idle(int cpu, uintptr_t stack_top)
{
	struct task *t = kmalloc(sizeof(*t));

	if (!t)
		panic("no memory for cpu%d's idle task", cpu);
	task_idle_init(t, cpu);
	t->kstack = stack_top - KSTACK_SIZE;
	return t;
}

/* Free an exited task: out of the table first, so that no one finds it
 * any more, then wait until no CPU runs it and no one who found it before
 * (under proc_lock) still looks at it (sched_pin). */
void
task_free(struct task *t)
{
	spin_lock(&proc_lock);
	for (int i = 0; i < slots_span; i++)
		if (task_table[i] == t) {
			task_table[i] = NULL;
			ntasks--;
		}
	while (slots_span > 0 && !task_table[slots_span - 1])
		slots_span--;
	list_del(&t->thread_node);
	spin_unlock(&proc_lock);
	while (__atomic_load_n(&t->on_cpu, __ATOMIC_ACQUIRE) ||
	       __atomic_load_n(&t->pinned, __ATOMIC_ACQUIRE))
		cpu_relax();
	kstack_free(t->kstack);
	t->magic = 0;
	kfree(t);
}

struct task *
task_find(int tid)
{
	for (int i = 0; i < slots_span; i++)
		if (task_table[i] && task_table[i]->tid == tid)
			return task_table[i];
	return NULL;
}

struct process *
process_find(int pid)
{
	struct task *t = task_find(pid);

	return (t && t->proc->pid == pid) ? t->proc : NULL;
}

int
task_count(void)
{
	return ntasks;
}

struct kthread_start {
	void (*fn)(void *);
	void *arg;
};

/* First code of every new kernel thread. */
static void
kthread_entry(void *p)
{
	struct kthread_start ks = *(struct kthread_start *)p;

	kfree(p);
	sched_finish_switch();
	this_cpu()->intena = 1;
	irq_pop();		/* interrupts on */
	ks.fn(ks.arg);
	task_exit(0);
}

struct task *
kthread_create(const char *name, void (*fn)(void *), void *arg)
{
	struct kthread_start *ks = kmalloc(sizeof(*ks));
	struct task *t;

	if (!ks)
		return NULL;
	t = task_alloc(&kernel_process);
	if (!t) {
		kfree(ks);
		return NULL;
	}
	strlcpy(t->comm, name, sizeof(t->comm));	/* ps, the trace */
	ks->fn = fn;
	ks->arg = arg;
	arch_task_init(t, t->kstack + KSTACK_SIZE, kthread_entry, ks);
	sched_wake_new(t, current, sched_fork(current, t));
	return t;
}
