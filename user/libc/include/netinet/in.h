/*
 * netinet/in.h - Internet addresses, glibc's i386 layouts.  Quanta has
 * no network: AF_INET sockets fail with EAFNOSUPPORT, but programs that
 * name these types and convert addresses (user/libc/inet.c) build and
 * run as written.
 */
#ifndef _NETINET_IN_H
#define _NETINET_IN_H

#include <stdint.h>
#include <sys/socket.h>

typedef uint16_t in_port_t;
typedef uint32_t in_addr_t;

struct in_addr {
	in_addr_t s_addr;	/* network byte order */
};

struct sockaddr_in {
	sa_family_t sin_family;
	in_port_t sin_port;
	struct in_addr sin_addr;
	unsigned char sin_zero[8];
};

struct in6_addr {
	union {
		uint8_t __u6_addr8[16];
		uint16_t __u6_addr16[8];
		uint32_t __u6_addr32[4];
	} __in6_u;
};
#define s6_addr		__in6_u.__u6_addr8

struct sockaddr_in6 {
	sa_family_t sin6_family;
	in_port_t sin6_port;
	uint32_t sin6_flowinfo;
	struct in6_addr sin6_addr;
	uint32_t sin6_scope_id;
};

#define INADDR_ANY		((in_addr_t)0x00000000)
#define INADDR_BROADCAST	((in_addr_t)0xffffffff)
#define INADDR_NONE		((in_addr_t)0xffffffff)
#define INADDR_LOOPBACK		((in_addr_t)0x7f000001)
#define INET_ADDRSTRLEN		16
#define INET6_ADDRSTRLEN	46

#define IPPROTO_IP	0
#define IPPROTO_ICMP	1
#define IPPROTO_TCP	6
#define IPPROTO_UDP	17
#define IPPROTO_IPV6	41
#define IPPROTO_RAW	255

/* i386 is little-endian: network order is the other one */
uint32_t htonl(uint32_t x);
uint16_t htons(uint16_t x);
uint32_t ntohl(uint32_t x);
uint16_t ntohs(uint16_t x);
#define htonl(x)	__builtin_bswap32(x)
#define htons(x)	__builtin_bswap16(x)
#define ntohl(x)	__builtin_bswap32(x)
#define ntohs(x)	__builtin_bswap16(x)

#endif
