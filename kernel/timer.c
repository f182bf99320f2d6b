/*
 * timer.c - per-CPU lists of one-shot timers, run from the LAPIC timer's
 * interrupt.
 *
 * A timer fires when its deadline comes, not at the next tick: whenever
 * the first timer of a CPU changes, hrtimer.c sets that CPU's LAPIC timer
 * for the earlier of it and the next tick (docs/timers.md).  The lists are
 * sorted, so arming is linear in the timers armed on the CPU (a handful:
 * sleepers and interval timers), and the interrupt takes the first.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "kernel/cpu.h"
#include "kernel/hrtimer.h"
#include "kernel/sched/sched.h"
#include "kernel/task.h"
#include "kernel/spinlock.h"
#include "kernel/time.h"
#include "kernel/timer.h"

struct timer_base {
	struct spinlock lock;
	struct list armed;		/* sorted by expires */
	struct timer *running;		/* whose fn runs now */
};

static struct timer_base bases[MAX_CPUS];

void
timer_init(void)
{
	for (int i = 0; i < MAX_CPUS; i++) {
		spin_init(&bases[i].lock, "timer");
		list_init(&bases[i].armed);
	}
}

void
timer_setup(struct timer *t, void (*fn)(void *), void *arg)
{
	list_init(&t->node);
	t->fn = fn;
	t->arg = arg;
	t->cpu = -1;
}

void
timer_arm(struct timer *t, uint64_t expires)
{
	struct timer_base *b;
	struct list *pos;

	timer_cancel(t);
	irq_push();
	b = &bases[this_cpu()->id];
	spin_lock(&b->lock);
	t->expires = expires;
	t->cpu = this_cpu()->id;
	list_for_each(pos, &b->armed)
		if (list_entry(pos, struct timer, node)->expires > expires)
			break;
	list_insert(&t->node, pos->prev, pos);
	if (t->node.prev == &b->armed)		/* the new first */
		hrtimer_arm_first(expires);
	spin_unlock(&b->lock);
	irq_pop();
}

int
timer_cancel(struct timer *t)
{
	for (;;) {
		int cpu = __atomic_load_n(&t->cpu, __ATOMIC_ACQUIRE);
		struct timer_base *b;
		int was = 0;

		if (cpu < 0)
			return 0;
		b = &bases[cpu];
		spin_lock(&b->lock);
		if (t->cpu == cpu) {
			if (b->running == t && cpu == this_cpu()->id) {
				/* called from t's own callback (it runs with
				 * interrupts off, so nothing else runs on this
				 * CPU): t is off the list already, and waiting
				 * would never end; timer_arm() from a periodic
				 * timer's callback goes on from here */
				spin_unlock(&b->lock);
				return 0;
			}
			if (b->running == t) {	/* firing right now: wait */
				spin_unlock(&b->lock);
				continue;
			}
			was = !list_empty(&t->node);
			list_del(&t->node);
			t->cpu = -1;
			spin_unlock(&b->lock);
			return was;
		}
		spin_unlock(&b->lock);
	}
}

uint64_t
timer_next_expiry(void)
{
	struct timer_base *b = &bases[this_cpu()->id];
	uint64_t first = UINT64_MAX;

	spin_lock(&b->lock);
	if (!list_empty(&b->armed))
		first = list_first(&b->armed, struct timer, node)->expires;
	spin_unlock(&b->lock);
	return first;
}

void
timer_run_expired(void)
{
	struct timer_base *b = &bases[this_cpu()->id];
	uint64_t now, first = UINT64_MAX;

	/* The tick's fast path: only this CPU adds to its list (interrupts
	 * are off), other CPUs only take timers off it, so a list seen empty
	 * stays empty; in periodic mode there is nothing to do then. */
	if (__atomic_load_n(&b->armed.next, __ATOMIC_RELAXED) == &b->armed &&
	    !hrtimer_oneshot())
		return;
	now = sched_clock();
	spin_lock(&b->lock);
	while (!list_empty(&b->armed)) {
		struct timer *t = list_first(&b->armed, struct timer, node);
		if (t->expires > now) {
			first = t->expires;
			break;
		}
		list_del(&t->node);
		b->running = t;
		spin_unlock(&b->lock);
		t->fn(t->arg);
		spin_lock(&b->lock);
		b->running = NULL;
		if (list_empty(&t->node) && t->cpu == this_cpu()->id)
			t->cpu = -1;
	}
	hrtimer_program(first, now);
	spin_unlock(&b->lock);
}

/* Sleep until sched_clock() reaches deadline; -EINTR if a signal is
 * pending first.  The state is set before the signal is looked at, and a
 * sender sets sig_work before it looks at the state: one of the two sees
 * the other.  Task context only. */
int
sleep_until(uint64_t deadline)
{
	struct task *t = current;

	while (sched_clock() < deadline) {
		__atomic_store_n(&t->state, TASK_SLEEPING, __ATOMIC_SEQ_CST);
		if (signal_pending(t)) {
			__atomic_store_n(&t->state, TASK_RUNNING,
					 __ATOMIC_SEQ_CST);
			return -EINTR;
		}
		timer_arm(&t->sleep_timer, deadline);
		sched_sleep();
		timer_cancel(&t->sleep_timer);
	}
	return 0;
}
