/*
 * tunable.h - named, range-checked knobs of the scheduler.
 *
 * The core, the balancer and the policy each publish an array of tunables;
 * the registry (tunable.c) finds them by name for the command line
 * ("sched.<name>=<value>") and for the sysctl program (SYS_tunable).  A
 * value outside [min, max] is refused with a message naming the tunable.
 */
#ifndef KERNEL_TUNABLE_H
#define KERNEL_TUNABLE_H

#include <stddef.h>
#include <stdint.h>

struct tunable {
	const char *name;
	int64_t *var;
	int64_t def, min, max;
	const char *unit;		/* "ms", "ns", "bool", "%", ... */
	const char *desc;		/* one line */
};

#define TUNABLE(n, v, d, lo, hi, u, text) \
	{ .name = (n), .var = &(v), .def = (d), .min = (lo), .max = (hi), \
	  .unit = (u), .desc = (text) }

/* The tables the registry searches, besides the policy's own
 * (sched_policy.tunables): the core's (kernel/sched/core.c), the real-time
 * classes' (kernel/sched/rt.c) and the balancer's (kernel/sched/balance.c). */
extern const struct tunable sched_core_tunables[];
extern const size_t sched_core_ntunables;
extern const struct tunable rt_tunables[];
extern const size_t rt_ntunables;
extern const struct tunable balance_tunables[];
extern const size_t balance_ntunables;

void tunable_init(void);		/* defaults, then the command line */
size_t tunable_count(void);
const struct tunable *tunable_at(size_t i);
const struct tunable *tunable_find(const char *name);
/* 0, or -ENOENT (no such name) / -ERANGE (out of range).  Prints nothing:
 * the caller reports (sysctl in user space, the command line's parser on
 * the console), so that an error is told once, by whoever asked. */
int tunable_set(const char *name, int64_t value);
/* The number of CPUs online changed (boot): let the policy recompute what
 * it derives from it and from the tunables (sched_policy.update_sysctl);
 * tunable_init() and tunable_set() do so themselves. */
void tunable_refresh(void);

#endif
