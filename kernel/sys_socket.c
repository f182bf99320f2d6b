/*
 * sys_socket.c - the socket system calls (AF_UNIX only): arguments,
 * addresses and descriptors; the sockets themselves are unix_sock.c and
 * unix_conn.c.  Errors are Linux 6.1's (net/socket.c, net/unix/af_unix.c).
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/fcntl.h"
#include "include/uapi/socket.h"
#include "include/uapi/types.h"
#include "kernel/file.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/unix.h"

#define PATH_BUF	(Q_UNIX_PATH_MAX + 2)	/* a leading '/', the NUL */
#define FAMILY_LEN	sizeof(uint16_t)	/* offsetof(sun_path) */

static struct files *
my_files(void)
{
	return current->proc->files;
}

/* The socket at fd with a reference on its file (*fp), or NULL with *err
 * EBADF or ENOTSOCK. */
static struct usock *
sock_get(int fd, struct file **fp, int *err)
{
	struct file *f = fd_get(my_files(), fd);
	struct usock *s = usock_of(f);

	*fp = f;
	if (!f)
		*err = -EBADF;
	else if (!s) {
		*err = -ENOTSOCK;
		file_put(f);
	}
	return s;
}

/*
 * A user's struct sockaddr_un into a path (PATH_BUF bytes): 0 or -errno.
 * *unspec is set for AF_UNSPEC (a datagram connect's "dissolve").  The
 * abstract namespace (sun_path[0] == 0) and autobind (no path) are Linux
 * extensions Quanta does not have: EINVAL.  Quanta has no working
 * directory, so a relative path is taken from "/".
 */
static int
path_from_user(uint32_t uaddr, uint32_t len, char *path, int *unspec)
{
	struct q_sockaddr_un sa;
	uint32_t n;

	if (unspec)
		*unspec = 0;
	if (len < FAMILY_LEN || len > sizeof(sa))
		return -EINVAL;
	memset(&sa, 0, sizeof(sa));
	if (copy_from_user(&sa, (void *)uaddr, len) < 0)
		return -EFAULT;
	if (sa.sun_family == Q_AF_UNSPEC && unspec) {
		*unspec = 1;
		return 0;
	}
	if (sa.sun_family != Q_AF_UNIX)
		return -EINVAL;
	n = len - FAMILY_LEN;
	if (n == 0 || sa.sun_path[0] == 0)
		return -EINVAL;
	path[0] = '/';
	memcpy(path + (sa.sun_path[0] != '/'), sa.sun_path, n);
	path[n + (sa.sun_path[0] != '/')] = 0;
	return 0;
}

/* Store an address (path NULL or "": unnamed) as Linux does: at most
 * *ulen bytes of it, and its full length in *ulen. */
static int
addr_to_user(uint32_t uaddr, uint32_t ulen, const char *path)
{
	struct q_sockaddr_un sa;
	uint32_t full, room;
	int32_t len;

	if (!uaddr)
		return 0;
	if (copy_from_user(&len, (void *)ulen, sizeof(len)) < 0)
		return -EFAULT;
	if (len < 0)
		return -EINVAL;
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = Q_AF_UNIX;
	full = FAMILY_LEN;
	if (path && path[0]) {
		strlcpy(sa.sun_path, path, sizeof(sa.sun_path));
		full += strlen(sa.sun_path) + 1;
	}
	room = (uint32_t)len < full ? (uint32_t)len : full;
	if (copy_to_user((void *)uaddr, &sa, room) < 0 ||
	    copy_to_user((void *)ulen, &full, sizeof(full)) < 0)
		return -EFAULT;
	return 0;
}

/* Check socket()'s arguments; the type without its flags, or -errno. */
static int
check_socket_args(uint32_t domain, uint32_t type, uint32_t proto)
{
	uint32_t t = type & Q_SOCK_TYPE_MASK;

	if (type & ~(Q_SOCK_TYPE_MASK | Q_SOCK_NONBLOCK | Q_SOCK_CLOEXEC))
		return -EINVAL;
	if (domain != Q_AF_UNIX)
		return -EAFNOSUPPORT;
	if (proto != 0 && proto != Q_AF_UNIX)
		return -EPROTONOSUPPORT;
	if (t != Q_SOCK_STREAM && t != Q_SOCK_DGRAM)
		return -ESOCKTNOSUPPORT;	/* SOCK_SEQPACKET among them */
	return (int)t;
}

