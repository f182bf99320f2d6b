/*
 * policy.h - the one interface between the scheduler core and a policy.
 *
 * Exactly one policy is linked into the kernel (make SCHED=<name>); it
 * defines `const struct sched_policy sched_policy`.  The core
 * (kernel/sched/core.c) does the bookkeeping every policy needs - the
 * runqueue lock, nr_running, the current and idle task, the clock,
 * migration between CPUs, and the real-time classes that run above every
 * policy (rt.c) - and asks the policy only the questions that differ
 * between Linux's schedulers: which task next, is its slice over, should a
 * waking task preempt, what does a nice level or a sleep mean.  This is
 * the shape of Linux's struct sched_class and of sched_ext's ops: five
 * hooks are required, every other one is optional and has a default
 * (docs/scheduler.md, "The policy interface"; docs/policies/write-your-own.md
 * walks through the smallest policy, rr.c).
 *
 * Rules every hook may rely on:
 *   - it runs with interrupts off and the lock of the rq it is given held
 *     (hooks without an rq: see each one);
 *   - the current task is never in the policy's queue: pick_next() takes
 *     the chosen task out, put_prev() puts a still-runnable one back;
 *   - the policy sees only its own tasks: SCHED_FIFO and SCHED_RR tasks
 *     belong to the core's rt class and reach no hook but fork (which sets
 *     up every task's private state) and migrate_out/migrate_in;
 *   - per-task state lives in the task's private area (SCHED_TASK_PRIV
 *     bytes, zeroed before fork()), per-CPU state in rq_priv(rq) (rq_size
 *     bytes, zeroed before init_rq()); nothing policy-specific lives in the
 *     core.
 *
 * A policy file includes only this header and kernel/lib/ headers (the
 * build checks it: tools/check_policy.py).  struct task and struct rq are
 * opaque here: a policy reads them through the accessors below.
 */
#ifndef KERNEL_SCHED_POLICY_H
#define KERNEL_SCHED_POLICY_H

#include <stddef.h>
#include <stdint.h>
#include "kernel/panic.h"	/* panic(), KASSERT(): a policy bug stops */
#include "kernel/printk.h"	/* printk(), for dump() */

/* A policy's small helper on its hot path (update_curr, the vruntime
 * sums): inlined into every hook that calls it, which saves a call, a
 * frame and the spilling of 64-bit values around it, many times a
 * switch.  A GDB_BUILD=1 kernel keeps it a function of its own, so that
 * `step` enters it (docs/debugging.md). */
#ifdef GDB_BUILD
#define SCHED_HOT static
#else
#define SCHED_HOT static inline __attribute__((always_inline))
#endif
#include "kernel/sched/view.h"	/* the task and rq fields a policy reads */
#include "kernel/tunable.h"	/* TUNABLE() */

/*
 * The first set bit of a 140-bit priority bitmap (5 words, bits 0-99 the
 * real-time priorities, 100-139 nice -20..19): Linux 2.6's
 * sched_find_first_bit() (include/asm-i386/bitops.h), which tests the
 * words one by one, the three real-time ones first as unlikely.  No loop:
 * the O(1) arrays (o1, staircase, rsdl) pick with it at every switch.
 * -1 if no bit is set.
 */
#define SCHED_BITMAP_WORDS	5
static inline __attribute__((always_inline)) int
sched_find_first_bit(const uint32_t b[SCHED_BITMAP_WORDS])
{
	if (__builtin_expect(b[0] != 0, 0))
		return __builtin_ctz(b[0]);
	if (__builtin_expect(b[1] != 0, 0))
		return 32 + __builtin_ctz(b[1]);
	if (__builtin_expect(b[2] != 0, 0))
		return 64 + __builtin_ctz(b[2]);
	if (b[3])
		return 96 + __builtin_ctz(b[3]);
	if (b[4])
		return 128 + __builtin_ctz(b[4]);
	return -1;
}

struct rq;
struct task;

