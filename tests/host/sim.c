/*
 * sim.c - the simulated machine: events, CPUs settling, invariant checks.
 * See sim.h for the model.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arch/x86/x86.h"
#include "kernel/cmdline.h"
#include "kernel/cpu.h"
#include "kernel/panic.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/trace.h"
#include "kernel/time.h"
#include "kernel/timer.h"
#include "kernel/tunable.h"
#include "tests/host/sim.h"

struct sim_cpu sim_cpus[MAX_CPUS];
struct sim_task *sim_tasks[SIM_MAX_TASKS];
int sim_ntasks;
uint64_t sim_tick_ns;
uint64_t sim_ipi_ns = 1 * US;		/* IPI delivery latency */
uint64_t sim_window_ns;			/* max gap: "sleeping" -> schedule() */
const char *sim_scenario_name = "?";
int sim_bench;				/* no accounting in the switch hook */
int sim_unchecked_start;
void (*sim_on_switch)(int cpu, struct sim_task *prev, struct sim_task *next);

struct sim_run sim_runs[SIM_MAX_RUNS];
int sim_nruns;

static char failure[512];
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static int runs_preempted_only;

enum { EV_IPI, EV_ACTION, EV_TASK, EV_TICK, EV_NONE };

struct action {
	uint64_t when, seq;
	int cpu;
	void (*fn)(void *);
	void *arg;
	struct action *next;
};
static struct action *actions;
static uint64_t action_seq;

/* ---- results ---- */
void
sim_fail(const char *fmt, ...)
{
	va_list ap;

	if (failure[0])
		return;			/* the first failure tells the story */
	va_start(ap, fmt);
	vsnprintf(failure, sizeof(failure), fmt, ap);
	va_end(ap);
}

int
sim_failed(void)
{
	return failure[0] != 0;
}

const char *
sim_failure(void)
{
	return failure;
}

