/*
 * bench_util.h - small helpers the benchmarks and the user-mode tests
 * share: the clock, sleeping to an absolute time, spinning, pinning, and
 * forking CPU hogs.
 *
 * Portable POSIX C like the benchmarks themselves: this header is compiled
 * against Quanta's libc (user/user.mk) and against glibc (the lab's Linux
 * row, tools/lab/linux_peer.py), so it uses nothing from <quanta.h>.  Every
 * helper is static inline, so a program pays only for what it calls and no
 * extra source has to be linked into each program (both builds compile
 * every .c file of user/bench as a program of its own).
 */
#ifndef USER_BENCH_BENCH_UTIL_H
#define USER_BENCH_BENCH_UTIL_H

#include <signal.h>
#include <stdio.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* CLOCK_MONOTONIC in nanoseconds: the one clock every measurement uses. */
static inline long long
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/*
 * Sleep until now_ns() reaches t.  An absolute deadline, so a periodic
 * loop does not drift by its own running time; a signal only restarts it.
 */
static inline void
sleep_until(long long t)
{
	struct timespec ts;

	ts.tv_sec = t / 1000000000LL;
	ts.tv_nsec = t % 1000000000LL;
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) != 0)
		;
}

static inline void
sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* Busy for ns of CLOCK_MONOTONIC time (not CPU time: preemption counts). */
static inline void
spin_ns(long long ns)
{
	long long end = now_ns() + ns;

	while (now_ns() < end)
		;
}

/* qsort() order of long longs, for latency percentiles. */
static inline int
cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

/* A getrusage() time in milliseconds. */
static inline long
tv_ms(struct timeval tv)
{
	return tv.tv_sec * 1000L + tv.tv_usec / 1000;
}

/*
 * Fork a child that spins forever, a CPU hog that never sleeps nor makes a
 * system call: only a signal ends it.  Returns what fork() returned to the
 * parent.
 */
static inline pid_t
fork_spinner(void)
{
	pid_t pid = fork();

	if (pid == 0)
		for (;;)
			;
	return pid;
}

/*
 * Fork n spinners (the load of several benchmarks); their pids go to
 * pid[].  Returns how many were started: fewer than n if a fork failed,
 * which is reported.
 *
 * The loop forks by itself rather than through fork_spinner(): in the det
 * profile a benchmark's figures follow its code layout (it sets the phase
 * of the first sample against the tick), and this form compiles to the
 * code the benchmarks had before they shared it.
 */
static inline int
spawn_spinners(pid_t *pid, int n)
{
	for (int i = 0; i < n; i++) {
		pid[i] = fork();
		if (pid[i] == 0)
			for (;;)
				;
		if (pid[i] < 0) {
			perror("fork");
			return i;
		}
	}
	return n;
}

/* Kill the n spinners of spawn_spinners() and reap them. */
static inline void
stop_spinners(const pid_t *pid, int n)
{
	for (int i = 0; i < n; i++)
		kill(pid[i], SIGKILL);
	for (int i = 0; i < n; i++)
		waitpid(pid[i], NULL, 0);
}

/*
 * Pin the calling task to one CPU; 0 or -1 (errno set).  glibc declares
 * cpu_set_t only with _GNU_SOURCE, so this exists for the programs that
 * define it and include <sched.h> before this header.
 */
#ifdef CPU_ZERO
static inline int
pin_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}
#endif

#endif
