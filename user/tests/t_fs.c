/*
 * t_fs - the file system: /tmp (ramfs), the read-only initrd, /dev, the
 * working directory, and their errors, as Linux answers them.
 *
 * Boot with "tmpfs_size=256K" (tests/cases.py): the ENOSPC check fills
 * /tmp to that limit.  Every other check is independent of the limit.
 * At the end, meminfo's page counts must be what they were before the
 * first file was made: every page of /tmp given back.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "memsnap.h"

#define LIMIT	(256 * 1024)	/* tmpfs_size= on the command line */

/* The call's result and errno, as one value: -errno or the result. */
#define ERR(call)	((call) < 0 ? -errno : 0)

static struct memsnap before, after;

static int
make_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0)
		return -1;
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		return close(fd), -1;
	return close(fd);
}

/* The whole content of path into buf (NUL-terminated), or -1. */
static int
slurp(const char *path, char *buf, int max)
{
	int fd = open(path, O_RDONLY), n, got = 0;

	if (fd < 0)
		return -1;
	while (got < max - 1 && (n = read(fd, buf + got, max - 1 - got)) > 0)
		got += n;
	buf[got] = 0;
	close(fd);
	return got;
}

static void
test_create_rw(void)
{
	char buf[64];
	struct stat st;
	int fd;

	CHECK_EQ(make_file("/tmp/a", "hello"), 0);
	CHECK_EQ(stat("/tmp/a", &st), 0);
	CHECK(S_ISREG(st.st_mode));
	CHECK_EQ(st.st_mode & 07777, 0644);
	CHECK_EQ(st.st_size, 5);
	CHECK_EQ(st.st_nlink, 1);
	CHECK_EQ(st.st_blksize, 4096);
	CHECK_EQ(st.st_blocks, 8);
	CHECK(st.st_mtime >= 946684800);	/* det's clock starts in 2000 */
	CHECK_EQ(slurp("/tmp/a", buf, sizeof(buf)), 5);
	CHECK(strcmp(buf, "hello") == 0);
	CHECK_EQ(ERR(open("/tmp/a", O_WRONLY | O_CREAT | O_EXCL, 0644)),
		 -EEXIST);
	/* O_APPEND: at the end whatever the offset */
	fd = open("/tmp/a", O_WRONLY | O_APPEND);
	CHECK(fd >= 0);
	CHECK_EQ(lseek(fd, 0, SEEK_SET), 0);
	CHECK_EQ(write(fd, " world", 6), 6);
	CHECK_EQ(lseek(fd, 0, SEEK_CUR), 11);
	close(fd);
	CHECK_EQ(slurp("/tmp/a", buf, sizeof(buf)), 11);
	CHECK(strcmp(buf, "hello world") == 0);
	/* O_TRUNC empties it */
	fd = open("/tmp/a", O_RDWR | O_TRUNC);
	CHECK(fd >= 0);
	CHECK_EQ(fstat(fd, &st), 0);
	CHECK_EQ(st.st_size, 0);
	CHECK_EQ(st.st_blocks, 0);
	/* EBADF: the wrong direction */
	close(fd);
	fd = open("/tmp/a", O_RDONLY);
	CHECK_EQ(ERR(write(fd, "x", 1)), -EBADF);
	CHECK_EQ(ERR(ftruncate(fd, 0)), -EINVAL);	/* not open for writing */
	close(fd);
	fd = open("/tmp/a", O_WRONLY);
	CHECK_EQ(ERR(read(fd, buf, 1)), -EBADF);
	close(fd);
	CHECK_EQ(unlink("/tmp/a"), 0);
	CHECK_EQ(ERR(stat("/tmp/a", &st)), -ENOENT);
	CHECK_EQ(ERR(unlink("/tmp/a")), -ENOENT);
	CHECK_EQ(ERR(open("/tmp/a", O_RDONLY)), -ENOENT);
}

