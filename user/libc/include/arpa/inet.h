/* arpa/inet.h - dotted-quad IPv4 addresses to and from text. */
#ifndef _ARPA_INET_H
#define _ARPA_INET_H

#include <netinet/in.h>

in_addr_t inet_addr(const char *s);		/* INADDR_NONE if bad */
int inet_aton(const char *s, struct in_addr *a);	/* 1 good, 0 bad */
char *inet_ntoa(struct in_addr a);		/* a static buffer */
int inet_pton(int af, const char *s, void *dst);
const char *inet_ntop(int af, const void *src, char *dst, socklen_t size);

#endif
