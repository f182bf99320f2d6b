/*
 * policy_cfs.c - what CFS (kernel/sched/cfs.c, docs/policies/cfs.md)
 * promises: weighted shares, slices of at least min_granularity, bounded
 * sleeper credit, a min_vruntime that only moves forward, the 2.6.24
 * scaling of the tunables by CPU count, child-runs-first, the tick-check
 * variants, vruntime rebasing on migration and 2.6.35's NEXT and LAST
 * buddies.
 *
 * Expected numbers are computed here from the formulas in the document,
 * not taken from cfs.c.  The runqueue's min_vruntime is private to cfs.c;
 * it is read the public way, from the policy's dump (sched_dump), which
 * prints it and every queued task's offset from it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/cpu.h"
#include "kernel/sched/sched.h"
#include "kernel/tunable.h"
#include "tests/host/scenario.h"
#include "tests/host/sim.h"

#define T0		(10 * MS)


/* 2.6.24 sched_init_granularity with cfs_tunable_scaling=1. */
static uint64_t
scale(int ncpu)
{
	int log = 0;

	while ((1 << (log + 1)) <= ncpu)
		log++;
	return (uint64_t)(1 + log);
}

static void
set_tunable(const char *name, int64_t v)
{
	if (tunable_set(name, v) != 0)
		sim_fail("tunable %s=%lld refused", name, (long long)v);
}

static void
renice_fn(void *arg)
{
	struct sim_task *st = arg;

	sched_set_nice(&st->task, (int)(intptr_t)st->priv);
}

/* Start st (its behaviour already set) pinned to cpu, then renice it
 * through the kernel: a fork copies the parent's nice. */
static struct sim_task *
pinned(struct sim_task *st, int cpu, int nice)
{
	st->mask = 1u << cpu;
	sim_start(st, cpu);
	st->priv = (void *)(intptr_t)nice;
	sim_on(cpu, renice_fn, st);
	return st;
}

static struct sim_task *
pinned_hog(const char *name, int cpu, int nice)
{
	struct sim_task *st = sim_task_new(name);

	sim_hog(st);
	return pinned(st, cpu, nice);
}

/* ---- the dump: min_vruntime and queued offsets, the public way ---- */

struct cfs_view {
	uint64_t min_vruntime;
	int queued;			/* the task asked for is in the tree */
	long long offset;		/* its vruntime - min_vruntime */
};

/*
 * Run sched_dump(cpu) with the console captured: the shim's printk goes
 * to stdout when sim_verbose is set.  Lines look like
 *   "... cfs: min_vruntime 123, load 2048, curr 3, period ..."
 *   "...     pid 4 vruntime 100 (+-23) weight 1024"
 * Takes the runqueue lock: call it from an action, not a switch hook.
 */
static struct cfs_view
cfs_view(int cpu, int tid)
{
	struct cfs_view v = { 0, 0, 0 };
	FILE *saved = stdout, *ms;
	char *buf = NULL, *line, *p;
	size_t len = 0;
	int verbose = sim_verbose, seen = 0;

	fflush(stdout);
	ms = open_memstream(&buf, &len);
	if (!ms)
		abort();
	stdout = ms;
	sim_verbose = 1;
	sched_dump(cpu);
	sim_verbose = verbose;
	stdout = saved;
	fclose(ms);
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		unsigned long long mv, vr;
		long long off;
		int pid;

		if ((p = strstr(line, "min_vruntime ")) &&
		    sscanf(p, "min_vruntime %llu", &mv) == 1) {
			v.min_vruntime = mv;
			seen = 1;
		} else if ((p = strstr(line, "pid ")) &&
			   sscanf(p, "pid %d vruntime %llu (+%lld)", &pid, &vr,
				  &off) == 3 && pid == tid) {
			v.queued = 1;
			v.offset = off;
		}
	}
	free(buf);
	if (!seen)
		sim_fail("no min_vruntime in cpu%d's dump", cpu);
	return v;
}

/* ---- shares ---- */

/* The CPU time of a and b over span: in the ratio of the weights of
 * nice 0 and n, within 2 %. */
static void
share_error(struct sim_task *a, struct sim_task *b, int n, int mode,
	    uint64_t span)
{
	uint64_t a0, b0;
	double want, got, err;

	sim_account_all();
	a0 = a->ran_ns;
	b0 = b->ran_ns;
	sim_run_until(sim_now + span);
	sim_account_all();
	want = sim_weight_of(0) / sim_weight_of(n);
	got = (double)(a->ran_ns - a0) / (double)(b->ran_ns - b0);
	err = 100.0 * (got - want) / want;
	sim_info("tick_check %d nice 0/%d over %.0f s: ran %.1f / %.1f ms, "
		 "ratio %.3f, weights %.3f (%+.3f %%)", mode, n, span / 1e9,
		 (a->ran_ns - a0) / 1e6, (b->ran_ns - b0) / 1e6, got, want,
		 err);
	if (err > 2.0 || err < -2.0)
		sim_fail("tick_check %d nice 0/%d ratio %.3f, weights %.3f "
			 "(%+.2f %%)", mode, n, got, want, err);
}

/* Two hogs at nice 0 and n on CPU 0 (of two) for 10 s. */
static void
shares_with(int n)
{
	struct sim_task *a, *b;

	sim_boot(2);
	sim_run_until(T0);
	a = pinned_hog("nice0", 0, 0);
	b = pinned_hog("niceN", 0, n);
	share_error(a, b, n, 0, 10 * SEC);
}

static void cfs_shares_5(void) { shares_with(5); }
static void cfs_shares_10(void) { shares_with(10); }
static void cfs_shares_19(void) { shares_with(19); }

/* The tick-check variants only add reasons to preempt earlier: the
 * shares of a nice 0 and a nice -5 hog (weights 1024 / 3121) stay those
 * of their weights in every mode, switched live. */
static void
cfs_tick_check_fair(void)
{
	struct sim_task *a, *b;

	sim_boot(2);
	sim_run_until(T0);
	a = pinned_hog("nice0", 0, 0);
	b = pinned_hog("nice-5", 0, -5);
	for (int mode = 0; mode <= 2 && !sim_failed(); mode++) {
		set_tunable("cfs_tick_check", mode);
		sim_run_until(sim_now + 100 * MS);	/* the old slice ends */
		share_error(a, b, -5, mode, 5 * SEC);
	}
}

/* ---- slices ---- */

/*
 * n nice-0 hogs pinned to CPU 0 of an ncpu machine, nothing else: every
 * switch is a tick preemption (no sleeps, no wakeups).  A run - picked to
 * switched out while still runnable - must last the slice period / n
 * (period = latency, or latency * n / nr_latency beyond nr_latency tasks),
 * up to one tick more (preemption is checked at ticks), and never less
 * than min_granularity.  latency and
 * min_gran are the unscaled bases; the scaling by 1 + log2(ncpu) is what
 * the test checks.
 */
/* The shortest and longest run that started at or after from, of those
 * sim_record_runs(1) kept; returns how many there are. */
