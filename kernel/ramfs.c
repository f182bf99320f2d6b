/*
 * ramfs.c - /tmp: a file system in RAM, Linux's tmpfs without swap.
 *
 * Nodes are regular files (their data in whole pages, allocated on first
 * write: holes read as zeroes, as sparse files on Linux) and directories
 * (a list of entries).  A node lives while a directory names it or a file
 * is open on it: an unlinked open file stays readable and writable until
 * its last close, which frees its pages (Linux's i_nlink and open count).
 *
 * Data pages count against a limit, "tmpfs_size=N[k|m|g|%]" on the
 * command line (tmpfs's size= option, Documentation/filesystems/tmpfs.rst
 * of Linux 6.1): by default half of RAM, 0 for no limit but memory; a
 * write that needs a page beyond it gets ENOSPC (or the bytes it wrote).
 * The pages are owned by Q_MEM_TMPFS in SYS_meminfo.  The Linux facts
 * followed here are listed in docs/reference/vfs.md.
 *
 * Locking: ramfs_lock (a spinlock) guards the tree, every node's links,
 * open count, size and times, and the page count.  A node's data is
 * changed and copied to or from user memory under its busy flag, a sleep
 * lock (Linux's i_rwsem), so user copies may fault and sleep while no
 * spinlock is held and reads and writes of one file stay atomic with
 * respect to each other, as POSIX asks.  Pages and the page array of a
 * node change only under its busy flag.
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
#include "kernel/lib/list.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/printk.h"
#include "kernel/spinlock.h"
#include "kernel/time.h"
#include "kernel/vfs.h"
#include "kernel/waitq.h"

struct rnode {
	uint32_t mode;			/* Q_S_IFREG or Q_S_IFDIR | permissions */
	uint32_t ino;
	uint32_t nlink;			/* stat's: 1, or 2 + subdirectories */
	int linked;			/* some directory names it */
	uint32_t opens;			/* open files on it */
	uint32_t size;			/* bytes; directories: entries */
	uint64_t atime, mtime, ctime;	/* ns since 1970 */
	int busy;			/* its data lock is held */
	struct waitq busy_wait;
	/* regular files */
	char **pages;			/* pages[i] holds bytes i*PGSIZE...,
					 * NULL: a hole */
	uint32_t nslots;		/* entries in pages[] */
	uint32_t npages;		/* of them allocated */
	/* directories */
	struct list entries;		/* struct rdent, by cookie */
	uint32_t next_cookie;
	struct rnode *parent;
};

struct rdent {
	struct list node;
	uint32_t cookie;		/* getdents position, increasing */
	struct rnode *child;
	char name[Q_NAME_MAX + 1];
};

/* relatime (Linux's default): a read moves atime when it is not newer
 * than mtime or ctime, or a day old (docs/reference/vfs.md) */
#define RELATIME_NS	(24ull * 3600 * 1000000000)

static struct spinlock ramfs_lock = SPINLOCK_INIT("ramfs");
static struct rnode root;
static uint32_t next_ino = 2;
static uint32_t pages_used, pages_limit;	/* limit 0: none */

static uint64_t
now_ns(void)
{
	return realtime_base_ns + sched_clock();
}

static int
is_dir(const struct rnode *n)
{
	return (n->mode & Q_S_IFMT) == Q_S_IFDIR;
}

static void
node_init(struct rnode *n, uint32_t mode)
{
	memset(n, 0, sizeof(*n));
	n->mode = mode;
	n->nlink = is_dir(n) ? 2 : 1;
	n->linked = 1;
	waitq_init(&n->busy_wait);
	list_init(&n->entries);
	n->atime = n->mtime = n->ctime = now_ns();
}

/* ---- the data lock ---- */

/* Take n's busy flag; 0, or -ERESTARTSYS when a signal came first. */
static int
node_lock(struct rnode *n)
{
	int err = 0;

	spin_lock(&ramfs_lock);
	while (n->busy && err == 0)
		err = waitq_sleep(&n->busy_wait, &ramfs_lock, 0);
	if (err == 0)
		n->busy = 1;
	spin_unlock(&ramfs_lock);
	return err;
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

/* The node is out of every directory and its last file closed. */
static void
node_free(struct rnode *n)
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
		n->mtime = n->ctime = now_ns();
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
	n->mtime = n->ctime = now_ns();
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
	    now_ns() - n->atime >= RELATIME_NS)
		n->atime = now_ns();
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

static int
rf_truncate(struct file *f, uint32_t len)
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

