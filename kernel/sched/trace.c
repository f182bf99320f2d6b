/*
 * trace.c - per-CPU ring buffers of scheduler events.
 *
 * Line format on the data channel (one event per line):
 *   <sec>.<usec> cpu=<n> sched_switch prev_pid=<p> prev_prio=<pr> prev_state=<R|S|Z> ==> next_pid=<q> next_prio=<pr>
 *   <sec>.<usec> cpu=<n> sched_wakeup pid=<p> prio=<pr> target_cpu=<c> sync=<0|1>
 *   <sec>.<usec> cpu=<n> sched_migrate pid=<p> orig_cpu=<a> dest_cpu=<b>
 *   <sec>.<usec> cpu=<n> sched_fork parent_pid=<p> child_pid=<c>
 *   <sec>.<usec> cpu=<n> sched_exit pid=<p>
 *   <sec>.<usec> cpu=<n> sched_balance busiest=<c> pulled=<k> imbalance=<i>
 */
#include <stdint.h>
#include "kernel/cmdline.h"
#include "kernel/cpu.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/printf.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/trace.h"
#include "kernel/spinlock.h"
#include "kernel/time.h"

#define TRACE_EVENTS	8192	/* per CPU */

struct event {
	uint64_t ns;
	int32_t type;
	int32_t v[6];
};

struct ring {
	struct event *ev;
	uint32_t head;		/* events ever written */
};

int trace_on;
static struct ring rings[MAX_CPUS];

void
trace_init(void)
{
	const char *v = cmdline_get("trace");

	if (!v || strcmp(v, "sched") != 0)
		return;
	for (int i = 0; i < MAX_CPUS; i++) {
		rings[i].ev = kzalloc(sizeof(struct event) * TRACE_EVENTS);
		if (!rings[i].ev) {
			printk("trace: no memory for the ring buffers\n");
			return;
		}
	}
	trace_on = 1;
	pr_info("trace: recording scheduler events (%d per CPU)\n", TRACE_EVENTS);
}

/* Interrupts are off on every caller, so the CPU's ring is ours alone. */
void
trace_record(int type, int a, int b, int c, int d, int e, int f)
{
	struct ring *r = &rings[this_cpu()->id];
	struct event *ev = &r->ev[r->head++ % TRACE_EVENTS];

	ev->ns = sched_clock();
	ev->type = type;
	ev->v[0] = a, ev->v[1] = b, ev->v[2] = c;
	ev->v[3] = d, ev->v[4] = e, ev->v[5] = f;
}

static char
state_char(int s)
{
	return s == TASK_RUNNING ? 'R' : s == TASK_SLEEPING ? 'S' : 'Z';
}

void __attribute__((noinline))
trace_switch_slow(struct rq *rq, struct task *prev, struct task *next)
{
	(void)rq;
	trace_record(TR_SWITCH, prev->tid, sched_task_prio(prev),
		     state_char(prev->state), next->tid, sched_task_prio(next), 0);
}

void __attribute__((noinline))
trace_wakeup_slow(struct task *p, int cpu, int sync)
{
	trace_record(TR_WAKEUP, p->tid, sched_task_prio(p), cpu, sync, 0, 0);
}

void __attribute__((noinline))
trace_migrate_slow(struct task *p, int from, int to)
{
	trace_record(TR_MIGRATE, p->tid, from, to, 0, 0, 0);
}

static void
print_event(int cpu, const struct event *e)
{
	char head[40];
	const int32_t *v = e->v;

	snprintf(head, sizeof(head), "%llu.%06llu cpu=%d", e->ns / 1000000000ull,
		 (e->ns / 1000) % 1000000, cpu);
	switch (e->type) {
	case TR_SWITCH:
		data_printf("%s sched_switch prev_pid=%d prev_prio=%d prev_state=%c"
			    " ==> next_pid=%d next_prio=%d\n", head, v[0], v[1],
			    v[2], v[3], v[4]);
		break;
	case TR_WAKEUP:
		data_printf("%s sched_wakeup pid=%d prio=%d target_cpu=%d sync=%d\n",
			    head, v[0], v[1], v[2], v[3]);
		break;
	case TR_MIGRATE:
		data_printf("%s sched_migrate pid=%d orig_cpu=%d dest_cpu=%d\n",
			    head, v[0], v[1], v[2]);
		break;
	case TR_FORK:
		data_printf("%s sched_fork parent_pid=%d child_pid=%d\n", head,
			    v[0], v[1]);
		break;
	case TR_EXIT:
		data_printf("%s sched_exit pid=%d\n", head, v[0]);
		break;
	case TR_BALANCE:
		data_printf("%s sched_balance busiest=%d pulled=%d imbalance=%d\n",
			    head, v[0], v[1], v[2]);
		break;
	}
}

/* Merge the rings by time and print them; tracing pauses meanwhile. */
void
trace_dump(void)
{
	uint32_t pos[MAX_CPUS];
	int was_on = trace_on;

	if (!rings[0].ev)
		return;
	trace_on = 0;
	for (int i = 0; i < ncpu; i++)
		pos[i] = rings[i].head > TRACE_EVENTS ?
			 rings[i].head - TRACE_EVENTS : 0;
	data_printf("# tracer: sched, %d cpus\n", ncpu);
	for (;;) {
		int best = -1;
		for (int i = 0; i < ncpu; i++) {
			if (pos[i] == rings[i].head)
				continue;
			if (best < 0 || rings[i].ev[pos[i] % TRACE_EVENTS].ns <
			    rings[best].ev[pos[best] % TRACE_EVENTS].ns)
				best = i;
		}
		if (best < 0)
			break;
		print_event(best, &rings[best].ev[pos[best]++ % TRACE_EVENTS]);
	}
	trace_on = was_on;
}