static int
run_range(uint64_t from, uint64_t *lo, uint64_t *hi)
{
	int counted = 0;

	*lo = UINT64_MAX;
	*hi = 0;
	for (int r = 0; r < sim_nruns; r++) {
		if (sim_runs[r].start < from)
			continue;
		counted++;
		if (sim_runs[r].ns < *lo)
			*lo = sim_runs[r].ns;
		if (sim_runs[r].ns > *hi)
			*hi = sim_runs[r].ns;
	}
	return counted;
}

/* Beyond nr_latency tasks 2.6.24 __sched_period() stretches the latency
 * (latency * n / nr_latency), 2.6.35's gives each min_gran (min_gran * n). */
static uint64_t
period_of(uint64_t lat, uint64_t gran, uint64_t n, int v2635)
{
	uint64_t nl = (lat + gran - 1) / gran;

	if (n <= nl)
		return lat;
	return v2635 ? gran * n : lat * n / nl;
}

static void
slices(int ncpu, int n, uint64_t latency, uint64_t min_gran, int tick_check,
       int v2635)
{
	uint64_t f = scale(ncpu), lat = latency * f, gran = min_gran * f;
	uint64_t period, slice, from, lo, hi;
	int counted;

	if (lat > 200 * MS)
		lat = 200 * MS;
	period = period_of(lat, gran, (uint64_t)n, v2635);
	slice = period / (uint64_t)n;
	sim_boot(ncpu);
	set_tunable("cfs_latency_ns", (int64_t)latency);
	set_tunable("cfs_min_granularity_ns", (int64_t)min_gran);
	set_tunable("cfs_tick_check", tick_check);
	set_tunable("cfs_slice_2635", v2635);
	sim_run_until(T0);
	for (int i = 0; i < n; i++)
		pinned_hog("hog", 0, 0);
	from = sim_now + SEC;
	sim_record_runs(1);	/* only stretches that ended preempted */
	sim_run_until(from + 3 * SEC);
	sim_on_switch = 0;
	counted = run_range(from, &lo, &hi);
	sim_info("%2d cpus (x%llu) %d hogs: %4d runs of %.3f .. %.3f ms; slice "
		 "%.3f ms, min_gran %.3f ms, period %.3f ms", ncpu,
		 (unsigned long long)f, n, counted, lo / 1e6, hi / 1e6,
		 slice / 1e6, gran / 1e6, period / 1e6);
	if (counted < 20)
		sim_fail("%d cpus %d hogs: only %d runs", ncpu, n, counted);
	else if (lo < gran)
		sim_fail("%d cpus %d hogs: a run of %.3f ms < min_gran %.3f ms",
			 ncpu, n, lo / 1e6, gran / 1e6);
	else if (lo + sim_tick_ns / 1000 < slice || hi > slice + sim_tick_ns)
		sim_fail("%d cpus %d hogs: runs %.3f .. %.3f ms, slice %.3f ms",
			 ncpu, n, lo / 1e6, hi / 1e6, slice / 1e6);
}

/* The documented example: on 4 CPUs two nice-0 hogs alternate in 30 ms
 * slices (latency 20 ms x 3); 1, 2 and 8 CPUs give 10, 20 and 40 ms. */
static void cfs_slice_2_on_1cpu(void) { slices(1, 2, 20 * MS, 4 * MS, 0, 0); }
static void cfs_slice_2_on_2cpu(void) { slices(2, 2, 20 * MS, 4 * MS, 0, 0); }
static void cfs_slice_2_on_4cpu(void) { slices(4, 2, 20 * MS, 4 * MS, 0, 0); }
static void cfs_slice_2_on_8cpu(void) { slices(8, 2, 20 * MS, 4 * MS, 0, 0); }

/* More hogs than nr_latency (5): the period stretches so that each gets
 * exactly min_gran, 4 ms x scale (12 ms on 4 CPUs); tick check 1 or 2
 * never cuts a slice below it; the 2.6.35 set (6 ms / 2 ms, nr_latency
 * 3) gives 2 ms slices. */
static void cfs_mingran_8_on_1cpu(void) { slices(1, 8, 20 * MS, 4 * MS, 0, 0); }
static void cfs_mingran_8_on_2cpu(void) { slices(2, 8, 20 * MS, 4 * MS, 0, 0); }
static void cfs_mingran_8_on_4cpu(void) { slices(4, 8, 20 * MS, 4 * MS, 0, 0); }
static void cfs_mingran_8_on_8cpu(void) { slices(8, 8, 20 * MS, 4 * MS, 0, 0); }
static void cfs_mingran_tick1(void) { slices(4, 7, 20 * MS, 4 * MS, 1, 0); }
static void cfs_mingran_tick2(void) { slices(4, 7, 20 * MS, 4 * MS, 2, 0); }
static void cfs_mingran_2635(void) { slices(1, 8, 6 * MS, 2 * MS, 1, 1); }

/* Where the two periods differ: latency 10 ms, min_gran 4.5 ms, so
 * nr_latency 3, and 6 hogs.  2.6.35's period is 6 x 4.5 = 27 ms, slices
 * of 4.5 ms; 2.6.24's would be 10 x 6 / 3 = 20 ms, slices of 3.3 ms,
 * below min_gran. */
static void cfs_period_2635(void) { slices(1, 6, 10 * MS, 4500 * US, 0, 1); }

/*
 * Two hogs of weight w on one CPU (latency 20 ms), each due half the
 * period.  2.6.24 sched_slice() divides exactly: 10 ms.  2.6.35's
 * multiplies by calc_delta_mine()'s inverse of the load 2w, which is
 * 2^32 / (2w + 1) to within a unit: 20 ms * w / (2w + 1), 8 ms for two
 * SCHED_IDLE tasks (w = 2), 9.677 ms at nice 19 (w = 15).  The tick ends
 * a run at the first tick at which it has lasted longer than the slice:
 * every run lasts more than the slice and at most a tick (and the
 * reschedule IPI) more.
 */
static void
pair_slices(int cls, int nice, uint32_t w, int v2635)
{
	uint64_t slice = 20 * MS * w / (2 * w + (v2635 ? 1 : 0));
	uint64_t from, lo, hi;
	int counted;

	sim_boot(1);
	set_tunable("cfs_slice_2635", v2635);
	sim_run_until(T0);
	for (int i = 0; i < 2; i++) {
		struct sim_task *st = sim_task_new("hog");

		st->rt_class = cls;
		sim_hog(st);
		pinned(st, 0, nice);
	}
	from = sim_now + SEC;
	sim_record_runs(1);
	sim_run_until(from + 3 * SEC);
	sim_on_switch = 0;
	counted = run_range(from, &lo, &hi);
	sim_info("%s, class %d nice %d (weight %u): %d runs of %.3f .. %.3f "
		 "ms; slice %.3f ms", v2635 ? "2.6.35" : "2.6.24", cls, nice, w,
		 counted, lo / 1e6, hi / 1e6, slice / 1e6);
	if (counted < 20)
		sim_fail("only %d runs", counted);
	else if (lo <= slice || hi > slice + sim_tick_ns + sim_ipi_ns)
		sim_fail("runs %.3f .. %.3f ms, want (%.3f, %.3f] ms", lo / 1e6,
			 hi / 1e6, slice / 1e6,
			 (slice + sim_tick_ns + sim_ipi_ns) / 1e6);
}

