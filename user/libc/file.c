/*
 * file.c - files and directories by name, and file positions: stat,
 * lseek, pread, pwrite, unlink, rename, mkdir, rmdir, truncate, chdir,
 * getcwd, fsync, sync, access, remove.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>
#include "internal.h"

/* The kernel's struct q_stat into the POSIX structure. */
static void
widen(struct stat *st, const struct q_stat *q)
{
	st->st_dev = q->st_dev;
	st->st_ino = q->st_ino;
	st->st_mode = q->st_mode;
	st->st_nlink = q->st_nlink;
	st->st_uid = 0;
	st->st_gid = 0;
	st->st_rdev = q->st_rdev;
	st->st_size = q->st_size;
	st->st_blksize = q->st_blksize ? q->st_blksize : 4096;
	st->st_blocks = q->st_blocks;
	st->st_atim.tv_sec = q->st_atim.tv_sec;
	st->st_atim.tv_nsec = q->st_atim.tv_nsec;
	st->st_mtim.tv_sec = q->st_mtim.tv_sec;
	st->st_mtim.tv_nsec = q->st_mtim.tv_nsec;
	st->st_ctim.tv_sec = q->st_ctim.tv_sec;
	st->st_ctim.tv_nsec = q->st_ctim.tv_nsec;
}

int
fstat(int fd, struct stat *st)
{
	struct q_stat q;

	if (__sysret(__sys2(SYS_fstat, fd, __A(&q))) < 0)
		return -1;
	widen(st, &q);
	return 0;
}

/* SYS_stat or SYS_lstat of path */
static int
stat_by(long nr, const char *path, struct stat *st)
{
	struct q_stat q;

	if (__sysret(__sys2(nr, __A(path), __A(&q))) < 0)
		return -1;
	widen(st, &q);
	return 0;
}

int
stat(const char *path, struct stat *st)
{
	return stat_by(SYS_stat, path, st);
}

int
lstat(const char *path, struct stat *st)
{
	return stat_by(SYS_lstat, path, st);
}

int
access(const char *path, int mode)
{
	return __sysret(__sys2(SYS_access, __A(path), mode));
}

off_t
lseek(int fd, off_t off, int whence)
{
	return __sysret(__sys3(SYS_lseek, fd, off, whence));
}

ssize_t
pread(int fd, void *buf, size_t n, off_t off)
{
	return __sysret(__sys4(SYS_pread, fd, __A(buf), n, off));
}

ssize_t
pwrite(int fd, const void *buf, size_t n, off_t off)
{
	return __sysret(__sys4(SYS_pwrite, fd, __A(buf), n, off));
}

int
unlink(const char *path)
{
	return __sysret(__sys1(SYS_unlink, __A(path)));
}

int
unlinkat(int dirfd, const char *path, int flags)
{
	return __sysret(__sys3(SYS_unlinkat, dirfd, __A(path), flags));
}

int
rmdir(const char *path)
{
	return __sysret(__sys1(SYS_rmdir, __A(path)));
}

int
mkdir(const char *path, mode_t mode)
{
	return __sysret(__sys2(SYS_mkdir, __A(path), mode));
}

int
rename(const char *old, const char *new)
{
	return __sysret(__sys2(SYS_rename, __A(old), __A(new)));
}

/* C's remove: unlink a file, rmdir a directory (what glibc does). */
int
remove(const char *path)
{
	if (unlink(path) == 0)
		return 0;
	if (errno != EISDIR)
		return -1;
	return rmdir(path);
}

int
truncate(const char *path, off_t len)
{
	return __sysret(__sys2(SYS_truncate, __A(path), len));
}

int
ftruncate(int fd, off_t len)
{
	return __sysret(__sys2(SYS_ftruncate, fd, len));
}

int
chdir(const char *path)
{
	return __sysret(__sys1(SYS_chdir, __A(path)));
}

int
fchdir(int fd)
{
	return __sysret(__sys1(SYS_fchdir, fd));
}

/* With buf NULL, glibc's extension: a malloc'd buffer of size bytes, or
 * of the path's own size when size is 0. */
char *
getcwd(char *buf, size_t size)
{
	char *mine = NULL;
	long r;

	if (buf == NULL) {
		if (!(mine = malloc(size ? size : PATH_MAX)))
			return NULL;
		buf = mine;
		if (!size)
			size = PATH_MAX;
	} else if (size == 0) {
		errno = EINVAL;
		return NULL;
	}
	r = __sysret(__sys2(SYS_getcwd, __A(buf), size));
	if (r < 0) {
		free(mine);
		return NULL;
	}
	return buf;
}

int
fsync(int fd)
{
	return __sysret(__sys1(SYS_fsync, fd));
}

int
fdatasync(int fd)
{
	return __sysret(__sys1(SYS_fdatasync, fd));
}

void
sync(void)
{
	__sys0(SYS_sync);
}
