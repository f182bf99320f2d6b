/*
 * student.c - lab 4 of the scheduler labs (docs/course/lab4-smp.md):
 * placement and load balancing on 4 CPUs.  `make dist LAB=4` puts this
 * file, with the SKELETON block in place of the SOLUTION block, at
 * kernel/sched/student.c; build it with `make SCHED=student`, grade it
 * with `make grade LAB=4`.
 *
 * Each CPU runs a round-robin queue (lab 1's, given).  What this lab
 * adds are the two hooks that spread tasks over CPUs, which the core
 * otherwise does itself (kernel/sched/balance.c):
 *   select_cpu  where a woken or new task is queued;
 *   balance     the periodic balancing step, on every CPU at every tick,
 *               moving tasks with sched_pull_task() and sched_push_curr().
 * A CPU about to go idle still pulls a task with the core's newly-idle
 * balance (tunable newidle_balance), whatever these hooks do.
 */
#include <stdint.h>
#include "kernel/lib/list.h"
#include "kernel/sched/policy.h"

/* ---- the per-CPU round-robin queue (lab 1), given ---- */
struct bal_rq {
	struct list runq;		/* the head runs next */
	unsigned queued;
	uint64_t next_balance;		/* sched_clock() of the next step */
	uint64_t next_rotate;		/* ... and of the next rotation */
	uint64_t last_turn;		/* when this CPU last took its turn
					 * at running two (rotate) */
	uint64_t waiting_since;		/* rq_clock() since when a task has
					 * been waiting here, while queued */
};

struct bal_task {
	struct list link;
	int ticks_left;
};

SCHED_POLICY_STATE(bal, struct bal_rq, struct bal_task)

#define SLICE_TICKS	10

static void
bal_init_rq(struct rq *rq)
{
	list_init(&bal_rq(rq)->runq);
}

static void
bal_enqueue(struct rq *rq, struct task *p, int flags)
{
	struct bal_rq *q = bal_rq(rq);

	if (flags & (ENQ_NEW | ENQ_WAKEUP))
		bal_task(p)->ticks_left = SLICE_TICKS;
	if (q->queued++ == 0)
		q->waiting_since = rq_clock(rq);
	list_add_tail(&bal_task(p)->link, &q->runq);
}

static void
bal_dequeue(struct rq *rq, struct task *p, int flags)
{
	if (!(flags & DEQ_MIGRATE))
		return;
	KASSERT(bal_rq(rq)->queued > 0);
	list_del(&bal_task(p)->link);
	bal_rq(rq)->queued--;
}

static struct task *
bal_pick_next(struct rq *rq)
{
	struct bal_rq *q = bal_rq(rq);
	struct bal_task *bt;

	if (q->queued == 0)
		return NULL;
	bt = list_first(&q->runq, struct bal_task, link);
	list_del(&bt->link);
	q->queued--;
	return bal_task_of(bt);
}

static void
bal_put_prev(struct rq *rq, struct task *p)
{
	struct bal_task *bt = bal_task(p);

	if (bt->ticks_left <= 0)
		bt->ticks_left = SLICE_TICKS;
	list_add_tail(&bt->link, &bal_rq(rq)->runq);
	if (bal_rq(rq)->queued++ == 0)
		bal_rq(rq)->waiting_since = rq_clock(rq);
}

static void
bal_tick(struct rq *rq, struct task *curr)
{
	struct bal_task *bt = bal_task(curr);

	if (--bt->ticks_left > 0)
		return;
	if (bal_rq(rq)->queued)
		sched_resched(rq);
	else
		bt->ticks_left = SLICE_TICKS;
}

static unsigned
bal_count(struct rq *rq)
{
	return bal_rq(rq)->queued;
}

static int
cpu_allowed(const struct task *p, int cpu)
{
	return (task_cpus_allowed(p) >> cpu) & 1;
}

/* The policy's runnable tasks on cpu (queued + running): the load. */
static unsigned
load_of(int cpu)
{
	return rq_nr_running(sched_cpu_rq(cpu));
}