static void
cfs_slice_idle_pair(void)
{
	pair_slices(SCHED_CLASS_IDLE, 0, 2, 0);
}

static void
cfs_slice_nice19_pair(void)
{
	pair_slices(0, 19, 15, 0);
}

static void
cfs_slice_idle_pair_2635(void)
{
	pair_slices(SCHED_CLASS_IDLE, 0, 2, 1);
}

static void
cfs_slice_nice19_pair_2635(void)
{
	pair_slices(0, 19, 15, 1);
}

/* ---- sleeper credit ---- */

static struct sim_task *cr_task;
static struct sim_chan cr_chan;
static uint64_t cr_bound, cr_slack;
static long long cr_max;
static int cr_wakes, cr_long, cr_exact;

/* Wake the waiter and read where place_entity put it, before anything
 * runs: offset = vruntime - min_vruntime, credit = -offset. */
static void
credit_post(void *arg)
{
	int was_long = (int)(intptr_t)arg;
	int asleep = cr_task->task.state == TASK_SLEEPING;
	struct cfs_view v;
	long long credit;

	sim_chan_post(&cr_chan, 0);
	if (!asleep)
		return;
	v = cfs_view(0, cr_task->task.tid);
	if (!v.queued) {
		sim_fail("woken %s not queued on cpu0", cr_task->name);
		return;
	}
	credit = -v.offset;
	cr_wakes++;
	if (credit > cr_max)
		cr_max = credit;
	if (credit > (long long)(cr_bound + cr_slack))
		sim_fail("credit %lld ns > bound %llu ns at %.3f s", credit,
			 (unsigned long long)cr_bound, sim_now / 1e9);
	if (was_long) {
		cr_long++;
		cr_exact += llabs(credit - (long long)cr_bound) <=
			    (long long)cr_slack;
	}
}

/*
 * Two nice-0 hogs and a waiter at nice `nice` on CPU 0 (of two: latency
 * 40 ms).  The waiter is woken alternately after ~200 ms (long enough
 * for min_vruntime to pass its old vruntime by more than the credit:
 * the credit is then exactly the bound) and after 1-30 ms.
 */
static void
credit_with(int mode, int nice, uint64_t bound)
{
	uint64_t t;

	sim_boot(2);
	sim_seed(11);
	set_tunable("cfs_sleeper_credit", mode);
	sim_run_until(T0);
	pinned_hog("hog0", 0, 0);
	pinned_hog("hog1", 0, 0);
	sim_chan_init(&cr_chan);
	cr_task = sim_task_new("waiter");
	sim_waiter(cr_task, &cr_chan, 200 * US);
	pinned(cr_task, 0, nice);
	cr_bound = bound;
	/* the weighted credit divides by the weight the 2.6.24 way, a
	 * multiply by 2^32 / weight rounded to 32 bits: a few ns off */
	cr_slack = mode == 3 ? bound >> 24 : 0;
	cr_max = 0;
	cr_wakes = cr_long = cr_exact = 0;
	t = sim_now + 100 * MS;
	for (int i = 0; i < 40; i++) {
		int is_long = i % 2 == 0;

		t += is_long ? 200 * MS + sim_rand() % MS :
			       MS + sim_rand() % (30 * MS);
		sim_at(t, 0, credit_post, (void *)(intptr_t)is_long);
	}
	sim_run_until(t + 10 * MS);
	sim_info("sleeper_credit %d nice %d: %d wakeups, largest credit %lld "
		 "ns, bound %llu ns (+%llu ns rounding), %d/%d long sleeps got "
		 "the bound", mode, nice, cr_wakes, cr_max,
		 (unsigned long long)bound, (unsigned long long)cr_slack,
		 cr_exact, cr_long);
	if (cr_wakes < 25)
		sim_fail("only %d wakeups of a sleeping waiter", cr_wakes);
	if (cr_exact != cr_long)
		sim_fail("mode %d: %d of %d long sleeps got the full credit",
			 mode, cr_exact, cr_long);
}

/* On 2 CPUs latency is 40 ms: credit 0, 40, 20 ms, and for the weighted
 * variant latency in a nice-5 waiter's virtual time, 40 * 1024 / 335. */
#define LAT2	(20 * MS * 2)
static void cfs_credit_0(void) { credit_with(0, 0, 0); }
static void cfs_credit_1(void) { credit_with(1, 0, LAT2); }
static void cfs_credit_2(void) { credit_with(2, 0, LAT2 / 2); }
static void cfs_credit_3(void) { credit_with(3, 5, LAT2 * 1024 / 335); }

/* ---- min_vruntime ---- */

static uint64_t mv_last[MAX_CPUS];
static uint64_t mv_samples, mv_end;
static int mv_ncpu;

static void
mv_sample(void *arg)
{
	int cpu = (int)(intptr_t)arg;
	struct cfs_view v = cfs_view(cpu, -1);

	if (v.min_vruntime < mv_last[cpu])
		sim_fail("cpu%d min_vruntime %llu after %llu at %.6f s", cpu,
			 (unsigned long long)v.min_vruntime,
			 (unsigned long long)mv_last[cpu], sim_now / 1e9);
	mv_last[cpu] = v.min_vruntime;
	mv_samples++;
	if (sim_now + 97 * US < mv_end)
		sim_at(sim_now + 97 * US + sim_rand() % (200 * US), cpu,
		       mv_sample, arg);
}

static void
renice_random(void *arg)
{
	struct sim_task *st = sim_tasks[sim_rand() % (uint64_t)sim_ntasks];

	(void)arg;
	if (!st->task.is_idle)
		sched_set_nice(&st->task, (int)(sim_rand() % 40) - 20);
}

/* Hogs, sleepers, yielders and runners on 2 CPUs, unpinned (the balancer
 * migrates them), reniced at random: each runqueue's min_vruntime, read
 * from the dump every ~200 us, never decreases. */
static void
cfs_min_vruntime(void)
{
	sim_boot(2);
	sim_seed(5);
	mv_ncpu = 2;
	sim_run_until(T0);
	for (int i = 0; i < 16; i++) {
		struct sim_task *st = sim_task_new("t");

		if (i % 4 == 0)
			sim_hog(st);
		else if (i % 4 == 1)
			sim_sleeper(st, 100 * US + sim_rand() % (3 * MS),
				    sim_rand() % (20 * MS));
		else if (i % 4 == 2)
			sim_yielder(st, 50 * US + sim_rand() % MS);
		else
			sim_sleeper(st, 5 * MS, 50 * MS + sim_rand() % (100 * MS));
		sim_start(st, (int)(sim_rand() % 2));
	}
	for (int i = 0; i < 200; i++)
		sim_at(T0 + MS + (uint64_t)i * 10 * MS + sim_rand() % MS,
		       (int)(sim_rand() % 2), renice_random, 0);
	mv_end = T0 + 2 * SEC;
	for (int c = 0; c < mv_ncpu; c++)
		sim_at(T0 + 50 * US + (uint64_t)c * 30 * US, c, mv_sample,
		       (void *)(intptr_t)c);
	sim_run_until(mv_end + MS);
	sim_info("%llu samples of min_vruntime, none backwards; cpu0 at %.3f "
		 "s, cpu1 at %.3f s; %llu + %llu migrations",
		 (unsigned long long)mv_samples, mv_last[0] / 1e9,
		 mv_last[1] / 1e9,
		 (unsigned long long)cpu_rq(0)->stats.migrations,
		 (unsigned long long)cpu_rq(1)->stats.migrations);
	if (mv_samples < 10000)
		sim_fail("only %llu samples", (unsigned long long)mv_samples);
}

