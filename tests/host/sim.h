/*
 * sim.h - a deterministic SMP machine for the scheduler core.
 *
 * The simulator owns a virtual clock (sim_now, ns) and N CPUs.  Each CPU
 * runs whatever the real scheduler core made its current task.  Time moves
 * from event to event; an event runs kernel code "on" one CPU, with that
 * CPU's interrupt flag, this_cpu() and current:
 *
 *   tick    every 1e9/hz ns per CPU: ticks++, sched_tick() (IRQs off)
 *   IPI     a reschedule IPI posted by sched_resched() on another CPU
 *   task    the current task's user burst ended: its step() runs as a
 *           system call (sleep, wake a peer, yield, exit ...)
 *   action  a scenario's one-off code, run like an interrupt handler
 *
 * After each event the CPU "settles" the way the kernel does: the idle
 * task reschedules if there is work, a task returning to user mode acts on
 * need_resched (proc_return_to_user), a task woken inside a system call
 * runs the rest of it (resume).  A context switch only changes rq->curr
 * (arch_switch_to is a recording no-op), so kernel code that sleeps is
 * written as continuations: set t->resume, then call schedule().
 *
 * Between events the simulator checks that every lock is free, interrupts
 * are on, every runnable task is on exactly one runqueue and no posted
 * wakeup was lost.  There are no threads and no host clock: the same
 * scenario gives the same result on every run.
 */
#ifndef TESTS_HOST_SIM_H
#define TESTS_HOST_SIM_H

#include <stdint.h>
#include <stdio.h>
#include "arch/x86/x86.h"
#include "kernel/config.h"
#include "kernel/spinlock.h"
#include "kernel/task.h"

#define US		1000ull
#define MS		1000000ull
#define SEC		1000000000ull
#define SIM_FOREVER	INT64_MAX	/* a burst that never ends */
#define SIM_NEVER	UINT64_MAX
#define SIM_MAX_TASKS	10240	/* bench.c's largest runqueue: 10,000 */

struct sim_task;
typedef void (*sim_fn)(struct sim_task *t);

/* A one-word pipe: the wait-queue pattern (flag under a lock, sleeper
 * registered, waker wakes under the lock). */
struct sim_chan {
	struct spinlock lock;
	int flag;			/* posted, not consumed yet */
	struct sim_task *waiter;
	uint64_t posted_at;
	uint64_t posts, wakes_in_window;
};

struct sim_task {
	struct task task;		/* the kernel's view; must stay first */
	const char *name;
	int index;			/* in sim_tasks[] */

	/* behaviour: a state machine of kernel code pieces */
	sim_fn step;			/* when the user burst ends */
	sim_fn cont;			/* kernel code due at cont_at */
	sim_fn resume;			/* when it runs after schedule() */
	sim_fn then;			/* after sim_chan_wait() */
	int in_kernel;
	int64_t burst;			/* user ns left, SIM_FOREVER */
	uint64_t cont_at;

	/* parameters of the behaviours in sim.c */
	uint64_t run_ns, sleep_ns, deadline;
	struct sim_chan *in, *out;	/* wait on in, post to out */
	struct sim_chan *waiting;	/* sim_chan_wait in progress */
	int sync;
	int64_t rounds;			/* pinger: exchanges left, -1 forever */
	uint32_t mask;			/* affinity at start, 0 = inherit */
	int rt_class, rt_prio;		/* SCHED_CLASS_* at start (0: the
					 * policy's), not the parent's */
	int user;			/* a user task (a process of its own,
					 * Linux's p->mm), not a kernel one */

	/* the simulator's own accounting, independent of the kernel's */
	int running_on;			/* CPU, or -1 */
	uint64_t ran_ns, ran_on[MAX_CPUS];
	uint64_t last_in;		/* switched in at */
	uint64_t switched_in, sleeps, wakeups;
	void *priv;			/* the scenario's */
};

struct sim_cpu {
	struct task *running;		/* as the switch hook saw it */
	uint64_t since;			/* accounted up to */
	uint64_t next_tick;
	int ipi;			/* reschedule IPI pending */
	uint64_t ipi_at;
	uint64_t idle_ns, ipis;
};