void
sim_info(const char *fmt, ...)
{
	va_list ap;

	printf("  # %s: ", sim_scenario_name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

void
sim_seed(uint64_t seed)
{
	rng = seed ? seed : 1;
}

uint64_t
sim_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* ---- running kernel code as a CPU ---- */
static void
become(int c)
{
	sim_cpu_id = c;
	sim_this_cpu = &cpus[c];
}

/* Charge the time since the last charge to what c is running. */
static void
account(int c)
{
	struct sim_cpu *sc = &sim_cpus[c];
	uint64_t d = sim_now - sc->since;
	struct sim_task *st;

	sc->since = sim_now;
	if (sc->running->is_idle) {
		sc->idle_ns += d;
		return;
	}
	st = sim_of(sc->running);
	st->ran_ns += d;
	st->ran_on[c] += d;
	if (!st->in_kernel && st->burst != SIM_FOREVER)
		st->burst -= (int64_t)d;
}

void
sim_account_all(void)
{
	for (int c = 0; c < ncpu; c++)
		account(c);
}

void
sim_switch(struct task *prev, struct task *next)
{
	int c = sim_cpu_id;
	struct sim_cpu *sc = &sim_cpus[c];
	struct sim_task *sn = sim_of(next);

	if (sim_bench)
		return;
	if (sc->running != prev)
		panic("sim: cpu%d switches from task %d but runs %d", c,
		      prev->tid, sc->running->tid);
	account(c);
	sc->running = next;
	sim_of(prev)->running_on = prev->is_idle ? c : -1;
	if (!next->is_idle) {
		if (sn->running_on >= 0)
			panic("sim: task %s switched in on cpu%d while running "
			      "on cpu%d", sn->name, c, sn->running_on);
		if (next->state == TASK_ZOMBIE)
			panic("sim: zombie %s switched in on cpu%d", sn->name,
			      c);
		if (!(next->cpus_allowed & (1u << c)))
			sim_fail("task %s picked on cpu%d outside its affinity "
				 "0x%x at %llu ns", sn->name, c,
				 next->cpus_allowed,
				 (unsigned long long)sim_now);
		sn->running_on = c;
		sn->last_in = sim_now;
		sn->switched_in++;
	}
	if (sim_on_switch)
		sim_on_switch(c, sim_of(prev), sn);
}

void
sim_post_ipi(int cpu)
{
	struct sim_cpu *sc = &sim_cpus[cpu];

	if (cpu < 0 || cpu >= ncpu)
		panic("sim: IPI to cpu%d, not online", cpu);
	if (!sc->ipi) {
		sc->ipi = 1;
		sc->ipi_at = sim_now + sim_ipi_ns;
	}
}

/*
 * What c does after kernel code ran on it, until it is back in user mode
 * or halted: the idle loop (sched_idle_loop), the rest of a system call of
 * a task that was switched back in (resume), or the return to user mode
 * (proc_return_to_user: schedule() while need_resched).
 */
static void
settle(int c)
{
	for (int n = 0;; n++) {
		struct task *cur = current;
		struct sim_task *st = sim_of(cur);

		if (n > 100000)
			panic("sim: cpu%d does not settle (livelock)", c);
		if (cur->is_idle) {
			cli();
			if (cur->need_resched ||
			    sched_idle_has_work(cpu_rq(c))) {
				schedule();
				continue;
			}
			break;			/* sti; hlt */
		}
		if (st->resume) {
			sim_fn fn = st->resume;
			st->resume = NULL;
			sti();
			fn(st);
			continue;
		}
		if (st->in_kernel) {
			if (!st->cont)
				panic("sim: task %s stuck in the kernel",
				      st->name);
			break;			/* interrupted kernel code */
		}
		cli();
		if (cur->need_resched) {
			schedule();
			continue;
		}
		break;
	}
	sti();
	if (cpus[c].ncli != 0)
		panic("sim: cpu%d settles with ncli %d", c, cpus[c].ncli);
	if (sim_cpus[c].running != current)
		panic("sim: cpu%d runs %d but current is %d", c,
		      sim_cpus[c].running->tid, current->tid);
	if (!sim_cpus[c].ipi && !(current->cpus_allowed & (1u << c)))
		sim_fail("task %s still runs on cpu%d outside its affinity "
			 "0x%x at %llu ns", sim_of(current)->name, c,
			 current->cpus_allowed, (unsigned long long)sim_now);
}

/* Run fn like an interrupt handler on c, in whatever c runs now. */
void
sim_on(int c, void (*fn)(void *), void *arg)
{
	become(c);
	account(c);
	cli();
	cpus[c].irqs++;
	fn(arg);
	settle(c);
}

void
sim_at(uint64_t when, int cpu, void (*fn)(void *), void *arg)
{
	struct action *a = calloc(1, sizeof(*a)), **pp = &actions;

	a->when = when;
	a->seq = action_seq++;
	a->cpu = cpu;
	a->fn = fn;
	a->arg = arg;
	while (*pp && (*pp)->when <= when)
		pp = &(*pp)->next;
	a->next = *pp;
	*pp = a;
}

static uint64_t
task_event(int c)
{
	struct task *cur = sim_cpus[c].running;
	struct sim_task *st = sim_of(cur);

	if (cur->is_idle)
		return SIM_NEVER;
	if (st->in_kernel)
		return st->cont ? st->cont_at : SIM_NEVER;
	if (st->burst == SIM_FOREVER)
		return SIM_NEVER;
	return sim_cpus[c].since + (uint64_t)(st->burst > 0 ? st->burst : 0);
}

/* The next event: earliest first; at equal times IPIs, actions, tasks,
 * ticks in that order, then the lowest CPU. */
struct next {
	uint64_t when;
	int kind, cpu;
};

static void
consider(struct next *n, uint64_t when, int kind, int c)
{
	if (when < n->when || (when == n->when && kind < n->kind))
		*n = (struct next){ when, kind, c };
}

static void
run_event(int kind, int c)
{
	struct sim_task *st;
	sim_fn fn;

	become(c);
	account(c);
	if (!(read_eflags() & FL_IF))
		panic("sim: event on cpu%d with interrupts off", c);
	switch (kind) {
	case EV_IPI:
		cli();
		sim_cpus[c].ipi = 0;
		sim_cpus[c].ipis++;
		cpus[c].irqs++;
		cpus[c].resched_ipis++;
		break;
	case EV_TICK:			/* timer_interrupt() */
		cli();
		sim_cpus[c].next_tick += sim_tick_ns;
		cpus[c].irqs++;
		cpus[c].ticks++;
		if (cpus[c].cur_task)
			sched_tick();
		break;
	case EV_TASK:
		st = sim_of(current);
		if (st->in_kernel) {	/* the rest of a system call */
			fn = st->cont;
			st->cont = NULL;
		} else {		/* a system call */
			st->in_kernel = 1;
			fn = st->step;
		}
		if (!fn)
			panic("sim: task %s has no behaviour for its event",
			      st->name);
		fn(st);
		break;
	}
	settle(c);
}

/* ---- invariants between events ---- */
static void
check_task(struct sim_task *st, unsigned *runnable)
{
	struct task *t = &st->task;
	struct rq *rq = cpu_rq(t->cpu);
	int is_curr = rq->curr == t;

	if (t->wake_lock.locked)
		panic("sim: %s's wake_lock left locked", st->name);
	if (t->on_rq)
		runnable[t->cpu]++;
	/* schedule() clears it when the task stops running; set later, it
	 * makes the task's next run end in a needless schedule() */
	if (!is_curr && t->need_resched)
		sim_fail("%s is not running but has need_resched set "
			 "(state %d) at %llu ns", st->name, t->state,
			 (unsigned long long)sim_now);
	if (t->state == TASK_RUNNING) {
		if (!t->on_rq)
			panic("sim: runnable %s is not on a runqueue",
			      st->name);
		if (is_curr == !list_empty(&t->rq_node))
			panic("sim: %s is cpu%d's current task and queued, or "
			      "neither", st->name, t->cpu);
		if (t->on_cpu != is_curr)
			panic("sim: %s on_cpu %d, current %d", st->name,
			      t->on_cpu, is_curr);
		return;
	}
	if (is_curr && st->in_kernel && st->cont && t->state == TASK_SLEEPING)
		return;			/* between "sleeping" and schedule() */
	if (t->on_rq || t->on_cpu || !list_empty(&t->rq_node) || is_curr)
		panic("sim: %s (state %d) on_rq %d on_cpu %d queued %d curr %d",
		      st->name, t->state, t->on_rq, t->on_cpu,
		      !list_empty(&t->rq_node), is_curr);
	if (st->waiting && st->waiting->flag && st->waiting->waiter == st)
		panic("sim: lost wakeup: %s sleeps on a posted channel since "
		      "%llu ns", st->name,
		      (unsigned long long)st->waiting->posted_at);
}

static void
check_all(void)
{
	unsigned runnable[MAX_CPUS] = { 0 };

	for (int c = 0; c < ncpu; c++) {
		struct rq *rq = cpu_rq(c);
		if (cpus[c].ncli || !(sim_eflags[c] & FL_IF) || rq->lock.locked)
			panic("sim: cpu%d ncli %d IF %d rq locked %d between "
			      "events", c, cpus[c].ncli,
			      !!(sim_eflags[c] & FL_IF), rq->lock.locked);
		if (rq->curr != sim_cpus[c].running ||
		    cpus[c].cur_task != rq->curr)
			panic("sim: cpu%d: rq->curr, cur_task and the switch "
			      "record disagree", c);
	}
	for (int i = 0; i < sim_ntasks; i++)
		if (!sim_tasks[i]->task.is_idle)
			check_task(sim_tasks[i], runnable);
	for (int c = 0; c < ncpu; c++)
		if (cpu_rq(c)->nr_running != runnable[c])
			panic("sim: cpu%d nr_running %u, but %u tasks are on "
			      "it", c, cpu_rq(c)->nr_running, runnable[c]);
}

void
sim_run_until(uint64_t end)
{
	uint64_t same = 0, last = sim_now;

	for (;;) {
		struct next n = { SIM_NEVER, EV_NONE, 0 };

		for (int i = 0; i < ncpu; i++) {
			if (sim_cpus[i].ipi)
				consider(&n, sim_cpus[i].ipi_at, EV_IPI, i);
			consider(&n, task_event(i), EV_TASK, i);
			consider(&n, sim_cpus[i].next_tick, EV_TICK, i);
		}
		if (actions)
			consider(&n, actions->when, EV_ACTION, actions->cpu);
		if (n.when > end)
			break;
		if (n.when < sim_now)
			panic("sim: event in the past (%llu < %llu)",
			      (unsigned long long)n.when,
			      (unsigned long long)sim_now);
		same = n.when == last ? same + 1 : 0;
		if (same > 1000000)
			panic("sim: time stands still at %llu ns",
			      (unsigned long long)n.when);
		last = sim_now = n.when;
		if (n.kind == EV_ACTION) {
			struct action *a = actions;
			actions = a->next;
			sim_on(a->cpu, a->fn, a->arg);
			free(a);
		} else {
			run_event(n.kind, n.cpu);
		}
		check_all();
	}
	sim_now = end;
}

/* ---- boot ---- */
void
sim_boot(int n)
{
	if (n < 1 || n > MAX_CPUS)
		panic("sim: %d CPUs", n);
	ncpu = n;
	sim_tick_ns = 1000000000ull / hz;
	for (int c = 0; c < MAX_CPUS; c++) {
		cpus[c].self = &cpus[c];
		cpus[c].id = c;
		cpus[c].apic_id = (uint32_t)c;
		cpus[c].online = c < n;
	}
	become(0);
	cmdline_parse(sim_cmdline);
	tunable_init();
	trace_init();
	timer_init();
	sched_init();
	for (int c = 0; c < n; c++) {
		struct task *idle;

		become(c);
		sched_init_cpu();
		idle = cpus[c].cur_task;
		sim_cpus[c].running = idle;
		sim_cpus[c].since = sim_now;
		/* LAPIC timers started one after the other: spread phases */
		sim_cpus[c].next_tick = sim_now + sim_tick_ns +
					(uint64_t)c * sim_tick_ns / (uint64_t)n;
		sti();
	}
	become(0);
}

/* ---- tasks and behaviours ---- */
struct sim_task *
sim_task_new(const char *name)
{
	struct sim_task *st = sim_task_alloc(name);

	if (sim_ntasks == SIM_MAX_TASKS)
		panic("sim: too many tasks");
	st->index = sim_ntasks;
	sim_tasks[sim_ntasks++] = st;
	return st;
}

/* Fork it from what cpu runs now (proc.c's account_fork + wake_new). */
static void
start_fn(void *arg)
{
	struct sim_task *st = arg;
	struct task *t = &st->task, *parent = current;
	int child_first;

	if (st->user && t->proc == &kernel_process) {
		t->proc = calloc(1, sizeof(*t->proc));	/* never freed */
		if (!t->proc)
			abort();
		t->proc->pid = t->tid;
		snprintf(t->proc->comm, sizeof(t->proc->comm), "%s", st->name);
	}
	child_first = sched_fork(parent, t);

	if (st->mask)
		t->cpus_allowed = st->mask;
	sched_wake_new(t, parent, child_first);
	/* The class is the scenario's, whatever task the CPU ran: set as
	 * if the child's first act were chrt (sched_setscheduler). */
	if (t->sched_class != st->rt_class || t->rt_priority != st->rt_prio)
		sched_setscheduler(t, st->rt_class, st->rt_prio);
}

void
sim_fork_now(struct sim_task *st)
{
	start_fn(st);
}

void
sim_start(struct sim_task *st, int cpu)
{
	sim_on(cpu, start_fn, st);
	if (!sim_unchecked_start)
		check_all();
}

void
sim_user(struct sim_task *st, int64_t burst)
{
	st->burst = burst;
	st->in_kernel = 0;
}

/* Some kernel code takes time between marking itself asleep and calling
 * schedule(): a waker on another CPU may come in between. */
static void
window(struct sim_task *st, sim_fn fn)
{
	uint64_t d = sim_window_ns ? sim_rand() % sim_window_ns : 0;

	if (d == 0) {
		fn(st);
		return;
	}
	st->cont = fn;
	st->cont_at = sim_now + d;
}

void
sim_hog(struct sim_task *st)
{
	sim_user(st, SIM_FOREVER);
}

/* sleep_until(): state, timer, schedule; woken by the timer's sched_wake. */
static void sleeper_sleep(struct sim_task *st);

static void
sleeper_woken(struct sim_task *st)
{
	timer_cancel(&st->task.sleep_timer);
	st->wakeups++;
	sleeper_sleep(st);
}

static void
sleeper_sleep(struct sim_task *st)
{
	struct task *t = &st->task;

	if (sched_clock() >= st->deadline) {
		sim_user(st, (int64_t)st->run_ns);
		return;
	}
	__atomic_store_n(&t->state, TASK_SLEEPING, __ATOMIC_SEQ_CST);
	timer_arm(&t->sleep_timer, st->deadline);
	st->sleeps++;
	st->resume = sleeper_woken;
	sched_sleep();
}

static void
sleeper_step(struct sim_task *st)
{
	st->deadline = sim_now + st->sleep_ns;
	sleeper_sleep(st);
}

void
sim_sleeper(struct sim_task *st, uint64_t run_ns, uint64_t sleep_ns)
{
	st->run_ns = run_ns;
	st->sleep_ns = sleep_ns;
	st->step = sleeper_step;
	sim_user(st, (int64_t)run_ns);
}

static void
yielder_back(struct sim_task *st)
{
	sim_user(st, (int64_t)st->run_ns);
}

static void
yielder_step(struct sim_task *st)
{
	st->resume = yielder_back;
	sched_yield();
}

void
sim_yielder(struct sim_task *st, uint64_t run_ns)
{
	st->run_ns = run_ns;
	st->step = yielder_step;
	sim_user(st, (int64_t)run_ns);
}

/* task_exit(): the policy's exit hook, zombie, schedule() never returns
 * to it. */
void
sim_exit(struct sim_task *st)
{
	sched_exit(&st->task);
	st->task.state = TASK_ZOMBIE;
	schedule();
}

void
sim_runner(struct sim_task *st, uint64_t run_ns)
{
	st->step = sim_exit;
	sim_user(st, (int64_t)run_ns);
}

/* ---- channels ---- */
void
sim_chan_init(struct sim_chan *ch)
{
	memset(ch, 0, sizeof(*ch));
	spin_init(&ch->lock, "chan");
}

void
sim_chan_post(struct sim_chan *ch, int sync)
{
	spin_lock(&ch->lock);
	ch->flag = 1;
	ch->posted_at = sim_now;
	ch->posts++;
	if (ch->waiter) {
		struct task *w = &ch->waiter->task;
		if (w->state == TASK_SLEEPING && w->on_rq)
			ch->wakes_in_window++;	/* before its schedule() */
		sched_wake(w, sync);
	}
	spin_unlock(&ch->lock);
}

static void chan_check(struct sim_task *st);

static void
chan_sleep(struct sim_task *st)
{
	st->resume = chan_check;
	sched_sleep();
}

/* waitq_sleep(): check under the lock, register, mark asleep, unlock,
 * (window), schedule; check again when woken. */
static void
chan_check(struct sim_task *st)
{
	struct sim_chan *ch = st->waiting;

	spin_lock(&ch->lock);
	if (ch->flag) {
		ch->flag = 0;
		ch->waiter = NULL;
		spin_unlock(&ch->lock);
		st->waiting = NULL;
		st->then(st);
		return;
	}
	ch->waiter = st;
	__atomic_store_n(&st->task.state, TASK_SLEEPING, __ATOMIC_SEQ_CST);
	st->sleeps++;
	spin_unlock(&ch->lock);
	window(st, chan_sleep);
}

void
sim_chan_wait(struct sim_task *st, struct sim_chan *ch, sim_fn then)
{
	st->waiting = ch;
	st->then = then;
	chan_check(st);
}

/* pinger: run, post to out, wait on in, repeat (a pipe pair's half). */
static void
pinger_got(struct sim_task *st)
{
	st->wakeups++;
	if (st->rounds > 0 && --st->rounds == 0) {
		sim_exit(st);
		return;
	}
	sim_user(st, (int64_t)(st->run_ns ? sim_rand() % st->run_ns : 0));
}

static void
pinger_step(struct sim_task *st)
{
	sim_chan_post(st->out, st->sync < 0 ? (int)(sim_rand() & 1) : st->sync);
	sim_chan_wait(st, st->in, pinger_got);
}

void
sim_pinger(struct sim_task *st, struct sim_chan *in, struct sim_chan *out,
	   uint64_t run_ns, int sync)
{
	st->in = in;
	st->out = out;
	st->run_ns = run_ns;
	st->sync = sync;
	st->step = pinger_step;
	if (!st->rounds)
		st->rounds = -1;
	sim_user(st, (int64_t)(run_ns ? sim_rand() % run_ns : 0));
}

/* ponger: a pinger that waits for the first post instead of making it,
 * so that a ping and a pong pass one message back and forth. */
static void
ponger_first(struct sim_task *st)
{
	st->step = pinger_step;
	sim_chan_wait(st, st->in, pinger_got);
}

void
sim_ponger(struct sim_task *st, struct sim_chan *in, struct sim_chan *out,
	   uint64_t run_ns, int sync)
{
	sim_pinger(st, in, out, run_ns, sync);
	st->step = ponger_first;
}

/* waiter: wait on in, run run_ns, wait again. */
static void
waiter_step(struct sim_task *st)
{
	sim_chan_wait(st, st->in, pinger_got);
}

void
sim_waiter(struct sim_task *st, struct sim_chan *in, uint64_t run_ns)
{
	st->in = in;
	st->run_ns = run_ns;
	st->step = waiter_step;
	st->rounds = -1;
	sim_user(st, 0);
}

/* ---- reports ---- */
void
sim_dump(FILE *f)
{
	fprintf(f, "machine at %llu ns:\n", (unsigned long long)sim_now);
	for (int c = 0; c < ncpu; c++) {
		struct rq *rq = cpu_rq(c);
		fprintf(f, "  cpu%d: curr %d nr_running %u queued %zu ipi %d "
			"ncli %d IF %d\n", c, rq->curr ? rq->curr->tid : -1,
			rq->nr_running, list_length(&rq->queued),
			sim_cpus[c].ipi, cpus[c].ncli,
			!!(sim_eflags[c] & FL_IF));
	}
	for (int i = 0; i < sim_ntasks; i++) {
		struct sim_task *st = sim_tasks[i];
		struct task *t = &st->task;
		fprintf(f, "  task %d %s: state %d cpu %d on_rq %d on_cpu %d "
			"need_resched %d in_kernel %d ran %llu ns\n", t->tid,
			st->name, t->state, t->cpu, t->on_rq, t->on_cpu,
			t->need_resched, st->in_kernel,
			(unsigned long long)st->ran_ns);
	}
}

/* Linux's prio_to_weight, kept here apart from kernel/lib/weight.c so that
 * the tests' expected shares do not come from the code under test. */
double
sim_weight_of(int nice)
{
	static const int w[40] = {
		88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949,
		11916, 9548, 7620, 6100, 4904, 3906, 3121, 2501, 1991, 1586,
		1277, 1024, 820, 655, 526, 423, 335, 272, 215, 172, 137, 110,
		87, 70, 56, 45, 36, 29, 23, 18, 15,
	};
	return w[nice + 20];
}

/* ---- the record of stretches run (sim.h) ---- */

static void
record_run(int cpu, struct sim_task *prev, struct sim_task *next)
{
	(void)cpu, (void)next;
	if (prev->task.is_idle || sim_nruns >= SIM_MAX_RUNS)
		return;
	if (runs_preempted_only && prev->task.state != TASK_RUNNING)
		return;
	sim_runs[sim_nruns++] = (struct sim_run){ prev, prev->last_in,
						  sim_now - prev->last_in };
}

void
sim_record_runs(int preempted_only)
{
	sim_nruns = 0;
	runs_preempted_only = preempted_only;
	sim_on_switch = record_run;
}