/* enqueue() flags */
#define ENQ_WAKEUP	0x01	/* it slept and was woken (or came back
				 * from the rt class: see rt.c) */
#define ENQ_NEW		0x02	/* first time: fork or thread creation */
#define ENQ_MIGRATED	0x04	/* arriving from another CPU */
#define ENQ_SYNC	0x08	/* woken with the sync hint */
#define ENQ_YIELD	0x10	/* the running task yields (the default
				 * yield: put it at the back) */
#define ENQ_LOCAL	0x20	/* woken by the task running on this rq's
				 * CPU (a waker that may be about to sleep) */
#define ENQ_IRQ		0x40	/* woken from an interrupt handler (a
				 * timer: sleep, a timeout), Linux's
				 * in_interrupt() at the wakeup */
#define ENQ_UNINT	0x80	/* it slept uninterruptibly (Linux's
				 * TASK_UNINTERRUPTIBLE: waitq_sleep_unint,
				 * the wait for a busy ramfs file) */
/* dequeue() flags */
#define DEQ_SLEEP	0x01	/* the task (current) goes to sleep, or
				 * leaves for the rt class */
#define DEQ_MIGRATE	0x02	/* a queued task leaves: the balancer
				 * moves it, or it becomes real-time */
#define DEQ_EXIT	0x04	/* the task (current) exits */

/* Balancer eras (balance.c, lb_era=): what placement and load balancing
 * do, after the Linux version a policy models. */
#define LB_ERA_2_6_0	1	/* no sched domains: 1 ms idle, 200 ms busy */
#define LB_ERA_2_6_22	2	/* sched domains, O(1)'s arithmetic */
#define LB_ERA_2_6_24	3	/* sched domains with CFS's load fuzz */
#define LB_ERA_MODERN	4	/* idle search, fork balancing (2.6.33+, 6.x) */
#define LB_ERA_QUANTA	5	/* Quanta's own: rotation of a surplus task */
#define SCHED_LOAD_SCALE 1024UL	/* load of one nice-0 task */

struct sched_policy {
	const char *name;
	size_t rq_size;			/* bytes of rq_priv(rq), zeroed */

	/* ---- required ---- */
	/* A task becomes queued: woken, new, migrated here, or (ENQ_YIELD)
	 * the running task yields and the policy has no yield hook. */
	void (*enqueue)(struct rq *rq, struct task *p, int flags);
	/* A task leaves: it is current and sleeps or exits (DEQ_SLEEP,
	 * DEQ_EXIT; not in the queue then), or it is queued and is taken
	 * away (DEQ_MIGRATE). */
	void (*dequeue)(struct rq *rq, struct task *p, int flags);
	/* Take the best queued task out of the queue; NULL if none. */
	struct task *(*pick_next)(struct rq *rq);
	/* The running task stops running but stays runnable: queue it. */
	void (*put_prev)(struct rq *rq, struct task *p);
	/* Timer tick while curr, one of the policy's tasks, runs.  Call
	 * sched_resched(rq) to preempt curr. */
	void (*tick)(struct rq *rq, struct task *curr);