/* Caller holds ramfs_lock. */
static void
node_stat(const struct rnode *n, struct q_stat *st)
{
	st->st_mode = n->mode;
	st->st_ino = n->ino;
	st->st_nlink = n->linked ? n->nlink : 0;
	/* a directory's size: tmpfs's 20 bytes per entry, "." and ".."
	 * included (BOGO_DIRENT_SIZE, mm/shmem.c) */
	st->st_size = is_dir(n) ? (n->size + 2) * 20 : n->size;
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
	node_stat(f->priv, st);
	spin_unlock(&ramfs_lock);
}

static int32_t
rf_lseek(struct file *f, int32_t off, int whence)
{
	struct rnode *n = f->priv;
	uint32_t size;

	spin_lock(&ramfs_lock);
	size = is_dir(n) ? 0 : n->size;
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
		node_free(n);
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
		d->d_type = is_dir(e->child) ? Q_DT_DIR : Q_DT_REG;
		strlcpy(d->d_name, e->name, sizeof(d->d_name));
		f->off = e->cookie + 1;
		found = 1;
		break;
	}
	spin_unlock(&ramfs_lock);
	return found;
}

static const struct file_ops file_ops = {
	.read = rf_read, .write = rf_write, .close = rf_close,
	.stat = rf_stat, .poll = file_poll_ready, .lseek = rf_lseek,
	.pread = rf_pread, .pwrite = rf_pwrite, .truncate = rf_truncate,
	.fsync = file_fsync_nop,
};

static int
rd_read(struct file *f, char *ubuf, size_t len)
{
	(void)f, (void)ubuf, (void)len;
	return -EISDIR;
}

static const struct file_ops dir_ops = {
	.read = rd_read, .close = rf_close, .stat = rf_stat, .poll = file_poll_ready,
	.getdents = rd_getdents, .lseek = rf_lseek, .fsync = file_fsync_nop,
};

/* ---- the tree (ramfs_lock held) ---- */

static struct rdent *
find(struct rnode *dir, const char *name, size_t len)
{
	struct list *pos;

	list_for_each(pos, &dir->entries) {
		struct rdent *e = list_entry(pos, struct rdent, node);
		if (strncmp(e->name, name, len) == 0 && e->name[len] == 0)
			return e;
	}
	return NULL;
}

/* The directory holding rest's last component, which *last points to;
 * NULL with *err -ENOENT or -ENOTDIR when the way there fails. */
static struct rnode *
walk_parent(const char *rest, const char **last, int *err)
{
	struct rnode *dir = &root;
	const char *slash;

	while ((slash = strchr(rest, '/'))) {
		struct rdent *e = find(dir, rest, (size_t)(slash - rest));
		if (!e || !is_dir(e->child)) {
			*err = e ? -ENOTDIR : -ENOENT;
			return NULL;
		}
		dir = e->child;
		rest = slash + 1;
	}
	*last = rest;
	return dir;
}

static struct rnode *
walk(const char *rest, int *err)
{
	const char *last;
	struct rnode *dir;
	struct rdent *e;

	if (!rest[0])
		return &root;
	if (!(dir = walk_parent(rest, &last, err)))
		return NULL;
	if (!(e = find(dir, last, strlen(last))))
		*err = -ENOENT;
	return e ? e->child : NULL;
}

static void
dir_changed(struct rnode *dir)
{
	dir->mtime = dir->ctime = now_ns();
}

/* Take e out of dir; the node is unlinked.  Returns the node if it is
 * now to be freed (no file open on it). */
static struct rnode *
detach(struct rnode *dir, struct rdent *e)
{
	struct rnode *n = e->child;

	list_del(&e->node);
	dir->size--;
	if (is_dir(n)) {
		dir->nlink--;
		n->parent = NULL;
	}
	n->linked = 0;
	n->ctime = now_ns();
	dir_changed(dir);
	return n->opens ? NULL : n;
}

static void
attach(struct rnode *dir, struct rdent *e, const char *name)
{
	strlcpy(e->name, name, sizeof(e->name));
	e->cookie = dir->next_cookie++;
	list_add_tail(&e->node, &dir->entries);
	dir->size++;
	if (is_dir(e->child)) {
		dir->nlink++;
		e->child->parent = dir;
	}
	dir_changed(dir);
}

/* ---- name operations ---- */

