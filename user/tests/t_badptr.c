/*
 * t_badptr - every pointer-taking system call, given a NULL pointer, an
 * unmapped address, a kernel-half address and a buffer that straddles into
 * unmapped memory, fails with EFAULT (and the kernel stays up).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <quanta.h>
#include <uapi/syscall.h>
#include "check.h"

/* A raw system call, so libc wrappers cannot filter the pointers. */
static long
sys(long n, long a, long b, long c, long d)
{
	long r;

	__asm__ volatile("int $0x80" : "=a"(r)
			 : "a"(n), "b"(a), "c"(b), "d"(c), "S"(d) : "memory");
	return r;
}

static char *straddle;		/* 2 bytes before an unmapped page */
static char *unmapped;		/* that page */

static void
bad_pointers(long *out)
{
	out[0] = 0;			/* NULL */
	out[1] = 0x10000;		/* unmapped user address */
	out[2] = (long)0xC0100000;	/* kernel half */
	out[3] = (long)straddle;	/* runs off the end of the heap */
}

#define EXPECT_EFAULT(expr) CHECK_EQ((expr), -EFAULT)

int
main(void)
{
	long bad[4];
	int fds[2];
	char *brk_end = sbrk(0);

	/* the heap ends at a page boundary; the page after it is unmapped.
	 * Any object of 4 bytes or more, and any string (no NUL in the last
	 * two bytes), at straddle runs into it. */
	unmapped = (char *)(((unsigned long)brk_end + 4095) & ~4095ul);
	if ((char *)sbrk(0) < unmapped)
		sbrk(unmapped - (char *)sbrk(0));
	straddle = unmapped - 2;
	straddle[0] = straddle[1] = 'a';
	bad_pointers(bad);
	pipe(fds);
	for (int i = 0; i < 4; i++) {
		long p = bad[i];
		int big = i == 3 ? 64 : 16;

		if (i != 0)	/* write(fd, NULL, 0) is fine: nothing to copy */
			EXPECT_EFAULT(sys(SYS_write, 1, p, big, 0));
		EXPECT_EFAULT(sys(SYS_open, p, 0, 0, 0));
		EXPECT_EFAULT(sys(SYS_pipe, p, 0, 0, 0));
		EXPECT_EFAULT(sys(SYS_fstat, 0, p, 0, 0));
		EXPECT_EFAULT(sys(SYS_nanosleep, p, 0, 0, 0));
		EXPECT_EFAULT(sys(SYS_clock_gettime, 1, p, 0, 0));
		EXPECT_EFAULT(sys(SYS_getrusage, 0, p, 0, 0));
		EXPECT_EFAULT(sys(SYS_uname, p, 0, 0, 0));
		EXPECT_EFAULT(sys(SYS_sched_setaffinity, 0, 4, p, 0));
		EXPECT_EFAULT(sys(SYS_sched_getaffinity, 0, 4, p, 0));
		EXPECT_EFAULT(sys(SYS_sysinfo, p, 0, 0, 0));
		EXPECT_EFAULT(sys(SYS_cpuinfo, p, 1, 0, 0));
		EXPECT_EFAULT(sys(SYS_taskinfo, p, 1, 0, 0));
		EXPECT_EFAULT(sys(SYS_execve, p, 0, 0, 0));
		EXPECT_EFAULT(sys(SYS_poll, p, 1, 0, 0));
		/* futex words are aligned, so they cannot straddle a page */
		EXPECT_EFAULT(sys(SYS_futex, i == 3 ? (long)unmapped : p ? p : 4,
				  0, 0, 0));
		if (i != 0) {	/* NULL is allowed for these */
			EXPECT_EFAULT(sys(SYS_gettimeofday, p, 0, 0, 0));
			EXPECT_EFAULT(sys(SYS_times, p, 0, 0, 0));
		}
		/* read into a bad buffer: data is waiting in the pipe */
		write(fds[1], "0123456789abcdefghij0123456789abcdefghij"
			      "0123456789abcdefghij0123", 64);
		if (i != 0)
			EXPECT_EFAULT(sys(SYS_read, fds[0], p, big, 0));
		{
			char drain[128];
			struct pollfd pf = { fds[0], POLLIN, 0 };
			while (poll(&pf, 1, 0) == 1 && read(fds[0], drain, sizeof(drain)) > 0)
				;
		}
	}
	CHECK_EQ(sys(999, 0, 0, 0, 0), -ENOSYS);
	CHECK_EQ(sys(-1, 0, 0, 0, 0), -ENOSYS);
	check_done("t_badptr");
}
