/* fcntl.h - open() and its flags (uapi/types.h values). */
#ifndef _FCNTL_H
#define _FCNTL_H

#include <sys/types.h>
#include <uapi/types.h>

#define O_RDONLY	Q_O_RDONLY
#define O_WRONLY	Q_O_WRONLY
#define O_RDWR		Q_O_RDWR
#define O_ACCMODE	Q_O_ACCMODE
#define O_CREAT		Q_O_CREAT
#define O_EXCL		Q_O_EXCL
#define O_TRUNC		Q_O_TRUNC
#define O_APPEND	Q_O_APPEND
#define O_NONBLOCK	Q_O_NONBLOCK
#define O_NDELAY	O_NONBLOCK
#define O_DIRECTORY	Q_O_DIRECTORY
/* Quanta has no close-on-exec; open() accepts and drops the flag so that
 * code written for Linux still runs. */
#define O_CLOEXEC	02000000

#define AT_FDCWD	Q_AT_FDCWD
#define AT_REMOVEDIR	Q_AT_REMOVEDIR

/* mode (with O_CREAT) is stored and reported by stat, never checked:
 * everything runs as root (docs/syscalls.md). */
int open(const char *path, int flags, ...);
int openat(int dirfd, const char *path, int flags, ...);
int creat(const char *path, mode_t mode);

#endif
