/*
 * t_fcntl - descriptor and file status flags: fcntl (F_GETFL/F_SETFL with
 * O_NONBLOCK, F_GETFD/F_SETFD with FD_CLOEXEC, F_DUPFD), dup3, the
 * ioctls FIONBIO, FIONREAD, FIOCLEX on pipes, close-on-exec honoured by
 * execve, and select, pselect and ppoll.
 *
 * The exec check runs this program again as "t_fcntl exec <fd> <fd>":
 * the first descriptor was close-on-exec and must be gone, the second
 * must still be open.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

static void
test_flags(void)
{
	int p[2], v, fd, on = 1;
	char c;

	CHECK_EQ(pipe(p), 0);
	CHECK_EQ(fcntl(p[0], F_GETFL), O_RDONLY);
	CHECK_EQ(fcntl(p[1], F_GETFL), O_WRONLY);
	CHECK_EQ(fcntl(p[0], F_SETFL, O_NONBLOCK | O_WRONLY), 0);
	CHECK_EQ(fcntl(p[0], F_GETFL), O_RDONLY | O_NONBLOCK);
	CHECK_EQ(read(p[0], &c, 1), -1);
	CHECK_EQ(errno, EAGAIN);
	/* the status flag belongs to the open file: a dup sees it */
	CHECK((fd = dup(p[0])) > p[1]);
	CHECK(fcntl(fd, F_GETFL) & O_NONBLOCK);
	CHECK_EQ(fcntl(fd, F_SETFL, 0), 0);
	CHECK_EQ(fcntl(p[0], F_GETFL) & O_NONBLOCK, 0);
	close(fd);
	/* FIONBIO does the same */
	CHECK_EQ(ioctl(p[0], FIONBIO, &on), 0);
	CHECK_EQ(read(p[0], &c, 1), -1);
	CHECK_EQ(errno, EAGAIN);
	on = 0;
	CHECK_EQ(ioctl(p[0], FIONBIO, &on), 0);
	CHECK_EQ(fcntl(p[0], F_GETFL) & O_NONBLOCK, 0);
	CHECK_EQ(ioctl(p[0], FIONBIO, (void *)16), -1);
	CHECK_EQ(errno, EFAULT);
	/* FIONREAD: the bytes waiting, at either end */
	CHECK_EQ(write(p[1], "12345", 5), 5);
	CHECK_EQ(ioctl(p[0], FIONREAD, &v), 0);
	CHECK_EQ(v, 5);
	CHECK_EQ(ioctl(p[1], FIONREAD, &v), 0);
	CHECK_EQ(v, 5);
	/* descriptor flags belong to the descriptor */
	CHECK_EQ(fcntl(p[0], F_GETFD), 0);
	CHECK_EQ(fcntl(p[0], F_SETFD, FD_CLOEXEC), 0);
	CHECK_EQ(fcntl(p[0], F_GETFD), FD_CLOEXEC);
	CHECK((fd = dup(p[0])) >= 0);
	CHECK_EQ(fcntl(fd, F_GETFD), 0);		/* dup clears it */
	CHECK_EQ(ioctl(fd, FIOCLEX), 0);
	CHECK_EQ(fcntl(fd, F_GETFD), FD_CLOEXEC);
	CHECK_EQ(ioctl(fd, FIONCLEX), 0);
	CHECK_EQ(fcntl(fd, F_GETFD), 0);
	close(fd);
	/* F_DUPFD: the lowest free at or above the minimum */
	CHECK_EQ(fcntl(p[0], F_DUPFD, 40), 40);
	CHECK_EQ(fcntl(p[0], F_DUPFD, 40), 41);
	CHECK_EQ(fcntl(p[0], F_DUPFD_CLOEXEC, 40), 42);
	CHECK_EQ(fcntl(42, F_GETFD), FD_CLOEXEC);
	CHECK_EQ(fcntl(p[0], F_DUPFD, -1), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(fcntl(p[0], F_DUPFD, 1 << 20), -1);	/* past RLIMIT_NOFILE */
	CHECK_EQ(errno, EINVAL);
	close(40);
	close(41);
	close(42);
	/* dup3 */
	CHECK_EQ(dup3(p[0], 50, O_CLOEXEC), 50);
	CHECK_EQ(fcntl(50, F_GETFD), FD_CLOEXEC);
	CHECK_EQ(dup3(p[0], 50, 0), 50);
	CHECK_EQ(fcntl(50, F_GETFD), 0);
	CHECK_EQ(dup3(50, 50, 0), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(dup3(p[0], 51, 1), -1);
	CHECK_EQ(errno, EINVAL);
	close(50);
	/* errors */
	CHECK_EQ(fcntl(99, F_GETFL), -1);
	CHECK_EQ(errno, EBADF);
	CHECK_EQ(fcntl(p[0], 9999), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(ioctl(p[0], 0x1234, 0), -1);
	CHECK_EQ(errno, ENOTTY);
	close(p[0]);
	close(p[1]);
}

static void
test_exec(const char *self)
{
	int gone, kept, st;
	char a[16], b[16];
	pid_t pid;

	CHECK((gone = open("/dev/null", O_RDONLY | O_CLOEXEC)) >= 0);
	CHECK_EQ(fcntl(gone, F_GETFD), FD_CLOEXEC);
	CHECK((kept = open("/dev/null", O_RDONLY)) >= 0);
	snprintf(a, sizeof(a), "%d", gone);
	snprintf(b, sizeof(b), "%d", kept);
	if ((pid = fork()) == 0) {
		char *argv[] = { (char *)self, "exec", a, b, NULL };
		execve(self, argv, NULL);
		_exit(99);
	}
	CHECK(waitpid(pid, &st, 0) == pid);
	CHECK(WIFEXITED(st));
	CHECK_EQ(WEXITSTATUS(st), 0);
	close(gone);
	close(kept);
}

/* The program run again by test_exec. */
static int
exec_child(const char *gone, const char *kept)
{
	int g = atoi(gone), k = atoi(kept);

	if (fcntl(g, F_GETFD) != -1 || errno != EBADF)
		return 1;
	if (fcntl(k, F_GETFD) != 0)
		return 2;
	return 0;
}

static void
test_select(void)
{
	struct timeval tv;
	struct timespec ts = { 0, 20000000 };
	fd_set rd, wr;
	int p[2], sv[2];
	sigset_t none;

	CHECK_EQ(pipe(p), 0);
	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	FD_ZERO(&rd);
	FD_ZERO(&wr);
	FD_SET(p[0], &rd);
	FD_SET(p[1], &wr);
	FD_SET(sv[0], &rd);
	tv.tv_sec = 0;
	tv.tv_usec = 0;
	/* only the pipe's write end is ready */
	CHECK_EQ(select(sv[0] + 1, &rd, &wr, NULL, &tv), 1);
	CHECK(!FD_ISSET(p[0], &rd) && FD_ISSET(p[1], &wr));
	CHECK(!FD_ISSET(sv[0], &rd));
	/* a timeout with nothing ready: 0, and the time used up */
	FD_ZERO(&rd);
	FD_SET(p[0], &rd);
	tv.tv_usec = 20000;
	CHECK_EQ(select(p[0] + 1, &rd, NULL, NULL, &tv), 0);
	CHECK_EQ(tv.tv_sec, 0);
	CHECK(tv.tv_usec < 20000);
	CHECK(!FD_ISSET(p[0], &rd));
	/* data makes it readable */
	CHECK_EQ(write(sv[1], "s", 1), 1);
	FD_ZERO(&rd);
	FD_SET(p[0], &rd);
	FD_SET(sv[0], &rd);
	CHECK_EQ(select(sv[0] + 1, &rd, NULL, NULL, NULL), 1);
	CHECK(FD_ISSET(sv[0], &rd) && !FD_ISSET(p[0], &rd));
	/* pselect and ppoll with a mask */
	sigemptyset(&none);
	FD_ZERO(&rd);
	FD_SET(sv[0], &rd);
	CHECK_EQ(pselect(sv[0] + 1, &rd, NULL, NULL, &ts, &none), 1);
	{
		struct pollfd pf = { p[0], POLLIN, 0 };
		CHECK_EQ(ppoll(&pf, 1, &ts, &none), 0);
		pf.fd = sv[0];
		CHECK_EQ(ppoll(&pf, 1, NULL, NULL), 1);
		CHECK_EQ(pf.revents, POLLIN);
	}
	/* a closed descriptor in a set: EBADF */
	FD_ZERO(&rd);
	FD_SET(60, &rd);
	tv.tv_sec = 0;
	tv.tv_usec = 0;
	CHECK_EQ(select(61, &rd, NULL, NULL, &tv), -1);
	CHECK_EQ(errno, EBADF);
	CHECK_EQ(select(-1, NULL, NULL, NULL, &tv), -1);
	CHECK_EQ(errno, EINVAL);
	close(p[0]);
	close(p[1]);
	close(sv[0]);
	close(sv[1]);
}

int
main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "exec") == 0)
		return exec_child(argv[2], argv[3]);
	test_flags();
	test_exec(argc > 0 && argv[0][0] == '/' ? argv[0] : "/bin/t_fcntl");
	test_select();
	check_done("t_fcntl");
}