static void
test_seek(void)
{
	char buf[16];
	int fd = open("/tmp/s", O_RDWR | O_CREAT, 0600), p[2];
	struct stat st;

	CHECK(fd >= 0);
	CHECK_EQ(write(fd, "0123456789", 10), 10);
	CHECK_EQ(lseek(fd, 2, SEEK_SET), 2);
	CHECK_EQ(lseek(fd, 3, SEEK_CUR), 5);
	CHECK_EQ(lseek(fd, -1, SEEK_END), 9);
	CHECK_EQ(read(fd, buf, 5), 1);
	CHECK_EQ(buf[0], '9');
	CHECK_EQ(ERR(lseek(fd, -20, SEEK_CUR)), -EINVAL);
	CHECK_EQ(ERR(lseek(fd, 0, 7)), -EINVAL);
	CHECK_EQ(lseek(fd, 0, SEEK_CUR), 10);		/* unchanged */
	/* a hole: write past the end, the gap reads as zeroes */
	CHECK_EQ(lseek(fd, 3 * 4096 + 10, SEEK_SET), 3 * 4096 + 10);
	CHECK_EQ(write(fd, "Z", 1), 1);
	CHECK_EQ(fstat(fd, &st), 0);
	CHECK_EQ(st.st_size, 3 * 4096 + 11);
	CHECK_EQ(st.st_blocks, 2 * 8);		/* pages 0 and 3 only */
	CHECK_EQ(pread(fd, buf, 4, 4096), 4);
	CHECK(memcmp(buf, "\0\0\0\0", 4) == 0);
	/* pread and pwrite leave the offset alone */
	CHECK_EQ(pwrite(fd, "ab", 2, 1), 2);
	CHECK_EQ(pread(fd, buf, 4, 0), 4);
	CHECK(memcmp(buf, "0ab3", 4) == 0);
	CHECK_EQ(lseek(fd, 0, SEEK_CUR), 3 * 4096 + 11);
	CHECK_EQ(ERR(pread(fd, buf, 1, -1)), -EINVAL);
	CHECK_EQ(pread(fd, buf, 4, 1 << 20), 0);	/* past the end */
	/* truncate: cut, then grow with zeroes */
	CHECK_EQ(ftruncate(fd, 3), 0);
	CHECK_EQ(ftruncate(fd, 6), 0);
	CHECK_EQ(pread(fd, buf, 10, 0), 6);
	CHECK(memcmp(buf, "0ab\0\0\0", 6) == 0);
	CHECK_EQ(truncate("/tmp/s", 1), 0);
	CHECK_EQ(fstat(fd, &st), 0);
	CHECK_EQ(st.st_size, 1);
	CHECK_EQ(ERR(ftruncate(fd, -1)), -EINVAL);
	CHECK_EQ(fsync(fd), 0);
	CHECK_EQ(fdatasync(fd), 0);
	sync();
	close(fd);
	CHECK_EQ(unlink("/tmp/s"), 0);
	/* ESPIPE on pipes and the console */
	CHECK_EQ(pipe(p), 0);
	CHECK_EQ(ERR(lseek(p[0], 0, SEEK_SET)), -ESPIPE);
	CHECK_EQ(ERR(pread(p[0], buf, 1, 0)), -ESPIPE);
	CHECK_EQ(ERR(pwrite(p[1], buf, 1, 0)), -ESPIPE);
	CHECK_EQ(ERR(fsync(p[1])), -EINVAL);
	close(p[0]);
	close(p[1]);
	CHECK_EQ(ERR(lseek(1, 0, SEEK_CUR)), -ESPIPE);
	/* EBADF */
	CHECK_EQ(ERR(lseek(60, 0, SEEK_SET)), -EBADF);
	CHECK_EQ(ERR(pread(60, buf, 1, 0)), -EBADF);
	CHECK_EQ(ERR(fsync(60)), -EBADF);
	CHECK_EQ(ERR(ftruncate(60, 0)), -EBADF);
	CHECK_EQ(ERR(fchdir(60)), -EBADF);
	CHECK_EQ(ERR(fstat(-1, &st)), -EBADF);
}

/* The names getdents gives for path, space-separated, in order. */
static void
list_dir(const char *path, char *out, size_t max)
{
	DIR *d = opendir(path);
	struct dirent *e;

	out[0] = 0;
	if (!d)
		return;
	while ((e = readdir(d))) {
		if (out[0])
			strncat(out, " ", max - strlen(out) - 1);
		strncat(out, e->d_name, max - strlen(out) - 1);
	}
	closedir(d);
}