/* ---- child runs first ---- */

static struct sim_task *fk_parent, *fk_child;
static uint64_t fk_at, fk_parent_ran, fk_child_in;

static void
fork_fn(void *arg)
{
	(void)arg;
	sim_account_all();
	fk_at = sim_now;
	fk_parent_ran = fk_parent->ran_ns;
	sim_start(fk_child, 0);		/* forked by CPU 0's current task */
}

static void
child_in(int cpu, struct sim_task *prev, struct sim_task *next)
{
	(void)cpu, (void)prev;
	if (next == fk_child && !fk_child_in) {
		fk_child_in = sim_now;
		fk_parent_ran = fk_parent->ran_ns - fk_parent_ran;
	}
}

/* A hog alone on CPU 0 forks another at 100.5 ms (mid-tick, mid-slice):
 * with child_runs_first the child is switched in at the fork and the
 * parent has run nothing since; without, the parent goes on until its
 * slice ends at a tick. */
static int
fork_with_set(int crf, int debit, int f2635)
{
	sim_boot(1);
	set_tunable("cfs_child_runs_first", crf);
	set_tunable("cfs_start_debit", debit);
	set_tunable("cfs_fork_2635", f2635);
	fk_parent = sim_task_new("parent");
	sim_hog(fk_parent);
	fk_parent->mask = 1;
	sim_start(fk_parent, 0);
	fk_child = sim_task_new("child");
	sim_hog(fk_child);
	fk_child_in = 0;
	sim_on_switch = child_in;
	sim_at(100 * MS + MS / 2, 0, fork_fn, 0);
	sim_run_until(SEC);
	sim_on_switch = 0;
	sim_info("child_runs_first %d: child first in %.3f ms after the fork, "
		 "parent ran %.3f ms in between", crf,
		 (fk_child_in - fk_at) / 1e6, fk_parent_ran / 1e6);
	if (!fk_child_in)
		sim_fail("child_runs_first %d: the child never ran", crf);
	return fk_child_in == fk_at && fk_parent_ran == 0;
}

static int fork_with(int crf) { return fork_with_set(crf, 1, 0); }

static void
cfs_child_first_1(void)
{
	if (!fork_with(1))
		sim_fail("child_runs_first=1: the parent ran first");
}

static void
cfs_child_first_0(void)
{
	if (fork_with(0))
		sim_fail("child_runs_first=0: the child ran first");
}

/* Without START_DEBIT, 2.6.24 places the child at min_vruntime, which a
 * lone parent defines, and reschedules the parent: the child, queued
 * first at an equal key, runs first although child_runs_first is 0.  The
 * 2.6.35 rule (task_fork_fair: no earlier than the parent, no reschedule
 * without a swap) keeps the parent running with no debit at all. */
static void
cfs_child_first_0_nodebit(void)
{
	if (!fork_with_set(0, 0, 0))
		sim_fail("2.6.24 without START_DEBIT: the parent ran first; the "
			 "2.6.35 case below would show nothing");
}

static void
cfs_child_first_0_2635(void)
{
	if (fork_with_set(0, 0, 1))
		sim_fail("2.6.35 task_fork_fair, no START_DEBIT: the child ran "
			 "first");
}

/* ---- tick check ---- */

static struct sim_task *tc_waiter;
static struct sim_chan tc_chan;
static uint64_t tc_posted, tc_max, tc_sum;
static int tc_n;

static void
tc_post(void *arg)
{
	(void)arg;
	if (tc_waiter->task.state != TASK_SLEEPING)
		return;
	tc_posted = sim_now;
	sim_chan_post(&tc_chan, 0);
}

static void
tc_switch(int cpu, struct sim_task *prev, struct sim_task *next)
{
	uint64_t l;

	(void)cpu, (void)prev;
	if (next != tc_waiter || !tc_posted)
		return;
	l = sim_now - tc_posted;
	tc_posted = 0;
	tc_sum += l;
	tc_n++;
	if (l > tc_max)
		tc_max = l;
}

/*
 * Two nice -5 hogs (weight 3121 each) on one CPU; a nice 0 waiter woken
 * every ~100 ms at varying points of the running hog's slice.  The waiter
 * is SCHED_BATCH, which never preempts on wakeup (2.6.24 and 2.6.35
 * alike), while WAKEUP_PREEMPT stays on, as 2.6.35 needs for its vruntime
 * test: only the tick can let the waiter in.  GENTLE credit gives it a
 * virtual lead of latency/2 = 10 ms over min_vruntime.  The running hog's
 * slice: 20 ms * 3121 / 7266 = 8.59 ms wall, 2.82 ms virtual.
 *   mode 0: wait for the slice to end (up to ~9 ms);
 *   mode 1: lead 10 ms (virtual) > 8.59 ms (wall): preempted once the hog
 *           ran min_gran (4 ms) - with two tasks the wall slice (15 ms)
 *           would have been the larger, and the test would not fire;
 *   mode 2: lead 10 > 2.82 ms (virtual): after min_gran too.
 */
static void
tick_check_posts(int mode, uint64_t jitter, uint64_t *max, uint64_t *mean)
{
	uint64_t t;

	set_tunable("cfs_tick_check", mode);
	tc_posted = tc_max = tc_sum = 0;
	tc_n = 0;
	t = sim_now + 100 * MS;
	for (int i = 0; i < 50; i++) {
		sim_at(t, 0, tc_post, 0);
		t += 100 * MS + (jitter ? sim_rand() % jitter : 1300 * US);
	}
	sim_run_until(t + 100 * MS);
	*max = tc_max;
	*mean = tc_n ? tc_sum / (uint64_t)tc_n : 0;
	sim_info("tick_check %d: %d wakeups, waiter let in after %.3f ms on "
		 "average, %.3f ms at most", mode, tc_n, *mean / 1e6,
		 *max / 1e6);
	if (tc_n < 45)
		sim_fail("tick_check %d: only %d wakeups", mode, tc_n);
}

/* Posts 101.3 ms apart: the phase in the running hog's slice moves by
 * 1.3 ms at each while the hogs rotate every 20 ms or so. */
static void
tick_check_phase(int mode, uint64_t *max, uint64_t *mean)
{
	tick_check_posts(mode, 0, max, mean);
}

