/*
 * tunable.c - the registry of scheduler tunables.
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "kernel/cmdline.h"
#include "kernel/lib/printf.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/sched/policy.h"
#include "kernel/spinlock.h"
#include "kernel/tunable.h"

static struct spinlock tunable_lock = SPINLOCK_INIT("tunable");

struct table {
	const struct tunable *t;
	size_t n;
};

#define NTABLES	4

static size_t
tables(struct table out[NTABLES])
{
	out[0] = (struct table){ sched_core_tunables, sched_core_ntunables };
	out[1] = (struct table){ rt_tunables, rt_ntunables };
	out[2] = (struct table){ balance_tunables, balance_ntunables };
	out[3] = (struct table){ sched_policy.tunables, sched_policy.ntunables };
	return NTABLES;
}

size_t
tunable_count(void)
{
	struct table t[NTABLES];
	size_t n = 0;

	for (size_t i = 0; i < tables(t); i++)
		n += t[i].n;
	return n;
}

const struct tunable *
tunable_at(size_t i)
{
	struct table t[NTABLES];

	for (size_t k = 0; k < tables(t); k++) {
		if (i < t[k].n)
			return &t[k].t[i];
		i -= t[k].n;
	}
	return NULL;
}

const struct tunable *
tunable_find(const char *name)
{
	for (size_t i = 0; i < tunable_count(); i++)
		if (strcmp(tunable_at(i)->name, name) == 0)
			return tunable_at(i);
	return NULL;
}

/* Caller holds tunable_lock, which keeps two recomputations from
 * interleaving (the later one could store values from before the other's
 * write). */
static void
update_derived(void)
{
	if (sched_policy.update_sysctl)
		sched_policy.update_sysctl();
}

int
tunable_set(const char *name, int64_t value)
{
	const struct tunable *t = tunable_find(name);

	if (!t)
		return -ENOENT;
	if (value < t->min || value > t->max)
		return -ERANGE;
	spin_lock(&tunable_lock);
	*t->var = value;
	update_derived();
	spin_unlock(&tunable_lock);
	return 0;
}

void
tunable_refresh(void)
{
	spin_lock(&tunable_lock);
	update_derived();
	spin_unlock(&tunable_lock);
}

/* Apply every "sched.<name>=<value>" word of the command line. */
static void
tunable_cmdline(void)
{
	for (size_t i = 0; i < tunable_count(); i++) {
		const struct tunable *t = tunable_at(i);
		char key[64];
		int64_t x;

		snprintf(key, sizeof(key), "sched.%s", t->name);
		if (cmdline_number(key, t->min, t->max, 0, &x) != 1)
			continue;
		if (tunable_set(t->name, x) == 0)
			printk("tunable: %s = %lld %s\n", t->name, (long long)x,
			       t->unit);
	}
}

void
tunable_init(void)
{
	for (size_t i = 0; i < tunable_count(); i++)
		*tunable_at(i)->var = tunable_at(i)->def;
	tunable_cmdline();
	tunable_refresh();
}
