/*
 * trace.c - per-CPU ring buffers of scheduler events.
 *
 * Line format on the data channel (one event per line; docs/tracing.md):
 *   # tracer: sched, <n> cpus, policy <name>, <size> events per cpu
 *   # cpu=<n> recorded=<r> lost=<l>
 *   <sec>.<usec> cpu=<n> sched_switch prev_comm=<c> prev_pid=<p> prev_prio=<pr> prev_state=<R|S|D|Z> ==> next_comm=<c> next_pid=<q> next_prio=<pr> next_key=<k>
 *   <sec>.<usec> cpu=<n> sched_wakeup comm=<c> pid=<p> prio=<pr> target_cpu=<c> sync=<0|1> new=<0|1>
 *   <sec>.<usec> cpu=<n> sched_migrate comm=<c> pid=<p> orig_cpu=<a> dest_cpu=<b>
 *   <sec>.<usec> cpu=<n> sched_fork comm=<c> parent_pid=<p> child_comm=<c> child_pid=<c>
 *   <sec>.<usec> cpu=<n> sched_exit comm=<c> pid=<p>
 *   <sec>.<usec> cpu=<n> sched_balance busiest=<c> pulled=<k> imbalance=<i>
 *   # end of trace
 *
 * The ring size is the command line's trace_buf_size=<bytes>[KM] per CPU
 * (as Linux's), or the events_per_cpu of Q_TRACE_START.
 */
#include <stdint.h>
#include "arch/x86/platform.h"
#include "include/uapi/errno.h"
#include "include/uapi/trace.h"
#include "kernel/cmdline.h"
#include "kernel/cpu.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/printf.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/trace.h"
#include "kernel/time.h"

#define TRACE_EVENTS	8192	/* per CPU, unless trace_buf_size= says */

int trace_on;
/* Named for gdb (tools/gdb: k-trace) */
struct trace_ring trace_rings[MAX_CPUS];
int trace_nrings;

/* arch/x86/platform.c's; the host simulator (tests/host) has no firmware
 * tables and sets ncpu before trace_init() instead. */
extern struct platform_info platform __attribute__((weak));

_Static_assert(Q_TRACE_MAX_CPUS >= MAX_CPUS, "q_trace_status too small");

/* ---- the rings ---- */

static void
rings_free(void)
{
	for (int i = 0; i < trace_nrings; i++) {
		kfree(trace_rings[i].ev);
		trace_rings[i].ev = NULL;
	}
	trace_nrings = 0;
}

/* Rings of size events for every CPU the firmware listed; 0 or -ENOMEM. */
static int
rings_alloc(uint32_t size)
{
	int n = &platform ? platform.ncpu : 0;

	if (n < ncpu)
		n = ncpu;
	if (n > MAX_CPUS)
		n = MAX_CPUS;

	for (int i = 0; i < n; i++) {
		struct trace_ring *r = &trace_rings[i];
		r->ev = kzalloc(sizeof(struct trace_event) * size);
		if (!r->ev) {
			trace_nrings = i;
			rings_free();
			return -ENOMEM;
		}
		r->size = size;
		r->head = 0;
		trace_nrings = i + 1;
	}
	return 0;
}

/* Stop recording and wait until no CPU is in the middle of an event.
 * trace_record() sets busy before it checks trace_on again, so after
 * this either it saw trace_on == 0 or we see its busy flag (both are
 * sequentially consistent). */
static void
trace_quiesce(void)
{
	__atomic_store_n(&trace_on, 0, __ATOMIC_SEQ_CST);
	for (int i = 0; i < trace_nrings; i++)
		while (__atomic_load_n(&trace_rings[i].busy, __ATOMIC_SEQ_CST))
			cpu_relax();
}

static void
rings_clear(void)
{
	for (int i = 0; i < trace_nrings; i++)
		trace_rings[i].head = 0;
}

/* trace_buf_size=<bytes>[K|M] per CPU, as events; 0 if absent or bad. */
static uint32_t
cmdline_events(void)
{
	const int64_t ev = sizeof(struct trace_event);
	int64_t bytes;

	if (cmdline_number("trace_buf_size", Q_TRACE_MIN_EVENTS * ev,
			   (Q_TRACE_MAX_EVENTS + 1) * ev - 1, CMDLINE_SIZE,
			   &bytes) != 1)
		return 0;
	return (uint32_t)(bytes / ev);
}

void
trace_init(void)
{
	const char *v = cmdline_get("trace");
	uint32_t size = cmdline_events();

	if (!v || strcmp(v, "sched") != 0)
		return;
	if (rings_alloc(size ? size : TRACE_EVENTS) < 0) {
		printk("trace: no memory for the ring buffers\n");
		return;
	}
	trace_on = 1;
	pr_info("trace: recording scheduler events (%u per CPU, %u bytes each)\n",
		trace_rings[0].size, (unsigned)sizeof(struct trace_event));
}