static void
test_dirs(void)
{
	char names[256], buf[16];
	struct stat st;
	int fd;

	CHECK_EQ(mkdir("/tmp/d", 0755), 0);
	CHECK_EQ(ERR(mkdir("/tmp/d", 0755)), -EEXIST);
	CHECK_EQ(ERR(mkdir("/tmp/no/d", 0755)), -ENOENT);
	CHECK_EQ(stat("/tmp/d", &st), 0);
	CHECK(S_ISDIR(st.st_mode));
	CHECK_EQ(st.st_nlink, 2);
	CHECK_EQ(make_file("/tmp/d/f1", "1"), 0);
	CHECK_EQ(make_file("/tmp/d/f2", "22"), 0);
	CHECK_EQ(mkdir("/tmp/d/sub", 0700), 0);
	CHECK_EQ(stat("/tmp/d", &st), 0);
	CHECK_EQ(st.st_nlink, 3);		/* "." and sub's ".." */
	list_dir("/tmp/d", names, sizeof(names));
	CHECK(strcmp(names, "f1 f2 sub") == 0);
	CHECK_EQ(ERR(rmdir("/tmp/d")), -ENOTEMPTY);
	CHECK_EQ(ERR(unlink("/tmp/d")), -EISDIR);
	CHECK_EQ(ERR(rmdir("/tmp/d/f1")), -ENOTDIR);
	CHECK_EQ(ERR(open("/tmp/d/f1/x", O_RDONLY)), -ENOTDIR);
	CHECK_EQ(ERR(stat("/tmp/d/f1/", &st)), -ENOTDIR);
	CHECK_EQ(ERR(open("/tmp/d", O_WRONLY)), -EISDIR);
	CHECK_EQ(ERR(open("/tmp/d", O_RDONLY | O_CREAT, 0644)), -EISDIR);
	CHECK_EQ(ERR(open("/tmp/new/", O_RDWR | O_CREAT, 0644)), -EISDIR);
	CHECK_EQ(ERR(open("/tmp/d/f1", O_RDONLY | O_DIRECTORY)), -ENOTDIR);
	CHECK_EQ(ERR(truncate("/tmp/d", 0)), -EISDIR);
	CHECK_EQ(ERR(rmdir("/tmp/d/.")), -EINVAL);
	CHECK_EQ(ERR(rmdir("/tmp")), -EBUSY);		/* a mount point */
	fd = open("/tmp/d", O_RDONLY);
	CHECK(fd >= 0);
	CHECK_EQ(ERR(read(fd, buf, 1)), -EISDIR);
	close(fd);
	/* an entry removed between two getdents calls: none is skipped */
	{
		struct dirent one;
		fd = open("/tmp/d", O_RDONLY | O_DIRECTORY);
		CHECK_EQ(getdents(fd, &one, sizeof(one)), (int)sizeof(one));
		CHECK(strcmp(one.d_name, "f1") == 0);
		CHECK_EQ(unlink("/tmp/d/f1"), 0);
		CHECK_EQ(getdents(fd, &one, sizeof(one)), (int)sizeof(one));
		CHECK(strcmp(one.d_name, "f2") == 0);
		CHECK_EQ(getdents(fd, &one, sizeof(one)), (int)sizeof(one));
		CHECK(strcmp(one.d_name, "sub") == 0 && one.d_type == DT_DIR);
		CHECK_EQ(getdents(fd, &one, sizeof(one)), 0);
		CHECK_EQ(lseek(fd, 0, SEEK_SET), 0);	/* rewinddir */
		CHECK_EQ(getdents(fd, &one, sizeof(one)), (int)sizeof(one));
		CHECK(strcmp(one.d_name, "f2") == 0);
		close(fd);
	}
	list_dir("/tmp/d", names, sizeof(names));
	CHECK(strcmp(names, "f2 sub") == 0);
	CHECK_EQ(remove("/tmp/d/sub"), 0);		/* remove() a directory */
	CHECK_EQ(remove("/tmp/d/f2"), 0);
	CHECK_EQ(rmdir("/tmp/d"), 0);
	CHECK_EQ(ERR(rmdir("/tmp/d")), -ENOENT);
	/* the mount points and devices are listed */
	list_dir("/", names, sizeof(names));
	CHECK(strstr(names, "tmp") && strstr(names, "dev") &&
	      strstr(names, "bin"));
	list_dir("/dev", names, sizeof(names));
	CHECK(strcmp(names, "console null tty zero") == 0);
}