/* BEGIN SOLUTION */
static int64_t student_balance_ms = 4;
static int64_t student_rotate_ms = 40;

static const struct tunable bal_tunables[] = {
	TUNABLE("student_balance_ms", student_balance_ms, 4, 1, 1000, "ms",
		"how often each CPU looks for a busier one"),
	TUNABLE("student_rotate_ms", student_rotate_ms, 40, 0, 10000, "ms",
		"with one task too many for an even spread, how long tasks "
		"wait on a CPU before another takes its turn at running two, "
		"and how often a CPU takes one (0: never)"),
};

static int
first_allowed(const struct task *p)
{
	return __builtin_ctz(task_cpus_allowed(p));
}

/*
 * Placement, in the order Linux 2.6's wake-up path tried it
 * (docs/reference/balancer.md): a task pinned to one CPU goes there; a
 * sync wakeup from a waker that is alone on its CPU (it is about to
 * sleep: a pipe's writer waking the reader) takes the waker's CPU, where
 * the data is in the cache and the CPU is about to be free; otherwise an
 * idle CPU, the previous one first (its cache); otherwise the least
 * loaded, the previous one on a tie.  A new task (ENQ_NEW) has no cache
 * anywhere: the same without the wake-affine rule, which would stack
 * children on their parent's CPU.
 */
static int
bal_select_cpu(struct task *p, int flags, int waker_cpu)
{
	uint32_t mask = task_cpus_allowed(p);
	int prev = task_cpu(p), best = -1;
	unsigned best_load = ~0u;

	if (!(mask & (mask - 1)))
		return first_allowed(p);
	if ((flags & ENQ_SYNC) && cpu_allowed(p, waker_cpu) &&
	    load_of(waker_cpu) <= 1)
		return waker_cpu;
	if (cpu_allowed(p, prev) && load_of(prev) == 0)
		return prev;
	for (int i = 0; i < sched_ncpu(); i++) {
		unsigned l = load_of(i);
		if (!cpu_allowed(p, i))
			continue;
		if (l < best_load || (l == best_load && i == prev)) {
			best = i;
			best_load = l;
		}
	}
	return best >= 0 ? best : first_allowed(p);
}

/* The next time a CPU does something every `ms`: staggered over the
 * period by CPU number, so that CPUs do not all act at the same tick
 * (two idle CPUs pulling from one busy CPU at once take both its extra
 * tasks and leave it idle). */
static uint64_t
next_slot(struct rq *rq, uint64_t now, int64_t ms)
{
	uint64_t period = (uint64_t)ms * 1000000u;

	return (now / period + 1) * period +
	       period * (uint64_t)rq_cpu(rq) / (uint64_t)sched_ncpu();
}

/* Pull from the busiest CPU that has a task we may take, if it has at
 * least two more than we have (one more would only move the imbalance
 * here).  A CPU whose surplus is pinned there gives nothing, so the next
 * busiest is tried.  1 if a task moved. */
static int
pull_from_busiest(struct rq *rq, unsigned mine)
{
	uint32_t tried = 1u << rq_cpu(rq);

	for (;;) {
		int busiest = -1;
		unsigned most = mine + 1;
		for (int i = 0; i < sched_ncpu(); i++)
			if (!(tried & (1u << i)) && load_of(i) > most) {
				busiest = i;
				most = load_of(i);
			}
		if (busiest < 0)
			return 0;
		if (sched_pull_task(rq, sched_cpu_rq(busiest)))
			return 1;
		/* every queued task there is pinned: the running one, if it
		 * may come, at its next switch (an active balance) */
		if (sched_push_curr(sched_cpu_rq(busiest), rq))
			return 1;
		tried |= 1u << busiest;
	}
}

