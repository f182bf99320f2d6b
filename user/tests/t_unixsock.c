/*
 * t_unixsock - AF_UNIX sockets with names: bind, listen, connect, accept
 * (stream), sendto/recvfrom between named datagram sockets, the names'
 * rules (EADDRINUSE, ENOENT, ECONNREFUSED once the socket closed), the
 * addresses getsockname, getpeername, accept and recvfrom report, and
 * EAGAIN from a non-blocking accept and a full backlog.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"

static socklen_t
addr(struct sockaddr_un *sa, const char *path)
{
	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	strcpy(sa->sun_path, path);
	return (socklen_t)(sizeof(sa->sun_family) + strlen(path) + 1);
}

static void
test_stream(void)
{
	struct sockaddr_un sa, got;
	socklen_t len, slen = addr(&sa, "/tmp/t_unixsock.srv");
	int l, c, s, l2, st;
	char buf[16];

	CHECK((l = socket(AF_UNIX, SOCK_STREAM, 0)) >= 0);
	CHECK_EQ(listen(l, 4), -1);			/* not bound yet */
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(bind(l, (struct sockaddr *)&sa, slen), 0);
	CHECK_EQ(bind(l, (struct sockaddr *)&sa, slen), -1);
	CHECK_EQ(errno, EINVAL);			/* bound already */
	CHECK((l2 = socket(AF_UNIX, SOCK_STREAM, 0)) >= 0);
	CHECK_EQ(bind(l2, (struct sockaddr *)&sa, slen), -1);
	CHECK_EQ(errno, EADDRINUSE);
	CHECK_EQ(listen(l, 4), 0);
	CHECK_EQ(accept4(l, NULL, NULL, 0x1000), -1);
	CHECK_EQ(errno, EINVAL);			/* a flag accept4 lacks */
	CHECK_EQ(fcntl(l, F_SETFL, O_NONBLOCK), 0);
	CHECK_EQ(accept(l, NULL, NULL), -1);		/* nobody waiting */
	CHECK_EQ(errno, EAGAIN);
	CHECK_EQ(fcntl(l, F_SETFL, 0), 0);
	len = sizeof(got);
	CHECK_EQ(getsockname(l, (struct sockaddr *)&got, &len), 0);
	CHECK_EQ(len, slen);
	CHECK_EQ(strcmp(got.sun_path, sa.sun_path), 0);

	/* connect completes before accept; the client may write at once */
	CHECK((c = socket(AF_UNIX, SOCK_STREAM, 0)) >= 0);
	CHECK_EQ(connect(c, (struct sockaddr *)&sa, slen), 0);
	CHECK_EQ(connect(c, (struct sockaddr *)&sa, slen), -1);
	CHECK_EQ(errno, EISCONN);
	CHECK_EQ(write(c, "ping", 4), 4);
	{
		struct pollfd p = { l, POLLIN, 0 };
		CHECK_EQ(poll(&p, 1, 0), 1);		/* a connection waits */
	}
	len = sizeof(got);
	CHECK((s = accept(l, (struct sockaddr *)&got, &len)) >= 0);
	CHECK_EQ(len, sizeof(sa_family_t));		/* the client is unnamed */
	CHECK_EQ(read(s, buf, sizeof(buf)), 4);
	CHECK_EQ(write(s, "pong", 4), 4);
	CHECK_EQ(read(c, buf, sizeof(buf)), 4);
	CHECK(memcmp(buf, "pong", 4) == 0);
	len = sizeof(got);
	CHECK_EQ(getpeername(c, (struct sockaddr *)&got, &len), 0);
	CHECK_EQ(strcmp(got.sun_path, sa.sun_path), 0);
	close(c);
	CHECK_EQ(read(s, buf, sizeof(buf)), 0);
	close(s);

	/* a child process connects and talks */
	if (fork() == 0) {
		int k = socket(AF_UNIX, SOCK_STREAM, 0);
		char b[4];
		if (k < 0 || connect(k, (struct sockaddr *)&sa, slen) < 0 ||
		    write(k, "kid", 3) != 3 || read(k, b, 3) != 3)
			_exit(1);
		_exit(memcmp(b, "ack", 3) != 0);
	}
	CHECK((s = accept(l, NULL, NULL)) >= 0);
	CHECK_EQ(read(s, buf, 3), 3);
	CHECK_EQ(write(s, "ack", 3), 3);
	CHECK(wait(&st) > 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	close(s);

	/* a backlog of 0 holds one connection; the next would wait */
	CHECK_EQ(listen(l, 0), 0);
	CHECK((c = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0)) >= 0);
	CHECK_EQ(connect(c, (struct sockaddr *)&sa, slen), 0);
	CHECK((s = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0)) >= 0);
	CHECK_EQ(connect(s, (struct sockaddr *)&sa, slen), -1);
	CHECK_EQ(errno, EAGAIN);
	close(s);
	/* the listener closes with c queued: c is reset */
	close(l);
	CHECK_EQ(read(c, buf, sizeof(buf)), -1);
	CHECK_EQ(errno, ECONNRESET);
	close(c);

	/* the name outlives its socket: refused, and still in use */
	CHECK((c = socket(AF_UNIX, SOCK_STREAM, 0)) >= 0);
	CHECK_EQ(connect(c, (struct sockaddr *)&sa, slen), -1);
	CHECK_EQ(errno, ECONNREFUSED);
	CHECK_EQ(bind(l2, (struct sockaddr *)&sa, slen), -1);
	CHECK_EQ(errno, EADDRINUSE);
	slen = addr(&sa, "/tmp/t_unixsock.none");
	CHECK_EQ(connect(c, (struct sockaddr *)&sa, slen), -1);
	CHECK_EQ(errno, ENOENT);
	CHECK_EQ(connect(c, (struct sockaddr *)&sa, 1), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(connect(c, (struct sockaddr *)16, slen), -1);
	CHECK_EQ(errno, EFAULT);
	close(c);
	close(l2);
}