	/* ---- optional: the default when NULL is said for each ---- */
	/* Set up rq_priv(rq), once per CPU before any task.  Default:
	 * nothing (the area is zeroed). */
	void (*init_rq)(struct rq *rq);
	/* p was just enqueued on rq by a wakeup, fork or move: should it
	 * preempt rq_curr(rq), another task of the policy that is running?
	 * (sync: the waker is about to sleep.)  The core asks only when
	 * rq_curr(rq) is settled on its CPU.  Default: never; the woken
	 * task waits for the tick (xv6, round-robin). */
	int (*check_preempt)(struct rq *rq, struct task *p, int sync);
	/* curr calls sched_yield().  Default: curr goes back to the queue
	 * through enqueue(ENQ_YIELD) instead of put_prev(), i.e. at the back
	 * for a FIFO queue. */
	void (*yield)(struct rq *rq, struct task *curr);
	/* child was created by parent, the current task of this CPU, whose
	 * rq is locked (parent is NULL when the kernel creates the task:
	 * init, kernel threads).  child is not queued yet; task_rq(child) is
	 * the parent's (placement may move it before the first enqueue).
	 * Return 1 if the child should run before the parent continues.
	 * Default: 0, the parent goes on. */
	int (*fork)(struct task *parent, struct task *child);
	/* p, the current task, is about to exit: called before its final
	 * dequeue(DEQ_EXIT), without the rq lock (interrupts on).  Default:
	 * nothing. */
	void (*exit)(struct task *p);
	/* child, an exited task of the policy (it went through
	 * dequeue(DEQ_EXIT) and is on no CPU), is reaped by parent, the
	 * current task of rq, which is locked: waitpid collecting a forked
	 * child, Linux's release_task -> sched_exit (2.6.0 to 2.6.22).  The
	 * place to hand the child's unused slice back.  Not called for
	 * threads, nor when either task is real-time.  Default: nothing. */
	void (*reap)(struct rq *rq, struct task *parent, struct task *child);
	/* p's nice changes to nice (task_nice(p) is still the old value);
	 * p may be queued, current or asleep.  Default: nothing. */
	void (*set_nice)(struct rq *rq, struct task *p, int nice);
	/* task_slice_ns(p), the task's own slice request, changed (0 = the
	 * policy's default); same context as set_nice.  NULL: the policy
	 * has no per-task slice (sched_setslice fails with EINVAL). */
	void (*set_slice)(struct rq *rq, struct task *p);
	/* p moves between CPUs while not running: first leaves src (src
	 * locked; p already dequeued), then arrives on dst (dst locked;
	 * before enqueue).  Rebase clocks and keys here.  Default: nothing. */
	void (*migrate_out)(struct rq *src, struct task *p);
	void (*migrate_in)(struct rq *dst, struct task *p);
	/* Load of the runqueue for the balancer, and one task's share of
	 * it, in Linux's units: SCHED_LOAD_SCALE (1024) for one nice-0 task
	 * (2.6.0 and staircase count tasks: 1024 each; O(1) 2.6.22 sums
	 * smp-nice weights, CFS load weights).  Defaults: the sum of
	 * task_load over the policy's tasks on rq, which the core keeps as
	 * they come and go, and 1024. */
	unsigned long (*load)(struct rq *rq);
	unsigned long (*task_load)(struct task *p);
	/* The balancer era of the Linux version the policy models (LB_ERA_*
	 * below; docs/reference/balancer.md).  A function, not a field,
	 * because a policy's version can be a tunable (o1_variant).  The
	 * lb_era tunable overrides it.  Default: LB_ERA_QUANTA. */
	int (*lb_era)(void);
	/* Priority as top's PR column shows it.  Default: 20 + nice
	 * (Linux's static_prio 120 + nice, less 100). */
	int (*prio)(struct task *p);
	/* A policy key for ps (vruntime, deadline, ...).  Default: 0. */
	int64_t (*key)(struct task *p);
	/* Print the queues (arrays, bitmaps, trees) with printk, in the
	 * order they will run.  Default: the core lists the queued tasks in
	 * the order they were queued, and says so. */
	void (*dump)(struct rq *rq);
	/* Debug builds: how many tasks the policy's structure holds; the
	 * core panics if it disagrees.  Default: no such check. */
	unsigned (*count)(struct rq *rq);
	/* Placement: the CPU p should be queued on, p being woken (flags
	 * ENQ_WAKEUP, with ENQ_SYNC if the waker is about to sleep) or new
	 * (ENQ_NEW).  waker_cpu is the CPU of the waker or of the parent;
	 * task_cpu(p) is where p last ran (a new task: its parent's CPU).
	 * p is not queued and nothing else can wake, run or move it
	 * meanwhile; task_rq(p) may be locked, no other runqueue is: read
	 * other CPUs through the accessors, as a hint that may be stale.
	 * Must return a CPU in task_cpus_allowed(p); the core panics
	 * otherwise.  Default: the core's placement (balance.c: the previous
	 * CPU, the waker's for a sync wakeup, an idle CPU; a new task on the
	 * idlest CPU). */
	int (*select_cpu)(struct task *p, int flags, int waker_cpu);
	/* The periodic balancing step, on every CPU at every tick after
	 * tick() and the timers, rq not locked, interrupts off; moves tasks
	 * with sched_pull_task() and sched_push_curr().  (A CPU about to go
	 * idle still pulls with the core's newly-idle balance, tunable
	 * newidle_balance.)  Default: the core's balancer (balance.c). */
	void (*balance)(struct rq *rq);

