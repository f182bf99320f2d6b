/*
 * sys/stat.h - file status.
 *
 * struct stat has glibc's i386 field names and types (st_atim and the
 * st_atime macros of POSIX 2008); the libc copies the kernel's struct
 * q_stat into it.  Owners are root; the initrd's times are 0, /tmp's are
 * real (docs/syscalls.md, "Files").
 */
#ifndef _SYS_STAT_H
#define _SYS_STAT_H

#include <sys/types.h>
#include <uapi/types.h>

#define S_IFMT		Q_S_IFMT
#define S_IFIFO		Q_S_IFIFO
#define S_IFCHR		Q_S_IFCHR
#define S_IFDIR		Q_S_IFDIR
#define S_IFREG		Q_S_IFREG
#define S_IFBLK		0060000
#define S_IFLNK		0120000
#define S_IFSOCK	0140000

#define S_ISFIFO(m)	(((m) & S_IFMT) == S_IFIFO)
#define S_ISCHR(m)	(((m) & S_IFMT) == S_IFCHR)
#define S_ISDIR(m)	(((m) & S_IFMT) == S_IFDIR)
#define S_ISREG(m)	(((m) & S_IFMT) == S_IFREG)
#define S_ISBLK(m)	(((m) & S_IFMT) == S_IFBLK)
#define S_ISLNK(m)	(((m) & S_IFMT) == S_IFLNK)
#define S_ISSOCK(m)	(((m) & S_IFMT) == S_IFSOCK)

#define S_ISUID		04000
#define S_ISGID		02000
#define S_ISVTX		01000
#define S_IRWXU		0700
#define S_IRUSR		0400
#define S_IWUSR		0200
#define S_IXUSR		0100
#define S_IRWXG		0070
#define S_IRGRP		0040
#define S_IWGRP		0020
#define S_IXGRP		0010
#define S_IRWXO		0007
#define S_IROTH		0004
#define S_IWOTH		0002
#define S_IXOTH		0001

struct stat {
	dev_t st_dev;
	ino_t st_ino;
	mode_t st_mode;
	nlink_t st_nlink;
	uid_t st_uid;
	gid_t st_gid;
	dev_t st_rdev;
	off_t st_size;
	blksize_t st_blksize;
	blkcnt_t st_blocks;
	struct timespec st_atim;
	struct timespec st_mtim;
	struct timespec st_ctim;
};
#define st_atime	st_atim.tv_sec
#define st_mtime	st_mtim.tv_sec
#define st_ctime	st_ctim.tv_sec

int fstat(int fd, struct stat *st);
int stat(const char *path, struct stat *st);
/* No symbolic links in Quanta: lstat is stat. */
int lstat(const char *path, struct stat *st);
/* mode is stored as given (Quanta has no umask) and never checked. */
int mkdir(const char *path, mode_t mode);

#endif
