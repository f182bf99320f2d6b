/*
 * task_init.c - a task's fields from nothing: what every new task, each
 * CPU's idle task, and the host harness's simulated tasks (tests/host)
 * start from.  It needs no memory of its own and no hardware, so the host
 * build compiles this very file: a change to a task's starting state
 * reaches the harness too.
 */
#include <stdint.h>
#include "kernel/lib/string.h"
#include "kernel/sched/sched.h"
#include "kernel/spinlock.h"
#include "kernel/task.h"
#include "kernel/time.h"
#include "kernel/timer.h"
#include "kernel/waitq.h"

struct process kernel_process;

/* A sleep with a deadline ends here (waitq_sleep, nanosleep), in the
 * timer interrupt. */
static void
sleep_timer_fn(void *arg)
{
	sched_wake((struct task *)arg, WAKE_IRQ);
}

void
task_fields_init(struct task *t, struct process *proc)
{
	memset(t, 0, sizeof(*t));
	t->magic = TASK_MAGIC;
	t->proc = proc;
	/* Not SLEEPING: a kill of the process (wake_all_tasks) may find the
	 * task in proc->tasks before sched_fork() has given the policy its
	 * state, and a wakeup then would queue a task the policy has never
	 * seen (eevdf: weight 0 in its tree, reweighted there by the fork). */
	t->state = TASK_NEW;
	t->cpus_allowed = ~0u;
	list_init(&t->rq_node);
	list_init(&t->thread_node);
	list_init(&t->wait_node);
	spin_init(&t->wake_lock, "wake");
	waitq_init(&t->join_wait);
	timer_setup(&t->sleep_timer, sleep_timer_fn, t);
	t->start_ns = sched_clock();
}

void
task_idle_init(struct task *t, int cpu)
{
	task_fields_init(t, &kernel_process);
	t->tid = 0;
	t->is_idle = 1;
	t->state = TASK_RUNNING;
	t->on_cpu = 1;
	t->cpu = cpu;
	t->cpus_allowed = 1u << cpu;
}
