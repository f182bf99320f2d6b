/*
 * netinet/in.h - Internet addresses, with glibc's i386 layout, so that a
 * program with an AF_INET mode (hackbench -i) builds.  Quanta has no
 * Internet sockets: socket(AF_INET, ...) fails with EAFNOSUPPORT.
 */
#ifndef _NETINET_IN_H
#define _NETINET_IN_H

#include <stdint.h>
#include <sys/socket.h>

typedef uint16_t in_port_t;
typedef uint32_t in_addr_t;

struct in_addr {
	in_addr_t s_addr;		/* network byte order */
};

struct sockaddr_in {
	sa_family_t sin_family;		/* AF_INET */
	in_port_t sin_port;		/* network byte order */
	struct in_addr sin_addr;
	unsigned char sin_zero[8];
};

#define INADDR_ANY		((in_addr_t)0x00000000)
#define INADDR_BROADCAST	((in_addr_t)0xffffffff)
#define INADDR_NONE		((in_addr_t)0xffffffff)
#define INADDR_LOOPBACK		((in_addr_t)0x7f000001)	/* host order */

#define IPPROTO_IP	0
#define IPPROTO_TCP	6
#define IPPROTO_UDP	17

/* i386 is little-endian: network order is the bytes reversed. */
static inline uint32_t
htonl(uint32_t v)
{
	return __builtin_bswap32(v);
}

static inline uint16_t
htons(uint16_t v)
{
	return __builtin_bswap16(v);
}

#define ntohl(v)	htonl(v)
#define ntohs(v)	htons(v)

#endif