static void
test_rename(void)
{
	char buf[16];
	struct stat st;

	CHECK_EQ(make_file("/tmp/r1", "one"), 0);
	CHECK_EQ(make_file("/tmp/r2", "two"), 0);
	CHECK_EQ(rename("/tmp/r1", "/tmp/r3"), 0);
	CHECK_EQ(ERR(stat("/tmp/r1", &st)), -ENOENT);
	CHECK_EQ(slurp("/tmp/r3", buf, sizeof(buf)), 3);
	CHECK_EQ(rename("/tmp/r3", "/tmp/r2"), 0);	/* replaces r2 */
	CHECK_EQ(slurp("/tmp/r2", buf, sizeof(buf)), 3);
	CHECK(strcmp(buf, "one") == 0);
	CHECK_EQ(ERR(stat("/tmp/r3", &st)), -ENOENT);
	CHECK_EQ(rename("/tmp/r2", "/tmp/r2"), 0);	/* itself: nothing */
	CHECK_EQ(ERR(rename("/tmp/none", "/tmp/x")), -ENOENT);
	CHECK_EQ(mkdir("/tmp/D1", 0755), 0);
	CHECK_EQ(mkdir("/tmp/D2", 0755), 0);
	CHECK_EQ(make_file("/tmp/D1/in", "in"), 0);
	CHECK_EQ(ERR(rename("/tmp/r2", "/tmp/D1")), -EISDIR);
	CHECK_EQ(ERR(rename("/tmp/D1", "/tmp/r2")), -ENOTDIR);
	CHECK_EQ(ERR(rename("/tmp/D2", "/tmp/D1")), -ENOTEMPTY);
	CHECK_EQ(ERR(rename("/tmp/D1", "/tmp/D1/in/x")), -ENOTDIR);
	CHECK_EQ(mkdir("/tmp/D1/sub", 0755), 0);
	CHECK_EQ(ERR(rename("/tmp/D1", "/tmp/D1/sub/D")), -EINVAL);
	CHECK_EQ(rename("/tmp/D1", "/tmp/D2"), 0);	/* onto an empty one */
	CHECK_EQ(slurp("/tmp/D2/in", buf, sizeof(buf)), 2);
	CHECK_EQ(rename("/tmp/D2/sub", "/tmp/S"), 0);	/* up a level */
	CHECK_EQ(stat("/tmp/D2", &st), 0);
	CHECK_EQ(st.st_nlink, 2);
	CHECK_EQ(ERR(rename("/tmp/r2", "/r2")), -EXDEV);
	CHECK_EQ(ERR(rename("/tmp/r2", "/dev/r2")), -EXDEV);
	CHECK_EQ(ERR(rename("/tmp", "/tmp2")), -EBUSY);	/* a mount point */
	CHECK_EQ(ERR(rename("/tmp/S", "/tmp/.")), -EBUSY);
	CHECK_EQ(unlink("/tmp/r2"), 0);
	CHECK_EQ(unlink("/tmp/D2/in"), 0);
	CHECK_EQ(rmdir("/tmp/D2"), 0);
	CHECK_EQ(rmdir("/tmp/S"), 0);
}

