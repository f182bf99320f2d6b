/*
 * initrdfs.c - the initrd as the root file system: read-only, its files
 * read in place from the boot module (kernel/initrd.c parses it).
 *
 * Read-only as a Linux mount with "ro": every change fails with EROFS
 * (kernel/vfs.c answers for the ops left out here).  The archive carries
 * no times; they read as 0 (1970-01-01), as its mtime fields say.
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/file.h"
#include "kernel/initrd.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/vfs.h"

static int
is_dir(const struct initrd_entry *e)
{
	return (e->mode & Q_S_IFMT) == Q_S_IFDIR;
}

static int
initrd_pread(struct file *f, char *ubuf, size_t n, uint32_t off)
{
	const struct initrd_entry *e = f->priv;

	if (off >= e->size)
		return 0;
	if (n > e->size - off)
		n = e->size - off;
	if (copy_to_user(ubuf, e->data + off, n) < 0)
		return -EFAULT;
	return (int)n;
}

static int
initrd_read(struct file *f, char *ubuf, size_t n)
{
	int r = initrd_pread(f, ubuf, n, f->off);

	if (r > 0)
		f->off += (uint32_t)r;
	return r;
}

static void
entry_stat(const struct initrd_entry *e, struct q_stat *st)
{
	st->st_mode = e->mode;
	st->st_ino = e->ino;
	st->st_nlink = is_dir(e) ? 2 : 1;
	st->st_size = e->size;
	st->st_dev = VFS_DEV_INITRD;
	st->st_blksize = 4096;
	st->st_blocks = (e->size + 511) / 512;
}

static void
initrd_stat(struct file *f, struct q_stat *st)
{
	entry_stat(f->priv, st);
}

static int32_t
initrd_lseek(struct file *f, int32_t off, int whence)
{
	const struct initrd_entry *e = f->priv;

	return file_seek(f, off, whence, is_dir(e) ? 0 : e->size);
}

/* A directory's offset counts the entries handed out. */
static int
initrd_getdents(struct file *f, struct q_dirent *d)
{
	const struct initrd_entry *c = initrd_child(f->priv, (int)f->off);
	const char *base;

	if (!c)
		return 0;
	f->off++;
	base = strrchr(c->name, '/') + 1;
	d->d_ino = c->ino;
	d->d_type = is_dir(c) ? Q_DT_DIR : Q_DT_REG;
	strlcpy(d->d_name, base, sizeof(d->d_name));
	return 1;
}

static const struct file_ops initrd_file_ops = {
	.read = initrd_read, .stat = initrd_stat, .poll = file_poll_ready,
	.lseek = initrd_lseek, .pread = initrd_pread, .fsync = file_fsync_nop,
};

static int
dir_read(struct file *f, char *ubuf, size_t n)
{
	(void)f, (void)ubuf, (void)n;
	return -EISDIR;
}

static const struct file_ops initrd_dir_ops = {
	.read = dir_read, .stat = initrd_stat, .poll = file_poll_ready,
	.getdents = initrd_getdents, .lseek = initrd_lseek,
	.fsync = file_fsync_nop,
};

/* rest's entry, or NULL with -ENOENT, or -ENOTDIR when a component on
 * the way is a file. */
static const struct initrd_entry *
lookup(const char *rest, int *err)
{
	const struct initrd_entry *e = initrd_lookup(rest), *p;

	if (e)
		return e;
	*err = -ENOENT;
	for (const char *s = strchr(rest, '/'); s; s = strchr(s + 1, '/'))
		if ((p = initrd_lookup_n(rest, (size_t)(s - rest))) &&
		    !is_dir(p)) {
			*err = -ENOTDIR;
			break;
		}
	return NULL;
}

static struct file *
initrdfs_open(const char *rest, int flags, int *err)
{
	const struct initrd_entry *e = lookup(rest, err);
	struct file *f;

	if (!e)
		return NULL;
	if ((flags & Q_O_DIRECTORY) && !is_dir(e)) {
		*err = -ENOTDIR;
		return NULL;
	}
	f = file_alloc(is_dir(e) ? &initrd_dir_ops : &initrd_file_ops,
		       (void *)e, 1, 0);
	if (!f)
		*err = -ENOMEM;
	return f;
}

static int
initrdfs_stat(const char *rest, struct q_stat *st)
{
	int err;
	const struct initrd_entry *e = lookup(rest, &err);

	if (!e)
		return err;
	entry_stat(e, st);
	return 0;
}

const struct vfs_type initrdfs_type = {
	.name = "initrd", .readonly = 1,
	.open = initrdfs_open, .stat = initrdfs_stat,
};
