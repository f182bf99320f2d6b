/*
 * fd.c - file descriptors: read, write, open, pipes, dup, stat, poll.
 */
#include <fcntl.h>
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

/* The mode argument is accepted and ignored: Quanta files carry no
 * permissions. */
int
open(const char *path, int flags, ...)
{
	return __sysret(__sys2(SYS_open, __A(path), flags));
}

int
creat(const char *path, mode_t mode)
{
	(void)mode;
	return open(path, O_WRONLY | O_CREAT | O_TRUNC);
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

/* Widen the kernel's four fields into the POSIX structure. */
int
fstat(int fd, struct stat *st)
{
	struct q_stat q;

	if (__sysret(__sys2(SYS_fstat, fd, __A(&q))) < 0)
		return -1;
	st->st_dev = 0;
	st->st_ino = q.st_ino;
	st->st_mode = q.st_mode;
	st->st_nlink = q.st_nlink;
	st->st_uid = 0;
	st->st_gid = 0;
	st->st_rdev = 0;
	st->st_size = q.st_size;
	st->st_blksize = 4096;
	st->st_blocks = (q.st_size + 511) / 512;
	st->st_atime = st->st_mtime = st->st_ctime = 0;
	return 0;
}

/* There is no path-based stat call: open, fstat, close. */
int
stat(const char *path, struct stat *st)
{
	int fd, r, saved;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	r = fstat(fd, st);
	saved = errno;
	close(fd);
	errno = saved;
	return r;
}

/* No symbolic links in Quanta. */
int
lstat(const char *path, struct stat *st)
{
	return stat(path, st);
}

/* Existence only: Quanta has no permission bits to check against. */
int
access(const char *path, int mode)
{
	struct stat st;

	(void)mode;
	return stat(path, &st);
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
