/*
 * socket.c - the socket calls (AF_UNIX).  sendto and recvfrom take six
 * arguments, one more than Quanta's calls pass in registers, so their
 * address and its length travel in a small block (uapi/socket.h).
 */
#include <sys/socket.h>
#include "internal.h"

int
socket(int domain, int type, int protocol)
{
	return __sysret(__sys3(SYS_socket, domain, type, protocol));
}

int
socketpair(int domain, int type, int protocol, int sv[2])
{
	return __sysret(__sys4(SYS_socketpair, domain, type, protocol,
			       __A(sv)));
}

int
bind(int fd, const struct sockaddr *addr, socklen_t len)
{
	return __sysret(__sys3(SYS_bind, fd, __A(addr), len));
}

int
listen(int fd, int backlog)
{
	return __sysret(__sys2(SYS_listen, fd, backlog));
}

int
accept4(int fd, struct sockaddr *addr, socklen_t *len, int flags)
{
	return __sysret(__sys4(SYS_accept4, fd, __A(addr), __A(len), flags));
}

int
accept(int fd, struct sockaddr *addr, socklen_t *len)
{
	return accept4(fd, addr, len, 0);
}

int
connect(int fd, const struct sockaddr *addr, socklen_t len)
{
	return __sysret(__sys3(SYS_connect, fd, __A(addr), len));
}

int
shutdown(int fd, int how)
{
	return __sysret(__sys2(SYS_shutdown, fd, how));
}

ssize_t
sendto(int fd, const void *buf, size_t n, int flags,
       const struct sockaddr *to, socklen_t tolen)
{
	struct q_sendto_args a = { to, tolen };

	return __sysret(__sys5(SYS_sendto, fd, __A(buf), n, flags,
			       to ? __A(&a) : 0));
}

ssize_t
recvfrom(int fd, void *buf, size_t n, int flags, struct sockaddr *from,
	 socklen_t *fromlen)
{
	struct q_recvfrom_args a = { from, fromlen };

	return __sysret(__sys5(SYS_recvfrom, fd, __A(buf), n, flags,
			       from && fromlen ? __A(&a) : 0));
}

ssize_t
send(int fd, const void *buf, size_t n, int flags)
{
	return sendto(fd, buf, n, flags, NULL, 0);
}

ssize_t
recv(int fd, void *buf, size_t n, int flags)
{
	return recvfrom(fd, buf, n, flags, NULL, NULL);
}

int
getsockopt(int fd, int level, int name, void *val, socklen_t *len)
{
	return __sysret(__sys5(SYS_getsockopt, fd, level, name, __A(val),
			       __A(len)));
}

int
setsockopt(int fd, int level, int name, const void *val, socklen_t len)
{
	return __sysret(__sys5(SYS_setsockopt, fd, level, name, __A(val),
			       len));
}

int
getsockname(int fd, struct sockaddr *addr, socklen_t *len)
{
	return __sysret(__sys3(SYS_getsockname, fd, __A(addr), __A(len)));
}

int
getpeername(int fd, struct sockaddr *addr, socklen_t *len)
{
	return __sysret(__sys3(SYS_getpeername, fd, __A(addr), __A(len)));
}