/* Open n for a file of flags (ramfs_lock held): one more open. */
static struct file *
open_node(struct rnode *n, int flags, int *err)
{
	int acc = flags & Q_O_ACCMODE;
	int rd = acc == Q_O_RDONLY || acc == Q_O_RDWR;
	int wr = acc == Q_O_WRONLY || acc == Q_O_RDWR;
	struct file *f;

	if ((flags & Q_O_DIRECTORY) && !is_dir(n)) {
		*err = -ENOTDIR;
		return NULL;
	}
	if (is_dir(n) && (wr || (flags & (Q_O_TRUNC | Q_O_CREAT)))) {
		*err = -EISDIR;
		return NULL;
	}
	if (!(f = file_alloc(is_dir(n) ? &dir_ops : &file_ops, n, rd || is_dir(n),
			     wr))) {
		*err = -ENOMEM;
		return NULL;
	}
	n->opens++;
	return f;
}

/* O_TRUNC, once the file is open (a regular file; Linux truncates even
 * when it is opened read-only). */
static struct file *
finish_open(struct file *f, int flags, int *err)
{
	int r;

	if (f && (flags & Q_O_TRUNC) && (r = rf_truncate(f, 0)) < 0) {
		file_put(f);
		*err = r;
		return NULL;
	}
	return f;
}

static struct file *
ramfs_open(const char *rest, int flags, int *err)
{
	struct file *f = NULL;
	struct rnode *n;

	spin_lock(&ramfs_lock);
	if ((n = walk(rest, err)))
		f = open_node(n, flags, err);
	spin_unlock(&ramfs_lock);
	return finish_open(f, flags, err);
}

/* A new node of mode with its entry, allocated before the lock. */
static int
prealloc(struct rnode **n, struct rdent **e, uint32_t mode)
{
	*n = kmalloc(sizeof(**n));
	*e = kmalloc(sizeof(**e));
	if (!*n || !*e) {
		kfree(*n);
		kfree(*e);
		return -ENOSPC;		/* tmpfs's answer when it has no inode */
	}
	node_init(*n, mode);
	(*e)->child = *n;
	return 0;
}

static struct file *
ramfs_create(const char *rest, int flags, uint32_t mode, int *err)
{
	struct rnode *n, *dir;
	struct rdent *e, *old;
	struct file *f = NULL;
	const char *last;

	if ((*err = prealloc(&n, &e, Q_S_IFREG | mode)) < 0)
		return NULL;
	spin_lock(&ramfs_lock);
	if (!rest[0]) {
		*err = -EISDIR;
	} else if ((dir = walk_parent(rest, &last, err))) {
		old = find(dir, last, strlen(last));
		if (old && (flags & Q_O_EXCL)) {
			*err = -EEXIST;
		} else if (old) {
			f = open_node(old->child, flags, err);
		} else if ((f = open_node(n, flags & ~Q_O_TRUNC, err))) {
			n->ino = next_ino++;
			attach(dir, e, last);
			n = NULL, e = NULL;	/* in the tree now */
		}
	}
	spin_unlock(&ramfs_lock);
	kfree(n);
	kfree(e);
	return finish_open(f, flags, err);
}

static int
ramfs_stat(const char *rest, struct q_stat *st)
{
	struct rnode *n;
	int err = 0;

	spin_lock(&ramfs_lock);
	if ((n = walk(rest, &err)))
		node_stat(n, st);
	spin_unlock(&ramfs_lock);
	return err;
}

static int
ramfs_mkdir(const char *rest, uint32_t mode)
{
	struct rnode *n, *dir;
	struct rdent *e;
	const char *last;
	int err;

	if ((err = prealloc(&n, &e, Q_S_IFDIR | mode)) < 0)
		return err;
	spin_lock(&ramfs_lock);
	if ((dir = walk_parent(rest, &last, &err))) {
		if (find(dir, last, strlen(last))) {
			err = -EEXIST;
		} else {
			n->ino = next_ino++;
			attach(dir, e, last);
			n = NULL, e = NULL;
		}
	}
	spin_unlock(&ramfs_lock);
	kfree(n);
	kfree(e);
	return err;
}

/* unlink (dir 0) and rmdir (dir 1) */
static int
remove_name(const char *rest, int dir_wanted)
{
	struct rnode *dir, *dead = NULL;
	struct rdent *e = NULL;
	const char *last;
	int err = 0;

	spin_lock(&ramfs_lock);
	if ((dir = walk_parent(rest, &last, &err)) &&
	    !(e = find(dir, last, strlen(last))))
		err = -ENOENT;
	else if (e && dir_wanted && !is_dir(e->child))
		err = -ENOTDIR;
	else if (e && !dir_wanted && is_dir(e->child))
		err = -EISDIR;
	else if (e && dir_wanted && !list_empty(&e->child->entries))
		err = -ENOTEMPTY;
	else if (e)
		dead = detach(dir, e);
	spin_unlock(&ramfs_lock);
	if (err == 0)
		kfree(e);
	if (dead)
		node_free(dead);
	return err;
}

