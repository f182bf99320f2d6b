/*
 * ramfs_file.c - the data of /tmp's files and their open files.
 *
 * A regular file's bytes are in whole pages, allocated on first write:
 * holes read as zeroes, as sparse files on Linux.  Data pages count
 * against a limit, "tmpfs_size=N[k|m|g|%]" on the command line (tmpfs's
 * size= option, by default half of RAM, 0 for no limit but memory;
 * docs/reference/vfs.md): a write that needs a page beyond it gets
 * ENOSPC (or the bytes it wrote).  The pages are owned by Q_MEM_TMPFS in
 * SYS_meminfo.  Reads and writes of one file hold its busy flag
 * (kernel/ramfs.h), so they may fault on user memory and sleep, and stay
 * atomic with respect to each other, as POSIX asks.
 */
#include <stddef.h>
#include <stdint.h>
#include "arch/x86/mmu.h"
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/cmdline.h"
#include "kernel/file.h"
#include "kernel/frame.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/printk.h"
#include "kernel/ramfs.h"
#include "kernel/vfs.h"

/* relatime (Linux's default): a read moves atime when it is not newer
 * than mtime or ctime, or a day old (docs/reference/vfs.md) */
#define RELATIME_NS	(24ull * 3600 * 1000000000)

static uint32_t pages_used, pages_limit;	/* limit 0: none */

/* ---- the data lock ---- */

/* Take n's busy flag; always 0.  A Linux write takes the inode's lock
 * uninterruptibly (inode_lock, a down_write): so does this wait, and the
 * policy hears of it (O(1) 2.6.0's activated -1). */
static int
node_lock(struct rnode *n)
{
	spin_lock(&ramfs_lock);
	while (n->busy)
		waitq_sleep_unint(&n->busy_wait, &ramfs_lock);
	n->busy = 1;
	spin_unlock(&ramfs_lock);
	return 0;
}

static void
node_unlock(struct rnode *n)
{
	spin_lock(&ramfs_lock);
	n->busy = 0;
	if (!list_empty(&n->busy_wait.sleepers))
		waitq_wake_n(&n->busy_wait, 1, 0);
	spin_unlock(&ramfs_lock);
}

/* ---- pages ---- */

/* Free pages[first..] (caller holds the busy flag, or is the last
 * user); returns how many were allocated. */
static uint32_t
free_pages_from(struct rnode *n, uint32_t first)
{
	uint32_t freed = 0;

	for (uint32_t i = first; i < n->nslots; i++)
		if (n->pages[i]) {
			page_free(n->pages[i]);
			n->pages[i] = NULL;
			freed++;
		}
	return freed;
}

void
ramfs_node_free(struct rnode *n)
{
	uint32_t freed = free_pages_from(n, 0);

	spin_lock(&ramfs_lock);
	pages_used -= freed;
	spin_unlock(&ramfs_lock);
	kfree(n->pages);
	kfree(n);
}

/* Room for slot index i in pages[]; 0 or -ENOSPC. */
static int
grow_slots(struct rnode *n, uint32_t i)
{
	uint32_t want = n->nslots ? n->nslots : 8;
	char **p;

	if (i < n->nslots)
		return 0;
	while (want <= i)
		want *= 2;
	if (!(p = kzalloc(want * sizeof(*p))))
		return -ENOSPC;
	if (n->nslots)
		memcpy(p, n->pages, n->nslots * sizeof(*p));
	kfree(n->pages);
	n->pages = p;
	n->nslots = want;
	return 0;
}

/* The page holding byte offset off, allocated if it is a hole; NULL
 * when the limit or memory is exhausted. */
static char *
page_for_write(struct rnode *n, uint32_t off)
{
	uint32_t i = off / PGSIZE;
	int ok;

	if (grow_slots(n, i) < 0)
		return NULL;
	if (n->pages[i])
		return n->pages[i];
	spin_lock(&ramfs_lock);
	ok = !pages_limit || pages_used < pages_limit;
	pages_used += ok;
	spin_unlock(&ramfs_lock);
	if (ok && !(n->pages[i] = page_alloc_for(Q_MEM_TMPFS))) {
		spin_lock(&ramfs_lock);
		pages_used--;
		spin_unlock(&ramfs_lock);
	}
	if (n->pages[i])
		n->npages++;
	return n->pages[i];
}

/* ---- reading and writing (busy flag held) ---- */

