/*
 * bench.c - the cost of the scheduler's hot paths with many runnable tasks:
 * build/host/sched-bench-<policy> (SCHED_DEBUG=0, -O2, like the kernel).
 *
 *   sched-bench-<policy> [tasks [iterations]]     default: 10 ... 10,000
 *
 * One CPU, `tasks` runnable hogs, then three loops:
 *   bench_tick_loop        sched_tick() and the schedule() it asks for
 *   bench_yield_loop       sched_yield(): put_prev + pick_next + switch
 *   bench_sleep_wake_loop  current sleeps (schedule: dequeue, put_prev,
 *                          pick_next) and is woken again (enqueue)
 *
 * Host time is meaningless here; count instructions with callgrind.  Each
 * loop runs twice: to warm up (the runqueue reaches its steady state:
 * arrays swapped, vruntimes spread), then `iterations` times measured.
 * The warm-up is `iterations` long, and at least two per task: every task
 * must have run a few times before the state is steady (o1's first,
 * fork-halved timeslices, for one, last until each task has run once).
 * The tick loop goes first: EEVDF's yields push deadlines many requests
 * ahead, and ticks after them would measure the slow paying-off of that
 * debt instead of the steady state.  Under valgrind the measured run is
 * bracketed by callgrind client requests: the counters are zeroed before
 * it and dumped after it, so each dump holds exactly that loop, without
 * the set-up:
 *
 *   valgrind --tool=callgrind --callgrind-out-file=cg.out \
 *       build/host/sched-bench-rr 100 1000
 *   grep -H -e '^desc: Trigger' -e '^totals:' cg.out.*
 *
 * and divide each dump's total by the iterations (tools/bench.py does; see
 * also make host-callgrind).  Outside valgrind the requests do nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include "kernel/cpu.h"
#include "kernel/sched/sched.h"
#include "tests/host/sim.h"

#if defined(__has_include) && __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_ZERO_STATS		do { } while (0)
#define CALLGRIND_DUMP_STATS_AT(s)	do { (void)(s); } while (0)
#endif

static uint64_t
switches(void)
{
	return cpu_rq(0)->stats.switches;
}

static void __attribute__((noinline))
bench_yield_loop(long n)
{
	for (long i = 0; i < n; i++) {
		sim_now += 1 * US;
		sched_yield();		/* as whatever task is current */
	}
}

static void __attribute__((noinline))
bench_tick_loop(long n)
{
	for (long i = 0; i < n; i++) {
		sim_now += sim_tick_ns;
		cli();			/* the timer interrupt */
		cpus[0].ticks++;
		sched_tick();
		if (current->need_resched)	/* return to user */
			schedule();
		sti();
	}
}

static void __attribute__((noinline))
bench_sleep_wake_loop(long n)
{
	for (long i = 0; i < n; i++) {
		struct task *me = current;
		sim_now += 1 * US;
		__atomic_store_n(&me->state, TASK_SLEEPING, __ATOMIC_SEQ_CST);
		schedule();		/* now another task is current ... */
		sched_wake(me, 0);	/* ... and wakes the sleeper */
	}
}

typedef void (*bench_loop)(long n);

/* Run one loop twice, warm-up then measured; the measured run is one
 * callgrind dump named "op=<op> tasks=<n> iterations=<n>". */
static void
bench_op(const char *op, bench_loop loop, int ntasks, long n)
{
	char label[96];
	uint64_t s0;

	loop(n > 2L * ntasks ? n : 2L * ntasks);
	snprintf(label, sizeof(label), "op=%s tasks=%d iterations=%ld",
		 op, ntasks, n);
	s0 = switches();
	CALLGRIND_ZERO_STATS;
	loop(n);
	CALLGRIND_DUMP_STATS_AT(label);
	printf("RESULT bench=host_sched policy=%s op=%s tasks=%d "
	       "iterations=%ld switches=%llu\n", sched_policy.name, op, ntasks,
	       n, (unsigned long long)(switches() - s0));
}

static void
bench(int ntasks, long n)
{
	sim_boot(1);
	sim_now = 10 * MS;
	sim_unchecked_start = 1;
	for (int i = 0; i < ntasks; i++) {
		struct sim_task *st = sim_task_new("hog");
		sim_hog(st);
		sim_start(st, 0);
	}
	sim_bench = 1;			/* the switch hook only returns now */
	sti();
	bench_op("tick", bench_tick_loop, ntasks, n);
	bench_op("yield", bench_yield_loop, ntasks, n);
	bench_op("sleep_wake", bench_sleep_wake_loop, ntasks, n);
}

int
main(int argc, char **argv)
{
	long n = argc > 2 ? atol(argv[2]) : 10000;
	int status;

	sim_scenario_name = "bench";
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1) {
		bench(atoi(argv[1]), n);
		return 0;
	}
	/* the kernel cannot be "rebooted" in a process: a child per size */
	for (int k = 10; k <= 10000; k *= 10) {
		pid_t pid = fork();
		if (pid == 0) {
			bench(k, n);
			exit(0);
		}
		if (pid < 0 || waitpid(pid, &status, 0) < 0 || status != 0)
			return 1;
	}
	return 0;
}