static void
test_cwd(void)
{
	char buf[64], big[1100];
	struct stat st;
	int fd;

	CHECK(getcwd(buf, sizeof(buf)) && strcmp(buf, "/") == 0);
	CHECK_EQ(mkdir("/tmp/w", 0755), 0);
	CHECK_EQ(chdir("/tmp/w"), 0);
	CHECK(getcwd(buf, sizeof(buf)) && strcmp(buf, "/tmp/w") == 0);
	CHECK_EQ(make_file("rel", "r"), 0);		/* relative names */
	CHECK_EQ(stat("/tmp/w/rel", &st), 0);
	CHECK_EQ(stat("./rel", &st), 0);
	CHECK_EQ(stat("../w/./rel", &st), 0);
	CHECK_EQ(stat("../../tmp/w/rel", &st), 0);
	CHECK_EQ(stat("/../../tmp/w/rel", &st), 0);	/* "/.." is "/" */
	CHECK_EQ(ERR(stat("rel/..", &st)), -ENOTDIR);
	CHECK_EQ(ERR(stat("", &st)), -ENOENT);
	CHECK_EQ(ERR(getcwd(buf, 3) ? 0 : -1), -ERANGE);
	CHECK_EQ(ERR(chdir("rel")), -ENOTDIR);
	CHECK_EQ(ERR(chdir("nowhere")), -ENOENT);
	CHECK_EQ(chdir(".."), 0);
	CHECK(getcwd(buf, sizeof(buf)) && strcmp(buf, "/tmp") == 0);
	fd = open("w", O_RDONLY | O_DIRECTORY);
	CHECK(fd >= 0);
	CHECK_EQ(fchdir(fd), 0);
	CHECK(getcwd(buf, sizeof(buf)) && strcmp(buf, "/tmp/w") == 0);
	/* openat and unlinkat relative to a directory descriptor */
	CHECK_EQ(chdir("/"), 0);
	{
		int f2 = openat(fd, "at", O_WRONLY | O_CREAT, 0600);
		CHECK(f2 >= 0);
		close(f2);
		CHECK_EQ(stat("/tmp/w/at", &st), 0);
		CHECK_EQ(mkdir("/tmp/w/atd", 0755), 0);
		CHECK_EQ(ERR(unlinkat(fd, "atd", 0)), -EISDIR);
		CHECK_EQ(unlinkat(fd, "atd", AT_REMOVEDIR), 0);
		CHECK_EQ(unlinkat(fd, "at", 0), 0);
		CHECK_EQ(ERR(unlinkat(fd, "rel", 0x1)), -EINVAL);
		f2 = open("/tmp/w/rel", O_RDONLY);
		CHECK_EQ(ERR(openat(f2, "x", O_RDONLY)), -ENOTDIR);
		CHECK_EQ(ERR(fchdir(f2)), -ENOTDIR);
		close(f2);
	}
	close(fd);
	/* a removed working directory */
	CHECK_EQ(chdir("/tmp/w"), 0);
	CHECK_EQ(unlink("rel"), 0);
	CHECK_EQ(rmdir("/tmp/w"), 0);
	CHECK_EQ(ERR(getcwd(buf, sizeof(buf)) ? 0 : -1), -ENOENT);
	CHECK_EQ(ERR(open("x", O_RDWR | O_CREAT, 0644)), -ENOENT);
	CHECK_EQ(chdir("/"), 0);
	/* ENAMETOOLONG: a component over NAME_MAX, a path over PATH_MAX */
	memset(big, 'n', sizeof(big));
	memcpy(big, "/tmp/", 5);
	big[5 + NAME_MAX + 1] = 0;
	CHECK_EQ(ERR(open(big, O_RDWR | O_CREAT, 0644)), -ENAMETOOLONG);
	big[5 + NAME_MAX] = 0;
	CHECK(strlen(big + 5) == NAME_MAX);
	fd = open(big, O_RDWR | O_CREAT, 0644);	/* NAME_MAX itself is fine */
	CHECK(fd >= 0);
	close(fd);
	CHECK_EQ(unlink(big), 0);
	memset(big + 5, 'n', sizeof(big) - 5);
	for (int i = 6; i < (int)sizeof(big) - 1; i += 2)
		big[i] = '/';
	big[sizeof(big) - 1] = 0;
	CHECK_EQ(ERR(stat(big, &st)), -ENAMETOOLONG);
}

