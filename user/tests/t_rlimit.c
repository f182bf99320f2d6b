/*
 * t_rlimit - resource limits and the descriptor table: Linux's defaults,
 * soft <= hard, raising a hard limit (allowed: everything runs as root),
 * EPERM past the system's maximum; 1024 descriptors by default with
 * EMFILE at the limit, more after raising it, the table copied by fork,
 * dup2 and F_DUPFD against the limit, and every page back afterwards.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "memsnap.h"

static void
test_limits(void)
{
	struct rlimit rl, old;
	struct rlimit64 r64;

	CHECK_EQ(getrlimit(RLIMIT_NOFILE, &rl), 0);
	CHECK_EQ(rl.rlim_cur, 1024);
	CHECK_EQ(rl.rlim_max, 4096);
	CHECK_EQ(getdtablesize(), 1024);
	CHECK_EQ(sysconf(_SC_OPEN_MAX), 1024);
	CHECK_EQ(getrlimit(RLIMIT_RTPRIO, &rl), 0);
	CHECK_EQ(rl.rlim_cur, 0);
	CHECK_EQ(getrlimit(RLIMIT_MEMLOCK, &rl), 0);
	CHECK_EQ(rl.rlim_cur, 8 << 20);
	CHECK_EQ(getrlimit(RLIMIT_STACK, &rl), 0);
	CHECK_EQ(rl.rlim_cur, 1 << 20);
	CHECK_EQ(getrlimit(RLIMIT_CPU, &rl), 0);
	CHECK_EQ(rl.rlim_cur, RLIM_INFINITY);
	CHECK_EQ(getrlimit64(RLIMIT_CPU, &r64), 0);
	CHECK(r64.rlim_cur == RLIM64_INFINITY);
	CHECK_EQ(getrlimit(RLIMIT_NPROC, &rl), 0);
	CHECK(rl.rlim_cur > 0 && rl.rlim_cur <= rl.rlim_max);
	/* cyclictest's dance: raise RLIMIT_RTPRIO's soft and hard limits */
	rl.rlim_cur = rl.rlim_max = 99;
	CHECK_EQ(setrlimit(RLIMIT_RTPRIO, &rl), 0);
	CHECK_EQ(getrlimit(RLIMIT_RTPRIO, &rl), 0);
	CHECK_EQ(rl.rlim_cur, 99);
	rl.rlim_cur = 100;				/* soft above hard */
	CHECK_EQ(setrlimit(RLIMIT_RTPRIO, &rl), -1);
	CHECK_EQ(errno, EINVAL);
	rl.rlim_cur = rl.rlim_max = RLIM_INFINITY;
	CHECK_EQ(setrlimit(RLIMIT_MEMLOCK, &rl), 0);
	CHECK_EQ(getrlimit64(RLIMIT_MEMLOCK, &r64), 0);
	CHECK(r64.rlim_max == RLIM64_INFINITY);
	rl.rlim_cur = rl.rlim_max = 1 << 20;		/* past NR_OPEN */
	CHECK_EQ(setrlimit(RLIMIT_NOFILE, &rl), -1);
	CHECK_EQ(errno, EPERM);
	CHECK_EQ(getrlimit(99, &rl), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(getrlimit64(RLIMIT_NOFILE, (struct rlimit64 *)16), -1);
	CHECK_EQ(errno, EFAULT);
	CHECK_EQ(prlimit(getpid(), RLIMIT_NOFILE, NULL, &old), 0);
	CHECK_EQ(old.rlim_cur, 1024);
	CHECK_EQ(prlimit(99999, RLIMIT_NOFILE, NULL, &old), -1);
	CHECK_EQ(errno, ESRCH);
	/* a child inherits them */
	if (fork() == 0) {
		getrlimit(RLIMIT_RTPRIO, &rl);
		_exit(rl.rlim_cur != 99);
	}
	{
		int st;
		CHECK(wait(&st) > 0);
		CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
}

/* dup(0) until it fails: the highest descriptor reached. */
static int
fill_table(void)
{
	int fd, last = -1;

	while ((fd = dup(0)) >= 0)
		last = fd;
	CHECK_EQ(errno, EMFILE);
	return last;
}

static void
close_from(int first, int last)
{
	for (int fd = first; fd <= last; fd++)
		close(fd);
}

static void
test_fd_limit(void)
{
	struct rlimit rl = { 2000, 4096 };
	int last, st;

	last = fill_table();
	CHECK_EQ(last, 1023);
	CHECK_EQ(dup2(0, 1024), -1);			/* at the limit */
	CHECK_EQ(errno, EBADF);
	CHECK_EQ(fcntl(0, F_DUPFD, 1024), -1);
	CHECK_EQ(errno, EINVAL);
	/* a forked child gets the whole table */
	if (fork() == 0)
		_exit(fcntl(1023, F_GETFD) != 0 || fcntl(700, F_GETFD) != 0);
	CHECK(wait(&st) > 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	/* closing one makes room for exactly one, the lowest */
	close(500);
	CHECK_EQ(dup(0), 500);
	CHECK_EQ(dup(0), -1);
	CHECK_EQ(errno, EMFILE);
	/* raise the soft limit: more fit */
	CHECK_EQ(setrlimit(RLIMIT_NOFILE, &rl), 0);
	last = fill_table();
	CHECK_EQ(last, 1999);
	CHECK_EQ(dup2(0, 1999), 1999);
	/* lower it again: open ones stay, new ones must be below it */
	rl.rlim_cur = 1024;
	CHECK_EQ(setrlimit(RLIMIT_NOFILE, &rl), 0);
	CHECK_EQ(fcntl(1999, F_GETFD), 0);
	close(1500);
	CHECK_EQ(dup(0), -1);
	CHECK_EQ(errno, EMFILE);
	close_from(3, 1999);
	CHECK_EQ(dup(0), 3);
	close(3);
}

int
main(void)
{
	static struct memsnap before, after;
	int st;

	test_limits();
	/* the table grows in a child; everything is back after its exit */
	CHECK_EQ(memsnap_take(&before, 1), 0);
	if (fork() == 0) {
		test_fd_limit();
		_exit(check_failed ? 1 : 0);
	}
	CHECK(wait(&st) > 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	CHECK_EQ(memsnap_take(&after, 1), 0);
	CHECK_EQ(memsnap_diff("t_rlimit", &before, &after, 0), 0);
	check_done("t_rlimit");
}
