/* sys/un.h - AF_UNIX addresses (= struct q_sockaddr_un). */
#ifndef _SYS_UN_H
#define _SYS_UN_H

#include <sys/socket.h>

struct sockaddr_un {
	sa_family_t sun_family;		/* AF_UNIX */
	char sun_path[108];		/* an absolute path, NUL-terminated */
};

#endif
