/*
 * t_sock - AF_UNIX socket pairs: streams and datagrams, poll readiness,
 * a poll woken by the change it waits for, O_NONBLOCK and FIONBIO,
 * shutdown, EPIPE and SIGPIPE, socket options, the errors of bad
 * arguments, a hackbench-shaped run of many senders into one receiver,
 * and no page or kmalloc block left behind.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "memsnap.h"

static volatile int sigpipes;
static int *volatile bad_ptr = (int *)16;	/* unmapped */

static void
on_sigpipe(int sig)
{
	(void)sig;
	sigpipes++;
}

static short
revents(int fd, short events)
{
	struct pollfd p = { fd, events, 0 };

	return poll(&p, 1, 0) == 1 ? p.revents : 0;
}

static void
test_stream(void)
{
	int sv[2], n, v;
	char buf[64];

	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	CHECK_EQ(revents(sv[0], POLLIN | POLLOUT), POLLOUT);
	CHECK_EQ(write(sv[0], "hello", 5), 5);
	CHECK_EQ(send(sv[0], " world", 6, 0), 6);
	CHECK_EQ(revents(sv[1], POLLIN), POLLIN);
	CHECK_EQ(ioctl(sv[1], FIONREAD, &v), 0);
	CHECK_EQ(v, 11);
	/* a stream keeps no boundaries: both writes come in one read */
	CHECK_EQ(recv(sv[1], buf, 3, MSG_PEEK), 3);
	n = read(sv[1], buf, sizeof(buf));
	CHECK_EQ(n, 11);
	CHECK(n == 11 && memcmp(buf, "hello world", 11) == 0);
	/* both directions */
	CHECK_EQ(write(sv[1], "back", 4), 4);
	CHECK_EQ(recv(sv[0], buf, sizeof(buf), 0), 4);
	/* shutdown(SHUT_WR): the peer reads end of file, we get EPIPE */
	CHECK_EQ(shutdown(sv[0], SHUT_WR), 0);
	CHECK_EQ(read(sv[1], buf, sizeof(buf)), 0);
	CHECK(revents(sv[1], POLLIN) & POLLIN);
	CHECK_EQ(send(sv[0], "x", 1, MSG_NOSIGNAL), -1);
	CHECK_EQ(errno, EPIPE);
	CHECK_EQ(write(sv[1], "still", 5), 5);	/* the other way still works */
	CHECK_EQ(read(sv[0], buf, sizeof(buf)), 5);
	CHECK_EQ(shutdown(sv[0], 7), -1);
	CHECK_EQ(errno, EINVAL);
	close(sv[0]);
	close(sv[1]);
}

static void
test_peer_closed(void)
{
	int sv[2];
	char buf[8];

	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	CHECK_EQ(write(sv[0], "ab", 2), 2);
	close(sv[0]);
	/* data written before the close is still read, then end of file */
	CHECK_EQ(revents(sv[1], POLLIN) & (POLLIN | POLLHUP), POLLIN | POLLHUP);
	CHECK_EQ(read(sv[1], buf, sizeof(buf)), 2);
	CHECK_EQ(read(sv[1], buf, sizeof(buf)), 0);
	/* writing to it: EPIPE and SIGPIPE, or only EPIPE with MSG_NOSIGNAL */
	sigpipes = 0;
	signal(SIGPIPE, on_sigpipe);
	CHECK_EQ(write(sv[1], "x", 1), -1);
	CHECK_EQ(errno, EPIPE);
	CHECK_EQ(sigpipes, 1);
	CHECK_EQ(send(sv[1], "x", 1, MSG_NOSIGNAL), -1);
	CHECK_EQ(errno, EPIPE);
	CHECK_EQ(sigpipes, 1);
	signal(SIGPIPE, SIG_DFL);
	close(sv[1]);

	/* unread data at the close: the peer's read says ECONNRESET */
	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	CHECK_EQ(write(sv[1], "lost", 4), 4);
	close(sv[0]);
	CHECK_EQ(read(sv[1], buf, sizeof(buf)), -1);
	CHECK_EQ(errno, ECONNRESET);
	CHECK_EQ(read(sv[1], buf, sizeof(buf)), 0);
	close(sv[1]);
}

