/*
 * t_rusage - CPU-time accounting: a child that computes shows user time,
 * one that lives in system calls shows system time, the parent's
 * RUSAGE_CHILDREN sums what its reaped children used, the times never go
 * backwards between two reads, and sleeping costs neither.
 *
 * The kernel samples the split at the tick, as Linux does by default, and
 * scales the exact CPU time by the samples (kernel/cputime.c): the checks
 * allow for a few ticks' error, never for the wrong side.
 */
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "../bench/bench_util.h"

#define CHILD_NS	50000000LL	/* each child computes for 50 ms */

static long long
tv_ns(struct timeval tv)
{
	return (long long)tv.tv_sec * 1000000000LL + tv.tv_usec * 1000LL;
}

/* 50 ms in user mode: a counting loop that asks the clock (a system call)
 * only every 100,000 rounds. */
static void
compute(void)
{
	long long end = now_ns() + CHILD_NS;
	volatile unsigned n = 0;

	do {
		for (int i = 0; i < 100000; i++)
			n++;
	} while (now_ns() < end);
}

/* 50 ms in the kernel: /dev/zero clears 64 KiB of our memory per call. */
static void
clear_by_kernel(void)
{
	static char buf[65536];
	long long end = now_ns() + CHILD_NS;
	int fd = open("/dev/zero", O_RDONLY);

	if (fd < 0)
		_exit(2);
	while (now_ns() < end)
		if (read(fd, buf, sizeof(buf)) != (long)sizeof(buf))
			_exit(3);
	close(fd);
}

/* Run one child to completion; its user and system time, from the growth
 * of RUSAGE_CHILDREN. */
static void
child_times(void (*work)(void), long long *u, long long *s)
{
	struct rusage before, after;
	int st;

	getrusage(RUSAGE_CHILDREN, &before);
	if (fork() == 0) {
		work();
		_exit(0);
	}
	wait(&st);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	CHECK_EQ(getrusage(RUSAGE_CHILDREN, &after), 0);
	*u = tv_ns(after.ru_utime) - tv_ns(before.ru_utime);
	*s = tv_ns(after.ru_stime) - tv_ns(before.ru_stime);
}

/* Read our own times while computing: neither side may shrink. */
static void
check_monotonic(void)
{
	struct rusage r;
	long long u0 = 0, s0 = 0, end = now_ns() + 30000000LL;
	int shrank = 0, reads = 0;
	volatile unsigned n = 0;

	while (now_ns() < end) {
		for (int i = 0; i < 2000; i++)
			n++;
		getrusage(RUSAGE_SELF, &r);
		if (tv_ns(r.ru_utime) < u0 || tv_ns(r.ru_stime) < s0)
			shrank++;
		u0 = tv_ns(r.ru_utime);
		s0 = tv_ns(r.ru_stime);
		reads++;
	}
	CHECK(reads > 10);
	CHECK_EQ(shrank, 0);
}

int
main(void)
{
	struct rusage self;
	long long u, s;

	/* computing is user time, most of the 50 ms */
	child_times(compute, &u, &s);
	CHECK(u + s >= 40000000);
	CHECK(u + s < 200000000);
	CHECK(u >= (u + s) * 8 / 10);

	/* clearing memory in read() is system time */
	child_times(clear_by_kernel, &u, &s);
	CHECK(u + s >= 40000000);
	CHECK(u + s < 200000000);
	CHECK(s >= (u + s) * 6 / 10);

	check_monotonic();

	/* sleeping is neither user nor system time */
	getrusage(RUSAGE_SELF, &self);
	u = tv_ns(self.ru_utime);
	s = tv_ns(self.ru_stime);
	usleep(100000);
	getrusage(RUSAGE_SELF, &self);
	CHECK(tv_ns(self.ru_utime) + tv_ns(self.ru_stime) - u - s < 20000000);

	/* a sleep is a voluntary context switch */
	CHECK(self.ru_nvcsw >= 1);
	check_done("t_rusage");
}
