/*
 * o1.c - the O(1) scheduler of Linux 2.6.0 (Ingo Molnar, with Con
 * Kolivas's 2003 interactivity tuning, "O18.1int"), with the 2.6.22
 * differences behind a switch (o1_variant=1).
 *
 * The idea: two *priority arrays* per CPU, each 140 FIFO lists plus a
 * bitmap of the non-empty ones.  The next task is the head of the first
 * non-empty list of the *active* array (find-first-set: constant time).  A
 * task that used up its timeslice gets a new one at once and moves to the
 * *expired* array; when the active array is empty the two are swapped.
 * Timeslices come from nice (static priority); the *dynamic* priority adds
 * a bonus of -5..+5 from sleep_avg, the task's recent sleep-minus-run
 * balance.  Tasks that look interactive go back into the active array
 * after their slice, until the expired ones have waited too long.
 *
 * All slices are counted in ticks and every constant that Linux wrote as
 * "X * HZ / 1000" is computed the same way from `hz`, so HZ=250 and HZ=100
 * round down exactly as 2.6.0 did.  sleep_avg and the timestamps are in
 * nanoseconds of rq_clock(rq) (Linux: sched_clock()).
 *
 * Sources (restated, not copied): Linux 2.6.0 kernel/sched.c (constants,
 * effective_prio, recalc_task_prio, activate_task, schedule,
 * scheduler_tick, wake_up_forked_process, sched_fork, sys_sched_yield,
 * set_user_nice, pull_task); Linux 2.6.22 kernel/sched.c for the variant;
 * docs/reference/o1-2.6.0.md and o1-2.6.22.md; seed mail 000.  docs/policies/o1.md
 * explains it for students.
 */
#include <stdint.h>
#include "kernel/lib/list.h"
#include "kernel/sched/policy.h"

/* Priorities, all versions (include/linux/sched.h): 0..99 real time (not
 * in Quanta), 100..139 normal, static_prio = 120 + nice. */
#define MAX_RT_PRIO		100
#define MAX_PRIO		140
#define MAX_USER_PRIO		40
#define NICE_TO_PRIO(n)		(MAX_RT_PRIO + 20 + (n))
/* MAX_PRIO bits plus the always-set delimiter bit 140 (2.6.0 prio_array) */
#define BITMAP_WORDS		((MAX_PRIO + 1 + 31) / 32)

/* 2.6.0 kernel/sched.c */
#define ON_RUNQUEUE_WEIGHT	30	/* % of queue wait credited as sleep */
#define CHILD_PENALTY		95	/* % of its bonus a fork child keeps */
#define PARENT_PENALTY		100	/* % the parent keeps (rounded down) */
#define INTERACTIVE_DELTA	2
#define CREDIT_LIMIT		100	/* HIGH_CREDIT > 100, LOW_CREDIT < -100 */
#define EXIT_WEIGHT		3	/* parent:child sleep_avg blend at exit */

/* p->activated: how the task was last woken (2.6.0; 2.6.22's sleep_type
 * NONINTERACTIVE, NORMAL, INTERACTIVE, INTERRUPTED).  The wakeup's
 * ENQ_UNINT and ENQ_IRQ flags tell the two rarer kinds. */
#define ACT_UNINT		-1	/* from uninterruptible sleep */
#define ACT_NONE		0
#define ACT_WAKEUP		1	/* 30 % of the queue wait credited */
#define ACT_IRQ			2	/* by an interrupt: all of it */

struct o1_array {
	unsigned nr_active;
	uint32_t bitmap[BITMAP_WORDS];
	struct list queue[MAX_PRIO];
};

struct o1_rq {
	struct o1_array arrays[2];
	struct o1_array *active, *expired;
	uint64_t expired_timestamp;	/* jiffy of the first expiry, 0: none */
	int best_expired_prio;		/* 2.6.22: best static prio expired */
	unsigned nr_queued;
};

struct o1_task {
	struct list node;
	struct o1_array *array;		/* NULL unless queued */
	int prio, static_prio;		/* dynamic and nice-based, 100..139 */
	int time_slice;			/* ticks left */
	int first_time_slice;		/* fork child in its first slice */
	int activated;			/* ACT_*, until picked */
	int credit;			/* interactive_credit (2.6.0) */
	/* what put_prev must do with the running task */
	int to_expired;			/* slice expired or yielded */
	int to_tail;			/* round-robin: tail of its list */
	int nopreempt;			/* enqueue said: no wakeup preemption */
	int was_expired;		/* DEQ_MIGRATE came from expired */
	int fork_first;			/* new child: head of parent's list */
	int fork_expired;		/* ... in the expired array */
	const struct task *ahead_of;	/* queued just before this parent */
	uint64_t sleep_avg;		/* ns, 0 .. ns_max_sleep_avg() */
	uint64_t timestamp;		/* ns: last switch in/out or wakeup */
};
/* o1_rq(rq), o1_task(p), o1_task_of(x) */
SCHED_POLICY_STATE(o1, struct o1_rq, struct o1_task)