static void
test_dgram(void)
{
	struct sockaddr_un a, b, from;
	socklen_t alen = addr(&a, "/tmp/t_unixsock.a"), blen, flen;
	int sa, sb, anon, st;
	char buf[32];

	blen = addr(&b, "/tmp/t_unixsock.b");
	CHECK((sa = socket(AF_UNIX, SOCK_DGRAM, 0)) >= 0);
	CHECK((sb = socket(AF_UNIX, SOCK_DGRAM, 0)) >= 0);
	CHECK((anon = socket(AF_UNIX, SOCK_DGRAM, 0)) >= 0);
	CHECK_EQ(bind(sa, (struct sockaddr *)&a, alen), 0);
	CHECK_EQ(bind(sb, (struct sockaddr *)&b, blen), 0);
	CHECK_EQ(send(sa, "x", 1, 0), -1);
	CHECK_EQ(errno, ENOTCONN);
	CHECK_EQ(sendto(sa, "to b", 4, 0, (struct sockaddr *)&b, blen), 4);
	CHECK_EQ(sendto(anon, "anon", 4, 0, (struct sockaddr *)&b, blen), 4);
	flen = sizeof(from);
	CHECK_EQ(recvfrom(sb, buf, sizeof(buf), 0, (struct sockaddr *)&from,
			  &flen), 4);
	CHECK_EQ(flen, alen);
	CHECK_EQ(strcmp(from.sun_path, a.sun_path), 0);
	flen = sizeof(from);
	CHECK_EQ(recvfrom(sb, buf, sizeof(buf), 0, (struct sockaddr *)&from,
			  &flen), 4);
	CHECK_EQ(flen, sizeof(sa_family_t));		/* unnamed sender */
	/* connect sets the default destination */
	CHECK_EQ(connect(sa, (struct sockaddr *)&b, blen), 0);
	CHECK_EQ(send(sa, "dflt", 4, 0), 4);
	CHECK_EQ(recv(sb, buf, sizeof(buf), 0), 4);
	/* across processes */
	if (fork() == 0)
		_exit(sendto(anon, "fork", 4, 0, (struct sockaddr *)&a,
			     alen) != 4);
	CHECK_EQ(recv(sa, buf, sizeof(buf), 0), 4);
	CHECK(wait(&st) > 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	/* a stream socket cannot reach a datagram name */
	{
		int s = socket(AF_UNIX, SOCK_STREAM, 0);
		CHECK_EQ(connect(s, (struct sockaddr *)&b, blen), -1);
		CHECK_EQ(errno, EPROTOTYPE);
		CHECK_EQ(listen(sb, 1), -1);
		CHECK_EQ(errno, EOPNOTSUPP);
		close(s);
	}
	close(sb);
	CHECK_EQ(sendto(anon, "gone", 4, 0, (struct sockaddr *)&b, blen), -1);
	CHECK_EQ(errno, ECONNREFUSED);
	close(sa);
	close(anon);
}

int
main(void)
{
	test_stream();
	test_dgram();
	check_done("t_unixsock");
}
