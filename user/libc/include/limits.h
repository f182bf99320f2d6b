/*
 * limits.h - GCC's numeric limits plus the POSIX ones Quanta has.
 *
 * Defining _LIBC_LIMITS_H_ first stops GCC's limits.h from looking for yet
 * another limits.h behind it.
 */
#ifndef _LIMITS_H
#define _LIMITS_H

#define _LIBC_LIMITS_H_ 1
#include_next <limits.h>

#include <uapi/types.h>

#define NAME_MAX	Q_NAME_MAX	/* longest file name component */
#define PATH_MAX	Q_PATH_MAX	/* longest path, its NUL included */
#define PAGESIZE	4096
#define PAGE_SIZE	PAGESIZE
#define NZERO		20		/* nice 0 is priority 20 */
#define PTHREAD_KEYS_MAX	32
#define PTHREAD_STACK_MIN	16384
#define SSIZE_MAX	__INT_MAX__

#endif
