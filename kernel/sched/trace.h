/*
 * trace.h - the scheduler's event trace.
 *
 * With "trace=sched" on the command line every CPU records its scheduler
 * events (switch, wakeup, migration, fork, exit, balance) with nanosecond
 * stamps in a ring buffer of its own - no lock, no formatting on the hot
 * path.  trace_dump() prints them, merged in time order, on the
 * machine-readable channel in ftrace's sched_switch/sched_wakeup style (the
 * format is in docs/scheduler.md).  The empty noinline anchors below exist
 * so a lab can say "break trace_anchor_migrate if to == 2" in gdb.
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

extern int trace_on;

void trace_init(void);
void trace_record(int type, int a, int b, int c, int d, int e, int f);
void trace_dump(void);

void trace_switch_slow(struct rq *rq, struct task *prev, struct task *next);
void trace_wakeup_slow(struct task *p, int cpu, int sync);
void trace_migrate_slow(struct task *p, int from, int to);

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

#endif