/* ---- recording: interrupts are off on every caller ---- */

static struct trace_event *
event_begin(int type)
{
	struct trace_ring *r = &trace_rings[this_cpu()->id];
	struct trace_event *ev;

	if (this_cpu()->id >= trace_nrings)
		return NULL;
	__atomic_store_n(&r->busy, 1, __ATOMIC_SEQ_CST);
	if (!__atomic_load_n(&trace_on, __ATOMIC_SEQ_CST)) {
		__atomic_store_n(&r->busy, 0, __ATOMIC_RELEASE);
		return NULL;
	}
	ev = &r->ev[r->head++ % r->size];
	ev->ns = sched_clock();
	ev->type = (uint16_t)type;
	ev->key = 0;
	ev->comm[0][0] = ev->comm[1][0] = '\0';
	return ev;
}

static void
event_end(void)
{
	__atomic_store_n(&trace_rings[this_cpu()->id].busy, 0, __ATOMIC_RELEASE);
}

void
trace_record(int type, int a, int b, int c, int d, int e, int f)
{
	struct trace_event *ev = event_begin(type);

	if (!ev)
		return;
	ev->v[0] = a, ev->v[1] = b, ev->v[2] = c;
	ev->v[3] = d, ev->v[4] = e, ev->v[5] = f;
	event_end();
}

/* The name a trace line shows: the task's (task_name), "idle" for idle
 * tasks. */
static void
set_comm(char *dst, const struct task *p)
{
	const char *src = p->is_idle ? "idle" : p->proc ? task_name(p) : "?";
	int i = 0;

	/* by hand: the host simulator's libc has no strlcpy */
	for (; i < TRACE_COMM - 1 && src[i]; i++)
		dst[i] = src[i];
	dst[i] = '\0';
}

/* prev_state as Linux's sched_switch prints it: D for an
 * uninterruptible sleep (waitq_sleep_unint), S for any other. */
static char
state_char(const struct task *p)
{
	int s = p->state;

	if (s == TASK_SLEEPING)
		return p->sleep_unint ? 'D' : 'S';
	return s == TASK_RUNNING ? 'R' : s == TASK_ZOMBIE ? 'Z' : 'N';
}

static int
tgid(const struct task *p)
{
	return p->is_idle ? 0 : p->proc->pid;
}

void __attribute__((noinline))
trace_switch_slow(struct rq *rq, struct task *prev, struct task *next)
{
	struct trace_event *ev = event_begin(TR_SWITCH);

	(void)rq;
	if (!ev)
		return;
	ev->v[0] = prev->tid;
	ev->v[1] = sched_task_prio(prev);
	ev->v[2] = state_char(prev);
	ev->v[3] = next->tid;
	ev->v[4] = sched_task_prio(next);
	ev->v[5] = tgid(next);
	ev->key = next->is_idle ? 0 : sched_task_key(next);
	set_comm(ev->comm[0], prev);
	set_comm(ev->comm[1], next);
	event_end();
}

/* A task that was never switched out has never slept: this wakeup is
 * the first one after fork (Linux's sched_wakeup_new). */
void __attribute__((noinline))
trace_wakeup_slow(struct task *p, int cpu, int sync)
{
	struct trace_event *ev = event_begin(TR_WAKEUP);

	if (!ev)
		return;
	ev->v[0] = p->tid;
	ev->v[1] = sched_task_prio(p);
	ev->v[2] = cpu;
	ev->v[3] = sync;
	ev->v[4] = p->nvcsw + p->nivcsw == 0;
	ev->v[5] = tgid(p);
	ev->key = sched_task_key(p);
	set_comm(ev->comm[0], p);
	event_end();
}

void __attribute__((noinline))
trace_migrate_slow(struct task *p, int from, int to)
{
	struct trace_event *ev = event_begin(TR_MIGRATE);

	if (!ev)
		return;
	ev->v[0] = p->tid;
	ev->v[1] = from;
	ev->v[2] = to;
	ev->v[3] = tgid(p);
	set_comm(ev->comm[0], p);
	event_end();
}

void __attribute__((noinline))
trace_fork_slow(struct task *parent, struct task *child)
{
	struct trace_event *ev = event_begin(TR_FORK);

	if (!ev)
		return;
	ev->v[0] = parent->tid;
	ev->v[1] = child->tid;
	ev->v[2] = tgid(child);
	set_comm(ev->comm[0], parent);
	set_comm(ev->comm[1], child);
	event_end();
}

void __attribute__((noinline))
trace_exit_slow(struct task *p)
{
	struct trace_event *ev = event_begin(TR_EXIT);

	if (!ev)
		return;
	ev->v[0] = p->tid;
	ev->v[1] = tgid(p);
	set_comm(ev->comm[0], p);
	event_end();
}

/* ---- the dump ---- */

