/*
 * t_badptr - every pointer-taking system call, given a NULL pointer, an
 * unmapped address, a kernel-half address, a buffer that straddles into
 * unmapped memory, one that wraps around the top of the address space and
 * one that runs from the top user page into the kernel half, fails with
 * EFAULT (and the kernel stays up).  The kernel copies through the MMU
 * (kernel/mm.c), so the copies' page faults are checked too: a failed copy
 * loses no pipe data and touches nothing past its buffer, and a copy into
 * a page shared copy-on-write since a fork, or into a stack page not
 * touched yet, resolves the fault as a user access would.
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
	out[4] = (long)0xFFFFFFFC;	/* wraps around to 0 */
	out[5] = (long)0xBFFFFFFE;	/* the top user page into the kernel */
}

#define EXPECT_EFAULT(expr) CHECK_EQ((expr), -EFAULT)
#define NBAD 6

static const char data64[] = "0123456789abcdefghij0123456789abcdefghij"
			     "0123456789abcdefghij0123";

/* A read into, and a write from, a buffer that runs from a mapped page
 * into an unmapped one: EFAULT, the pipe's data is all still there, and
 * the byte before the buffer is untouched. */
static void
straddle_copies(int fds[2])
{
	char back[64];
	struct pollfd pf = { fds[0], POLLIN, 0 };

	straddle[-1] = 'z';
	CHECK_EQ(write(fds[1], data64, 64), 64);
	EXPECT_EFAULT(sys(SYS_read, fds[0], (long)straddle, 64, 0));
	CHECK_EQ(straddle[-1], 'z');
	CHECK_EQ(read(fds[0], back, 64), 64);	/* nothing was consumed */
	CHECK(memcmp(back, data64, 64) == 0);
	straddle[0] = straddle[1] = 'a';
	EXPECT_EFAULT(sys(SYS_write, fds[1], (long)straddle, 16, 0));
	CHECK_EQ(poll(&pf, 1, 0), 0);		/* nothing was written */
}

/* clock_gettime copies to user memory with copy_to_user, which may have
 * its faults resolved (the pipe's copies hold a lock and may not). */
static struct timespec cow_ts = { 12345, 678 };

static int
is_sentinel(const struct timespec *ts)
{
	return ts->tv_sec == 12345 && ts->tv_nsec == 678;
}

/* A kernel copy into a copy-on-write page gives the copier its own page:
 * first in the child (the parent's stays), then in the parent while a
 * child still shares the page (the child's stays). */
static void
cow_copies(void)
{
	int go[2], st;
	pid_t pid;
	char c;

	cow_ts.tv_sec = 12345;
	cow_ts.tv_nsec = 678;
	if ((pid = fork()) == 0) {
		if (sys(SYS_clock_gettime, CLOCK_MONOTONIC, (long)&cow_ts,
			0, 0) != 0)
			_exit(2);
		_exit(is_sentinel(&cow_ts) ? 1 : 0);
	}
	CHECK(pid > 0);
	CHECK_EQ(waitpid(pid, &st, 0), pid);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	CHECK(is_sentinel(&cow_ts));		/* the child's copy stayed its own */

	CHECK_EQ(pipe(go), 0);
	if ((pid = fork()) == 0) {
		if (read(go[0], &c, 1) != 1)
			_exit(2);
		_exit(is_sentinel(&cow_ts) ? 0 : 1);
	}
	CHECK(pid > 0);
	CHECK_EQ(sys(SYS_clock_gettime, CLOCK_MONOTONIC, (long)&cow_ts, 0, 0),
		 0);
	CHECK(!is_sentinel(&cow_ts));
	CHECK_EQ(write(go[1], "g", 1), 1);
	CHECK_EQ(waitpid(pid, &st, 0), pid);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	close(go[0]);
	close(go[1]);
}

/* A kernel copy into a part of the stack no instruction touched yet maps
 * the page, as the program's own access would.  noinline and the volatile
 * frame keep the buffer where it is: 64 KiB down, past what exec maps. */
static __attribute__((noinline)) int
deep_stack_copy(void)
{
	volatile char deep[64 * 1024];
	struct timespec *ts = (struct timespec *)&deep[0];

	if (sys(SYS_clock_gettime, CLOCK_MONOTONIC, (long)ts, 0, 0) != 0)
		return -1;
	return ts->tv_sec > 0 || ts->tv_nsec > 0;
}

int
main(void)
{
	long bad[NBAD];
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
	for (int i = 0; i < NBAD; i++) {
		long p = bad[i];
		int big = i == 3 ? 64 : 16;

		if (i != 0)	/* write(fd, NULL, 0) is fine: nothing to copy */
			EXPECT_EFAULT(sys(SYS_write, 1, p, big, 0));
		/* a copy out that failed may have written the bytes before
		 * the bad page (Linux's may too): a NUL there would make the
		 * path a valid empty string, so the path bytes are refilled */
		straddle[0] = straddle[1] = 'a';
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
		straddle[0] = straddle[1] = 'a';
		EXPECT_EFAULT(sys(SYS_execve, p, 0, 0, 0));
		EXPECT_EFAULT(sys(SYS_poll, p, 1, 0, 0));
		/* futex words are aligned, so they cannot straddle a page */
		EXPECT_EFAULT(sys(SYS_futex, i == 3 ? (long)unmapped :
				  i == 5 ? (long)0xBFFFFFFC : p ? p : 4,
				  0, 0, 0));
		if (i != 0) {	/* NULL is allowed for these */
			EXPECT_EFAULT(sys(SYS_gettimeofday, p, 0, 0, 0));
			EXPECT_EFAULT(sys(SYS_times, p, 0, 0, 0));
		}
		/* read into a bad buffer: data is waiting in the pipe */
		write(fds[1], data64, 64);
		if (i != 0)
			EXPECT_EFAULT(sys(SYS_read, fds[0], p, big, 0));
		{
			char drain[128];
			struct pollfd pf = { fds[0], POLLIN, 0 };
			while (poll(&pf, 1, 0) == 1 && read(fds[0], drain, sizeof(drain)) > 0)
				;
		}
	}
	straddle_copies(fds);
	cow_copies();
	CHECK_EQ(deep_stack_copy(), 1);
	CHECK_EQ(sys(999, 0, 0, 0, 0), -ENOSYS);
	CHECK_EQ(sys(-1, 0, 0, 0, 0), -ENOSYS);
	check_done("t_badptr");
}