/* A descriptor for s (whose reference it takes), flags from the type. */
static int
install(struct usock *s, uint32_t flags)
{
	struct file *f = usock_file(s);
	int fd;

	if (!f) {
		usock_release(s);
		usock_put(s);
		return -ENOMEM;
	}
	f->nonblock = (flags & Q_SOCK_NONBLOCK) != 0;
	fd = fd_install_flags(my_files(), f, 0, (flags & Q_SOCK_CLOEXEC) != 0);
	if (fd < 0)
		file_put(f);
	return fd;
}

SYSCALL(sys_socket)
{
	int type = check_socket_args(a1, a2, a3);
	struct usock *s;

	UNUSED_ARGS5;
	if (type < 0)
		return type;
	if (!(s = usock_alloc(type)))
		return -ENOMEM;
	return install(s, a2);
}

SYSCALL(sys_socketpair)
{
	int type = check_socket_args(a1, a2, a3), fds[2];
	struct usock *s0, *s1;

	UNUSED_ARGS5;
	if (type < 0)
		return type;
	s0 = usock_alloc(type);
	s1 = usock_alloc(type);
	if (!s0 || !s1) {
		if (s0)
			usock_put(s0);
		if (s1)
			usock_put(s1);
		return -ENOMEM;
	}
	usock_pair(s0, s1);
	if ((fds[0] = install(s0, a2)) < 0) {
		usock_release(s1);
		usock_put(s1);
		return fds[0];
	}
	if ((fds[1] = install(s1, a2)) < 0) {
		fd_close(current->proc->files, fds[0]);
		return fds[1];
	}
	if (copy_to_user((void *)a4, fds, sizeof(fds)) < 0) {
		fd_close(current->proc->files, fds[0]);
		fd_close(current->proc->files, fds[1]);
		return -EFAULT;
	}
	return 0;
}

SYSCALL(sys_bind)
{
	char path[PATH_BUF];
	struct file *f;
	struct usock *s;
	int err;

	UNUSED_ARGS5;
	if (!(s = sock_get((int)a1, &f, &err)))
		return err;
	if ((err = path_from_user(a2, a3, path, NULL)) == 0)
		err = usock_bind(s, path);
	file_put(f);
	return err;
}

SYSCALL(sys_listen)
{
	struct file *f;
	struct usock *s;
	int err;

	UNUSED_ARGS5;
	if (!(s = sock_get((int)a1, &f, &err)))
		return err;
	err = usock_listen(s, (int)a2);
	file_put(f);
	return err;
}

SYSCALL(sys_accept4)
{
	struct file *f;
	struct usock *s, *n;
	int err, fd;

	UNUSED_ARGS5;
	if (a4 & ~(Q_SOCK_NONBLOCK | Q_SOCK_CLOEXEC))
		return -EINVAL;
	if (!(s = sock_get((int)a1, &f, &err)))
		return err;
	if (s->type != Q_SOCK_STREAM)
		err = -EOPNOTSUPP;
	else if ((n = usock_accept(s, f->nonblock, &err))) {
		char peer[PATH_BUF] = "";
		spin_lock(&n->lock);
		if (n->peer && n->peer->path)
			strlcpy(peer, n->peer->path, sizeof(peer));
		spin_unlock(&n->lock);
		fd = install(n, a4);
		err = fd;
		if (fd >= 0 && addr_to_user(a2, a3, peer) < 0) {
			fd_close(current->proc->files, fd);
			err = -EFAULT;
		}
	}
	file_put(f);
	return err;
}

SYSCALL(sys_connect)
{
	char path[PATH_BUF];
	struct file *f;
	struct usock *s;
	int err, unspec;

	UNUSED_ARGS5;
	if (!(s = sock_get((int)a1, &f, &err)))
		return err;
	if ((err = path_from_user(a2, a3, path, &unspec)) == 0)
		err = usock_connect(s, unspec ? NULL : path, f->nonblock);
	file_put(f);
	return err;
}

SYSCALL(sys_shutdown)
{
	struct file *f;
	struct usock *s;
	int err;

	UNUSED_ARGS5;
	if (!(s = sock_get((int)a1, &f, &err)))
		return err;
	err = usock_shutdown(s, (int)a2);
	file_put(f);
	return err;
}

SYSCALL(sys_sendto)
{
	struct q_sendto_args args = { NULL, 0 };
	char path[PATH_BUF];
	struct file *f;
	struct usock *s;
	int err = 0, unspec;

	if (!(s = sock_get((int)a1, &f, &err)))
		return err;
	if (a5 && copy_from_user(&args, (void *)a5, sizeof(args)) < 0)
		err = -EFAULT;
	else if (args.addr && (err = path_from_user((uintptr_t)args.addr,
						    args.addrlen, path,
						    &unspec)) == 0 && unspec)
		err = -EINVAL;
	if (err == 0)
		err = a3 > (1u << 30) ? -EINVAL :
		      usock_send(s, (const char *)a2, a3, (int)a4, f->nonblock,
				 args.addr ? path : NULL);
	file_put(f);
	return err;
}

