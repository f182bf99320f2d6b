/*
 * fd.c - file descriptors: read, write, open, pipes, dup, poll.
 */
#include <fcntl.h>
#include <stdarg.h>
#include <termios.h>
#include <unistd.h>
#include <poll.h>
#include <dirent.h>
#include <sys/stat.h>
#include "internal.h"

ssize_t
read(int fd, void *buf, size_t n)
{
	return __sysret(__sys3(SYS_read, fd, __A(buf), n));
}

ssize_t
write(int fd, const void *buf, size_t n)
{
	return __sysret(__sys3(SYS_write, fd, __A(buf), n));
}

/* mode, read only with O_CREAT, is what stat will report.  O_CLOEXEC is
 * dropped (no close-on-exec). */
int
open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	return openat(AT_FDCWD, path, flags, mode);
}

int
openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	flags &= ~O_CLOEXEC;
	return __sysret(__sys4(SYS_openat, dirfd, __A(path), flags, mode));
}

int
creat(const char *path, mode_t mode)
{
	return open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
}

int
close(int fd)
{
	return __sysret(__sys1(SYS_close, fd));
}

int
pipe(int fds[2])
{
	return __sysret(__sys1(SYS_pipe, __A(fds)));
}

int
dup(int fd)
{
	return __sysret(__sys1(SYS_dup, fd));
}

int
dup2(int oldfd, int newfd)
{
	return __sysret(__sys2(SYS_dup2, oldfd, newfd));
}

/* The console (fds 0..2 unless redirected) is the only character device. */
int
isatty(int fd)
{
	struct termios t;

	return tcgetattr(fd, &t) == 0;	/* /dev/null is no terminal */
}

int
poll(struct pollfd *fds, nfds_t nfds, int timeout_ms)
{
	return __sysret(__sys3(SYS_poll, __A(fds), nfds, timeout_ms));
}

int
getdents(int fd, struct dirent *buf, size_t bytes)
{
	return __sysret(__sys3(SYS_getdents, fd, __A(buf), bytes));
}