static void
test_readonly(void)
{
	struct stat st;
	char buf[4];
	int fd;

	CHECK_EQ(ERR(open("/bin/sh", O_WRONLY)), -EROFS);
	CHECK_EQ(ERR(open("/bin/sh", O_RDONLY | O_TRUNC)), -EROFS);
	CHECK_EQ(ERR(open("/newfile", O_WRONLY | O_CREAT, 0644)), -EROFS);
	CHECK_EQ(ERR(open("/bin/sh", O_WRONLY | O_CREAT | O_EXCL, 0644)),
		 -EEXIST);
	CHECK_EQ(ERR(open("/nodir/f", O_WRONLY | O_CREAT, 0644)), -ENOENT);
	CHECK_EQ(ERR(open("/bin", O_WRONLY)), -EISDIR);
	fd = open("/bin/sh", O_RDONLY | O_CREAT, 0644);	/* exists: fine */
	CHECK(fd >= 0);
	CHECK_EQ(read(fd, buf, 4), 4);
	CHECK(memcmp(buf, "\177ELF", 4) == 0);
	CHECK_EQ(lseek(fd, 0, SEEK_END) > 1000, 1);
	CHECK_EQ(fsync(fd), 0);
	close(fd);
	CHECK_EQ(ERR(unlink("/bin/sh")), -EROFS);
	CHECK_EQ(ERR(unlink("/nofile")), -EROFS);	/* Linux: EROFS first */
	CHECK_EQ(ERR(unlink("/nodir/f")), -ENOENT);
	CHECK_EQ(ERR(mkdir("/x", 0755)), -EROFS);
	CHECK_EQ(ERR(mkdir("/bin", 0755)), -EEXIST);
	CHECK_EQ(ERR(rmdir("/bin")), -EROFS);
	CHECK_EQ(ERR(rename("/bin/sh", "/bin/sh2")), -EROFS);
	CHECK_EQ(ERR(truncate("/bin/sh", 0)), -EROFS);
	CHECK_EQ(ERR(open("/bin/sh/x", O_RDONLY)), -ENOTDIR);
	CHECK_EQ(ERR(access("/bin/sh", W_OK)), -EROFS);
	CHECK_EQ(access("/bin/sh", R_OK | X_OK), 0);
	CHECK_EQ(ERR(access("/none", F_OK)), -ENOENT);
	CHECK_EQ(stat("/bin/sh", &st), 0);
	CHECK(S_ISREG(st.st_mode) && st.st_size > 1000);
	CHECK(st.st_dev != 0);
	/* exec runs initrd programs only: /tmp is as if mounted noexec */
	CHECK_EQ(make_file("/tmp/prog", "#!"), 0);
	CHECK_EQ(ERR(execl("/tmp/prog", "prog", (char *)NULL)), -EACCES);
	CHECK_EQ(ERR(access("/tmp/prog", X_OK)), -EACCES);
	CHECK_EQ(unlink("/tmp/prog"), 0);
}

static void
test_dev(void)
{
	char buf[64];
	struct stat st;
	int fd = open("/dev/zero", O_RDWR);

	CHECK(fd >= 0);
	memset(buf, 'x', sizeof(buf));
	CHECK_EQ(read(fd, buf, sizeof(buf)), (int)sizeof(buf));
	CHECK(buf[0] == 0 && buf[63] == 0);
	CHECK_EQ(write(fd, "abc", 3), 3);
	CHECK_EQ(lseek(fd, 100, SEEK_SET), 0);
	CHECK_EQ(fstat(fd, &st), 0);
	CHECK(S_ISCHR(st.st_mode));
	CHECK_EQ(st.st_rdev, (1 << 8) | 5);
	close(fd);
	fd = open("/dev/null", O_RDWR | O_TRUNC);
	CHECK(fd >= 0);
	CHECK_EQ(read(fd, buf, sizeof(buf)), 0);
	CHECK_EQ(write(fd, "abc", 3), 3);
	CHECK_EQ(ERR(fsync(fd)), -EINVAL);
	close(fd);
	CHECK_EQ(stat("/dev/null", &st), 0);
	CHECK_EQ(st.st_rdev, (1 << 8) | 3);
	CHECK_EQ(ERR(open("/dev/nothing", O_RDONLY)), -ENOENT);
	CHECK_EQ(ERR(open("/dev/new", O_WRONLY | O_CREAT, 0644)), -EPERM);
	CHECK_EQ(ERR(unlink("/dev/null")), -EPERM);
	CHECK_EQ(ERR(truncate("/dev/null", 0)), -EINVAL);
}

static void
test_stdio(void)
{
	char line[64];
	FILE *f = fopen("/tmp/io", "w");

	CHECK(f != NULL);
	if (!f)
		return;
	fprintf(f, "line %d\n", 1);
	CHECK_EQ(ftell(f), 7);
	CHECK_EQ(fclose(f), 0);
	f = fopen("/tmp/io", "a");
	CHECK(f != NULL);
	if (!f)
		return;
	fprintf(f, "line %d\n", 2);
	CHECK_EQ(fclose(f), 0);
	f = fopen("/tmp/io", "r+");
	CHECK(f != NULL);
	if (!f)
		return;
	CHECK(fgets(line, sizeof(line), f) && strcmp(line, "line 1\n") == 0);
	CHECK_EQ(ftell(f), 7);
	CHECK_EQ(fputs("LINE", f), 0);		/* over "line 2" */
	CHECK_EQ(fseek(f, -3, SEEK_END), 0);
	CHECK(fgets(line, sizeof(line), f) && strcmp(line, " 2\n") == 0);
	CHECK(fgetc(f) == EOF && feof(f));
	rewind(f);
	CHECK(!feof(f));
	CHECK(fgets(line, sizeof(line), f) && strcmp(line, "line 1\n") == 0);
	CHECK(fgets(line, sizeof(line), f) && strcmp(line, "LINE 2\n") == 0);
	CHECK_EQ(fclose(f), 0);
	CHECK_EQ(rename("/tmp/io", "/tmp/io2"), 0);
	CHECK_EQ(remove("/tmp/io2"), 0);
	f = fopen("/tmp/io2", "r");
	CHECK(f == NULL && errno == ENOENT);
	if (f)
		fclose(f);
	f = fopen("/bin/sh", "w");
	CHECK(f == NULL && errno == EROFS);
	if (f)
		fclose(f);
}