static void
test_dgram(void)
{
	int sv[2], v;
	char buf[64];

	CHECK_EQ(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv), 0);
	CHECK_EQ(send(sv[0], "one", 3, 0), 3);
	CHECK_EQ(send(sv[0], "two22", 5, 0), 5);
	CHECK_EQ(write(sv[0], "", 0), 0);		/* an empty datagram */
	CHECK_EQ(send(sv[0], "truncated", 9, 0), 9);
	CHECK_EQ(ioctl(sv[1], FIONREAD, &v), 0);
	CHECK_EQ(v, 3);					/* the next one only */
	/* boundaries kept: one datagram per read */
	CHECK_EQ(recv(sv[1], buf, sizeof(buf), 0), 3);
	CHECK_EQ(read(sv[1], buf, sizeof(buf)), 5);
	CHECK(memcmp(buf, "two22", 5) == 0);
	CHECK_EQ(recv(sv[1], buf, sizeof(buf), 0), 0);
	/* too small a buffer: the rest is dropped; MSG_TRUNC says how long */
	CHECK_EQ(recv(sv[1], buf, 4, MSG_PEEK | MSG_TRUNC), 9);
	CHECK_EQ(recv(sv[1], buf, 4, 0), 4);
	CHECK_EQ(recv(sv[1], buf, sizeof(buf), MSG_DONTWAIT), -1);
	CHECK_EQ(errno, EAGAIN);
	CHECK_EQ(getsockopt(sv[0], SOL_SOCKET, SO_TYPE, &v,
			    &(socklen_t){ sizeof(v) }), 0);
	CHECK_EQ(v, SOCK_DGRAM);
	close(sv[0]);
	/* a datagram's peer gone: refused, then not connected at all */
	CHECK_EQ(send(sv[1], "x", 1, 0), -1);
	CHECK_EQ(errno, ECONNREFUSED);
	CHECK_EQ(send(sv[1], "x", 1, 0), -1);
	CHECK_EQ(errno, ENOTCONN);
	close(sv[1]);
}

/* Fill a non-blocking stream until EAGAIN; how many bytes went in. */
static int
fill(int fd)
{
	static char chunk[1000];
	int total = 0, n;

	while ((n = write(fd, chunk, sizeof(chunk))) > 0)
		total += n;
	CHECK_EQ(n, -1);
	CHECK_EQ(errno, EAGAIN);
	return total;
}

static void
test_nonblock(void)
{
	int sv[2], on = 1, total, v;
	char buf[4096];

	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv), 0);
	CHECK(fcntl(sv[0], F_GETFL) & O_NONBLOCK);
	CHECK_EQ(read(sv[0], buf, 1), -1);
	CHECK_EQ(errno, EAGAIN);
	/* the buffer follows SO_RCVBUF; a small one fills sooner */
	v = 8192;
	CHECK_EQ(setsockopt(sv[1], SOL_SOCKET, SO_RCVBUF, &v, sizeof(v)), 0);
	total = fill(sv[0]);
	CHECK(total >= 8192 && total <= 16384);
	CHECK_EQ(revents(sv[0], POLLOUT), 0);
	while (read(sv[1], buf, sizeof(buf)) > 0)
		;
	CHECK_EQ(errno, EAGAIN);
	CHECK(revents(sv[0], POLLOUT) & POLLOUT);
	close(sv[0]);
	close(sv[1]);

	/* FIONBIO on a blocking pair, and fcntl O_NONBLOCK */
	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	CHECK_EQ(fcntl(sv[0], F_GETFL) & O_NONBLOCK, 0);
	CHECK_EQ(ioctl(sv[0], FIONBIO, &on), 0);
	CHECK_EQ(recv(sv[0], buf, 1, 0), -1);
	CHECK_EQ(errno, EAGAIN);
	CHECK_EQ(fcntl(sv[1], F_SETFL, O_NONBLOCK), 0);
	CHECK_EQ(read(sv[1], buf, 1), -1);
	CHECK_EQ(errno, EAGAIN);
	close(sv[0]);
	close(sv[1]);
}

struct poll_arg {
	int fd;
	short events, revents;
	int ret;
	long ms;			/* how long it slept */
};

static long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000;
}

static void *
poll_thread(void *p)
{
	struct poll_arg *a = p;
	struct pollfd pfd = { a->fd, a->events, 0 };
	long t0 = now_ms();

	/* a lost wakeup sleeps to the timeout, then finds fd ready */
	a->ret = poll(&pfd, 1, 2000);
	a->ms = now_ms() - t0;
	a->revents = pfd.revents;
	return NULL;
}