/* ---- tunables ---- */
static int64_t o1_interactive, o1_credit, o1_max_bonus, o1_sync_wake_recalc;
static int64_t o1_variant, o1_stopped_credit;

static const struct tunable o1_tunables[] = {
	TUNABLE("o1_interactive", o1_interactive, 1, 0, 1, "bool",
		"sleep_avg bonus for user tasks (0: seed 000's nobonus)"),
	TUNABLE("o1_credit", o1_credit, 1, 0, 1, "bool",
		"interactive_credit rules of O18.1 / 2.6.0 (0: no HIGH/LOW)"),
	TUNABLE("o1_max_bonus", o1_max_bonus, 10, 2, 20, "levels",
		"MAX_BONUS: dynamic prio range (10 = PRIO_BONUS_RATIO 25%)"),
	TUNABLE("o1_sync_wake_recalc", o1_sync_wake_recalc, 0, 0, 1, "bool",
		"same-CPU sync wakeups earn sleep credit (2.6.0: no)"),
	TUNABLE("o1_variant", o1_variant, 0, 0, 1, "mode",
		"0: Linux 2.6.0, 1: Linux 2.6.22 slices, credit and fork"),
	TUNABLE("o1_stopped_credit", o1_stopped_credit, 1, 0, 1, "bool",
		"credit non-sleeping (stopped) tasks on wakeup; Quanta has none"),
};

static int
v22(void)
{
	return o1_variant == 1;
}

/* Linux's p->mm test: kernel threads get neither clamps nor nobonus. */
static int
user_task(const struct task *p)
{
	return !task_is_kthread(p);
}

/* ---- HZ-dependent constants, in ticks (Linux: jiffies) ----
 *
 * 2.6.0 had these as macros of HZ, folded by the compiler.  Here hz, the
 * variant and MAX_BONUS are set at boot or by a tunable write, so
 * o1_update_sysctl() works them out once into `k` and the hot paths read
 * a word: computed at every use they cost an o1 pipe round trip some 700
 * instructions of divisions (docs/performance.md).  The calc_* functions
 * are the formulas; the accessors below read their results. */

static uint32_t
calc_min_timeslice(void)	/* 2.6.0: MIN_TIMESLICE 10 ms; 2.6.22: max(5 ms, 1 tick) */
{
	int v = (v22() ? 5 : 10) * (int)hz / 1000;

	return (uint32_t)(v22() && v < 1 ? 1 : v);
}

static uint32_t
calc_max_timeslice(void)	/* 2.6.0 MAX_TIMESLICE, 200 ms */
{
	return 200 * hz / 1000;
}

static uint32_t
calc_def_timeslice(void)	/* 2.6.22 DEF_TIMESLICE, 100 ms */
{
	return 100 * hz / 1000;
}

/* 2.6.0 AVG_TIMESLICE: the nice 0 slice, 102 ms at HZ=1000. */
static uint32_t
calc_avg_timeslice(void)
{
	int lo = (int)calc_min_timeslice(), hi = (int)calc_max_timeslice();

	return (uint32_t)(lo + (hi - lo) * (MAX_PRIO - 1 - NICE_TO_PRIO(0)) /
			  (MAX_USER_PRIO - 1));
}

/* 2.6.0 BASE_TIMESLICE: linear from 200 ms (nice -20) to 10 ms (19).
 * 2.6.22 static_prio_timeslice: 4 * DEF scaled for nice < 0, DEF scaled
 * for nice >= 0 (800 ms .. 100 ms .. 5 ms), never below MIN. */
static uint32_t
calc_timeslice(int sp)
{
	int lo = (int)calc_min_timeslice(), x, v;

	if (!v22())
		return (uint32_t)(lo + ((int)calc_max_timeslice() - lo) *
				  (MAX_PRIO - 1 - sp) / (MAX_USER_PRIO - 1));
	x = sp < NICE_TO_PRIO(0) ? 4 * (int)calc_def_timeslice()
				 : (int)calc_def_timeslice();
	v = x * (MAX_PRIO - sp) / (MAX_USER_PRIO / 2);
	return (uint32_t)(v > lo ? v : lo);
}

/* The derived values: one set, rewritten only by o1_update_sysctl().
 * The largest, ns_max_sleep_avg, is MAX_BONUS (at most 20, the
 * tunable's bound) times a 102 ms or 100 ms average slice: 2.04 s, so
 * it and every sleep_avg (never above it) fit 32 bits. */
static struct {
	uint32_t tick_ns;
	uint32_t min_ts, max_ts, def_ts, avg_ts;
	uint32_t max_sleep_avg;		/* ticks: MAX_SLEEP_AVG */
	uint32_t ns_max_sleep_avg;	/* the same in ns */
	uint32_t slice[MAX_USER_PRIO];	/* task_timeslice by static_prio */
	uint32_t jis[MAX_USER_PRIO];	/* interactive_sleep by static_prio */
} k;

SCHED_HOT uint32_t
tick_ns(void)
{
	return k.tick_ns;
}

static uint64_t
jiffies(struct rq *rq)
{
	return rq_clock(rq) / tick_ns();	/* every rq_clock(rq) is sched_clock */
}