static void
tick_check_setup(int wakeup_preempt)
{
	sim_boot(1);
	set_tunable("cfs_wakeup_preempt", wakeup_preempt);
	set_tunable("cfs_sleeper_credit", 2);
	sim_run_until(T0);
	pinned_hog("heavy", 0, -5);
	if (wakeup_preempt)		/* a slice starts at every rotation */
		pinned_hog("heavy2", 0, -5);
	sim_chan_init(&tc_chan);
	tc_waiter = sim_task_new("waiter");
	tc_waiter->rt_class = SCHED_CLASS_BATCH;
	sim_waiter(tc_waiter, &tc_chan, 200 * US);
	pinned(tc_waiter, 0, 0);
}

static void
cfs_tick_check_modes(void)
{
	uint64_t max[3], mean[3], gran = 4 * MS;

	tick_check_setup(1);
	sim_on_switch = tc_switch;
	for (int mode = 0; mode <= 2; mode++)
		tick_check_phase(mode, &max[mode], &mean[mode]);
	sim_on_switch = 0;
	if (sim_failed())
		return;
	/* mode 0 waits for the 8.6 ms slice; modes 1 and 2 not past min_gran */
	if (max[0] <= gran + sim_tick_ns)
		sim_fail("mode 0: waited at most %.3f ms, the slice is 8.6 ms",
			 max[0] / 1e6);
	if (max[1] > gran + sim_tick_ns)
		sim_fail("mode 1: waited %.3f ms > min_gran + tick: the vruntime "
			 "test did not fire", max[1] / 1e6);
	if (max[2] > gran + sim_tick_ns)
		sim_fail("mode 2: waited %.3f ms > min_gran + tick", max[2] / 1e6);
}

/*
 * 2.6.35 check_preempt_tick returns after the slice test when
 * WAKEUP_PREEMPT is off.  One nice -5 hog, which without WAKEUP_PREEMPT
 * is checked even alone (2.6.24 entity_tick): alone its slice is the
 * whole 20 ms period (2.6.24 sched_slice divides exactly), so it is
 * picked again every 21 ticks; with the waiter queued its slice is
 * 20 ms * 3121 / 4145 = 15.06 ms.  Mode 2, whose lead test would let the
 * waiter in after min_gran, must wait for that slice like mode 0: a
 * waiter posted early in the hog's slice waits more than min_gran + a
 * tick, and none waits more than the slice + a tick.  The posts are
 * 100 ms + a random part of the hog's 21 ms cycle apart, so that they land
 * at every phase of it.
 */
static void
cfs_tick_check_gate(void)
{
	uint64_t max, mean, gran = 4 * MS, slice = 20 * MS * 3121 / 4145;

	tick_check_setup(0);
	sim_on_switch = tc_switch;
	tick_check_posts(2, 21 * MS, &max, &mean);
	sim_on_switch = 0;
	if (sim_failed())
		return;
	if (max <= gran + sim_tick_ns)
		sim_fail("WAKEUP_PREEMPT off, mode 2: let in after at most %.3f "
			 "ms, before the %.2f ms slice ended", max / 1e6,
			 slice / 1e6);
	else if (max > slice + sim_tick_ns + sim_ipi_ns)
		sim_fail("WAKEUP_PREEMPT off, mode 2: a wait of %.3f ms, longer "
			 "than the %.2f ms slice and a tick", max / 1e6,
			 slice / 1e6);
}

/* A nice +5 hog (weight 335) and a nice 0 waiter posted mid-tick, with
 * GENTLE credit (a 10 ms virtual lead) and a 5 ms wakeup granularity.
 * 2.6.24 converts the granularity by the running task's weight: 5 ms *
 * 1024 / 335 = 15.3 ms > 10, no wakeup preemption, the waiter waits for a
 * tick; 2.6.35's wakeup_gran() uses the wakee's (nice 0: 5 ms < 10): it
 * preempts at once. */
static void
cfs_wakeup_gran_wakee(void)
{
	uint64_t max[2], mean[2];

	sim_boot(1);
	set_tunable("cfs_sleeper_credit", 2);
	set_tunable("cfs_wakeup_granularity_ns", 5000000);
	sim_run_until(T0);
	pinned_hog("light", 0, 5);
	sim_chan_init(&tc_chan);
	tc_waiter = sim_task_new("waiter");
	sim_waiter(tc_waiter, &tc_chan, 200 * US);
	pinned(tc_waiter, 0, 0);
	sim_on_switch = tc_switch;
	for (int mode = 0; mode <= 1; mode++) {
		set_tunable("cfs_wakeup_gran_wakee", mode);
		tick_check_phase(0, &max[mode], &mean[mode]);
	}
	sim_on_switch = 0;
	if (sim_failed())
		return;
	if (max[0] < 100 * US)
		sim_fail("2.6.24 granularity: the waiter preempted at once (%.3f "
			 "ms at most)", max[0] / 1e6);
	if (max[1] > sim_ipi_ns)
		sim_fail("2.6.35 granularity: the waiter waited %.3f ms",
			 max[1] / 1e6);
}

/* 2.6.24 set_user_nice: renicing a runnable task better, or the running
 * one worse, reschedules the CPU; a queued task made worse does not. */
static struct sim_task *rn_a, *rn_b;
static int rn_resched[3];

static void
rn_fn(void *arg)
{
	int step = (int)(intptr_t)arg;
	struct task *curr = cpu_rq(0)->curr;
	struct sim_task *queued = sim_of(curr) == rn_a ? rn_b : rn_a;

	curr->need_resched = 0;	/* a tick's request is not ours */
	if (step == 0)
		sched_set_nice(&queued->task, 5);	/* queued, worse */
	else if (step == 1)
		sched_set_nice(&queued->task, -5);	/* queued, better */
	else
		sched_set_nice(curr, 10);		/* running, worse */
	rn_resched[step] = curr->need_resched;
}

static void
cfs_renice_resched(void)
{
	sim_boot(1);
	sim_run_until(T0);
	rn_a = pinned_hog("A", 0, 0);
	rn_b = pinned_hog("B", 0, 0);
	for (int i = 0; i < 3; i++)
		sim_at(T0 + (uint64_t)(100 + 100 * i) * MS + 500 * US, 0, rn_fn,
		       (void *)(intptr_t)i);
	sim_run_until(T0 + 500 * MS);
	sim_info("reschedule after renice: queued worse %d, queued better %d, "
		 "running worse %d (want 0 1 1)", rn_resched[0], rn_resched[1],
		 rn_resched[2]);
	if (rn_resched[0] != 0 || rn_resched[1] != 1 || rn_resched[2] != 1)
		sim_fail("renice rescheduling is not 2.6.24's");
}

/* A fork from a running parent late in its slice, child_runs_first and
 * START_DEBIT off.  2.6.24's task_new_fair reschedules the parent anyway
 * and places the child at min_vruntime - the waiting task's vruntime,
 * before the parent's; 2.6.35's task_fork_fair starts it at the parent's
 * vruntime at least, and reschedules only when the two swap (never,
 * here). */
static struct sim_task *f35_child[2];
static int f35_resched[2];
static long long f35_lead[2];

