/*
 * file.c - open files and the simple file kinds: initrd files and
 * directories, /dev/null, /dev/console.  Descriptor tables: fdtable.c.
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/console.h"
#include "kernel/file.h"
#include "kernel/initrd.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/printk.h"

struct file *
file_alloc(const struct file_ops *ops, void *priv, int rd, int wr)
{
	struct file *f = kzalloc(sizeof(*f));

	if (!f)
		return NULL;
	f->ops = ops;
	f->priv = priv;
	f->refs = 1;
	f->readable = rd;
	f->writable = wr;
	return f;
}

void
file_get(struct file *f)
{
	__atomic_fetch_add(&f->refs, 1, __ATOMIC_SEQ_CST);
}

void
file_put(struct file *f)
{
	if (__atomic_sub_fetch(&f->refs, 1, __ATOMIC_SEQ_CST) > 0)
		return;
	if (f->ops->close)
		f->ops->close(f);
	kfree(f);
}

/* ---- initrd files and directories ---- */

static int
initrd_read(struct file *f, char *ubuf, size_t n)
{
	const struct initrd_entry *e = f->priv;

	if (f->off >= e->size)
		return 0;
	if (n > e->size - f->off)
		n = e->size - f->off;
	if (copy_to_user(ubuf, e->data + f->off, n) < 0)
		return -EFAULT;
	f->off += (uint32_t)n;
	return (int)n;
}

static void
initrd_stat(struct file *f, struct q_stat *st)
{
	const struct initrd_entry *e = f->priv;

	st->st_mode = e->mode;
	st->st_ino = e->ino;
	st->st_nlink = 1;
	st->st_size = e->size;
}

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
	d->d_type = (c->mode & Q_S_IFMT) == Q_S_IFDIR ? Q_DT_DIR : Q_DT_REG;
	strlcpy(d->d_name, base, sizeof(d->d_name));
	return 1;
}

static int
ready_rw(struct file *f)
{
	(void)f;
	return Q_POLLIN | Q_POLLOUT;
}

static const struct file_ops initrd_ops = {
	.read = initrd_read, .stat = initrd_stat, .poll = ready_rw,
	.getdents = initrd_getdents,
};

/* ---- /dev/null and /dev/console ---- */

static int
null_read(struct file *f, char *ubuf, size_t n)
{
	(void)f, (void)ubuf, (void)n;
	return 0;
}

static int
null_write(struct file *f, const char *ubuf, size_t n)
{
	(void)f, (void)ubuf;
	return (int)n;
}

static void
chr_stat(struct file *f, struct q_stat *st)
{
	(void)f;
	st->st_mode = Q_S_IFCHR | 0666;
	st->st_nlink = 1;
}

static const struct file_ops null_ops = {
	.read = null_read, .write = null_write, .stat = chr_stat,
	.poll = ready_rw,
};

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
	.read = cons_read, .write = cons_write, .stat = chr_stat,
	.poll = cons_poll, .ioctl = cons_ioctl,
};

struct file *
console_file(int rd, int wr)
{
	return file_alloc(&console_ops, NULL, rd, wr);
}

struct file *
vfs_open(const char *path, int flags, int *err)
{
	int acc = flags & Q_O_ACCMODE;
	int rd = acc == Q_O_RDONLY || acc == Q_O_RDWR;
	int wr = acc == Q_O_WRONLY || acc == Q_O_RDWR;
	const struct initrd_entry *e;
	struct file *f;

	*err = -ENOMEM;
	if (strcmp(path, "/dev/null") == 0)
		return file_alloc(&null_ops, NULL, rd, wr);
	if (strcmp(path, "/dev/console") == 0 || strcmp(path, "/dev/tty") == 0)
		return console_file(rd, wr);
	e = initrd_lookup(path);
	if (!e) {
		*err = -ENOENT;
		return NULL;
	}
	if (wr || (flags & (Q_O_CREAT | Q_O_TRUNC))) {
		*err = (e->mode & Q_S_IFMT) == Q_S_IFDIR ? -EISDIR : -EROFS;
		return NULL;
	}
	if ((flags & Q_O_DIRECTORY) && (e->mode & Q_S_IFMT) != Q_S_IFDIR) {
		*err = -ENOTDIR;
		return NULL;
	}
	f = file_alloc(&initrd_ops, (void *)e, 1, 0);
	return f;
}