/* Another thread sleeps in poll(fd, events) while this one calls act. */
static void
poll_woken_by(int fd, short events, int (*act)(int), int arg)
{
	struct poll_arg a = { fd, events, 0, -1, 0 };
	pthread_t t;

	CHECK_EQ(pthread_create(&t, NULL, poll_thread, &a), 0);
	usleep(20000);			/* it is asleep in poll by now */
	act(arg);
	CHECK_EQ(pthread_join(t, NULL), 0);
	CHECK_EQ(a.ret, 1);
	CHECK_EQ(a.revents, events);
	CHECK(a.ms < 1000);
}

static int
empty_out(int fd)
{
	char buf[4096];

	while (read(fd, buf, sizeof(buf)) > 0)
		;
	return 0;
}

static int
put_byte(int fd)
{
	return write(fd, "x", 1);
}

/* A change wakes the pollers of the object it changes: a full stream's
 * sender when its peer reads (room in the peer's ring), a reader when
 * data comes; the same for a pipe's two ends. */
static void
test_poll_wake(void)
{
	int sv[2], p[2], v = 8192;

	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv), 0);
	CHECK_EQ(setsockopt(sv[1], SOL_SOCKET, SO_RCVBUF, &v, sizeof(v)), 0);
	fill(sv[0]);
	poll_woken_by(sv[0], POLLOUT, empty_out, sv[1]);
	poll_woken_by(sv[1], POLLIN, put_byte, sv[0]);
	close(sv[0]);
	close(sv[1]);
	CHECK_EQ(pipe(p), 0);
	CHECK_EQ(fcntl(p[0], F_SETFL, O_NONBLOCK), 0);
	CHECK_EQ(fcntl(p[1], F_SETFL, O_NONBLOCK), 0);
	fill(p[1]);
	poll_woken_by(p[1], POLLOUT, empty_out, p[0]);
	poll_woken_by(p[0], POLLIN, put_byte, p[1]);
	close(p[0]);
	close(p[1]);
}

static void
test_options(void)
{
	int sv[2], v;
	socklen_t len = sizeof(v);

	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	CHECK_EQ(getsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &v, &len), 0);
	CHECK_EQ(v, 212992);			/* Linux's default */
	CHECK_EQ(len, sizeof(v));
	v = 10000;
	CHECK_EQ(setsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &v, sizeof(v)), 0);
	CHECK_EQ(getsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &v, &len), 0);
	CHECK_EQ(v, 20000);			/* doubled, as Linux does */
	v = 1;
	CHECK_EQ(setsockopt(sv[0], SOL_SOCKET, SO_RCVBUF, &v, sizeof(v)), 0);
	CHECK_EQ(getsockopt(sv[0], SOL_SOCKET, SO_RCVBUF, &v, &len), 0);
	CHECK_EQ(v, 2304);			/* SOCK_MIN_RCVBUF */
	CHECK_EQ(getsockopt(sv[0], SOL_SOCKET, SO_ERROR, &v, &len), 0);
	CHECK_EQ(v, 0);
	CHECK_EQ(setsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &v, 2), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(getsockopt(sv[0], SOL_SOCKET, 9999, &v, &len), -1);
	CHECK_EQ(errno, ENOPROTOOPT);
	CHECK_EQ(getsockopt(sv[0], SOL_SOCKET, SO_TYPE, (void *)16, &len), -1);
	CHECK_EQ(errno, EFAULT);
	close(sv[0]);
	close(sv[1]);
}

