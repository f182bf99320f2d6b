/*
 * t_rusage - CPU-time accounting: a child that spins shows user time, one
 * that makes system calls shows system time, the parent's RUSAGE_CHILDREN
 * sums what its reaped children used, and sleeping costs neither.
 */
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "../bench/bench_util.h"

static long long
tv_ns(struct timeval tv)
{
	return (long long)tv.tv_sec * 1000000000LL + tv.tv_usec * 1000LL;
}

int
main(void)
{
	struct rusage self, kids;
	long long u, s;
	int st;

	/* a child that computes for 50 ms */
	if (fork() == 0) {
		spin_ns(50000000);
		_exit(0);
	}
	wait(&st);
	CHECK_EQ(getrusage(RUSAGE_CHILDREN, &kids), 0);
	u = tv_ns(kids.ru_utime);
	s = tv_ns(kids.ru_stime);
	CHECK(u + s >= 40000000);		/* most of the 50 ms */
	CHECK(u + s < 200000000);

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
