/*
 * inet.c - Internet address text and binary forms, and getaddrinfo for a
 * machine without a network (<netdb.h> says what it answers).
 *
 * inet_aton takes what glibc's does: one to four parts separated by dots,
 * each decimal, octal (leading 0) or hex (0x), the last filling the bytes
 * left; inet_pton is stricter, as POSIX says (four decimal parts, no
 * leading zeros; or an IPv6 address with at most one "::").  inet_ntop
 * writes IPv6 the RFC 5952 way: the longest run of two or more zero
 * groups as "::", lowercase hex.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#undef htonl
#undef htons
#undef ntohl
#undef ntohs

uint32_t htonl(uint32_t x) { return __builtin_bswap32(x); }
uint16_t htons(uint16_t x) { return __builtin_bswap16(x); }
uint32_t ntohl(uint32_t x) { return __builtin_bswap32(x); }
uint16_t ntohs(uint16_t x) { return __builtin_bswap16(x); }

int
inet_aton(const char *cp, struct in_addr *inp)
{
	unsigned long part[4];
	int n = 0;
	uint32_t v;

	for (;;) {
		char *end;

		if (!isdigit((unsigned char)*cp) || n == 4)
			return 0;
		errno = 0;
		part[n++] = strtoul(cp, &end, 0);
		if (errno == ERANGE || part[n - 1] > 0xffffffffUL)
			return 0;
		cp = end;
		if (*cp != '.')
			break;
		cp++;
	}
	if (*cp != '\0' && !isspace((unsigned char)*cp))
		return 0;
	for (int i = 0; i < n - 1; i++)
		if (part[i] > 0xff)
			return 0;
	/* the last part fills the 4, 3, 2 or 1 bytes that are left */
	if (part[n - 1] > (0xffffffffUL >> (8 * (n - 1))))
		return 0;
	v = (uint32_t)part[n - 1];
	for (int i = 0; i < n - 1; i++)
		v |= (uint32_t)part[i] << (24 - 8 * i);
	if (inp)
		inp->s_addr = htonl(v);
	return 1;
}

in_addr_t
inet_addr(const char *cp)
{
	struct in_addr a;

	return inet_aton(cp, &a) ? a.s_addr : INADDR_NONE;
}

char *
inet_ntoa(struct in_addr in)
{
	static char buf[INET_ADDRSTRLEN];

	return (char *)inet_ntop(AF_INET, &in, buf, sizeof(buf));
}

static int
pton4(const char *s, unsigned char out[4])
{
	for (int i = 0; i < 4; i++) {
		int v = 0, digits = 0;

		while (isdigit((unsigned char)*s)) {
			if (digits && v == 0)
				return 0;	/* a leading zero */
			v = v * 10 + (*s++ - '0');
			if (++digits > 3 || v > 255)
				return 0;
		}
		if (digits == 0 || (i < 3 && *s++ != '.'))
			return 0;
		out[i] = (unsigned char)v;
	}
	return *s == '\0';
}

static int
pton6(const char *s, unsigned char out[16])
{
	uint16_t g[8];
	int n = 0, gap = -1;

	if (s[0] == ':' && s[1] == ':') {
		gap = 0;
		s += 2;
	}
	while (*s) {
		unsigned v = 0;
		int digits = 0;

		while (isxdigit((unsigned char)*s) && digits < 5) {
			v = v * 16 + (unsigned)(isdigit((unsigned char)*s) ? *s - '0' :
					 (tolower((unsigned char)*s) - 'a' + 10));
			s++;
			digits++;
		}
		if (digits == 0 || digits > 4 || n == 8)
			return 0;
		g[n++] = (uint16_t)v;
		if (*s == '\0')
			break;
		if (*s++ != ':')
			return 0;
		if (*s == ':') {
			if (gap >= 0)
				return 0;
			gap = n;
			s++;
		} else if (*s == '\0') {
			return 0;	/* a lone trailing ':' */
		}
	}
	if (gap < 0 ? n != 8 : n > 7)
		return 0;
	memset(out, 0, 16);
	for (int i = 0; i < n; i++) {
		int at = gap >= 0 && i >= gap ? 8 - (n - i) : i;

		out[2 * at] = (unsigned char)(g[i] >> 8);
		out[2 * at + 1] = (unsigned char)g[i];
	}
	return 1;
}

int
inet_pton(int af, const char *src, void *dst)
{
	if (af == AF_INET)
		return pton4(src, dst);
	if (af == AF_INET6)
		return pton6(src, dst);
	errno = EAFNOSUPPORT;
	return -1;
}

static const char *
ntop6(const unsigned char *a, char *dst, socklen_t size)
{
	char buf[INET6_ADDRSTRLEN], *p = buf;
	int best = -1, bestlen = 1;

	for (int i = 0; i < 8;) {		/* the longest run of zeros */
		int j = i;

		while (j < 8 && a[2 * j] == 0 && a[2 * j + 1] == 0)
			j++;
		if (j - i > bestlen) {
			best = i;
			bestlen = j - i;
		}
		i = j > i ? j : i + 1;
	}
	for (int i = 0; i < 8; i++) {
		if (i == best) {
			p += sprintf(p, "::");
			i += bestlen - 1;
			continue;
		}
		p += sprintf(p, "%s%x", i && i != best + bestlen ? ":" : "",
			     a[2 * i] << 8 | a[2 * i + 1]);
	}
	if ((size_t)(p - buf) + 1 > size) {
		errno = ENOSPC;
		return NULL;
	}
	return strcpy(dst, buf);
}