	/* The tunables or the number of CPUs online changed: recompute what
	 * the policy derives from them, Linux's update_sysctl() (the latency
	 * scaled by the CPU count, say), so that the hot paths read a word
	 * instead of recomputing it at each use.  Called after the command
	 * line's tunables are set, once every CPU is online, and after each
	 * tunable write; never two at once; no runqueue lock held.  The
	 * values it stores are read without a lock: 32-bit words, so that a
	 * reader sees the old value or the new.  Default: nothing. */
	void (*update_sysctl)(void);

	const struct tunable *tunables;
	size_t ntunables;
};

extern const struct sched_policy sched_policy;

/* The number of tunables of an array, for .ntunables. */
#define TUNABLES_COUNT(a)	(sizeof(a) / sizeof((a)[0]))

/* ---- what a policy may know of a task (fields: view.h) ---- */
static inline const struct task_view *
task_view(const struct task *p)
{
	return (const struct task_view *)(const void *)p;
}

static inline int
task_nice(const struct task *p)
{
	return task_view(p)->nice;
}

/* SCHED_BATCH: a CPU hog by its own word (Linux 2.6.16+). */
static inline int
task_is_batch(const struct task *p)
{
	return task_view(p)->sched_class == SCHED_CLASS_BATCH;
}

/* SCHED_IDLE: runs only when nothing else wants the CPU (2.6.23+). */
static inline int
task_is_idle_class(const struct task *p)
{
	return task_view(p)->sched_class == SCHED_CLASS_IDLE;
}

static inline uint32_t
task_slice_ns(const struct task *p)
{
	return task_view(p)->slice_ns;
}

static inline int
task_is_kthread(const struct task *p)
{
	return (task_view(p)->task_flags & TF_KTHREAD) != 0;
}

static inline void *
task_priv(const struct task *p)
{
	return (void *)task_view(p)->sched_priv;
}

/* From a policy's per-task struct back to its task. */
static inline struct task *
task_of_priv(void *priv)
{
	return (struct task *)(void *)((char *)priv -
				       offsetof(struct task_view, sched_priv));
}

/* Out of line (core.c): not needed on hot paths. */
int task_tid(const struct task *p);
const char *task_comm(const struct task *p);
int task_cpu(const struct task *p);
struct rq *task_rq(const struct task *p);
uint32_t task_cpus_allowed(const struct task *p);
/* Are a and b threads of one process (a child created by thread_create
 * rather than fork)? */
int task_same_process(const struct task *a, const struct task *b);

/* ---- what a policy may know of a runqueue (fields: view.h) ---- */
static inline const struct rq_view *
rq_view(const struct rq *rq)
{
	return (const struct rq_view *)(const void *)rq;
}

static inline int
rq_cpu(const struct rq *rq)
{
	return rq_view(rq)->cpu;
}

/* The policy's runnable tasks on rq: its queue, plus curr if curr is its. */
static inline unsigned
rq_nr_running(const struct rq *rq)
{
	return rq_view(rq)->nr_policy;
}

/* What runs on rq: one of the policy's tasks, an rt task or the idle task. */
static inline struct task *
rq_curr(const struct rq *rq)
{
	return rq_view(rq)->curr;
}