/* Fill /tmp to its limit: short writes, then ENOSPC; space comes back
 * when the file goes. */
static void
test_enospc(void)
{
	static char chunk[16384];
	int fd = open("/tmp/big", O_WRONLY | O_CREAT | O_TRUNC, 0644), n;
	long total = 0;

	CHECK(fd >= 0);
	memset(chunk, 'b', sizeof(chunk));
	while ((n = write(fd, chunk, sizeof(chunk))) == (int)sizeof(chunk))
		total += n;
	if (n > 0)
		total += n;
	CHECK_EQ(total, LIMIT);
	CHECK_EQ(ERR(write(fd, chunk, 1)), -ENOSPC);
	n = open("/tmp/more", O_WRONLY | O_CREAT, 0644);
	CHECK(n >= 0);				/* a name needs no page */
	CHECK_EQ(ERR(write(n, "x", 1)), -ENOSPC);
	close(n);
	close(fd);
	CHECK_EQ(unlink("/tmp/more"), 0);
	CHECK_EQ(ftruncate(fd = open("/tmp/big", O_RDWR), LIMIT / 2), 0);
	CHECK_EQ(pwrite(fd, chunk, sizeof(chunk), LIMIT - sizeof(chunk)),
		 (int)sizeof(chunk));		/* room again, in a hole */
	close(fd);
	CHECK_EQ(unlink("/tmp/big"), 0);
	printf("t_fs: ENOSPC after %ld bytes of tmpfs_size=%dK\n", total,
	       LIMIT / 1024);
}

/* An unlinked file stays usable until its last close. */
static void
test_unlinked_open(void)
{
	struct memsnap mid;
	char buf[8];
	struct stat st;
	int fd = open("/tmp/ghost", O_RDWR | O_CREAT, 0644);

	CHECK(fd >= 0);
	CHECK_EQ(write(fd, "boo", 3), 3);
	CHECK_EQ(unlink("/tmp/ghost"), 0);
	CHECK_EQ(ERR(stat("/tmp/ghost", &st)), -ENOENT);
	CHECK_EQ(fstat(fd, &st), 0);
	CHECK_EQ(st.st_nlink, 0);
	CHECK_EQ(write(fd, "!", 1), 1);
	CHECK_EQ(pread(fd, buf, 8, 0), 4);
	CHECK(memcmp(buf, "boo!", 4) == 0);
	CHECK_EQ(memsnap_take(&mid, 0), 0);
	CHECK_EQ(mid.mi.pages[Q_MEM_TMPFS], before.mi.pages[Q_MEM_TMPFS] + 1);
	/* a new file of the same name is another file */
	CHECK_EQ(make_file("/tmp/ghost", "new"), 0);
	CHECK_EQ(pread(fd, buf, 8, 0), 4);
	close(fd);
	CHECK_EQ(unlink("/tmp/ghost"), 0);
}