static void
print_event(int cpu, const struct trace_event *e)
{
	char head[40];
	const int32_t *v = e->v;

	snprintf(head, sizeof(head), "%llu.%06llu cpu=%d", e->ns / 1000000000ull,
		 (e->ns / 1000) % 1000000, cpu);
	switch (e->type) {
	case TR_SWITCH:
		data_printf("%s sched_switch prev_comm=%s prev_pid=%d prev_prio=%d "
			    "prev_state=%c ==> next_comm=%s next_pid=%d "
			    "next_prio=%d next_key=%lld\n", head, e->comm[0], v[0],
			    v[1], v[2], e->comm[1], v[3], v[4], (long long)e->key);
		break;
	case TR_WAKEUP:
		data_printf("%s sched_wakeup comm=%s pid=%d prio=%d key=%lld "
			    "target_cpu=%d sync=%d new=%d\n", head, e->comm[0],
			    v[0], v[1], (long long)e->key, v[2], v[3], v[4]);
		break;
	case TR_MIGRATE:
		data_printf("%s sched_migrate comm=%s pid=%d orig_cpu=%d "
			    "dest_cpu=%d\n", head, e->comm[0], v[0], v[1], v[2]);
		break;
	case TR_FORK:
		data_printf("%s sched_fork comm=%s parent_pid=%d child_comm=%s "
			    "child_pid=%d\n", head, e->comm[0], v[0], e->comm[1],
			    v[1]);
		break;
	case TR_EXIT:
		data_printf("%s sched_exit comm=%s pid=%d\n", head, e->comm[0],
			    v[0]);
		break;
	case TR_BALANCE:
		data_printf("%s sched_balance busiest=%d pulled=%d imbalance=%d\n",
			    head, v[0], v[1], v[2]);
		break;
	}
}

static uint32_t
ring_first(const struct trace_ring *r)
{
	return r->head > r->size ? r->head - r->size : 0;
}

static const struct trace_event *
ring_at(const struct trace_ring *r, uint32_t pos)
{
	return &r->ev[pos % r->size];
}

/* Merge the rings by time and print them; recording pauses meanwhile. */
static void
dump_rings(void)
{
	uint32_t pos[MAX_CPUS];
	int n = trace_nrings;

	data_printf("# tracer: sched, %d cpus, policy %s, %u events per cpu\n",
		    n, sched_policy.name, trace_rings[0].size);
	for (int i = 0; i < n; i++) {
		pos[i] = ring_first(&trace_rings[i]);
		data_printf("# cpu=%d recorded=%u lost=%u\n", i,
			    trace_rings[i].head, pos[i]);
	}
	for (;;) {
		int best = -1;
		for (int i = 0; i < n; i++) {
			if (pos[i] == trace_rings[i].head)
				continue;
			if (best < 0 || ring_at(&trace_rings[i], pos[i])->ns <
			    ring_at(&trace_rings[best], pos[best])->ns)
				best = i;
		}
		if (best < 0)
			break;
		print_event(best, ring_at(&trace_rings[best], pos[best]++));
	}
	data_printf("# end of trace\n");
}

static void
dump_paused(void)
{
	int was_on = trace_on;

	trace_quiesce();
	dump_rings();
	__atomic_store_n(&trace_on, was_on, __ATOMIC_SEQ_CST);
}

/* When init exits: the rings, if still recording (a trace stopped with
 * Q_TRACE_STOP was dumped, or not, by whoever stopped it). */
void
trace_dump(void)
{
	if (trace_nrings && trace_on)
		dump_paused();
}

/* ---- control (kernel/sys_trace.c: the trace system call) ---- */

int
trace_start(uint32_t size)
{
	int err;

	trace_quiesce();
	if (size && trace_nrings && size != trace_rings[0].size)
		rings_free();
	if (!trace_nrings) {
		err = rings_alloc(size ? size : TRACE_EVENTS);
		if (err)
			return err;
	}
	rings_clear();
	__atomic_store_n(&trace_on, 1, __ATOMIC_SEQ_CST);
	return 0;
}

void
trace_stop(void)
{
	trace_quiesce();
}

void
trace_clear(void)
{
	int was_on = trace_on;

	trace_quiesce();
	rings_clear();
	__atomic_store_n(&trace_on, was_on, __ATOMIC_SEQ_CST);
}

int
trace_dump_now(void)
{
	if (!trace_nrings)
		return -ENOENT;
	dump_paused();
	return 0;
}

void
trace_status(struct q_trace_status *st)
{
	memset(st, 0, sizeof(*st));
	st->on = trace_on;
	st->ncpu = trace_nrings;
	st->size = trace_nrings ? trace_rings[0].size : 0;
	st->event_bytes = sizeof(struct trace_event);
	for (int i = 0; i < trace_nrings; i++) {
		st->recorded[i] = trace_rings[i].head;
		st->lost[i] = ring_first(&trace_rings[i]);
	}
}