static void
f35_fn(void *arg)
{
	int mode = (int)(intptr_t)arg;
	struct task *parent = current, *t = &f35_child[mode]->task;

	set_tunable("cfs_fork_2635", mode);
	parent->need_resched = 0;
	sched_wake_new(t, parent, sched_fork(parent, t));
	f35_resched[mode] = parent->need_resched;
	f35_lead[mode] = (long long)(sched_task_key(parent) - sched_task_key(t));
}

static void
cfs_fork_modes(void)
{
	sim_boot(1);
	set_tunable("cfs_child_runs_first", 0);
	set_tunable("cfs_start_debit", 0);
	sim_run_until(T0);
	pinned_hog("P", 0, 0);
	pinned_hog("Q", 0, 0);
	for (int mode = 0; mode <= 1; mode++) {
		f35_child[mode] = sim_task_new(mode ? "child-2635" : "child-2624");
		sim_hog(f35_child[mode]);
		f35_child[mode]->mask = 1;
		sim_at(T0 + (uint64_t)(200 + 200 * mode) * MS + 8500 * US, 0,
		       f35_fn, (void *)(intptr_t)mode);
	}
	sim_run_until(T0 + 600 * MS);
	sim_info("2.6.24: parent rescheduled %d, parent ahead of the child by "
		 "%lld ns; 2.6.35: %d, %lld ns", f35_resched[0], f35_lead[0],
		 f35_resched[1], f35_lead[1]);
	if (f35_resched[0] != 1 || f35_resched[1] != 0)
		sim_fail("fork rescheduling: %d/%d, want 1/0", f35_resched[0],
			 f35_resched[1]);
	if (f35_lead[0] <= 0)
		sim_fail("2.6.24: the child did not start before its parent "
			 "(lead %lld ns): the case is not shown", f35_lead[0]);
	if (f35_lead[1] > 0)
		sim_fail("2.6.35: the child starts %lld ns ahead of its parent",
			 f35_lead[1]);
}

/* ---- NEXT and LAST buddies (2.6.35) ---- */

/*
 * 2.6.35's CFS settings (docs/policies/cfs.md, "The 2.6.35 set") on one
 * CPU, so no scaling: latency 6 ms, min_gran 2 ms (nr_latency 3), wakeup
 * granularity 1 ms.  Every task is nice 0, so the granularity in virtual
 * time is 1 ms whichever weight converts it.
 */
#define BD_GRAN		(1 * MS)

struct buddy_run {
	int next_on, last_on;		/* the tunables */
	int requeue;			/* dequeue and requeue the preempted
					 * task while the wakee runs */
	int requeued;			/* and it was, this round */
	int gated;			/* buddies are off or not set */
	int scale;			/* enough tasks for buddies */
	int nhogs;
	struct sim_task *hog[3], *w;
	struct sim_task *lb;		/* the oracle's last buddy */
	int w_slept;			/* w slept and was not picked since */
	/* outcomes of the picks judged */
	int picks, left_same, within, beyond, wrong;
	char why[160];
};

static struct buddy_run bd;

static int64_t
bd_key(struct sim_task *t)
{
	return (int64_t)sched_task_key(&t->task);
}

static int
bd_runnable(struct sim_task *t)
{
	return t->task.state == TASK_RUNNING;
}

/* The smallest key among the runnable tasks: the leftmost's (the task
 * just picked is out of the tree but keeps its key). */
static int64_t
bd_min_key(void)
{
	int64_t m = INT64_MAX;

	for (int i = 0; i < bd.nhogs; i++)
		if (bd_key(bd.hog[i]) < m)
			m = bd_key(bd.hog[i]);
	if (bd.w && bd_runnable(bd.w) && bd_key(bd.w) < m)
		m = bd_key(bd.w);
	return m;
}

/*
 * Judge one pick against 2.6.35 pick_next_entity, restated: the leftmost,
 * unless the buddy (only one is live in each scenario) is at most the
 * wakeup granularity ahead of it.  A buddy that is itself leftmost says
 * nothing and is counted apart.
 */
static void
bd_judge(struct sim_task *buddy, int on, struct sim_task *next)
{
	int64_t m = bd_min_key(), lead = bd_key(buddy) - m;
	int want_buddy;

	bd.picks++;
	if (lead == 0) {
		bd.left_same++;
		return;
	}
	if (lead <= (int64_t)BD_GRAN)
		bd.within++;
	else
		bd.beyond++;
	want_buddy = on && lead <= (int64_t)BD_GRAN;
	if (want_buddy ? next == buddy : bd_key(next) == m)
		return;
	if (!bd.wrong++)
		snprintf(bd.why, sizeof bd.why, "at %.3f ms picked %s (key %+lld "
			 "from the leftmost), buddy %s %+lld, wanted %s",
			 sim_now / 1e6, next->name, (long long)(bd_key(next) - m),
			 buddy->name, (long long)lead,
			 want_buddy ? "the buddy" : "the leftmost");
}

/* LAST: w, woken by bd_post, preempted lb; when w sleeps again, who runs? */
static void
bd_switch_last(int cpu, struct sim_task *prev, struct sim_task *next)
{
	(void)cpu;
	if (prev == bd.w && next != bd.w && bd.lb)
		bd_judge(bd.lb, bd.last_on && bd.scale && !bd.requeued, next);
	if (prev == bd.w)
		bd.lb = NULL;
}

/* NEXT: w woke (a timer) and has not run since: at every pick until it
 * is picked, it is the next buddy. */
static void
bd_switch_next(int cpu, struct sim_task *prev, struct sim_task *next)
{
	(void)cpu;
	if (bd.w_slept && bd_runnable(bd.w) && prev != bd.w)
		bd_judge(bd.w, bd.next_on, next);
	if (prev == bd.w && !bd_runnable(bd.w))
		bd.w_slept = 1;
	if (next == bd.w)
		bd.w_slept = 0;
}

static void
bd_requeue(void *arg)
{
	struct sim_task *t = arg;

	if (t != bd.lb || cpu_rq(0)->curr != &bd.w->task)
		return;			/* the wakee slept already */
	sched_setscheduler(&t->task, SCHED_CLASS_NORMAL, 0);
	bd.requeued = 1;
}

/* Wake w.  Its credit (latency / 2 = 3 ms) always makes it preempt, and
 * 2.6.35 marks the preempted task the last buddy - unless a reschedule
 * was pending already, which the oracle then leaves out. */
static void
bd_post(void *arg)
{
	struct task *curr = cpu_rq(0)->curr;
	int pending = curr->need_resched;

	(void)arg;
	sim_chan_post(&tc_chan, 0);
	bd.lb = NULL;
	bd.requeued = 0;
	for (int i = 0; i < bd.nhogs; i++)
		if (curr == &bd.hog[i]->task && !pending && curr->need_resched)
			bd.lb = bd.hog[i];
	if (bd.lb && bd.requeue)
		sim_at(sim_now + 2 * US, 0, bd_requeue, bd.lb);
}