extern struct sim_cpu sim_cpus[MAX_CPUS];
extern struct sim_task *sim_tasks[SIM_MAX_TASKS];
extern int sim_ntasks;
extern uint64_t sim_tick_ns, sim_ipi_ns, sim_window_ns;
extern const char *sim_scenario_name;
extern const char *sim_cmdline;
extern int sim_verbose, sim_abort_on_panic, sim_bench;
/* sim_start() leaves out its check of every task: bench.c starts 10,000,
 * which would make the set-up O(n^2). */
extern int sim_unchecked_start;
/* Called at every context switch, inside schedule() with the runqueue
 * locked: look, do not touch. */
extern void (*sim_on_switch)(int cpu, struct sim_task *prev,
			     struct sim_task *next);

/* The stretches tasks ran, from switch in to switch out, for the policies'
 * tests: sim_record_runs() starts a fresh record through sim_on_switch.
 * Idle is left out, and with preempted_only every stretch that ended in a
 * sleep or an exit too.  The first SIM_MAX_RUNS stretches are kept. */
#define SIM_MAX_RUNS	16384
struct sim_run {
	struct sim_task *t;
	uint64_t start, ns;
};
extern struct sim_run sim_runs[SIM_MAX_RUNS];
extern int sim_nruns;
void sim_record_runs(int preempted_only);

static inline struct sim_task *
sim_of(struct task *t)
{
	return (struct sim_task *)t;
}

/* machine */
void sim_boot(int ncpu);
void sim_run_until(uint64_t t);
void sim_account_all(void);		/* charge every CPU up to sim_now */
void sim_at(uint64_t when, int cpu, void (*fn)(void *), void *arg);
void sim_on(int cpu, void (*fn)(void *), void *arg);	/* now */
/* A race in one thread: the simulated CPU's next cli() - the start of
 * its next spin_lock() - first runs this (once), as if another CPU had
 * done it in the gap before the lock. */
extern void (*sim_cli_hook)(void);
uint64_t sim_rand(void);
void sim_seed(uint64_t seed);

/* tasks: allocate, set a behaviour, start (forked on cpu, like a
 * kernel thread created there) */
struct sim_task *sim_task_alloc(const char *name);	/* shim.c */
struct sim_task *sim_task_new(const char *name);
void sim_start(struct sim_task *t, int cpu);
/* Fork t from the task running on this CPU now: from kernel code the
 * scenario runs as that task (a step), so the task is t's parent. */
void sim_fork_now(struct sim_task *t);
void sim_hog(struct sim_task *t);
void sim_sleeper(struct sim_task *t, uint64_t run_ns, uint64_t sleep_ns);
void sim_yielder(struct sim_task *t, uint64_t run_ns);
void sim_runner(struct sim_task *t, uint64_t run_ns);	/* then exits */
void sim_pinger(struct sim_task *t, struct sim_chan *in,
		struct sim_chan *out, uint64_t run_ns, int sync);
/* The other half of a pinger's pair, which waits for the first post. */
void sim_ponger(struct sim_task *t, struct sim_chan *in,
		struct sim_chan *out, uint64_t run_ns, int sync);
void sim_waiter(struct sim_task *t, struct sim_chan *in, uint64_t run_ns);

/* kernel code pieces for behaviours */
void sim_user(struct sim_task *t, int64_t burst);	/* back to user */
void sim_chan_init(struct sim_chan *c);
void sim_chan_post(struct sim_chan *c, int sync);
void sim_chan_wait(struct sim_task *t, struct sim_chan *c, sim_fn then);
void sim_exit(struct sim_task *t);

/* results */
void sim_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int sim_failed(void);
const char *sim_failure(void);
void sim_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void sim_dump(FILE *f);

/* shim.c and sim.c internals shared with the shim */
void sim_post_ipi(int cpu);
void sim_switch(struct task *prev, struct task *next);

/* Linux's weight of a nice level (an oracle independent of the kernel). */
double sim_weight_of(int nice);

#endif
