/*
 * fdtable.c - per-process descriptor tables that grow on demand.
 *
 * A table starts with NOFILE_INIT inline slots and doubles (kmalloc'd)
 * when a descriptor beyond its capacity is needed, up to the process's
 * RLIMIT_NOFILE soft limit (files->max): a lookup stays one bounds check
 * and one load.  As in Linux (fs/file.c, expand_files), the table never
 * shrinks while the process lives, and next_free remembers the lowest
 * slot that may be free so that opening a descriptor does not rescan the
 * low, busy part of a large table.  The FD_CLOEXEC bits sit in a bitmap
 * beside the slots, as Linux's close_on_exec bitmap does.
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "kernel/file.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/vfs.h"

struct files *
files_create(void)
{
	struct files *fs = kzalloc(sizeof(*fs));

	if (!fs)
		return NULL;
	spin_init(&fs->lock, "files");
	fs->fd = fs->small;
	fs->cloexec = fs->small_cloexec;
	fs->cap = NOFILE_INIT;
	fs->max = NOFILE_SOFT;
	fs->refs = 1;
	return fs;
}

static size_t
bitmap_bytes(int cap)
{
	return (size_t)(cap / 32) * sizeof(uint32_t);
}

/* Swap in arrays of newcap slots (slots and bitmap in one block).  Caller
 * holds fs->lock; the block was allocated without it. */
static void
table_install(struct files *fs, void *block, int newcap)
{
	struct file **fd = block;
	uint32_t *bits = (uint32_t *)(fd + newcap);

	memset(fd, 0, (size_t)newcap * sizeof(*fd));
	memset(bits, 0, bitmap_bytes(newcap));
	memcpy(fd, fs->fd, (size_t)fs->cap * sizeof(*fd));
	memcpy(bits, fs->cloexec, bitmap_bytes(fs->cap));
	if (fs->fd != fs->small)
		kfree(fs->fd);
	fs->fd = fd;
	fs->cloexec = bits;
	fs->cap = newcap;
}

/* Make slot fd exist.  Caller holds fs->lock, which this may drop and
 * take again (to allocate): the caller looks at the table afresh after.
 * 0 or -ENOMEM. */
static int
table_grow(struct files *fs, int fd)
{
	int newcap = fs->cap;
	void *block;

	while (newcap <= fd)
		newcap *= 2;
	if (newcap > NR_OPEN)
		newcap = NR_OPEN;
	spin_unlock(&fs->lock);
	block = kmalloc((size_t)newcap * sizeof(struct file *) +
			bitmap_bytes(newcap));
	spin_lock(&fs->lock);
	if (!block)
		return -ENOMEM;
	if (fs->cap >= newcap)		/* another thread grew it meanwhile */
		kfree(block);
	else
		table_install(fs, block, newcap);
	return 0;
}

static void
cloexec_assign(struct files *fs, int fd, int on)
{
	uint32_t bit = 1u << (fd % 32);

	if (on)
		fs->cloexec[fd / 32] |= bit;
	else
		fs->cloexec[fd / 32] &= ~bit;
}

struct files *
files_copy(struct files *src)
{
	struct files *fs = files_create();

	if (!fs)
		return NULL;
	if (vfs_cwd_copy(fs, src) < 0) {	/* takes src->lock itself */
		files_put(fs);
		return NULL;
	}
	spin_lock(&src->lock);
	while (fs->cap < src->cap) {
		/* fs is private to us: no thread can race the growth */
		spin_lock(&fs->lock);
		if (table_grow(fs, src->cap - 1) < 0) {
			spin_unlock(&fs->lock);
			spin_unlock(&src->lock);
			files_put(fs);
			return NULL;
		}
		spin_unlock(&fs->lock);
	}
	for (int i = 0; i < src->cap; i++)
		if ((fs->fd[i] = src->fd[i]))
			file_get(fs->fd[i]);
	memcpy(fs->cloexec, src->cloexec, bitmap_bytes(src->cap));
	fs->max = src->max;
	fs->next_free = src->next_free;
	spin_unlock(&src->lock);
	return fs;
}