SYSCALL(sys_recvfrom)
{
	struct q_recvfrom_args args = { NULL, NULL };
	char from[PATH_BUF];
	struct file *f;
	struct usock *s;
	int err = 0, r;

	if (!(s = sock_get((int)a1, &f, &err)))
		return err;
	if (a5 && copy_from_user(&args, (void *)a5, sizeof(args)) < 0)
		r = -EFAULT;
	else if (a3 > (1u << 30))
		r = -EINVAL;
	else
		r = usock_recv(s, (char *)a2, a3, (int)a4, f->nonblock,
			       args.addr ? from : NULL);
	if (r >= 0 && args.addr &&
	    addr_to_user((uintptr_t)args.addr, (uintptr_t)args.addrlen,
			 from) < 0)
		r = -EFAULT;
	file_put(f);
	return r;
}

static int
sockopt_value(struct usock *s, int name, int *v)
{
	spin_lock(&s->lock);
	switch (name) {
	case Q_SO_TYPE:		*v = s->type; break;
	case Q_SO_ERROR:	*v = s->err; s->err = 0; break;
	case Q_SO_SNDBUF:	*v = s->sndbuf; break;
	case Q_SO_RCVBUF:	*v = s->rcvbuf; break;
	case Q_SO_ACCEPTCONN:	*v = s->state == US_LISTENING; break;
	case Q_SO_DOMAIN:	*v = Q_AF_UNIX; break;
	default:
		spin_unlock(&s->lock);
		return -ENOPROTOOPT;
	}
	spin_unlock(&s->lock);
	return 0;
}

SYSCALL(sys_getsockopt)
{
	struct file *f;
	struct usock *s;
	int32_t len;
	int err, v;

	if (!(s = sock_get((int)a1, &f, &err)))
		return err;
	if (a2 != Q_SOL_SOCKET)
		err = -EOPNOTSUPP;
	else if (copy_from_user(&len, (void *)a5, sizeof(len)) < 0)
		err = -EFAULT;
	else if (len < 0)
		err = -EINVAL;
	else if ((err = sockopt_value(s, (int)a3, &v)) == 0) {
		len = len < (int32_t)sizeof(v) ? len : (int32_t)sizeof(v);
		if (copy_to_user((void *)a4, &v, (size_t)len) < 0 ||
		    copy_to_user((void *)a5, &len, sizeof(len)) < 0)
			err = -EFAULT;
	}
	file_put(f);
	return err;
}

SYSCALL(sys_setsockopt)
{
	struct file *f;
	struct usock *s;
	int err, v;

	if (!(s = sock_get((int)a1, &f, &err)))
		return err;
	if (a2 != Q_SOL_SOCKET)
		err = -EOPNOTSUPP;
	else if (a3 != Q_SO_SNDBUF && a3 != Q_SO_RCVBUF)
		err = -ENOPROTOOPT;
	else if ((int32_t)a5 < (int32_t)sizeof(v))
		err = -EINVAL;
	else if (copy_from_user(&v, (void *)a4, sizeof(v)) < 0)
		err = -EFAULT;
	else {
		usock_set_buf(s, (int)a3, v);
		err = 0;
	}
	file_put(f);
	return err;
}

/* getsockname (peer 0) and getpeername (peer 1). */
static int32_t
sock_name(int fd, uint32_t uaddr, uint32_t ulen, int peer)
{
	char path[PATH_BUF] = "";
	struct usock *s, *p;
	struct file *f;
	int err = 0;

	if (!(s = sock_get(fd, &f, &err)))
		return err;
	spin_lock(&s->lock);
	p = peer ? s->peer : s;
	if (!p)
		err = -ENOTCONN;
	else if (p->path)
		strlcpy(path, p->path, sizeof(path));
	spin_unlock(&s->lock);
	if (err == 0)
		err = uaddr ? addr_to_user(uaddr, ulen, path) : -EFAULT;
	file_put(f);
	return err;
}

SYSCALL(sys_getsockname)
{
	UNUSED_ARGS5;
	return sock_name((int)a1, a2, a3, 0);
}

SYSCALL(sys_getpeername)
{
	UNUSED_ARGS5;
	return sock_name((int)a1, a2, a3, 1);
}