SCHED_HOT int
min_timeslice(void)
{
	return (int)k.min_ts;
}

SCHED_HOT int
max_timeslice(void)
{
	return (int)k.max_ts;
}

SCHED_HOT int
def_timeslice(void)
{
	return (int)k.def_ts;
}

SCHED_HOT int
avg_timeslice(void)
{
	return (int)k.avg_ts;
}

SCHED_HOT int
max_bonus(void)
{
	return (int)o1_max_bonus;
}

/* MAX_SLEEP_AVG (ticks): 2.6.0 AVG_TIMESLICE * MAX_BONUS = 1.02 s,
 * 2.6.22 DEF_TIMESLICE * MAX_BONUS = 1 s.  Also STARVATION_LIMIT. */
SCHED_HOT uint64_t
max_sleep_avg(void)
{
	return k.max_sleep_avg;
}

SCHED_HOT uint64_t
ns_max_sleep_avg(void)
{
	return k.ns_max_sleep_avg;
}

SCHED_HOT int
task_timeslice(const struct o1_task *ot)
{
	return (int)k.slice[ot->static_prio - MAX_RT_PRIO];
}

/* ---- the interactivity estimator ---- */

/* CURRENT_BONUS: sleep_avg as 0..MAX_BONUS (whole ticks first).  In 32
 * bits: sleep_avg is at most ns_max_sleep_avg (k's bound), its ticks
 * times MAX_BONUS under 2^16. */
SCHED_HOT int
current_bonus(const struct o1_task *ot)
{
	uint32_t ticks = (uint32_t)ot->sleep_avg / tick_ns();

	return (int)(ticks * (uint32_t)max_bonus() / k.max_sleep_avg);
}

/* DELTA: how much bonus counts as interactive; needs more at higher nice.
 * C division truncates toward zero, which is why nice -10 differs. */
SCHED_HOT int
delta(const struct o1_task *ot)
{
	int nice = ot->static_prio - NICE_TO_PRIO(0), mb = max_bonus();

	if (v22())
		return (nice + 20) * mb / 40 - 20 * mb / 40 + INTERACTIVE_DELTA;
	return nice * mb / 40 + INTERACTIVE_DELTA;
}

SCHED_HOT int
bonus_off(const struct task *p)
{
	return !o1_interactive && user_task(p);
}

SCHED_HOT int
effective_prio(const struct task *p, const struct o1_task *ot)
{
	int bonus = bonus_off(p) ? 0 : current_bonus(ot) - max_bonus() / 2;
	int prio = ot->static_prio - bonus;

	if (prio < MAX_RT_PRIO)
		prio = MAX_RT_PRIO;
	if (prio > MAX_PRIO - 1)
		prio = MAX_PRIO - 1;
	return prio;
}

SCHED_HOT int
task_interactive(const struct task *p, const struct o1_task *ot)
{
	if (bonus_off(p))
		return 0;		/* reference 1.7: the switch off */
	return ot->prio <= ot->static_prio - delta(ot);
}

/* JUST_INTERACTIVE_SLEEP (2.6.22: INTERACTIVE_SLEEP), ns: the sleep_avg
 * that leaves a task one tick short of the interactive bonus. */
static uint32_t
calc_interactive_sleep(const struct o1_task *ot)
{
	int mb = max_bonus();
	int j = (int)max_sleep_avg() * (mb / 2 + delta(ot) + 1) / mb - 1;

	return j > 0 ? (uint32_t)j * tick_ns() : 0;
}

SCHED_HOT uint64_t
interactive_sleep(const struct o1_task *ot)
{
	return k.jis[ot->static_prio - MAX_RT_PRIO];
}

/* Work out `k` from hz, the variant and MAX_BONUS: the tunable registry
 * calls it once it has set them at boot (before any task is queued) and
 * after every write. */
static void
o1_update_sysctl(void)
{
	struct o1_task probe;

	k.tick_ns = sched_tick_ns();
	k.min_ts = calc_min_timeslice();
	k.max_ts = calc_max_timeslice();
	k.def_ts = calc_def_timeslice();
	k.avg_ts = calc_avg_timeslice();
	k.max_sleep_avg = (v22() ? k.def_ts : k.avg_ts) * (uint32_t)max_bonus();
	k.ns_max_sleep_avg = k.max_sleep_avg * k.tick_ns;
	for (int i = 0; i < MAX_USER_PRIO; i++) {
		probe.static_prio = MAX_RT_PRIO + i;
		k.slice[i] = calc_timeslice(probe.static_prio);
		k.jis[i] = calc_interactive_sleep(&probe);
	}
}

SCHED_HOT int
high_credit(const struct o1_task *ot)
{
	return o1_credit && !v22() && ot->credit > CREDIT_LIMIT;
}

SCHED_HOT int
low_credit(const struct o1_task *ot)
{
	return o1_credit && !v22() && ot->credit < -CREDIT_LIMIT;
}

SCHED_HOT void
credit_up(struct o1_task *ot)
{
	if (!high_credit(ot))
		ot->credit++;
}

/* TIMESLICE_GRANULARITY: interactive tasks round-robin every 10 ms at top
 * bonus, twice as long per level below; times the CPUs (2.6.0 SMP). */
