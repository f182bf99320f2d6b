/*
 * bench.c - the cost of the scheduler's hot paths with many runnable tasks:
 * build/host/sched-bench-<policy> (SCHED_DEBUG=0, -O2, like the kernel).
 *
 *   sched-bench-<policy> [tasks [iterations]]     default: 10, 100 and 1000
 *
 * One CPU, `tasks` runnable hogs, then three loops:
 *   bench_yield_loop       sched_yield(): put_prev + pick_next + switch
 *   bench_tick_loop        sched_tick() and the schedule() it asks for
 *   bench_sleep_wake_loop  current sleeps (schedule) and is woken again
 *
 * Host time is meaningless here; count instructions with callgrind:
 *   valgrind --tool=callgrind --callgrind-out-file=cg.out \
 *       build/host/sched-bench-rr 100
 *   callgrind_annotate --inclusive=yes cg.out | grep bench_
 * and divide each loop's Ir by its iterations (printed below).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include "kernel/cpu.h"
#include "kernel/sched/sched.h"
#include "tests/host/sim.h"

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

static void
bench(int ntasks, long n)
{
	uint64_t s0;

	sim_boot(1);
	sim_now = 10 * MS;
	for (int i = 0; i < ntasks; i++) {
		struct sim_task *st = sim_task_new("hog");
		sim_hog(st);
		sim_start(st, 0);
	}
	sim_bench = 1;			/* the switch hook only returns now */
	sti();
	s0 = switches();
	bench_yield_loop(n);
	printf("RESULT bench=host_sched policy=%s op=yield tasks=%d "
	       "iterations=%ld switches=%llu\n", sched_policy.name, ntasks, n,
	       (unsigned long long)(switches() - s0));
	s0 = switches();
	bench_tick_loop(n);
	printf("RESULT bench=host_sched policy=%s op=tick tasks=%d "
	       "iterations=%ld switches=%llu\n", sched_policy.name, ntasks, n,
	       (unsigned long long)(switches() - s0));
	s0 = switches();
	bench_sleep_wake_loop(n);
	printf("RESULT bench=host_sched policy=%s op=sleep_wake tasks=%d "
	       "iterations=%ld switches=%llu\n", sched_policy.name, ntasks, n,
	       (unsigned long long)(switches() - s0));
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
	for (int k = 10; k <= 1000; k *= 10) {
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