/*
 * N+1 tasks on N CPUs: no move evens it out, and the two tasks that share
 * a CPU would get half a CPU each for good.  So the surplus goes round:
 * a CPU with one task less than a busiest one, on which tasks have been
 * waiting for student_rotate_ms, pulls the waiting one and takes its turn
 * at running two.  Every CPU takes such turns, so over time each task
 * gets N/(N+1) of a CPU.  Waiting that long is what tells a lasting
 * surplus from a sleeper that woke up a moment ago: chasing those would
 * move tasks back and forth for nothing.  (The waiting time is read
 * without the other CPU's lock: a hint, as every load here.)  The turns
 * go to the CPU that had one longest ago: taking them by whose slot
 * comes first lets the same CPUs win every time when the slots and the
 * slices keep step (a deterministic run did: one hog never moved and got
 * 22.5 % of the machine).
 */
static int
my_turn(struct rq *rq, unsigned mine)
{
	uint64_t last = bal_rq(rq)->last_turn;

	for (int i = 0; i < sched_ncpu(); i++) {
		uint64_t other = bal_rq(sched_cpu_rq(i))->last_turn;
		if (i != rq_cpu(rq) && load_of(i) == mine &&
		    (other < last || (other == last && i < rq_cpu(rq))))
			return 0;
	}
	return 1;
}

static void
rotate(struct rq *rq, unsigned mine, uint64_t now)
{
	struct bal_rq *q = bal_rq(rq);
	int from = -1;

	if (student_rotate_ms <= 0 || now < q->next_rotate)
		return;
	q->next_rotate = next_slot(rq, now, student_rotate_ms);
	if (!my_turn(rq, mine))
		return;
	for (int i = 0; i < sched_ncpu(); i++) {
		struct bal_rq *o = bal_rq(sched_cpu_rq(i));
		if (i != rq_cpu(rq) && load_of(i) == mine + 1 && o->queued &&
		    now - o->waiting_since >=
		    (uint64_t)student_rotate_ms * 1000000u) {
			from = i;
			break;
		}
	}
	if (from >= 0 && sched_pull_task(rq, sched_cpu_rq(from)))
		q->last_turn = now;
}

static void
bal_balance(struct rq *rq)
{
	struct bal_rq *q = bal_rq(rq);
	uint64_t now = sched_clock();
	unsigned mine = load_of(rq_cpu(rq));

	if (now < q->next_balance)
		return;
	q->next_balance = next_slot(rq, now, student_balance_ms);
	if (pull_from_busiest(rq, mine) || mine == 0)
		return;
	rotate(rq, mine, now);
}
/* END SOLUTION */
#if 0 /* BEGIN SKELETON */
/*
 * TODO: a task is queued where it last ran (a new task: on its parent's
 * CPU) unless its affinity forbids it.  Spread them: a pinned task, a
 * sync wakeup (ENQ_SYNC) whose waker is alone on its CPU, an idle CPU,
 * the least loaded one.  Whatever you return must be in
 * task_cpus_allowed(p): the core panics otherwise.
 */
static int
bal_select_cpu(struct task *p, int flags, int waker_cpu)
{
	(void)flags, (void)waker_cpu;
	if (cpu_allowed(p, task_cpu(p)))
		return task_cpu(p);
	return __builtin_ctz(task_cpus_allowed(p));
}

/*
 * TODO: every few ms, pull a task from a CPU that has at least two more
 * than this one (sched_pull_task); with one task too many for an even
 * spread (5 on 4 CPUs), take turns (sched_push_curr).  Nothing moves
 * now: a task stays where select_cpu put it.
 */
static void
bal_balance(struct rq *rq)
{
	(void)rq, (void)load_of;
}
#endif /* END SKELETON */

const struct sched_policy sched_policy = {
	.name = "student",
	.rq_size = sizeof(struct bal_rq),
	.init_rq = bal_init_rq,
	.enqueue = bal_enqueue,
	.dequeue = bal_dequeue,
	.pick_next = bal_pick_next,
	.put_prev = bal_put_prev,
	.tick = bal_tick,
	.count = bal_count,
	.select_cpu = bal_select_cpu,
	.balance = bal_balance,
/* BEGIN SOLUTION */
	.tunables = bal_tunables,
	.ntunables = TUNABLES_COUNT(bal_tunables),
/* END SOLUTION */
};