static int
granularity(const struct o1_task *ot)
{
	int base = v22() ? 10 * (int)hz / 1000 : min_timeslice();
	int shift = max_bonus() - current_bonus(ot);

	if (base < 1)
		base = 1;
	shift = (shift ? shift : 1) - 1;
	if (shift > 16)
		shift = 16;
	return (base << shift) * sched_ncpu();
}

/* 2.6.0 recalc_task_prio: credit a sleep of `sleep` ns. */
SCHED_HOT void
credit_sleep_260(const struct task *p, struct o1_task *ot, uint64_t sleep)
{
	uint64_t jis = interactive_sleep(ot), slice_ns;

	if (user_task(p) && ot->activated != ACT_UNINT && sleep > jis) {
		/* A long sleeper becomes "just interactive" (bonus 9 at
		 * MAX_BONUS 10), not top priority: it might be a hog. */
		ot->sleep_avg = (max_sleep_avg() - (uint64_t)avg_timeslice()) *
				tick_ns();
		credit_up(ot);
		return;
	}
	/* The lower sleep_avg is, the faster it climbs (x10 .. x1). */
	sleep *= (uint64_t)((max_bonus() - current_bonus(ot)) ?: 1);
	slice_ns = (uint64_t)task_timeslice(ot) * tick_ns();
	if (low_credit(ot) && sleep > slice_ns)
		sleep = slice_ns;	/* low credit: one slice at most */
	/* an uninterruptible sleeper is likely a hog waiting on I/O: it
	 * climbs no further than just interactive */
	if (ot->activated == ACT_UNINT && !high_credit(ot) && user_task(p)) {
		if (ot->sleep_avg >= jis) {
			sleep = 0;
		} else if (ot->sleep_avg + sleep >= jis) {
			ot->sleep_avg = jis;
			sleep = 0;
		}
	}
	ot->sleep_avg += sleep;
	if (ot->sleep_avg > ns_max_sleep_avg()) {
		ot->sleep_avg = ns_max_sleep_avg();
		credit_up(ot);
	}
}

/* 2.6.22 recalc_task_prio: linear credit, one long sleep only reaches the
 * interactive ceiling.  Returns 0 when the sleep is marked
 * non-interactive (no on-runqueue credit later). */
SCHED_HOT int
credit_sleep_2622(const struct task *p, struct o1_task *ot, uint64_t sleep)
{
	uint64_t ceiling = interactive_sleep(ot);
	int interactive = 1;

	if (user_task(p) && sleep > ceiling && ot->sleep_avg < ceiling) {
		ot->sleep_avg = ceiling;
		interactive = 0;
	} else {
		/* NONINTERACTIVE (uninterruptible) sleeps stop at the
		 * ceiling */
		if (ot->activated == ACT_UNINT && user_task(p)) {
			if (ot->sleep_avg >= ceiling) {
				sleep = 0;
			} else if (ot->sleep_avg + sleep >= ceiling) {
				ot->sleep_avg = ceiling;
				sleep = 0;
			}
		}
		ot->sleep_avg += sleep;
	}
	if (ot->sleep_avg > ns_max_sleep_avg())
		ot->sleep_avg = ns_max_sleep_avg();
	return interactive;
}

/* recalc_task_prio(p, now): sleep_avg credit for the time since
 * timestamp (capped at the maximum), then the new dynamic prio. */
SCHED_HOT int
recalc_task_prio(struct task *p, struct o1_task *ot, uint64_t now)
{
	uint64_t sleep = now > ot->timestamp ? now - ot->timestamp : 0;
	int interactive = 1;

	if (sleep > ns_max_sleep_avg())
		sleep = ns_max_sleep_avg();
	if (sleep > 0) {
		if (v22())
			interactive = credit_sleep_2622(p, ot, sleep);
		else
			credit_sleep_260(p, ot, sleep);
	}
	ot->prio = effective_prio(p, ot);
	return interactive;
}

/* schedule() in both versions: the outgoing task pays for its run time
 * out of sleep_avg.  High-credit tasks (2.6.0), every task (2.6.22), pay
 * only 1/bonus of it. */
SCHED_HOT void
charge_run(struct rq *rq, struct o1_task *ot)
{
	uint64_t run = rq_clock(rq) > ot->timestamp ? rq_clock(rq) - ot->timestamp : 0;
	int b = current_bonus(ot);

	if (run > ns_max_sleep_avg())
		run = ns_max_sleep_avg();
	if (v22() || high_credit(ot))	/* run <= ns_max_sleep_avg: 32 bits */
		run = (uint32_t)run / (uint32_t)(b ? b : 1);
	if (ot->sleep_avg > run) {
		ot->sleep_avg -= run;
	} else {
		ot->sleep_avg = 0;
		if (o1_credit && !v22() && !high_credit(ot) && !low_credit(ot))
			ot->credit--;
	}
	ot->timestamp = rq_clock(rq);
}

/* ---- the arrays ---- */