const char *
inet_ntop(int af, const void *src, char *dst, socklen_t size)
{
	const unsigned char *a = src;
	char buf[INET_ADDRSTRLEN];

	if (af == AF_INET6)
		return ntop6(a, dst, size);
	if (af != AF_INET) {
		errno = EAFNOSUPPORT;
		return NULL;
	}
	snprintf(buf, sizeof(buf), "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
	if (strlen(buf) + 1 > size) {
		errno = ENOSPC;
		return NULL;
	}
	return strcpy(dst, buf);
}

/* ---- getaddrinfo ---- */

struct ai_block {
	struct addrinfo ai;
	union {
		struct sockaddr_in in;
		struct sockaddr_in6 in6;
	} sa;
};

static const int socktypes[][2] = {
	{ SOCK_STREAM, IPPROTO_TCP }, { SOCK_DGRAM, IPPROTO_UDP },
	{ SOCK_RAW, 0 },
};

/* One result per socket type asked for (all three, as glibc, for 0). */
static int
build(int family, const void *addr, int port, const struct addrinfo *h,
      const char *canon, struct addrinfo **res)
{
	struct addrinfo *head = NULL, **tail = &head;

	for (unsigned i = 0; i < 3; i++) {
		struct ai_block *b;

		if (h->ai_socktype && h->ai_socktype != socktypes[i][0])
			continue;
		if (!(b = calloc(1, sizeof(*b)))) {
			freeaddrinfo(head);
			return EAI_MEMORY;
		}
		b->ai.ai_family = family;
		b->ai.ai_socktype = socktypes[i][0];
		b->ai.ai_protocol = h->ai_protocol ? h->ai_protocol :
				    socktypes[i][1];
		b->ai.ai_addr = (struct sockaddr *)&b->sa;
		if (family == AF_INET) {
			b->sa.in.sin_family = AF_INET;
			b->sa.in.sin_port = htons((uint16_t)port);
			memcpy(&b->sa.in.sin_addr, addr, 4);
			b->ai.ai_addrlen = sizeof(b->sa.in);
		} else {
			b->sa.in6.sin6_family = AF_INET6;
			b->sa.in6.sin6_port = htons((uint16_t)port);
			memcpy(&b->sa.in6.sin6_addr, addr, 16);
			b->ai.ai_addrlen = sizeof(b->sa.in6);
		}
		if (head == NULL && canon && (h->ai_flags & AI_CANONNAME) &&
		    !(b->ai.ai_canonname = strdup(canon))) {
			free(b);
			return EAI_MEMORY;
		}
		*tail = &b->ai;
		tail = &b->ai.ai_next;
	}
	if (head == NULL)
		return EAI_SOCKTYPE;
	*res = head;
	return 0;
}

int
getaddrinfo(const char *node, const char *service,
	    const struct addrinfo *hints, struct addrinfo **res)
{
	static const struct addrinfo none;
	const struct addrinfo *h = hints ? hints : &none;
	unsigned char a4[4], a6[16];
	struct in_addr in;
	int port = 0, fam = h->ai_family;

	if (h->ai_flags & ~(AI_PASSIVE | AI_CANONNAME | AI_NUMERICHOST |
			    AI_V4MAPPED | AI_ALL | AI_ADDRCONFIG |
			    AI_NUMERICSERV))
		return EAI_BADFLAGS;
	if (fam != AF_UNSPEC && fam != AF_INET && fam != AF_INET6)
		return EAI_FAMILY;
	if (node == NULL && service == NULL)
		return EAI_NONAME;
	if (service) {
		char *end;
		long p = strtol(service, &end, 10);

		if (*service == '\0' || *end || p < 0 || p > 65535)
			return EAI_SERVICE;	/* no /etc/services */
		port = (int)p;
	}
	if (node == NULL) {
		uint32_t v = htonl((h->ai_flags & AI_PASSIVE) ? INADDR_ANY
							      : INADDR_LOOPBACK);

		if (fam == AF_INET6) {
			memset(a6, 0, 16);
			a6[15] = !(h->ai_flags & AI_PASSIVE);
			return build(AF_INET6, a6, port, h, NULL, res);
		}
		return build(AF_INET, &v, port, h, NULL, res);
	}
	if (fam != AF_INET6 && inet_aton(node, &in)) {
		memcpy(a4, &in, 4);
		return build(AF_INET, a4, port, h, node, res);
	}
	if (fam != AF_INET && pton6(node, a6))
		return build(AF_INET6, a6, port, h, node, res);
	return EAI_NONAME;	/* a host name: no resolver, no hosts file */
}

void
freeaddrinfo(struct addrinfo *res)
{
	while (res) {
		struct addrinfo *next = res->ai_next;

		free(res->ai_canonname);
		free(res);	/* the block the struct starts */
		res = next;
	}
}

const char *
gai_strerror(int err)
{
	switch (err) {
	case 0: return "Success";
	case EAI_BADFLAGS: return "Bad value for ai_flags";
	case EAI_NONAME: return "Name or service not known";
	case EAI_AGAIN: return "Temporary failure in name resolution";
	case EAI_FAIL: return "Non-recoverable failure in name resolution";
	case EAI_FAMILY: return "ai_family not supported";
	case EAI_SOCKTYPE: return "ai_socktype not supported";
	case EAI_SERVICE: return "Servname not supported for ai_socktype";
	case EAI_MEMORY: return "Memory allocation failure";
	case EAI_SYSTEM: return "System error";
	case EAI_OVERFLOW: return "Argument buffer overflow";
	}
	return "Unknown error";
}
