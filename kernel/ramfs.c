/*
 * ramfs.c - /tmp: a file system in RAM, Linux's tmpfs without swap; this
 * file holds its tree of names and the name operations of its vfs_type.
 *
 * Nodes are regular files (their data is kernel/ramfs_file.c's) and
 * directories (a list of entries, in the order they were made; getdents
 * positions are entry cookies, so a removal never makes a reader skip
 * another entry).  A node lives while a directory names it or a file is
 * open on it: an unlinked open file stays readable and writable until
 * its last close, which frees its pages (Linux's i_nlink and open count).
 * Name operations take ramfs_lock only (kernel/ramfs.h); the Linux facts
 * followed are listed in docs/reference/vfs.md.
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/file.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/list.h"
#include "kernel/lib/string.h"
#include "kernel/ramfs.h"
#include "kernel/vfs.h"

struct spinlock ramfs_lock = SPINLOCK_INIT("ramfs");
static struct rnode root;
static uint32_t next_ino = 2;

static void
node_init(struct rnode *n, uint32_t mode)
{
	memset(n, 0, sizeof(*n));
	n->mode = mode;
	n->nlink = rnode_is_dir(n) ? 2 : 1;
	n->linked = 1;
	waitq_init(&n->busy_wait);
	list_init(&n->entries);
	n->atime = n->mtime = n->ctime = ramfs_now();
}

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
		if (!e || !rnode_is_dir(e->child)) {
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
	dir->mtime = dir->ctime = ramfs_now();
}

/* Take e out of dir; the node is unlinked.  Returns the node if it is
 * now to be freed (no file open on it). */
static struct rnode *
detach(struct rnode *dir, struct rdent *e)
{
	struct rnode *n = e->child;

	list_del(&e->node);
	dir->size--;
	if (rnode_is_dir(n)) {
		dir->nlink--;
		n->parent = NULL;
	}
	n->linked = 0;
	n->ctime = ramfs_now();
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
	if (rnode_is_dir(e->child)) {
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

	if ((flags & Q_O_DIRECTORY) && !rnode_is_dir(n)) {
		*err = -ENOTDIR;
		return NULL;
	}
	if (rnode_is_dir(n) && (wr || (flags & (Q_O_TRUNC | Q_O_CREAT)))) {
		*err = -EISDIR;
		return NULL;
	}
	if (!(f = file_alloc(rnode_is_dir(n) ? &ramfs_dir_ops : &ramfs_file_ops, n, rd || rnode_is_dir(n),
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

	if (f && (flags & Q_O_TRUNC) && (r = ramfs_file_truncate(f, 0)) < 0) {
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
		ramfs_node_stat(n, st);
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
	else if (e && dir_wanted && !rnode_is_dir(e->child))
		err = -ENOTDIR;
	else if (e && !dir_wanted && rnode_is_dir(e->child))
		err = -EISDIR;
	else if (e && dir_wanted && !list_empty(&e->child->entries))
		err = -ENOTEMPTY;
	else if (e)
		dead = detach(dir, e);
	spin_unlock(&ramfs_lock);
	if (err == 0)
		kfree(e);
	if (dead)
		ramfs_node_free(dead);
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
	if (rnode_is_dir(e->child) && !rnode_is_dir(te->child))
		return -ENOTDIR;
	if (!rnode_is_dir(e->child) && rnode_is_dir(te->child))
		return -EISDIR;
	if (rnode_is_dir(te->child) && !list_empty(&te->child->entries))
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
	if (rnode_is_dir(e->child) && is_ancestor(e->child, tdir)) {
		err = -EINVAL;		/* into itself */
		goto out;
	}
	if ((err = may_replace(e, te)) < 0)
		goto out;
	if (te)
		dead = detach(tdir, te);
	list_del(&e->node);
	fdir->size--;
	if (rnode_is_dir(e->child))
		fdir->nlink--;
	dir_changed(fdir);
	attach(tdir, e, tlast);
	e->child->ctime = ramfs_now();
out:
	spin_unlock(&ramfs_lock);
	if (err == 0 && te && te->child != e->child)
		kfree(te);
	if (dead)
		ramfs_node_free(dead);
	return err;
}

static int
ramfs_truncate(const char *rest, uint32_t len)
{
	struct file *f;
	int err;

	if (!(f = ramfs_open(rest, Q_O_WRONLY, &err)))
		return err;
	err = ramfs_file_truncate(f, len);
	file_put(f);
	return err;
}

static void
ramfs_init(void)
{
	node_init(&root, Q_S_IFDIR | 01777);	/* Linux's tmpfs root mode */
	root.ino = 1;
	root.parent = &root;
	ramfs_limit_init();
}

const struct vfs_type ramfs_type = {
	.name = "tmpfs", .open = ramfs_open, .create = ramfs_create,
	.stat = ramfs_stat, .mkdir = ramfs_mkdir, .rmdir = ramfs_rmdir,
	.unlink = ramfs_unlink, .rename = ramfs_rename,
	.truncate = ramfs_truncate, .init = ramfs_init,
};