static void
array_init(struct o1_array *a)
{
	for (int i = 0; i < MAX_PRIO; i++)
		list_init(&a->queue[i]);
	a->bitmap[MAX_PRIO / 32] |= 1u << (MAX_PRIO % 32);	/* delimiter */
}

SCHED_HOT void
bit_set(struct o1_array *a, int prio)
{
	a->bitmap[prio / 32] |= 1u << (prio % 32);
}

SCHED_HOT void
bit_clear(struct o1_array *a, int prio)
{
	a->bitmap[prio / 32] &= ~(1u << (prio % 32));
}

_Static_assert(BITMAP_WORDS == SCHED_BITMAP_WORDS, "a 140-bit bitmap");

/* sched_find_first_bit: the delimiter bit makes the answer MAX_PRIO when
 * the array is empty. */
SCHED_HOT int
first_prio(const struct o1_array *a)
{
	return sched_find_first_bit(a->bitmap);	/* the delimiter: never -1 */
}

/* Queue at the tail (or head) of the task's prio list in array a. */
SCHED_HOT void
array_add(struct o1_rq *q, struct o1_array *a, struct o1_task *ot, int head)
{
	if (head)
		list_add(&ot->node, &a->queue[ot->prio]);
	else
		list_add_tail(&ot->node, &a->queue[ot->prio]);
	bit_set(a, ot->prio);
	a->nr_active++;
	ot->array = a;
	q->nr_queued++;
}

SCHED_HOT void
array_del(struct o1_rq *q, struct o1_task *ot)
{
	struct o1_array *a = ot->array;

	list_del(&ot->node);
	if (list_empty(&a->queue[ot->prio]))
		bit_clear(a, ot->prio);
	a->nr_active--;
	ot->array = NULL;
	q->nr_queued--;
}

/* The running task was never dequeued in Linux, so when it is merely
 * preempted it keeps its place at the front - behind the fork children
 * that 2.6.0 linked in just before it. */
static void
add_front(struct o1_rq *q, struct o1_array *a, struct task *p,
	  struct o1_task *ot)
{
	struct list *head = &a->queue[ot->prio], *pos = head;

	while (pos->next != head &&
	       list_entry(pos->next, struct o1_task, node)->ahead_of == p)
		pos = pos->next;
	list_add(&ot->node, pos);
	bit_set(a, ot->prio);
	a->nr_active++;
	ot->array = a;
	q->nr_queued++;
}

/* EXPIRED_STARVING: the first expired task has waited longer than
 * STARVATION_LIMIT per runnable task (2.6.22: or a better static prio is
 * waiting in the expired array than the one running). */
static int
expired_starving(struct rq *rq)
{
	struct o1_rq *q = o1_rq(rq);
	uint64_t limit = max_sleep_avg() * rq_nr_running(rq) + 1;

	if (q->expired_timestamp && jiffies(rq) - q->expired_timestamp >= limit)
		return 1;
	return v22() && !rq_curr_is_idle(rq) &&
	       o1_task(rq_curr(rq))->static_prio > q->best_expired_prio;
}

/* ---- the policy hooks ---- */

static void
o1_init_rq(struct rq *rq)
{
	struct o1_rq *q = o1_rq(rq);

	array_init(&q->arrays[0]);
	array_init(&q->arrays[1]);
	q->active = &q->arrays[0];
	q->expired = &q->arrays[1];
	q->best_expired_prio = MAX_PRIO;
}

/* try_to_wake_up + activate_task.  2.6.0 gives a sync wakeup on the
 * waker's own CPU no credit at all (__activate_task): the sleep is
 * forgotten and the task is queued at its old prio without preempting.
 * An uninterruptible sleep is marked first (it limits the credit and
 * earns no queue credit); otherwise an interrupt's wakeup (a timer) is
 * credited all of its queue wait, any other 30 %. */
SCHED_HOT void
wake_up(struct rq *rq, struct task *p, struct o1_task *ot, int flags)
{
	int local_sync = (flags & ENQ_SYNC) && (flags & ENQ_LOCAL);

	ot->nopreempt = local_sync;
	if (flags & ENQ_UNINT)
		ot->activated = ACT_UNINT;
	if (local_sync && !v22() && !o1_sync_wake_recalc)
		return;
	/* o1_stopped_credit=0 would skip this for stopped tasks; every
	 * Quanta wakeup comes from TASK_SLEEPING, so it always applies. */
	if (!recalc_task_prio(p, ot, rq_clock(rq)))
		ot->activated = ACT_UNINT;	/* 2.6.22 NONINTERACTIVE */
	else if (ot->activated == ACT_NONE)
		ot->activated = flags & ENQ_IRQ ? ACT_IRQ : ACT_WAKEUP;
	ot->timestamp = rq_clock(rq);
}