static int
ramfs_unlink(const char *rest)
{
	return remove_name(rest, 0);
}

static int
ramfs_rmdir(const char *rest)
{
	return remove_name(rest, 1);
}

/* Is a the directory d or one of its ancestors? (ramfs_lock held) */
static int
is_ancestor(const struct rnode *a, const struct rnode *d)
{
	for (; d && d != &root; d = d->parent)
		if (d == a)
			return 1;
	return a == &root;
}

/* Can e's node replace te's (POSIX rename)?  0 or -errno. */
static int
may_replace(const struct rdent *e, const struct rdent *te)
{
	if (!te)
		return 0;
	if (is_dir(e->child) && !is_dir(te->child))
		return -ENOTDIR;
	if (!is_dir(e->child) && is_dir(te->child))
		return -EISDIR;
	if (is_dir(te->child) && !list_empty(&te->child->entries))
		return -ENOTEMPTY;
	return 0;
}

static int
ramfs_rename(const char *from, const char *to)
{
	struct rnode *fdir, *tdir = NULL, *dead = NULL;
	struct rdent *e = NULL, *te = NULL;
	const char *flast, *tlast;
	int err = 0;

	spin_lock(&ramfs_lock);
	if (!(fdir = walk_parent(from, &flast, &err)))
		goto out;
	if (!(e = find(fdir, flast, strlen(flast)))) {
		err = -ENOENT;
		goto out;
	}
	if (!(tdir = walk_parent(to, &tlast, &err)))
		goto out;
	te = find(tdir, tlast, strlen(tlast));
	if (te && te->child == e->child)
		goto out;		/* the same file: nothing to do */
	if (is_dir(e->child) && is_ancestor(e->child, tdir)) {
		err = -EINVAL;		/* into itself */
		goto out;
	}
	if ((err = may_replace(e, te)) < 0)
		goto out;
	if (te)
		dead = detach(tdir, te);
	list_del(&e->node);
	fdir->size--;
	if (is_dir(e->child))
		fdir->nlink--;
	dir_changed(fdir);
	attach(tdir, e, tlast);
	e->child->ctime = now_ns();
out:
	spin_unlock(&ramfs_lock);
	if (err == 0 && te && te->child != e->child)
		kfree(te);
	if (dead)
		node_free(dead);
	return err;
}

static int
ramfs_truncate(const char *rest, uint32_t len)
{
	struct file *f;
	int err;

	if (!(f = ramfs_open(rest, Q_O_WRONLY, &err)))
		return err;
	err = rf_truncate(f, len);
	file_put(f);
	return err;
}

/* tmpfs_size=N[k|m|g|%], rounded up to pages. */
static void
ramfs_init(void)
{
	const char *v = cmdline_get("tmpfs_size");
	uint64_t total = frame_total_count(), n;
	char *end;

	node_init(&root, Q_S_IFDIR | 01777);	/* Linux's tmpfs root mode */
	root.ino = 1;
	root.parent = &root;
	pages_limit = (uint32_t)(total / 2);
	if (!v)
		return;
	n = strtoull(v, &end, 0);
	if (*end == 'k' || *end == 'K')
		n <<= 10, end++;
	else if (*end == 'm' || *end == 'M')
		n <<= 20, end++;
	else if (*end == 'g' || *end == 'G')
		n <<= 30, end++;
	else if (*end == '%')
		n = n * total * PGSIZE / 100, end++;
	if (*end || end == v) {
		printk("cmdline: bad tmpfs_size=%s (bytes, with k, m, g or %%); "
		       "using %u pages\n", v, pages_limit);
		return;
	}
	pages_limit = (uint32_t)((n + PGSIZE - 1) / PGSIZE);
	if (n && !pages_limit)
		pages_limit = 1;
}

const struct vfs_type ramfs_type = {
	.name = "tmpfs", .open = ramfs_open, .create = ramfs_create,
	.stat = ramfs_stat, .mkdir = ramfs_mkdir, .rmdir = ramfs_rmdir,
	.unlink = ramfs_unlink, .rename = ramfs_rename,
	.truncate = ramfs_truncate, .init = ramfs_init,
};
