/* t_pipe - pipes: blocking, EOF, EPIPE, large transfers intact, bad and
 * not-yet-mapped buffers, a poller not woken by another pipe's traffic. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"

#define BIG	(256 * 1024)

/* A writer sends BIG bytes of a known pattern through a 4 KiB pipe; the
 * reader checks every byte (so writers block and readers wait). */
static void
test_large_transfer(void)
{
	int fds[2], st;
	long got = 0, bad = 0;
	static unsigned char buf[3000];

	CHECK_EQ(pipe(fds), 0);
	if (fork() == 0) {
		close(fds[0]);
		for (long i = 0; i < BIG;) {
			int n = 0;
			while (n < (int)sizeof(buf) && i + n < BIG) {
				buf[n] = (unsigned char)((i + n) * 7 + 3);
				n++;
			}
			if (write(fds[1], buf, (size_t)n) != n)
				_exit(1);
			i += n;
		}
		_exit(0);
	}
	close(fds[1]);
	for (;;) {
		int n = (int)read(fds[0], buf, 1000);
		if (n <= 0)
			break;
		for (int k = 0; k < n; k++)
			bad += buf[k] != (unsigned char)((got + k) * 7 + 3);
		got += n;
	}
	CHECK_EQ(got, BIG);
	CHECK_EQ(bad, 0);
	wait(&st);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	close(fds[0]);
}

static void
test_eof(void)
{
	int fds[2];
	char c;

	CHECK_EQ(pipe(fds), 0);
	write(fds[1], "x", 1);
	close(fds[1]);
	CHECK_EQ(read(fds[0], &c, 1), 1);
	CHECK_EQ(read(fds[0], &c, 1), 0);	/* no writer left: EOF */
	close(fds[0]);
}

static void
test_epipe(void)
{
	int fds[2];

	signal(SIGPIPE, SIG_IGN);
	CHECK_EQ(pipe(fds), 0);
	close(fds[0]);
	CHECK_EQ(write(fds[1], "x", 1), -1);
	CHECK_EQ(errno, EPIPE);
	close(fds[1]);
}

static void
test_sigpipe_kills(void)
{
	int fds[2], st;

	CHECK_EQ(pipe(fds), 0);
	close(fds[0]);			/* no reader anywhere, before the fork */
	if (fork() == 0) {
		signal(SIGPIPE, SIG_DFL);
		write(fds[1], "x", 1);
		_exit(0);		/* not reached: SIGPIPE kills */
	}
	close(fds[1]);
	wait(&st);
	CHECK(WIFSIGNALED(st));
	CHECK_EQ(WTERMSIG(st), SIGPIPE);
}

/* A reader blocks until the writer, which sleeps first, sends data. */
static void
test_blocking_read(void)
{
	int fds[2], st;
	char buf[8];

	CHECK_EQ(pipe(fds), 0);
	if (fork() == 0) {
		usleep(20000);
		write(fds[1], "late", 4);
		_exit(0);
	}
	CHECK_EQ(read(fds[0], buf, sizeof(buf)), 4);
	CHECK(memcmp(buf, "late", 4) == 0);
	wait(&st);
	close(fds[0]);
	close(fds[1]);
}

/* A read into a bad buffer fails with EFAULT and consumes nothing: the
 * bytes are still there for the next read. */
static void
test_efault_keeps_data(void)
{
	int fds[2];
	char buf[8];

	CHECK_EQ(pipe(fds), 0);
	CHECK_EQ(write(fds[1], "keep", 4), 4);
	CHECK_EQ(read(fds[0], (char *)0x10000, 4), -1);
	CHECK_EQ(errno, EFAULT);
	CHECK_EQ(write(fds[1], (char *)0x10000, 4), -1);	/* nor adds any */
	CHECK_EQ(errno, EFAULT);
	CHECK_EQ(read(fds[0], buf, sizeof(buf)), 4);
	CHECK(memcmp(buf, "keep", 4) == 0);
	close(fds[0]);
	close(fds[1]);
}

/* Buffers the kernel must make usable first, which the pipe does with its
 * lock dropped: a part of the stack never touched (written from: the
 * stack grows, the bytes are zeros) and a page shared copy-on-write with a
 * child (read into). */
static int __attribute__((noinline))
write_from_untouched_stack(int fd)
{
	char deep[96 * 1024];		/* below the 16 KiB mapped at exec */
	/* its middle: the call below touches the pages at its bottom (the
	 * arguments), and the kernel reads it, not this code */
	char *volatile p = deep + 48 * 1024;

	return (int)write(fd, p, 16);
}

static void
test_fault_in(void)
{
	int fds[2], st, n;
	static char cow[4096 * 2];
	char zero[16] = { 0 };

	CHECK_EQ(pipe(fds), 0);
	n = write_from_untouched_stack(fds[1]);
	CHECK_EQ(n, 16);
	if (n == 16) {		/* else the read would wait forever */
		CHECK_EQ(read(fds[0], cow + 4090, 16), 16);	/* two pages */
		CHECK(memcmp(cow + 4090, zero, 16) == 0);
	}
	cow[0] = 1;
	if (fork() == 0)
		_exit(0);	/* cow's pages are shared until someone writes */
	CHECK_EQ(write(fds[1], "copy-on-write!", 14), 14);
	CHECK_EQ(read(fds[0], cow + 4090, 14), 14);
	CHECK(memcmp(cow + 4090, "copy-on-write!", 14) == 0);
	wait(&st);
	close(fds[0]);
	close(fds[1]);
}

/* A task asleep in poll() on one pipe is not woken by traffic on another:
 * a change wakes the pollers of the object that changed only.  When every
 * change woke every poller, lmbench's lat_ctx harness (a parent in
 * select() while its child measures) charged the measurement two switches
 * per pipe call under policies whose wakeups preempt (docs/performance.md,
 * "The outliers").  The parent's voluntary switches count its sleeps. */
static void
test_poll_unrelated(void)
{
	int a[2], b[2], st;
	struct pollfd pfd;
	struct rusage r0, r1;
	char c = 'x';

	CHECK_EQ(pipe(a), 0);
	CHECK_EQ(pipe(b), 0);
	if (fork() == 0) {
		for (int i = 0; i < 2000; i++)
			if (write(b[1], &c, 1) != 1 || read(b[0], &c, 1) != 1)
				_exit(1);
		_exit(write(a[1], &c, 1) == 1 ? 0 : 1);
	}
	pfd.fd = a[0];
	pfd.events = POLLIN;
	getrusage(RUSAGE_SELF, &r0);
	CHECK_EQ(poll(&pfd, 1, 20000), 1);
	getrusage(RUSAGE_SELF, &r1);
	CHECK(r1.ru_nvcsw - r0.ru_nvcsw <= 3);
	wait(&st);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	close(a[0]);
	close(a[1]);
	close(b[0]);
	close(b[1]);
}

static void
test_bad_fds(void)
{
	char c;

	CHECK_EQ(read(57, &c, 1), -1);
	CHECK_EQ(errno, EBADF);
	CHECK_EQ(close(-1), -1);
	CHECK_EQ(errno, EBADF);
}

int
main(void)
{
	test_eof();
	test_epipe();
	test_sigpipe_kills();
	test_blocking_read();
	test_large_transfer();
	test_efault_keeps_data();
	test_fault_in();
	test_bad_fds();
	test_poll_unrelated();
	check_done("t_pipe");
}