/* Bad pointers get EFAULT and change nothing. */
static void
test_badptr(void)
{
	char *kernel = (char *)0xc0100000, *unmapped = (char *)0x1000;
	struct stat st;
	int fd;

	CHECK_EQ(ERR(stat(NULL, &st)), -EFAULT);
	CHECK_EQ(ERR(open(kernel, O_RDONLY)), -EFAULT);
	CHECK_EQ(ERR(mkdir(unmapped, 0755)), -EFAULT);
	CHECK_EQ(ERR(rename("/tmp", unmapped)), -EFAULT);
	CHECK_EQ(ERR(chdir(kernel)), -EFAULT);
	CHECK_EQ(ERR(syscall(SYS_stat, "/bin/sh", kernel)), -EFAULT);
	CHECK_EQ(ERR(syscall(SYS_getcwd, unmapped, 64)), -EFAULT);
	fd = open("/tmp/bp", O_RDWR | O_CREAT, 0644);
	CHECK(fd >= 0);
	CHECK_EQ(write(fd, "keep", 4), 4);
	CHECK_EQ(ERR(pwrite(fd, unmapped, 4, 0)), -EFAULT);
	CHECK_EQ(ERR(write(fd, kernel, 4)), -EFAULT);
	CHECK_EQ(ERR(pread(fd, kernel, 4, 0)), -EFAULT);
	CHECK_EQ(ERR(read(fd, unmapped, 4)), 0);	/* at the end: nothing */
	CHECK_EQ(fstat(fd, &st), 0);
	CHECK_EQ(st.st_size, 4);
	CHECK_EQ(lseek(fd, 0x7fffffff, SEEK_SET), 0x7fffffff);
	CHECK_EQ(ERR(write(fd, "x", 1)), -EFBIG);
	CHECK_EQ(ERR(lseek(fd, 1, SEEK_CUR)), -EINVAL);
	close(fd);
	CHECK_EQ(unlink("/tmp/bp"), 0);
}

/* Two processes append 100-byte records with O_APPEND: none is lost or
 * torn (writes to one file are atomic with respect to each other). */
static void
test_append_race(void)
{
	char rec[100], buf[100];
	int fd, st, bad = 0;
	struct stat s;

	fd = open("/tmp/log", O_WRONLY | O_CREAT | O_APPEND, 0644);
	CHECK(fd >= 0);
	for (int who = 0; who < 2; who++)
		if (fork() == 0) {
			memset(rec, 'A' + who, sizeof(rec));
			rec[99] = '\n';
			for (int i = 0; i < 200; i++)
				if (write(fd, rec, sizeof(rec)) != sizeof(rec))
					_exit(1);
			_exit(0);
		}
	for (int i = 0; i < 2; i++) {
		CHECK(wait(&st) > 0);
		CHECK_EQ(st, 0);
	}
	close(fd);
	CHECK_EQ(stat("/tmp/log", &s), 0);
	CHECK_EQ(s.st_size, 400 * 100);
	fd = open("/tmp/log", O_RDONLY);
	while (read(fd, buf, sizeof(buf)) == sizeof(buf))
		for (int i = 1; i < 99; i++)
			bad += buf[i] != buf[0];
	close(fd);
	CHECK_EQ(bad, 0);
	CHECK_EQ(unlink("/tmp/log"), 0);
}

/* The checks, in a child: the pages its own stack, heap and buffers use
 * come back when it is reaped, so the parent's snapshots see the kernel's
 * memory alone. */
static void
run_checks(void)
{
	test_create_rw();
	test_seek();
	test_dirs();
	test_rename();
	test_cwd();
	test_readonly();
	test_dev();
	test_stdio();
	test_enospc();
	test_unlinked_open();
	test_badptr();
	test_append_race();
	check_done("t_fs");
}

int
main(void)
{
	int st = 1, bad;
	pid_t pid;

	printf("t_fs: start\n");		/* stdout's buffer, before */
	memset(&after, 0, sizeof(after));	/* its pages, before */
	if (memsnap_take(&before, 1) < 0 || before.n == 0)
		return printf("t_fs: no meminfo\n"), 1;
	fflush(stdout);
	if ((pid = fork()) == 0)
		run_checks();
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return printf("t_fs: fork or wait failed\n"), 1;
	if (memsnap_take(&after, 1) < 0)
		return printf("t_fs: no meminfo\n"), 1;
	bad = memsnap_diff("t_fs", &before, &after, 0);
	printf("t_fs: tmpfs pages %u -> %u, free + slab pages %u -> %u: %s\n",
	       before.mi.pages[Q_MEM_TMPFS], after.mi.pages[Q_MEM_TMPFS],
	       before.mi.free_pages + before.mi.pages[Q_MEM_SLAB],
	       after.mi.free_pages + after.mi.pages[Q_MEM_SLAB],
	       bad ? "DIFFERENT" : "same");
	return st != 0 || bad != 0;
}