static void
o1_enqueue(struct rq *rq, struct task *p, int flags)
{
	struct o1_rq *q = o1_rq(rq);
	struct o1_task *ot = o1_task(p);

	if (flags & ENQ_WAKEUP) {
		wake_up(rq, p, ot, flags);
	} else if ((flags & ENQ_NEW) && ot->fork_first) {
		/* wake_up_forked_process: just before the parent, in its
		 * array; the parent is current, so at the head of the list. */
		ot->fork_first = 0;
		ot->nopreempt = 1;
		array_add(q, ot->fork_expired ? q->expired : q->active, ot, 1);
		return;
	} else if (flags & ENQ_MIGRATED) {
		/* pull_task: 2.6.0 always into the active array; 2.6.22 into
		 * the same kind of array it left. */
		if (v22() && ot->was_expired) {
			array_add(q, q->expired, ot, 0);
			return;
		}
	}
	array_add(q, q->active, ot, 0);
}

static void
o1_dequeue(struct rq *rq, struct task *p, int flags)
{
	struct o1_task *ot = o1_task(p);

	if (flags & DEQ_MIGRATE) {
		ot->was_expired = ot->array == o1_rq(rq)->expired;
		ot->ahead_of = NULL;
		array_del(o1_rq(rq), ot);
		return;
	}
	/* current goes to sleep or exits: schedule() charges its run, and
	 * the same timestamp starts its sleep */
	charge_run(rq, ot);
	ot->to_expired = ot->to_tail = 0;
}

/* schedule(): swap the arrays when the active one is empty, take the head
 * of the best list.  A task woken normally is also credited for part of
 * the time it waited in the queue (30 %), as if it had slept longer. */
static struct task *
o1_pick_next(struct rq *rq)
{
	struct o1_rq *q = o1_rq(rq);
	struct o1_array *a;
	struct o1_task *ot;
	struct task *p;

	if (!q->nr_queued) {
		q->expired_timestamp = 0;	/* going idle */
		return NULL;
	}
	if (!q->active->nr_active) {
		a = q->active;
		q->active = q->expired;
		q->expired = a;
		q->expired_timestamp = 0;
		q->best_expired_prio = MAX_PRIO;
	}
	a = q->active;
	ot = list_entry(a->queue[first_prio(a)].next, struct o1_task, node);
	p = o1_task_of(ot);
	array_del(q, ot);
	if (ot->activated > 0) {
		uint64_t wait = rq_clock(rq) - ot->timestamp;
		int old = ot->prio;
		if (ot->activated == ACT_WAKEUP)
			wait = wait * (ON_RUNQUEUE_WEIGHT * 128 / 100) / 128;
		recalc_task_prio(p, ot, ot->timestamp + wait);
		/* Linux's running task stays in its list: schedule() took
		 * it out and put it back at the tail for the credit (2.6.22
		 * only when its prio changed), so preempted it goes in
		 * behind the tasks of its level, not ahead of them */
		if (!v22() || ot->prio != old)
			ot->to_tail = 1;
	}
	ot->activated = ACT_NONE;
	ot->ahead_of = NULL;
	ot->nopreempt = 0;
	ot->timestamp = rq_clock(rq);	/* switched in */
	return p;
}

/* The running task stays runnable: back into the array the tick, yield
 * or renice chose for it. */
static void
o1_put_prev(struct rq *rq, struct task *p)
{
	struct o1_rq *q = o1_rq(rq);
	struct o1_task *ot = o1_task(p);

	charge_run(rq, ot);
	if (ot->to_expired) {
		array_add(q, q->expired, ot, 0);
	} else if (ot->to_tail) {
		array_add(q, q->active, ot, 0);
	} else {
		add_front(q, q->active, p, ot);
	}
	ot->to_expired = ot->to_tail = 0;
}

/* The slice ran out: new prio and slice now; the expired array unless the
 * task is interactive and nobody has starved yet. */
static void
slice_expired(struct rq *rq, struct task *p, struct o1_task *ot)
{
	struct o1_rq *q = o1_rq(rq);

	sched_resched(rq);
	ot->prio = effective_prio(p, ot);
	ot->time_slice = task_timeslice(ot);
	ot->first_time_slice = 0;
	if (!q->expired_timestamp)
		q->expired_timestamp = jiffies(rq) ?: 1;
	if (!task_interactive(p, ot) || expired_starving(rq)) {
		ot->to_expired = 1;
		/* 2.6.22 notes the best static prio expired here, at the
		 * end of a slice only: a yield to the expired array (or a
		 * task pulled into it) leaves it alone */
		if (ot->static_prio < q->best_expired_prio)
			q->best_expired_prio = ot->static_prio;
	} else
		ot->to_tail = 1;	/* reinserted into the active array */
}

/* scheduler_tick for a SCHED_NORMAL task. */
static void
o1_tick(struct rq *rq, struct task *curr)
{
	struct o1_task *ot = o1_task(curr);
	int gran;

	if (ot->to_expired) {		/* already expired or yielded */
		sched_resched(rq);
		return;
	}
	if (--ot->time_slice <= 0) {
		slice_expired(rq, curr, ot);
		return;
	}
	/* Interactive tasks share their level in granularity-sized turns. */
	gran = granularity(ot);
	if (task_interactive(curr, ot) &&
	    (task_timeslice(ot) - ot->time_slice) % gran == 0 &&
	    ot->time_slice >= gran) {
		if (!v22())
			ot->prio = effective_prio(curr, ot);
		ot->to_tail = 1;
		sched_resched(rq);
	}
}

