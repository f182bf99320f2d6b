/*
 * devfs.c - /dev: the console, /dev/tty, /dev/null and /dev/zero.
 *
 * The set of devices is fixed: creating, removing or renaming anything in
 * /dev fails with EPERM (kernel/vfs.c).  Device numbers are Linux's
 * (docs/reference/vfs.md): null 1:3, zero 1:5, tty 5:0,
 * console 5:1.  As on Linux, lseek on null and zero succeeds and leaves
 * the offset at 0, O_TRUNC is ignored, the console does not seek (ESPIPE),
 * and none of them has an fsync (EINVAL).
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/console.h"
#include "kernel/file.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/printk.h"
#include "kernel/vfs.h"

struct dev {
	const char *name;
	uint32_t rdev;			/* major << 8 | minor */
	const struct file_ops *ops;
};

static void
dev_stat(struct file *f, struct q_stat *st)
{
	const struct dev *d = f->priv;

	st->st_mode = Q_S_IFCHR | 0666;
	st->st_nlink = 1;
	st->st_dev = VFS_DEV_DEV;
	st->st_rdev = d->rdev;
	st->st_ino = d->rdev;
	st->st_blksize = 4096;
}

static int32_t
dev_lseek_zero(struct file *f, int32_t off, int whence)
{
	(void)off, (void)whence;
	f->off = 0;
	return 0;
}

/* ---- /dev/null: reads end at once, writes vanish ---- */

static int
null_pread(struct file *f, char *ubuf, size_t n, uint32_t off)
{
	(void)f, (void)ubuf, (void)n, (void)off;
	return 0;
}

static int
null_read(struct file *f, char *ubuf, size_t n)
{
	return null_pread(f, ubuf, n, 0);
}

static int
null_pwrite(struct file *f, const char *ubuf, size_t n, uint32_t off)
{
	(void)f, (void)ubuf, (void)off;
	return (int)n;
}

static int
null_write(struct file *f, const char *ubuf, size_t n)
{
	return null_pwrite(f, ubuf, n, 0);
}

static const struct file_ops null_ops = {
	.read = null_read, .write = null_write, .stat = dev_stat,
	.poll = file_poll_ready, .lseek = dev_lseek_zero, .pread = null_pread,
	.pwrite = null_pwrite,
};

/* ---- /dev/zero: reads fill with zeroes, writes vanish ---- */

static int
zero_pread(struct file *f, char *ubuf, size_t n, uint32_t off)
{
	static const char zeroes[512];
	size_t done = 0;

	(void)f, (void)off;
	while (done < n) {
		size_t k = n - done > sizeof(zeroes) ? sizeof(zeroes) : n - done;
		if (copy_to_user(ubuf + done, zeroes, k) < 0)
			return done ? (int)done : -EFAULT;
		done += k;
	}
	return (int)n;
}

static int
zero_read(struct file *f, char *ubuf, size_t n)
{
	return zero_pread(f, ubuf, n, 0);
}

static const struct file_ops zero_ops = {
	.read = zero_read, .write = null_write, .stat = dev_stat,
	.poll = file_poll_ready, .lseek = dev_lseek_zero, .pread = zero_pread,
	.pwrite = null_pwrite,
};

/* ---- the console ---- */

static int
cons_read(struct file *f, char *ubuf, size_t n)
{
	(void)f;
	return console_read(ubuf, n);
}

static int
cons_write(struct file *f, const char *ubuf, size_t n)
{
	char buf[256];
	size_t done = 0;

	(void)f;
	while (done < n) {
		size_t chunk = n - done > sizeof(buf) ? sizeof(buf) : n - done;
		if (copy_from_user(buf, ubuf + done, chunk) < 0)
			return done ? (int)done : -EFAULT;
		console_write(buf, chunk);
		done += chunk;
	}
	return (int)n;
}

static int
cons_poll(struct file *f)
{
	(void)f;
	return Q_POLLOUT | (console_input_ready() ? Q_POLLIN : 0);
}

static int
cons_ioctl(struct file *f, uint32_t req, uint32_t arg)
{
	(void)f;
	return console_ioctl(req, arg);
}

static const struct file_ops console_ops = {
	.read = cons_read, .write = cons_write, .stat = dev_stat,
	.poll = cons_poll, .ioctl = cons_ioctl,
};

static const struct dev devs[] = {
	{ "console", 5 << 8 | 1, &console_ops },
	{ "null", 1 << 8 | 3, &null_ops },
	{ "tty", 5 << 8 | 0, &console_ops },
	{ "zero", 1 << 8 | 5, &zero_ops },
};
#define NDEVS	(sizeof(devs) / sizeof(devs[0]))

struct file *
console_file(int rd, int wr)
{
	return file_alloc(&console_ops, (void *)&devs[0], rd, wr);
}

/* ---- the directory /dev itself ---- */

static void
dir_stat(struct file *f, struct q_stat *st)
{
	(void)f;
	st->st_mode = Q_S_IFDIR | 0755;
	st->st_nlink = 2;
	st->st_ino = 1;
	st->st_dev = VFS_DEV_DEV;
	st->st_blksize = 4096;
}

static int
dir_getdents(struct file *f, struct q_dirent *d)
{
	const struct dev *e;

	if (f->off >= NDEVS)
		return 0;
	e = &devs[f->off++];
	d->d_ino = e->rdev;
	d->d_type = Q_DT_CHR;
	strlcpy(d->d_name, e->name, sizeof(d->d_name));
	return 1;
}

static int32_t
dir_lseek(struct file *f, int32_t off, int whence)
{
	return file_seek(f, off, whence, 0);
}

static const struct file_ops dir_ops = {
	.stat = dir_stat, .poll = file_poll_ready, .getdents = dir_getdents,
	.lseek = dir_lseek, .fsync = file_fsync_nop,
};

static struct file *
devfs_open(const char *rest, int flags, int *err)
{
	int acc = flags & Q_O_ACCMODE;
	int rd = acc == Q_O_RDONLY || acc == Q_O_RDWR;
	int wr = acc == Q_O_WRONLY || acc == Q_O_RDWR;
	struct file *f = NULL;
	size_t i;

	if (!rest[0]) {
		f = file_alloc(&dir_ops, NULL, 1, 0);
	} else {
		const char *slash = strchr(rest, '/');
		size_t len = slash ? (size_t)(slash - rest) : strlen(rest);
		for (i = 0; i < NDEVS; i++)
			if (strlen(devs[i].name) == len &&
			    strncmp(devs[i].name, rest, len) == 0)
				break;
		if (i == NDEVS || slash) {
			*err = i == NDEVS ? -ENOENT : -ENOTDIR;
			return NULL;
		}
		if (flags & Q_O_DIRECTORY) {
			*err = -ENOTDIR;
			return NULL;
		}
		f = file_alloc(devs[i].ops, (void *)&devs[i], rd, wr);
	}
	if (!f)
		*err = -ENOMEM;
	return f;
}

const struct vfs_type devfs_type = {
	.name = "dev", .open = devfs_open,
};