static int
node_read(struct rnode *n, char *ubuf, size_t len, uint32_t off)
{
	static const char zeroes[512];
	size_t done = 0;

	if (off >= n->size)
		return 0;
	if (len > n->size - off)
		len = n->size - off;
	while (done < len) {
		uint32_t pos = off + (uint32_t)done, po = pos % PGSIZE;
		uint32_t i = pos / PGSIZE;
		size_t k = len - done < PGSIZE - po ? len - done : PGSIZE - po;
		const char *src = i < n->nslots ? n->pages[i] : NULL;
		if (!src && k > sizeof(zeroes))
			k = sizeof(zeroes);
		if (copy_to_user(ubuf + done, src ? src + po : zeroes, k) < 0)
			return done ? (int)done : -EFAULT;
		done += k;
	}
	return (int)done;
}

static int
node_write(struct rnode *n, const char *ubuf, size_t len, uint32_t off)
{
	size_t done = 0;
	int err = 0;

	if (off >= FILE_MAX_SIZE && len)
		return -EFBIG;
	if (len > FILE_MAX_SIZE - off)
		len = FILE_MAX_SIZE - off;
	while (done < len) {
		uint32_t pos = off + (uint32_t)done, po = pos % PGSIZE;
		size_t k = len - done < PGSIZE - po ? len - done : PGSIZE - po;
		char *page = page_for_write(n, pos);
		if (!page) {
			err = -ENOSPC;
			break;
		}
		if (copy_from_user(page + po, ubuf + done, k) < 0) {
			if (pos >= n->size)	/* keep what is past the end 0 */
				memset(page + po, 0, k);
			err = -EFAULT;
			break;
		}
		done += k;
		spin_lock(&ramfs_lock);
		if (pos + k > n->size)
			n->size = pos + (uint32_t)k;
		spin_unlock(&ramfs_lock);
	}
	if (done) {
		spin_lock(&ramfs_lock);
		n->mtime = n->ctime = ramfs_now();
		spin_unlock(&ramfs_lock);
	}
	return done ? (int)done : err;
}

/* Cut or extend to len (busy flag held).  What is cut is freed, and the
 * rest of the last page cleared, so an extension reads zeroes. */
static int
node_truncate(struct rnode *n, uint32_t len)
{
	uint32_t keep = (len + PGSIZE - 1) / PGSIZE, freed = 0;

	if (len > FILE_MAX_SIZE)
		return -EFBIG;
	if (len < n->size) {
		freed = free_pages_from(n, keep);
		if (len % PGSIZE && keep - 1 < n->nslots && n->pages[keep - 1])
			memset(n->pages[keep - 1] + len % PGSIZE, 0,
			       PGSIZE - len % PGSIZE);
	}
	spin_lock(&ramfs_lock);
	n->npages -= freed;
	pages_used -= freed;
	n->size = len;
	n->mtime = n->ctime = ramfs_now();
	spin_unlock(&ramfs_lock);
	return 0;
}

/* ---- open files ---- */

static int
rf_pread(struct file *f, char *ubuf, size_t len, uint32_t off)
{
	struct rnode *n = f->priv;
	int r = node_lock(n);

	if (r < 0)
		return r;
	r = node_read(n, ubuf, len, off);
	spin_lock(&ramfs_lock);
	if (n->atime <= n->mtime || n->atime <= n->ctime ||
	    ramfs_now() - n->atime >= RELATIME_NS)
		n->atime = ramfs_now();
	spin_unlock(&ramfs_lock);
	node_unlock(n);
	return r;
}

static int
rf_read(struct file *f, char *ubuf, size_t len)
{
	struct rnode *n = f->priv;
	int r = node_lock(n);

	if (r < 0)
		return r;
	r = node_read(n, ubuf, len, f->off);
	if (r > 0)
		f->off += (uint32_t)r;
	node_unlock(n);
	return r;
}

/* O_APPEND writes at the end, pwrite too (Linux's pwrite(2) says so). */
static int
rf_pwrite(struct file *f, const char *ubuf, size_t len, uint32_t off)
{
	struct rnode *n = f->priv;
	int r = node_lock(n);

	if (r < 0)
		return r;
	r = node_write(n, ubuf, len, f->append ? n->size : off);
	node_unlock(n);
	return r;
}

static int
rf_write(struct file *f, const char *ubuf, size_t len)
{
	struct rnode *n = f->priv;
	int r = node_lock(n);

	if (r < 0)
		return r;
	if (f->append)
		f->off = n->size;
	r = node_write(n, ubuf, len, f->off);
	if (r > 0)
		f->off += (uint32_t)r;
	node_unlock(n);
	return r;
}