static inline int
rq_curr_is_idle(const struct rq *rq)
{
	return rq_view(rq)->curr == rq_view(rq)->idle;
}

/* Has rq's current task been asked to give up the CPU? */
static inline int
rq_resched_pending(const struct rq *rq)
{
	return task_view(rq_view(rq)->curr)->need_resched;
}

static inline uint64_t
rq_clock(const struct rq *rq)
{
	return rq_view(rq)->clock;
}

static inline void *
rq_priv(const struct rq *rq)
{
	return rq_view(rq)->priv;
}

/*
 * SCHED_POLICY_STATE(prefix, rq_type, task_type) defines the typed
 * accessors every policy needs:
 *   rq_type   *prefix_rq(struct rq *rq)         the per-CPU state
 *   task_type *prefix_task(struct task *p)      the per-task state
 *   struct task *prefix_task_of(task_type *x)   and back
 * and checks at compile time that task_type fits in SCHED_TASK_PRIV.
 */
#define SCHED_POLICY_STATE(prefix, rq_type, task_type)			\
	_Static_assert(sizeof(task_type) <= SCHED_TASK_PRIV,		\
		       #task_type " is larger than SCHED_TASK_PRIV");	\
	static inline __attribute__((unused)) rq_type *			\
	prefix##_rq(const struct rq *rq)				\
	{								\
		return (rq_type *)rq_priv(rq);				\
	}								\
	static inline __attribute__((unused)) task_type *		\
	prefix##_task(const struct task *p)				\
	{								\
		return (task_type *)task_priv(p);			\
	}								\
	static inline __attribute__((unused)) struct task *		\
	prefix##_task_of(task_type *x)					\
	{								\
		return task_of_priv(x);					\
	}

/* ---- calls into the core ---- */
/* Ask rq's current task to give up the CPU at the next chance (an IPI if
 * rq is another CPU's). */
void sched_resched(struct rq *rq);
/* Nanoseconds the current task has run since it was picked. */
uint64_t sched_curr_runtime(struct rq *rq);
int sched_ncpu(void);
struct rq *sched_cpu_rq(int cpu);
/* Linux's scaling of its scheduler sysctls by the CPU count (2.6.24
 * sched_init_granularity, 6.6 get_update_sysctl_factor): mode 0 gives 1,
 * mode 1 gives 1 + log2(n), mode 2 gives n, for n online CPUs capped at
 * max_cpus (0: no cap).  A bit scan, not a loop: the policies ask at
 * every enqueue. */
static inline unsigned
sched_cpu_factor(int mode, int max_cpus)
{
	unsigned n = (unsigned)sched_ncpu();

	if (max_cpus > 0 && n > (unsigned)max_cpus)
		n = (unsigned)max_cpus;
	if (mode == 0)
		return 1;
	return mode == 1 ? 32 - (unsigned)__builtin_clz(n | 1) : n;
}
/* Balancing moves, for a balance hook (no runqueue lock held).  Pull:
 * move to dst the task that has been queued on src the longest among
 * those allowed on dst and not running; 1 if one moved, 0 if src had
 * none.  Push: ask src's running task (one of the policy's, allowed on
 * dst) to move to dst at its next switch, which sched_resched(src) makes
 * soon; it moves only if src then still runs more tasks than dst.  1 if
 * asked, 0 if src's current task may not go or another push from src is
 * pending (the first asker keeps it, as in Linux's load_balance()). */
int sched_pull_task(struct rq *dst, struct rq *src);
int sched_push_curr(struct rq *src, struct rq *dst);
/* Nanoseconds since boot (the TSC, scaled); rq_clock() is cheaper. */
uint64_t sched_clock(void);
/* The tick rate (hz= on the command line) and one tick in ns: a 32-bit
 * division, one instruction, where 1000000000ull / hz would call libgcc's
 * 64-bit helper (arch/x86/divdi3.c) on every use. */
extern unsigned int hz;

static inline uint32_t
sched_tick_ns(void)
{
	return 1000000000u / hz;
}

#endif