/* TASK_PREEMPTS_CURR: strictly better dynamic prio.  Never for a sync
 * wakeup on the waker's CPU, nor a fork child queued beside its parent. */
static int
o1_check_preempt(struct rq *rq, struct task *p, int sync)
{
	struct o1_task *ot = o1_task(p);
	int no = ot->nopreempt;

	(void)sync;			/* enqueue saw ENQ_SYNC already */
	ot->nopreempt = 0;
	return !no && ot->prio < o1_task(rq_curr(rq))->prio;
}

/* sys_sched_yield: to the expired array, keeping the rest of the slice. */
static void
o1_yield(struct rq *rq, struct task *curr)
{
	(void)rq;
	o1_task(curr)->to_expired = 1;
}

/* A new task with no parent (init, kernel threads): full slice, no bonus
 * history. */
static void
fork_fresh(struct task *child, struct o1_task *ot)
{
	ot->time_slice = task_timeslice(ot);
	ot->prio = effective_prio(child, ot);
}

/* sched_fork + wake_up_forked_process (2.6.0), wake_up_new_task (2.6.22).
 * Linux split these between fork time and wakeup time; both run here under
 * the parent's lock, before the child can run.  Returns child-runs-first. */
static int
o1_fork(struct task *parent, struct task *child)
{
	struct rq *rq = task_rq(child);
	struct o1_task *ot = o1_task(child), *pt;
	int bonus, thread;

	*ot = (struct o1_task){ .static_prio = NICE_TO_PRIO(task_nice(child)) };
	list_init(&ot->node);
	ot->timestamp = rq_clock(rq);
	if (!parent) {
		fork_fresh(child, ot);
		return 0;
	}
	pt = o1_task(parent);
	/* Halve the parent's remaining slice: fork creates no CPU time.  A
	 * parent left with nothing expires as its next tick would do. */
	ot->time_slice = (pt->time_slice + 1) / 2;
	ot->first_time_slice = 1;
	pt->time_slice /= 2;
	if (pt->time_slice <= 0 && !pt->to_expired) {
		pt->time_slice = 1;
		o1_tick(rq, parent);
	}
	/* Both lose bonus: whole levels for the parent, 95 % for the child,
	 * so a maximally interactive task cannot breed ones like it. */
	bonus = current_bonus(pt);
	pt->sleep_avg = (uint64_t)(bonus * PARENT_PENALTY / 100) *
			max_sleep_avg() / (uint64_t)max_bonus() * tick_ns();
	ot->sleep_avg = (uint64_t)(bonus * CHILD_PENALTY / 100) *
			max_sleep_avg() / (uint64_t)max_bonus() * tick_ns();
	ot->prio = effective_prio(child, ot);
	thread = task_same_process(parent, child);
	if (v22() && thread) {
		ot->nopreempt = 1;	/* 2.6.22: CLONE_VM children run last */
		return 0;
	}
	/* Child runs first: same prio, just before the parent. */
	ot->prio = pt->prio;
	ot->fork_first = 1;
	ot->fork_expired = pt->to_expired;
	ot->ahead_of = parent;
	return 1;
}

/* set_user_nice: a new static prio, and the dynamic prio set from it
 * (2.6.0: to it, bonus dropped; 2.6.22: effective_prio); the slice
 * changes at the next refill.  Reschedule if the task got better, or if
 * it is running and got worse. */
static void
o1_set_nice(struct rq *rq, struct task *p, int nice)
{
	struct o1_rq *q = o1_rq(rq);
	struct o1_task *ot = o1_task(p);
	struct o1_array *a = ot->array;
	int old = ot->prio, d;

	if (NICE_TO_PRIO(nice) == ot->static_prio)
		return;			/* 2.6.0: TASK_NICE(p) == nice */
	if (a)
		array_del(q, ot);
	/* 2.6.0 set_user_nice: the dynamic prio becomes the new static one
	 * (p->prio += new_static - old_prio), the bonus is gone until the
	 * next recalculation; 2.6.22 recomputes it with effective_prio() */
	ot->static_prio = NICE_TO_PRIO(nice);
	ot->prio = v22() ? effective_prio(p, ot) : ot->static_prio;
	d = ot->prio - old;
	if (a)
		array_add(q, a, ot, 0);
	else if (rq_curr(rq) == p)
		ot->to_tail = 1;	/* Linux requeued it too */
	if ((a || rq_curr(rq) == p) && (d < 0 || (d > 0 && rq_curr(rq) == p)))
		sched_resched(rq);
}

/* sched_exit, from release_task when the parent reaps the child: the
 * unused part of a first slice (which the parent gave at fork) goes back
 * to the parent, at most MAX_TIMESLICE (2.6.22: the child's
 * task_timeslice, and only if both last ran on one CPU); and a child
 * that slept less than its parent (a relative hog) drags the parent's
 * sleep_avg a quarter of the way down to its own. */