int
ramfs_file_truncate(struct file *f, uint32_t len)
{
	struct rnode *n = f->priv;
	int r = node_lock(n);

	if (r < 0)
		return r;
	r = node_truncate(n, len);
	node_unlock(n);
	return r;
}

static void
ts(struct q_timespec *t, uint64_t ns)
{
	t->tv_sec = (int64_t)(ns / 1000000000ull);
	t->tv_nsec = (int32_t)(ns % 1000000000ull);
}

void
ramfs_node_stat(const struct rnode *n, struct q_stat *st)
{
	st->st_mode = n->mode;
	st->st_ino = n->ino;
	st->st_nlink = n->linked ? n->nlink : 0;
	/* a directory's size: tmpfs's 20 bytes per entry, "." and ".."
	 * included (BOGO_DIRENT_SIZE, mm/shmem.c) */
	st->st_size = rnode_is_dir(n) ? (n->size + 2) * 20 : n->size;
	st->st_dev = VFS_DEV_TMP;
	st->st_blksize = PGSIZE;
	st->st_blocks = n->npages * (PGSIZE / 512);
	ts(&st->st_atim, n->atime);
	ts(&st->st_mtim, n->mtime);
	ts(&st->st_ctim, n->ctime);
}

static void
rf_stat(struct file *f, struct q_stat *st)
{
	spin_lock(&ramfs_lock);
	ramfs_node_stat(f->priv, st);
	spin_unlock(&ramfs_lock);
}

static int32_t
rf_lseek(struct file *f, int32_t off, int whence)
{
	struct rnode *n = f->priv;
	uint32_t size;

	spin_lock(&ramfs_lock);
	size = rnode_is_dir(n) ? 0 : n->size;
	spin_unlock(&ramfs_lock);
	return file_seek(f, off, whence, size);
}

static void
rf_close(struct file *f)
{
	struct rnode *n = f->priv;
	int dead;

	spin_lock(&ramfs_lock);
	dead = --n->opens == 0 && !n->linked;
	spin_unlock(&ramfs_lock);
	if (dead)
		ramfs_node_free(n);
}

/* The next entry at or after the file's position. */
static int
rd_getdents(struct file *f, struct q_dirent *d)
{
	struct rnode *n = f->priv;
	struct list *pos;
	int found = 0;

	spin_lock(&ramfs_lock);
	list_for_each(pos, &n->entries) {
		struct rdent *e = list_entry(pos, struct rdent, node);
		if (e->cookie < f->off)
			continue;
		d->d_ino = e->child->ino;
		d->d_type = rnode_is_dir(e->child) ? Q_DT_DIR : Q_DT_REG;
		strlcpy(d->d_name, e->name, sizeof(d->d_name));
		f->off = e->cookie + 1;
		found = 1;
		break;
	}
	spin_unlock(&ramfs_lock);
	return found;
}

const struct file_ops ramfs_file_ops = {
	.read = rf_read, .write = rf_write, .close = rf_close,
	.stat = rf_stat, .poll = file_poll_ready, .lseek = rf_lseek,
	.pread = rf_pread, .pwrite = rf_pwrite, .truncate = ramfs_file_truncate,
	.fsync = file_fsync_nop,
};

static int
rd_read(struct file *f, char *ubuf, size_t len)
{
	(void)f, (void)ubuf, (void)len;
	return -EISDIR;
}

const struct file_ops ramfs_dir_ops = {
	.read = rd_read, .close = rf_close, .stat = rf_stat, .poll = file_poll_ready,
	.getdents = rd_getdents, .lseek = rf_lseek, .fsync = file_fsync_nop,
};

/* tmpfs_size=N[k|m|g|%], rounded up to pages. */
void
ramfs_limit_init(void)
{
	uint64_t total = frame_total_count(), n;
	int64_t x;
	int r;

	pages_limit = (uint32_t)(total / 2);
	/* at most 2^32 pages: pages_limit is 32 bits wide */
	r = cmdline_number("tmpfs_size", 0, (int64_t)UINT32_MAX * PGSIZE,
			   CMDLINE_SIZE | CMDLINE_PERCENT, &x);
	if (r <= 0)
		return;
	n = (r == 2) ? (uint64_t)x * total * PGSIZE / 100 : (uint64_t)x;
	pages_limit = (uint32_t)((n + PGSIZE - 1) / PGSIZE);
	if (n && !pages_limit)
		pages_limit = 1;
}
