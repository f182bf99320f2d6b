/*
 * sys/socket.h - sockets (AF_UNIX only), with glibc's i386 types and
 * Linux's constants (uapi/socket.h).  sendmsg/recvmsg and SCM_RIGHTS are
 * not there yet (docs/syscalls.md).
 */
#ifndef _SYS_SOCKET_H
#define _SYS_SOCKET_H

#include <sys/types.h>
#include <uapi/socket.h>

typedef unsigned int socklen_t;
typedef unsigned short sa_family_t;

struct sockaddr {
	sa_family_t sa_family;
	char sa_data[14];
};

struct sockaddr_storage {
	sa_family_t ss_family;
	char __ss_padding[126];
	unsigned long __ss_align;
};

#define AF_UNSPEC	Q_AF_UNSPEC
#define AF_UNIX		Q_AF_UNIX
#define AF_LOCAL	AF_UNIX
#define AF_INET		2		/* named for portable code; EAFNOSUPPORT */
#define AF_INET6	10
#define PF_UNSPEC	AF_UNSPEC
#define PF_UNIX		AF_UNIX
#define PF_LOCAL	AF_LOCAL
#define PF_INET		AF_INET
#define PF_INET6	AF_INET6

#define SOCK_STREAM	Q_SOCK_STREAM
#define SOCK_DGRAM	Q_SOCK_DGRAM
#define SOCK_RAW	3
#define SOCK_SEQPACKET	5
#define SOCK_NONBLOCK	Q_SOCK_NONBLOCK
#define SOCK_CLOEXEC	Q_SOCK_CLOEXEC

#define SHUT_RD		Q_SHUT_RD
#define SHUT_WR		Q_SHUT_WR
#define SHUT_RDWR	Q_SHUT_RDWR

#define MSG_OOB		0x01
#define MSG_PEEK	Q_MSG_PEEK
#define MSG_TRUNC	Q_MSG_TRUNC
#define MSG_DONTWAIT	Q_MSG_DONTWAIT
#define MSG_WAITALL	Q_MSG_WAITALL
#define MSG_NOSIGNAL	Q_MSG_NOSIGNAL

#define SOL_SOCKET	Q_SOL_SOCKET
#define SO_TYPE		Q_SO_TYPE
#define SO_ERROR	Q_SO_ERROR
#define SO_SNDBUF	Q_SO_SNDBUF
#define SO_RCVBUF	Q_SO_RCVBUF
#define SO_ACCEPTCONN	Q_SO_ACCEPTCONN
#define SO_DOMAIN	Q_SO_DOMAIN

#define SOMAXCONN	4096

int socket(int domain, int type, int protocol);
int socketpair(int domain, int type, int protocol, int sv[2]);
int bind(int fd, const struct sockaddr *addr, socklen_t len);
int listen(int fd, int backlog);
int accept(int fd, struct sockaddr *addr, socklen_t *len);
int accept4(int fd, struct sockaddr *addr, socklen_t *len, int flags);
int connect(int fd, const struct sockaddr *addr, socklen_t len);
int shutdown(int fd, int how);
ssize_t send(int fd, const void *buf, size_t n, int flags);
ssize_t recv(int fd, void *buf, size_t n, int flags);
ssize_t sendto(int fd, const void *buf, size_t n, int flags,
	       const struct sockaddr *to, socklen_t tolen);
ssize_t recvfrom(int fd, void *buf, size_t n, int flags,
		 struct sockaddr *from, socklen_t *fromlen);
int getsockopt(int fd, int level, int name, void *val, socklen_t *len);
int setsockopt(int fd, int level, int name, const void *val, socklen_t len);
int getsockname(int fd, struct sockaddr *addr, socklen_t *len);
int getpeername(int fd, struct sockaddr *addr, socklen_t *len);

#endif
