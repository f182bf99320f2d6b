/*
 * file.c - open files and descriptor tables.  The kinds of file live
 * elsewhere: kernel/vfs.c finds them by name; kernel/initrdfs.c,
 * ramfs.c (with ramfs_file.c) and devfs.c implement them; kernel/pipe.c
 * makes pipes.
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/file.h"
#include "kernel/kmalloc.h"
#include "kernel/vfs.h"

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
	kfree(f->path);
	kfree(f);
}

struct files *
files_create(void)
{
	struct files *fs = kzalloc(sizeof(*fs));

	if (!fs)
		return NULL;
	spin_init(&fs->lock, "files");
	fs->refs = 1;
	return fs;
}

struct files *
files_copy(struct files *src)
{
	struct files *fs = files_create();

	if (!fs)
		return NULL;
	if (vfs_cwd_copy(fs, src) < 0) {
		files_put(fs);
		return NULL;
	}
	spin_lock(&src->lock);
	for (int i = 0; i < NOFILE; i++)
		if ((fs->fd[i] = src->fd[i]))
			file_get(fs->fd[i]);
	spin_unlock(&src->lock);
	return fs;
}

void
files_put(struct files *fs)
{
	if (__atomic_sub_fetch(&fs->refs, 1, __ATOMIC_SEQ_CST) > 0)
		return;
	for (int i = 0; i < NOFILE; i++)
		if (fs->fd[i])
			file_put(fs->fd[i]);
	kfree(fs->cwd);
	kfree(fs);
}

int
fd_install(struct files *fs, struct file *f, int min)
{
	int fd = -EMFILE;

	spin_lock(&fs->lock);
	for (int i = min; i < NOFILE; i++)
		if (!fs->fd[i]) {
			fs->fd[i] = f;
			fd = i;
			break;
		}
	spin_unlock(&fs->lock);
	return fd;
}

struct file *
fd_get(struct files *fs, int fd)
{
	struct file *f = NULL;

	if (!fs || fd < 0 || fd >= NOFILE)
		return NULL;
	spin_lock(&fs->lock);
	if ((f = fs->fd[fd]))
		file_get(f);
	spin_unlock(&fs->lock);
	return f;
}

int32_t
file_seek(struct file *f, int32_t off, int whence, uint32_t size)
{
	int64_t pos;

	if (whence == Q_SEEK_SET)
		pos = off;
	else if (whence == Q_SEEK_CUR)
		pos = (int64_t)f->off + off;
	else if (whence == Q_SEEK_END)
		pos = (int64_t)size + off;
	else
		return -EINVAL;
	if (pos < 0 || pos > FILE_MAX_SIZE)
		return -EINVAL;
	f->off = (uint32_t)pos;
	return (int32_t)pos;
}

int
file_poll_ready(struct file *f)
{
	(void)f;
	return Q_POLLIN | Q_POLLOUT;
}

int
file_fsync_nop(struct file *f)
{
	(void)f;
	return 0;
}
