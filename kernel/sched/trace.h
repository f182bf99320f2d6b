/*
 * trace.h - the scheduler's event trace.
 *
 * With "trace=sched" on the command line (or after the trace system call's
 * Q_TRACE_START, the `trace start` tool) every CPU records its scheduler
 * events - switch, wakeup, migration, fork, exit, balance - with nanosecond
 * stamps and the tasks' names in a ring buffer of its own: no lock, no
 * formatting on the hot path.  A ring that wraps keeps the newest events
 * and counts the ones it overwrote.  trace_dump() prints the rings, merged
 * in time order, on the machine-readable channel in ftrace's
 * sched_switch/sched_wakeup style (the format is in docs/tracing.md);
 * tools/trace/ turns that into Perfetto JSON, an HTML timeline and
 * perf-sched-style reports.  The *_slow functions are never inlined, so a
 * lab can say "break trace_migrate_slow if to == 2" in gdb.
 */
#ifndef KERNEL_SCHED_TRACE_H
#define KERNEL_SCHED_TRACE_H

#include <stdint.h>

struct rq;
struct task;

#define TR_SWITCH	1
#define TR_WAKEUP	2
#define TR_MIGRATE	3
#define TR_FORK		4
#define TR_EXIT		5
#define TR_BALANCE	6

#define TRACE_COMM	16	/* Q_COMM_LEN: 15 characters and a NUL */

/* One event; the meaning of v[] depends on type (trace.c, print_event). */
struct trace_event {
	uint64_t ns;			/* sched_clock() */
	int64_t key;			/* the policy key of the task it names */
	int32_t v[6];
	uint16_t type;			/* TR_* */
	char comm[2][TRACE_COMM];	/* task names: [0] prev/the task, [1] next/child */
};

/* One CPU's ring.  Only its own CPU writes it, with interrupts off. */
struct trace_ring {
	struct trace_event *ev;
	uint32_t size;			/* events it holds */
	uint32_t head;			/* events ever written since the start */
	volatile int busy;		/* writing an event now (see trace_quiesce) */
};

extern int trace_on;

/* Once, at boot: with trace=sched, allocate the rings (trace_buf_size=)
 * and start recording. */
void trace_init(void);
/* A generic event without names (callers check trace_on first). */
void trace_record(int type, int a, int b, int c, int d, int e, int f);
/* init exits: print the rings if recording */
void trace_dump(void);

/* Control, for the trace system call (kernel/sys_trace.c): start empties
 * the rings (size events each, 0: keep; allocated on first use) and
 * records; 0 or -ENOMEM.  dump_now prints the rings whether recording or
 * not; -ENOENT if there are none. */
struct q_trace_status;
int trace_start(uint32_t size);
void trace_stop(void);
void trace_clear(void);
int trace_dump_now(void);
void trace_status(struct q_trace_status *st);

/* The typed events' recorders, out of line: call only through the
 * trace_switch() ... wrappers below, which test trace_on first.  Any
 * context; an event is dropped when the CPU's ring is busy. */
void trace_switch_slow(struct rq *rq, struct task *prev, struct task *next);
void trace_wakeup_slow(struct task *p, int cpu, int sync);
void trace_migrate_slow(struct task *p, int from, int to);
void trace_fork_slow(struct task *parent, struct task *child);
void trace_exit_slow(struct task *p);

/*
 * Functions meant for gdb's "call" command.  The kernel passes arguments
 * in registers (-mregparm=3), but gdb, which reads no calling convention
 * from the debug information, pushes them on the stack: "call
 * sched_dump(0)" hands sched_dump() whatever eax holds.  GDB_CALLABLE
 * functions take theirs on the stack (regparm(0)).  This is the one place
 * they are declared; docs/debugging.md says when calling them is safe (no
 * runqueue lock held on the CPU gdb calls on).  tools/gdb never calls
 * kernel code.
 */
#define GDB_CALLABLE	__attribute__((regparm(0), used, noinline))

void GDB_CALLABLE gdb_sched_dump(int cpu);	/* sched_dump(cpu) */
void GDB_CALLABLE gdb_trace_dump(void);		/* the rings, now */
/* (defined in kernel/sys_trace.c) */

static inline void
trace_switch(struct rq *rq, struct task *prev, struct task *next)
{
	if (trace_on)
		trace_switch_slow(rq, prev, next);
}

static inline void
trace_wakeup(struct task *p, int cpu, int sync)
{
	if (trace_on)
		trace_wakeup_slow(p, cpu, sync);
}

static inline void
trace_migrate(struct task *p, int from, int to)
{
	if (trace_on)
		trace_migrate_slow(p, from, to);
}

static inline void
trace_fork(struct task *parent, struct task *child)
{
	if (trace_on)
		trace_fork_slow(parent, child);
}

static inline void
trace_exit(struct task *p)
{
	if (trace_on)
		trace_exit_slow(p);
}

#endif