void
files_put(struct files *fs)
{
	if (__atomic_sub_fetch(&fs->refs, 1, __ATOMIC_SEQ_CST) > 0)
		return;
	for (int i = 0; i < fs->cap; i++)
		if (fs->fd[i])
			file_put(fs->fd[i]);
	if (fs->fd != fs->small)
		kfree(fs->fd);
	kfree(fs->cwd);
	kfree(fs);
}

void
files_close_on_exec(struct files *fs)
{
	for (int fd = 0; fd < fs->cap; fd++) {
		struct file *f = NULL;
		spin_lock(&fs->lock);
		if (fs->cloexec[fd / 32] & (1u << (fd % 32))) {
			f = fs->fd[fd];
			fs->fd[fd] = NULL;
			cloexec_assign(fs, fd, 0);
			if (fd < fs->next_free)
				fs->next_free = fd;
		}
		spin_unlock(&fs->lock);
		if (f)
			file_put(f);	/* may wake a pipe peer: no lock held */
	}
}

void
files_set_max(struct files *fs, int max)
{
	spin_lock(&fs->lock);
	fs->max = max > NR_OPEN ? NR_OPEN : max;
	spin_unlock(&fs->lock);
}

int
fd_install_flags(struct files *fs, struct file *f, int min, int cloexec)
{
	int fd;

	spin_lock(&fs->lock);
	for (;;) {
		fd = min > fs->next_free ? min : fs->next_free;
		while (fd < fs->cap && fd < fs->max && fs->fd[fd])
			fd++;
		if (fd >= fs->max) {
			fd = -EMFILE;
			break;
		}
		if (fd < fs->cap)
			break;
		if (table_grow(fs, fd) < 0) {
			fd = -ENOMEM;
			break;
		}
	}
	if (fd >= 0) {
		fs->fd[fd] = f;
		cloexec_assign(fs, fd, cloexec);
		if (min <= fs->next_free)
			fs->next_free = fd + 1;
	}
	spin_unlock(&fs->lock);
	return fd;
}

int
fd_install(struct files *fs, struct file *f, int min)
{
	return fd_install_flags(fs, f, min, 0);
}

int
fd_replace(struct files *fs, int fd, struct file *f, int cloexec,
	   struct file **old)
{
	int err = 0;

	*old = NULL;
	spin_lock(&fs->lock);
	while (err == 0 && fd >= 0 && fd < fs->max && fd >= fs->cap)
		err = table_grow(fs, fd);
	if (err == 0 && (fd < 0 || fd >= fs->max))
		err = -EBADF;
	if (err == 0) {
		*old = fs->fd[fd];
		fs->fd[fd] = f;
		cloexec_assign(fs, fd, cloexec);
	}
	spin_unlock(&fs->lock);
	return err;
}

struct file *
fd_remove(struct files *fs, int fd)
{
	struct file *f = NULL;

	spin_lock(&fs->lock);
	if (fd >= 0 && fd < fs->cap && (f = fs->fd[fd])) {
		fs->fd[fd] = NULL;
		cloexec_assign(fs, fd, 0);
		if (fd < fs->next_free)
			fs->next_free = fd;
	}
	spin_unlock(&fs->lock);
	return f;
}

int
fd_close(struct files *fs, int fd)
{
	struct file *f = fd_remove(fs, fd);

	if (!f)
		return -EBADF;
	file_put(f);
	return 0;
}

struct file *
fd_get(struct files *fs, int fd)
{
	struct file *f = NULL;

	if (!fs || fd < 0)
		return NULL;
	spin_lock(&fs->lock);
	if (fd < fs->cap && (f = fs->fd[fd]))
		file_get(f);
	spin_unlock(&fs->lock);
	return f;
}

int
fd_get_cloexec(struct files *fs, int fd)
{
	int r = -EBADF;

	spin_lock(&fs->lock);
	if (fd >= 0 && fd < fs->cap && fs->fd[fd])
		r = (fs->cloexec[fd / 32] >> (fd % 32)) & 1;
	spin_unlock(&fs->lock);
	return r;
}

int
fd_set_cloexec(struct files *fs, int fd, int on)
{
	int r = -EBADF;

	spin_lock(&fs->lock);
	if (fd >= 0 && fd < fs->cap && fs->fd[fd]) {
		cloexec_assign(fs, fd, on);
		r = 0;
	}
	spin_unlock(&fs->lock);
	return r;
}
