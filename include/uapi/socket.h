/*
 * uapi/socket.h - AF_UNIX sockets: constants with Linux's values (Linux
 * 6.1 include/linux/socket.h, include/uapi/asm-generic/socket.h,
 * include/linux/net.h) and the argument blocks of the calls that need
 * more than five registers.
 */
#ifndef QUANTA_UAPI_SOCKET_H
#define QUANTA_UAPI_SOCKET_H

#include <stdint.h>

#define Q_AF_UNSPEC	0
#define Q_AF_UNIX	1

#define Q_SOCK_STREAM	1
#define Q_SOCK_DGRAM	2
#define Q_SOCK_TYPE_MASK 0xf
#define Q_SOCK_NONBLOCK	04000		/* = O_NONBLOCK */
#define Q_SOCK_CLOEXEC	02000000	/* = O_CLOEXEC */

#define Q_SHUT_RD	0
#define Q_SHUT_WR	1
#define Q_SHUT_RDWR	2

#define Q_MSG_PEEK	0x02
#define Q_MSG_TRUNC	0x20
#define Q_MSG_DONTWAIT	0x40
#define Q_MSG_WAITALL	0x100
#define Q_MSG_NOSIGNAL	0x4000

#define Q_SOL_SOCKET	1
#define Q_SO_TYPE	3
#define Q_SO_ERROR	4
#define Q_SO_SNDBUF	7
#define Q_SO_RCVBUF	8
#define Q_SO_ACCEPTCONN	30
#define Q_SO_DOMAIN	39

#define Q_S_IFSOCK	0140000		/* st_mode of a socket */

#define Q_UNIX_PATH_MAX	108
struct q_sockaddr_un {
	uint16_t sun_family;		/* AF_UNIX */
	char sun_path[Q_UNIX_PATH_MAX];
};

/* SYS_sendto's fifth argument: where to (NULL addr: the peer). */
struct q_sendto_args {
	const void *addr;
	uint32_t addrlen;
};

/* SYS_recvfrom's fifth argument: where to store the sender's address. */
struct q_recvfrom_args {
	void *addr;
	uint32_t *addrlen;
};

#endif
