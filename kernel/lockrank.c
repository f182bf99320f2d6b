/*
 * lockrank.c - the lock order as a table, and its check (lockrank.h).
 *
 * The table is the source of docs/scheduler.md's lock order: a lock may
 * be taken while holding only locks listed above it.  Ranks leave gaps so
 * a new lock can go between two.  `nest` marks a class whose locks may be
 * held two at a time (the holder orders them itself: double_rq_lock()
 * takes the lower CPU's runqueue first).
 */
#include <stdint.h>
#include "kernel/cpu.h"
#include "kernel/ksyms.h"
#include "kernel/lib/string.h"
#include "kernel/lockrank.h"
#include "kernel/panic.h"
#include "kernel/spinlock.h"

static const struct {
	const char *name;
	int8_t rank;
	int8_t nest;
} ranks[] = {
	{ "console_in", 8, 0 },		/* the console's input: Ctrl-C
					 * signals its group under it */
	{ "proc", 10, 0 },		/* the task and process tables */
	{ "tunable", 12, 0 },
	{ "selftest_lock", 12, 0 },
	{ "files", 20, 1 },		/* a descriptor table; fork holds
					 * the parent's and the new one */
	{ "ramfs", 25, 0 },		/* the /tmp tree, its busy waits */
	{ "pipe", 30, 0 },		/* wait queues' owners ... */
	{ "futex", 30, 0 },
	{ "usock", 30, 1 },		/* a Unix socket; connect holds the
					 * listener's, then the client's */
	{ "unix_name", 32, 0 },		/* the socket names: a leaf */
	{ "poll", 35, 0 },		/* ... then the pollers' list */
	{ "mm", 38, 0 },		/* an address space: user copies
					 * under a pipe's or futex's lock */
	{ "wake", 40, 0 },		/* a task's wake_lock */
	{ "rq", 50, 1 },		/* runqueues, two in CPU order */
	{ "timer", 60, 0 },		/* a CPU's timer list */
	{ "smp_call", 65, 1 },		/* cross-CPU calls */
	{ "kstack", 70, 0 },		/* allocators: anyone may allocate */
	{ "kmalloc", 72, 0 },
	{ "frame", 74, 0 },
	{ "ioapic", 80, 0 },		/* hardware registers */
	{ "mmio", 80, 0 },
	{ "printk", 90, 0 },		/* output: from anywhere */
	{ "data", 90, 0 },
};
#define NRANKS	(int)(sizeof(ranks) / sizeof(ranks[0]))

static int
lookup(const char *name, int *nest)
{
	for (int i = 0; i < NRANKS; i++)
		if (name && strcmp(ranks[i].name, name) == 0) {
			*nest = ranks[i].nest;
			return ranks[i].rank;
		}
	*nest = 0;
	return -1;		/* not ranked: not checked */
}

int
lockrank_of(struct spinlock *lk)
{
	int nest;

	if (lk->rank == 0)
		lk->rank = (int8_t)lookup(lk->name, &nest);
	return lk->rank > 0 ? lk->rank : 0;
}

static int
nests(const struct spinlock *lk)
{
	int nest;

	lookup(lk->name, &nest);
	return nest;
}

static void __attribute__((noreturn))
out_of_order(struct spinlock *lk, uintptr_t pc, const struct lock_held *h)
{
	uintptr_t off1 = 0, off2 = 0;
	const char *f1 = ksym_lookup(pc, &off1);
	const char *f2 = ksym_lookup(h->pc, &off2);

	panic("lock order: cpu%d takes '%s' (rank %d) at %s+0x%x while "
	      "holding '%s' (rank %d), taken at %s+0x%x", cpu_id(), lk->name,
	      lockrank_of(lk), f1 ? f1 : "?", off1, h->lk->name,
	      lockrank_of(h->lk), f2 ? f2 : "?", off2);
}

void
lockrank_acquire(struct cpu *c, struct spinlock *lk, uintptr_t pc)
{
	int rank = lockrank_of(lk);

	if (panicking >= 0)
		return;		/* the report's own printing takes locks */
	for (int i = 0; rank && i < c->nheld; i++) {
		const struct lock_held *h = &c->held[i];
		int hr = lockrank_of(h->lk);

		/* A task lock the interrupted task holds is no part of the
		 * handler's order: the handler never waits for it. */
		if (h->irq_depth < c->irq_depth)
			continue;
		if (hr > rank || (hr == rank && !(h->lk != lk && nests(lk))))
			out_of_order(lk, pc, h);
	}
	if (c->nheld == LOCKS_HELD_MAX)
		panic("lock order: cpu%d holds %d locks and takes '%s'",
		      cpu_id(), c->nheld, lk->name);
	c->held[c->nheld++] = (struct lock_held){ lk, pc, c->irq_depth };
}

void
lockrank_release(struct cpu *c, struct spinlock *lk)
{
	for (int i = c->nheld - 1; i >= 0; i--)
		if (c->held[i].lk == lk) {
			for (; i + 1 < c->nheld; i++)
				c->held[i] = c->held[i + 1];
			c->nheld--;
			return;
		}
}