static void
bd_boot(int next_on, int last_on, int nhogs, int64_t min_gran)
{
	memset(&bd, 0, sizeof bd);
	bd.next_on = next_on;
	bd.last_on = last_on;
	bd.nhogs = nhogs;
	sim_boot(1);
	set_tunable("cfs_latency_ns", 6000000);
	set_tunable("cfs_min_granularity_ns", min_gran);
	set_tunable("cfs_wakeup_granularity_ns", 1000000);
	set_tunable("cfs_child_runs_first", 0);
	set_tunable("cfs_sleeper_credit", 2);
	set_tunable("cfs_tick_check", 1);
	set_tunable("cfs_wakeup_gran_wakee", 1);
	set_tunable("cfs_fork_2635", 1);
	set_tunable("cfs_slice_2635", 1);
	set_tunable("cfs_next_buddy", next_on);
	set_tunable("cfs_last_buddy", last_on);
	sim_run_until(T0);
	for (int i = 0; i < nhogs; i++)
		bd.hog[i] = pinned_hog(i == 0 ? "hogA" : i == 1 ? "hogB" : "hogC",
				       0, 0);
}

static void
bd_report(const char *what)
{
	sim_info("%s: %d picks judged: buddy leftmost %d, within the "
		 "granularity %d, beyond %d; %d not 2.6.35's", what, bd.picks,
		 bd.left_same, bd.within, bd.beyond, bd.wrong);
	if (bd.wrong)
		sim_fail("%s: %d picks not 2.6.35's, first %s", what, bd.wrong,
			 bd.why);
	else if (bd.within < 10 || (!bd.gated && bd.beyond < 10))
		sim_fail("%s: only %d picks within and %d beyond the "
			 "granularity: the rule is not shown", what, bd.within,
			 bd.beyond);
}

/* Three hogs and a waiter woken 50 times at phases stepping by 1.3 ms
 * through the running hog's slice: the hog it preempts has run 0 to 3 ms
 * and is that far ahead of the leftmost. */
static void
last_buddy_run(int on, int requeue, int nhogs, int64_t min_gran,
	       const char *what)
{
	uint64_t t;

	bd_boot(0, on, nhogs, min_gran);
	bd.requeue = requeue;
	/* nr_latency = ceil(latency / min_gran); the hogs and the wakee */
	bd.scale = (nhogs + 1) * min_gran >= 6000000;
	bd.gated = !on || requeue || !bd.scale;
	sim_chan_init(&tc_chan);
	bd.w = sim_task_new("waker");
	sim_waiter(bd.w, &tc_chan, 200 * US);
	pinned(bd.w, 0, 0);
	sim_on_switch = bd_switch_last;
	t = sim_now + 100 * MS;
	for (int i = 0; i < 400; i++, t += 10 * MS + 700 * US)
		sim_at(t, 0, bd_post, 0);
	sim_run_until(t + 100 * MS);
	sim_on_switch = 0;
	bd_report(what);
}

/* LAST_BUDDY (on in 2.6.35): the CPU goes back to the preempted task when
 * it is within the granularity of the leftmost, otherwise to the leftmost. */
static void
cfs_last_buddy(void)
{
	last_buddy_run(1, 0, 3, 2000000, "last buddy on");
}

/* Off (2.6.24, which has no buddies): always the leftmost. */
static void
cfs_last_buddy_off(void)
{
	last_buddy_run(0, 0, 3, 2000000, "last buddy off");
}

/* 2.6.35 dequeue_entity clears the buddies of the task dequeued: the
 * preempted task leaves the queue and comes back (sched_setscheduler to
 * its own class) while the wakee runs, and is a buddy no more. */
static void
cfs_buddy_dequeue(void)
{
	last_buddy_run(1, 1, 3, 2000000, "dequeued while the wakee runs");
}

/* 2.6.35 sets buddies only with sched_nr_latency tasks queued: with
 * min_gran 1.5 ms nr_latency is 4, and two hogs and the wakee are 3. */
static void
cfs_buddy_scale(void)
{
	last_buddy_run(1, 0, 2, 1500000, "3 tasks, nr_latency 4");
	if (!sim_failed() && tunable_set("cfs_last_buddy", 2) == 0)
		sim_fail("cfs_last_buddy=2 accepted");
	if (!sim_failed() && tunable_set("cfs_next_buddy", -1) == 0)
		sim_fail("cfs_next_buddy=-1 accepted");
}

/* NEXT_BUDDY (off in 2.6.35, on here): a sleeper that runs 1.5 ms and
 * sleeps 0.5 ms keeps most of its vruntime (the credit, 3 ms, is larger
 * than its sleep), often wakes behind the leftmost without preempting,
 * and is picked ahead of the leftmost while within the granularity. */
static void
next_buddy_run(int on, const char *what)
{
	bd_boot(on, 0, 3, 2000000);
	bd.gated = !on;
	bd.w = sim_task_new("sleeper");
	sim_sleeper(bd.w, 1500 * US, 500 * US);
	pinned(bd.w, 0, 0);
	sim_run_until(sim_now + 50 * MS);
	sim_on_switch = bd_switch_next;
	sim_run_until(sim_now + 3 * SEC);
	sim_on_switch = 0;
	bd_report(what);
}

static void cfs_next_buddy(void) { next_buddy_run(1, "next buddy on"); }
static void cfs_next_buddy_off(void) { next_buddy_run(0, "next buddy off"); }

/* ---- yield ---- */

/*
 * 2.6.24 and 2.6.35 yield_task_fair(): without sched_compat_yield a yield
 * only brings the accounting up to date - except for a SCHED_BATCH task,
 * which always goes behind the rightmost task.  A yielder that runs
 * 100 us between yields, beside a nice 0 hog on one CPU: a SCHED_NORMAL
 * one is still the leftmost after its yield and keeps its fair half of the
 * CPU; a SCHED_BATCH one hands the CPU to the hog for a whole slice
 * (10 ms, ended at the 11th tick) after each 100 us, under 1 %.
 */
static double
yield_share(int cls)
{
	struct sim_task *y = sim_task_new("yielder"), *h;
	uint64_t y0, h0;

	sim_boot(1);
	sim_run_until(T0);
	h = pinned_hog("hog", 0, 0);
	y->rt_class = cls;
	sim_yielder(y, 100 * US);
	pinned(y, 0, 0);
	sim_run_until(sim_now + SEC);
	sim_account_all();
	y0 = y->ran_ns;
	h0 = h->ran_ns;
	sim_run_until(sim_now + 2 * SEC);
	sim_account_all();
	return (double)(y->ran_ns - y0) /
	       (double)(y->ran_ns - y0 + h->ran_ns - h0);
}

static void
cfs_yield_batch(void)
{
	double share = yield_share(SCHED_CLASS_BATCH);

	sim_info("SCHED_BATCH yielder beside a nice 0 hog: %.2f %% of the CPU",
		 100 * share);
	if (share > 0.02)
		sim_fail("SCHED_BATCH yielder got %.2f %%: its yields did not "
			 "put it behind the hog", 100 * share);
}

static void
cfs_yield_normal(void)
{
	double share = yield_share(SCHED_CLASS_NORMAL);

	sim_info("SCHED_NORMAL yielder beside a nice 0 hog: %.2f %% of the "
		 "CPU", 100 * share);
	if (share < 0.45 || share > 0.55)
		sim_fail("SCHED_NORMAL yielder got %.2f %%, want 50 %% (a yield "
			 "only updates the accounting)", 100 * share);
}

