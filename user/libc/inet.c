/*
 * inet.c - IPv4 addresses as text (inet_aton's strict dotted-quad form,
 * four decimal parts; the older one-to-three-part and octal forms of
 * BSD's inet_aton are not accepted).  Quanta has no Internet sockets;
 * these only convert.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

int
inet_aton(const char *s, struct in_addr *a)
{
	uint32_t v = 0;

	for (int part = 0; part < 4; part++) {
		unsigned n = 0;
		int digits = 0;
		while (*s >= '0' && *s <= '9' && digits < 4) {
			n = n * 10 + (unsigned)(*s++ - '0');
			digits++;
		}
		if (!digits || n > 255 || (part < 3 && *s++ != '.'))
			return 0;
		v = v << 8 | n;
	}
	if (*s)
		return 0;
	a->s_addr = htonl(v);
	return 1;
}

in_addr_t
inet_addr(const char *s)
{
	struct in_addr a;

	return inet_aton(s, &a) ? a.s_addr : INADDR_NONE;
}

char *
inet_ntoa(struct in_addr a)
{
	static char buf[16];

	inet_ntop(AF_INET, &a, buf, sizeof(buf));
	return buf;
}

int
inet_pton(int af, const char *s, void *dst)
{
	if (af != AF_INET) {
		errno = EAFNOSUPPORT;
		return -1;
	}
	return inet_aton(s, dst);
}

const char *
inet_ntop(int af, const void *src, char *dst, socklen_t size)
{
	const unsigned char *b = src;

	if (af != AF_INET) {
		errno = EAFNOSUPPORT;
		return NULL;
	}
	if ((socklen_t)snprintf(dst, size, "%u.%u.%u.%u", b[0], b[1], b[2],
				b[3]) >= size) {
		errno = ENOSPC;
		return NULL;
	}
	return dst;
}