static void
o1_reap(struct rq *rq, struct task *parent, struct task *child)
{
	struct o1_task *pt = o1_task(parent), *ct = o1_task(child);
	int cap = v22() ? task_timeslice(ct) : max_timeslice();

	(void)rq;
	if (ct->first_time_slice &&
	    (!v22() || task_cpu(child) == task_cpu(parent))) {
		pt->time_slice += ct->time_slice;
		if (pt->time_slice > cap)
			pt->time_slice = cap;
	}
	if (ct->sleep_avg < pt->sleep_avg)
		pt->sleep_avg = pt->sleep_avg / (EXIT_WEIGHT + 1) *
				EXIT_WEIGHT + ct->sleep_avg / (EXIT_WEIGHT + 1);
}

static void
o1_migrate_in(struct rq *dst, struct task *p)
{
	struct o1_task *ot = o1_task(p);

	(void)dst;
	ot->nopreempt = 0;		/* a new CPU: the prio test decides */
	if (ot->fork_first) {
		ot->fork_first = 0;
		ot->ahead_of = NULL;
		ot->prio = effective_prio(p, ot);
	}
}

/* 2.6.22 smp-nice (set_load_weight): a task weighs its static_prio
 * timeslice against DEF_TIMESLICE, SCHED_LOAD_SCALE at nice 0; the core
 * sums the weights into the rq's load (raw_weighted_load).  2.6.0's
 * balancer counted tasks: each weighs SCHED_LOAD_SCALE. */
static unsigned long
o1_task_load(struct task *p)
{
	if (!v22())
		return SCHED_LOAD_SCALE;
	return (unsigned long)task_timeslice(o1_task(p)) * SCHED_LOAD_SCALE /
	       (unsigned long)def_timeslice();
}

/* 2.6.0 had no sched domains; 2.6.22 balanced with them. */
static int
o1_lb_era(void)
{
	return v22() ? LB_ERA_2_6_22 : LB_ERA_2_6_0;
}

static int
o1_prio(struct task *p)
{
	struct o1_task *ot = o1_task(p);

	if (!ot->static_prio)		/* idle task: never forked */
		return 20 + task_nice(p);
	return ot->prio - MAX_RT_PRIO;	/* top's PR */
}

static int64_t
o1_key(struct task *p)
{
	return (int64_t)o1_task(p)->sleep_avg;	/* ns */
}

static void
dump_array(const char *name, struct o1_array *a)
{
	printk("  %s: %u tasks, bitmap", name, a->nr_active);
	for (int w = BITMAP_WORDS - 1; w >= 0; w--)
		printk(" %08x", a->bitmap[w]);
	printk("\n");
	for (int i = 0; i < MAX_PRIO; i++) {
		struct list *pos;
		if (list_empty(&a->queue[i]))
			continue;
		printk("    prio %d (PR %d):", i, i - MAX_RT_PRIO);
		list_for_each(pos, &a->queue[i]) {
			struct o1_task *ot = list_entry(pos, struct o1_task, node);
			printk(" %d(slice %d, bonus %d)", task_tid(o1_task_of(ot)),
			       ot->time_slice, current_bonus(ot));
		}
		printk("\n");
	}
}

static void
o1_dump(struct rq *rq)
{
	struct o1_rq *q = o1_rq(rq);
	struct o1_task *ct = o1_task(rq_curr(rq));

	printk("  o1%s: hz %u, expired_timestamp %llu (now %llu)\n",
	       v22() ? " (2.6.22)" : "", hz, q->expired_timestamp,
	       jiffies(rq));
	if (!rq_curr_is_idle(rq))
		printk("  curr %d: prio %d, slice %d, sleep_avg %llu ms, "
		       "credit %d%s\n", task_tid(rq_curr(rq)), ct->prio, ct->time_slice,
		       ct->sleep_avg / 1000000, ct->credit,
		       ct->to_expired ? ", expired" : "");
	dump_array("active", q->active);
	dump_array("expired", q->expired);
}

static unsigned
o1_count(struct rq *rq)
{
	return o1_rq(rq)->nr_queued;
}

/*
 * Hooks left to the core's defaults: exit (2.6.0's sched_exit is the
 * reap hook: Linux called it when the parent reaped the child),
 * migrate_out (2.6 rebased timestamps by the two runqueues' clock
 * difference; every CPU here reads one sched_clock, so it is 0), load
 * (the core's sum of task_load).
 */
const struct sched_policy sched_policy = {
	.name = "o1",
	.rq_size = sizeof(struct o1_rq),
	.init_rq = o1_init_rq,
	.enqueue = o1_enqueue,
	.dequeue = o1_dequeue,
	.pick_next = o1_pick_next,
	.put_prev = o1_put_prev,
	.tick = o1_tick,
	.check_preempt = o1_check_preempt,
	.yield = o1_yield,
	.fork = o1_fork,
	.set_nice = o1_set_nice,
	.reap = o1_reap,
	.migrate_in = o1_migrate_in,
	.task_load = o1_task_load,
	.lb_era = o1_lb_era,
	.prio = o1_prio,
	.key = o1_key,
	.dump = o1_dump,
	.count = o1_count,
	.update_sysctl = o1_update_sysctl,
	.tunables = o1_tunables,
	.ntunables = sizeof(o1_tunables) / sizeof(o1_tunables[0]),
};