/* ---- migration ---- */

struct move {
	struct sim_task *t;
	uint32_t mask;
};

static void
move_fn(void *arg)
{
	struct move *m = arg;

	if (sched_set_affinity(&m->t->task, m->mask) != 0)
		sim_fail("set_affinity refused");
}

/*
 * CPU 0 runs two hogs for 3 s (min_vruntime ~1.5 s); CPU 1 runs one hog
 * started at 2.8 s (min_vruntime ~0.2 s).  At 3 s one task moves: a CPU 0
 * hog to CPU 1 (high vruntime into a low queue) or the CPU 1 hog to CPU 0
 * (low into high).  Its share of the destination over the next second:
 * with normalisation its fair share (1/2 resp. 1/3); without, starvation
 * resp. monopoly until the 1.3 s difference is worked off.
 */
static double
migrate_with(int normalize, int high_to_low)
{
	struct sim_task *a, *x, *y, *mover;
	struct move m;
	uint64_t r0;
	int dst;
	double share;

	sim_boot(2);
	set_tunable("cfs_migrate_normalize", normalize);
	sim_run_until(T0);
	a = pinned_hog("a", 0, 0);
	x = pinned_hog("x", 0, 0);
	sim_run_until(2800 * MS);
	y = pinned_hog("y", 1, 0);
	(void)a;
	sim_run_until(3 * SEC);
	mover = high_to_low ? x : y;
	dst = high_to_low ? 1 : 0;
	m = (struct move){ mover, 1u << dst };
	sim_account_all();
	r0 = mover->ran_on[dst];
	/* from the other CPU, so that the mover is not the current task */
	sim_on(high_to_low ? 1 : 0, move_fn, &m);
	sim_run_until(4 * SEC);
	sim_account_all();
	share = (double)(mover->ran_on[dst] - r0) / (double)SEC;
	sim_info("normalize %d, %s: the mover got %.1f %% of cpu%d in the next "
		 "second (fair %.1f %%)", normalize,
		 high_to_low ? "high to low" : "low to high", 100 * share, dst,
		 high_to_low ? 50.0 : 100.0 / 3);
	return share;
}

static void
cfs_migrate_high_low(void)
{
	double s = migrate_with(1, 1);

	if (s < 0.45 || s > 0.55)
		sim_fail("normalized, high to low: %.1f %% of the CPU, fair 50 %%",
			 100 * s);
}

static void
cfs_migrate_low_high(void)
{
	double s = migrate_with(1, 0);

	if (s < 0.30 || s > 0.37)
		sim_fail("normalized, low to high: %.1f %% of the CPU, fair "
			 "33 %%", 100 * s);
}

/* What the tunable exists to show: without it, starve or monopolise. */
static void
cfs_migrate_raw_high_low(void)
{
	double s = migrate_with(0, 1);

	if (s > 0.05)
		sim_fail("unnormalized, high to low: %.1f %%, expected starvation",
			 100 * s);
}

static void
cfs_migrate_raw_low_high(void)
{
	double s = migrate_with(0, 0);

	if (s < 0.95)
		sim_fail("unnormalized, low to high: %.1f %%, expected monopoly",
			 100 * s);
}

const struct scenario policy_scenarios[] = {
	{ "cfs-shares-0-5", cfs_shares_5 },
	{ "cfs-shares-0-10", cfs_shares_10 },
	{ "cfs-shares-0-19", cfs_shares_19 },
	{ "cfs-slice-2-on-1cpu", cfs_slice_2_on_1cpu },
	{ "cfs-slice-2-on-2cpu", cfs_slice_2_on_2cpu },
	{ "cfs-slice-2-on-4cpu", cfs_slice_2_on_4cpu },
	{ "cfs-slice-2-on-8cpu", cfs_slice_2_on_8cpu },
	{ "cfs-mingran-8-on-1cpu", cfs_mingran_8_on_1cpu },
	{ "cfs-mingran-8-on-2cpu", cfs_mingran_8_on_2cpu },
	{ "cfs-mingran-8-on-4cpu", cfs_mingran_8_on_4cpu },
	{ "cfs-mingran-8-on-8cpu", cfs_mingran_8_on_8cpu },
	{ "cfs-mingran-tick-check-1", cfs_mingran_tick1 },
	{ "cfs-mingran-tick-check-2", cfs_mingran_tick2 },
	{ "cfs-mingran-2635", cfs_mingran_2635 },
	{ "cfs-period-2635", cfs_period_2635 },
	{ "cfs-slice-idle-pair", cfs_slice_idle_pair },
	{ "cfs-slice-nice19-pair", cfs_slice_nice19_pair },
	{ "cfs-slice-idle-pair-2635", cfs_slice_idle_pair_2635 },
	{ "cfs-slice-nice19-pair-2635", cfs_slice_nice19_pair_2635 },
	{ "cfs-sleeper-credit-0", cfs_credit_0 },
	{ "cfs-sleeper-credit-1", cfs_credit_1 },
	{ "cfs-sleeper-credit-2", cfs_credit_2 },
	{ "cfs-sleeper-credit-3", cfs_credit_3 },
	{ "cfs-min-vruntime", cfs_min_vruntime },
	{ "cfs-child-runs-first-1", cfs_child_first_1 },
	{ "cfs-child-runs-first-0", cfs_child_first_0 },
	{ "cfs-child-runs-first-0-nodebit", cfs_child_first_0_nodebit },
	{ "cfs-child-runs-first-0-2635", cfs_child_first_0_2635 },
	{ "cfs-tick-check-modes", cfs_tick_check_modes },
	{ "cfs-tick-check-gate", cfs_tick_check_gate },
	{ "cfs-wakeup-gran-wakee", cfs_wakeup_gran_wakee },
	{ "cfs-renice-resched", cfs_renice_resched },
	{ "cfs-yield-batch", cfs_yield_batch },
	{ "cfs-yield-normal", cfs_yield_normal },
	{ "cfs-fork-2635", cfs_fork_modes },
	{ "cfs-last-buddy", cfs_last_buddy },
	{ "cfs-last-buddy-off", cfs_last_buddy_off },
	{ "cfs-buddy-dequeue", cfs_buddy_dequeue },
	{ "cfs-buddy-scale", cfs_buddy_scale },
	{ "cfs-next-buddy", cfs_next_buddy },
	{ "cfs-next-buddy-off", cfs_next_buddy_off },
	{ "cfs-tick-check-fair", cfs_tick_check_fair },
	{ "cfs-migrate-high-to-low", cfs_migrate_high_low },
	{ "cfs-migrate-low-to-high", cfs_migrate_low_high },
	{ "cfs-migrate-raw-high-to-low", cfs_migrate_raw_high_low },
	{ "cfs-migrate-raw-low-to-high", cfs_migrate_raw_low_high },
};
const int policy_count = sizeof(policy_scenarios) / sizeof(policy_scenarios[0]);