static void
test_errors(void)
{
	int p[2], sv[2];
	char c = 0;

	CHECK_EQ(send(999, "x", 1, 0), -1);
	CHECK_EQ(errno, EBADF);
	CHECK_EQ(pipe(p), 0);
	CHECK_EQ(send(p[1], "x", 1, 0), -1);
	CHECK_EQ(errno, ENOTSOCK);
	CHECK_EQ(shutdown(p[0], SHUT_RD), -1);
	CHECK_EQ(errno, ENOTSOCK);
	close(p[0]);
	close(p[1]);
	CHECK_EQ(socketpair(AF_INET, SOCK_STREAM, 0, sv), -1);
	CHECK_EQ(errno, EAFNOSUPPORT);
	CHECK_EQ(socket(AF_INET, SOCK_STREAM, 0), -1);	/* hackbench -i */
	CHECK_EQ(errno, EAFNOSUPPORT);
	CHECK_EQ(inet_addr("127.0.0.1"), htonl(INADDR_LOOPBACK));
	/* glibc's inet_aton: the last part fills the bytes left (1.2.0.3) */
	CHECK_EQ(inet_addr("1.2.3"), htonl(0x01020003));
	CHECK_EQ(inet_addr("1.2.3.256"), INADDR_NONE);
	CHECK_EQ(socketpair(AF_UNIX, 99, 0, sv), -1);	/* unknown flags */
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(socketpair(AF_UNIX, 4, 0, sv), -1);	/* SOCK_RDM */
	CHECK_EQ(errno, ESOCKTNOSUPPORT);
	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM, 7, sv), -1);
	CHECK_EQ(errno, EPROTONOSUPPORT);
	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, bad_ptr), -1);
	CHECK_EQ(errno, EFAULT);
	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	CHECK_EQ(write(sv[0], (void *)16, 4), -1);	/* nothing is sent */
	CHECK_EQ(errno, EFAULT);
	CHECK_EQ(revents(sv[1], POLLIN), 0);
	CHECK_EQ(write(sv[0], &c, 1), 1);
	CHECK_EQ(read(sv[1], (void *)16, 1), -1);	/* nothing is lost */
	CHECK_EQ(errno, EFAULT);
	CHECK_EQ(read(sv[1], &c, 1), 1);
	close(sv[0]);
	close(sv[1]);
}

/* hackbench's shape: senders write 100-byte messages into one socket,
 * a receiver reads them all; threads, then processes. */
#define SENDERS		6
#define MESSAGES	200
#define MSG		100

static int bench_fd;

static void *
sender(void *arg)
{
	char msg[MSG];

	(void)arg;
	memset(msg, 'm', sizeof(msg));
	for (int i = 0; i < MESSAGES; i++) {
		int done = 0;
		while (done < MSG) {
			int n = write(bench_fd, msg + done, MSG - done);
			if (n <= 0)
				return (void *)1;
			done += n;
		}
	}
	return NULL;
}

static long
drain(int fd, long want)
{
	char buf[MSG];
	long got = 0;
	int n;

	while (got < want && (n = read(fd, buf, sizeof(buf))) > 0)
		got += n;
	return got;
}

static void
test_many_senders(void)
{
	pthread_t t[SENDERS];
	int sv[2], st, bad = 0;
	void *r;

	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	bench_fd = sv[0];
	for (int i = 0; i < SENDERS; i++)
		CHECK_EQ(pthread_create(&t[i], NULL, sender, NULL), 0);
	CHECK_EQ(drain(sv[1], (long)SENDERS * MESSAGES * MSG),
		 (long)SENDERS * MESSAGES * MSG);
	for (int i = 0; i < SENDERS; i++) {
		CHECK_EQ(pthread_join(t[i], &r), 0);
		bad += r != NULL;
	}
	CHECK_EQ(bad, 0);
	for (int i = 0; i < SENDERS; i++)
		if (fork() == 0)
			_exit(sender(NULL) != NULL);
	close(sv[0]);
	CHECK_EQ(drain(sv[1], (long)SENDERS * MESSAGES * MSG + 1),
		 (long)SENDERS * MESSAGES * MSG);	/* then end of file */
	for (int i = 0; i < SENDERS; i++) {
		CHECK(wait(&st) > 0);
		CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	close(sv[1]);
}

static void
run_all(void)
{
	test_stream();
	test_peer_closed();
	test_dgram();
	test_nonblock();
	test_poll_wake();
	test_options();
	test_errors();
	test_many_senders();
}

int
main(void)
{
	static struct memsnap before, after;
	int st;

	printf("t_sock: socket pairs\n");
	run_all();
	/* the leak check: the same again in a child, snapshots around it */
	CHECK_EQ(memsnap_take(&before, 1), 0);
	if (fork() == 0) {
		run_all();
		_exit(check_failed ? 1 : 0);
	}
	CHECK(wait(&st) > 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	CHECK_EQ(memsnap_take(&after, 1), 0);
	CHECK_EQ(memsnap_diff("t_sock", &before, &after, 0), 0);
	check_done("t_sock");
}
