/*
 * vfs.c - the mount table, and the name operations on resolved names.
 *
 * Each operation finds the mount of its name and calls the file system's
 * op with the rest of the path.  What a file system leaves out is answered
 * here, in the order Linux checks (fs/namei.c, fs/open.c of 6.1): the
 * parent directory must exist first (ENOENT, ENOTDIR), then a read-only
 * mount fails every change with EROFS - also for a name that does not
 * exist, as Linux's unlink and rmdir do - while mkdir and O_CREAT|O_EXCL
 * of an existing name still say EEXIST.  A file system that is writable
 * but lacks an op (/dev: its set of devices is fixed) answers EPERM.
 * docs/reference/vfs.md lists the rules with their sources.
 */
#include <stddef.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/file.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/unix.h"
#include "kernel/vfs.h"

extern const struct vfs_type initrdfs_type, devfs_type, ramfs_type,
	procfs_type;

struct vfs_mount {
	const char *path;		/* absolute, no trailing '/' but "/" */
	const struct vfs_type *type;
};

/*
 * The mount table.  A file system is one line here (/proc's type is in
 * kernel/procfs.c).  The initrd has an empty directory at each mount point
 * (user/user.mk), so that ls / lists them as Linux does.
 */
static const struct vfs_mount mounts[] = {
	{ "/", &initrdfs_type },
	{ "/dev", &devfs_type },
	{ "/tmp", &ramfs_type },
	{ "/proc", &procfs_type },
};
#define NMOUNTS	(sizeof(mounts) / sizeof(mounts[0]))

/* The mount abs is in (the longest prefix at a component boundary), and
 * the rest of abs inside it. */
static const struct vfs_mount *
mount_of(const char *abs, const char **rest)
{
	const struct vfs_mount *best = &mounts[0];
	size_t blen = 1;

	for (size_t i = 1; i < NMOUNTS; i++) {
		size_t len = strlen(mounts[i].path);
		if (len > blen && strncmp(abs, mounts[i].path, len) == 0 &&
		    (abs[len] == 0 || abs[len] == '/')) {
			best = &mounts[i];
			blen = len;
		}
	}
	*rest = abs + blen + (abs[blen] == '/');
	return best;
}

int
vfs_stat_path(const char *abs, struct q_stat *st)
{
	const char *rest;
	const struct vfs_mount *m = mount_of(abs, &rest);
	struct file *f;
	int err;

	memset(st, 0, sizeof(*st));
	if (m->type->stat)
		return m->type->stat(rest, st);
	if (!(f = m->type->open(rest, Q_O_RDONLY, &err)))
		return err;
	if (f->ops->stat)
		f->ops->stat(f, st);
	file_put(f);
	return 0;
}

static int
is_dir(const struct q_stat *st)
{
	return (st->st_mode & Q_S_IFMT) == Q_S_IFDIR;
}

/* The directory n is in must exist: 0, -ENOENT, -ENOTDIR. */
static int
parent_check(const struct vfs_name *n)
{
	char *p = kmalloc(Q_PATH_MAX), *slash;
	struct q_stat st;
	int r;

	if (!p)
		return -ENOMEM;
	strlcpy(p, n->abs, Q_PATH_MAX);
	slash = strrchr(p, '/');
	slash[slash == p] = 0;		/* "/a" -> "/", "/a/b" -> "/a" */
	r = vfs_stat_path(p, &st);
	kfree(p);
	if (r == 0 && !is_dir(&st))
		r = -ENOTDIR;
	return r;
}

/* What a change the file system cannot make gets, once the parent is
 * known to exist. */
static int
no_change(const struct vfs_type *t, const struct vfs_name *n)
{
	int r = parent_check(n);

	return r < 0 ? r : t->readonly ? -EROFS : -EPERM;
}

int
vfs_stat(const struct vfs_name *n, struct q_stat *st)
{
	int r = vfs_stat_path(n->abs, st);

	if (r == 0 && n->dir && !is_dir(st))
		r = -ENOTDIR;
	return r;
}

/* Open without the file system's create op: the checks for O_CREAT,
 * O_TRUNC and write access it would have made. */
static struct file *
open_existing(const struct vfs_type *t, const struct vfs_name *n,
	      const char *rest, int flags, int *err)
{
	int acc = flags & Q_O_ACCMODE;
	int wr = acc == Q_O_WRONLY || acc == Q_O_RDWR;
	struct q_stat st;
	int r = vfs_stat_path(n->abs, &st);

	if (r == -ENOENT && (flags & Q_O_CREAT))
		r = no_change(t, n);
	else if (r == 0 && (flags & (Q_O_CREAT | Q_O_EXCL)) ==
		 (Q_O_CREAT | Q_O_EXCL))
		r = -EEXIST;
	else if (r == 0 && is_dir(&st) && (wr || (flags & Q_O_TRUNC)))
		r = -EISDIR;
	else if (r == 0 && t->readonly && (wr || (flags & Q_O_TRUNC)))
		r = -EROFS;
	if (r < 0) {
		*err = r;
		return NULL;
	}
	return t->open(rest, flags & ~(Q_O_CREAT | Q_O_EXCL), err);
}

struct file *
vfs_open_name(const struct vfs_name *n, int flags, uint32_t mode, int *err)
{
	const char *rest;
	const struct vfs_type *t = mount_of(n->abs, &rest)->type;
	struct file *f;

	if (n->dir && (flags & Q_O_CREAT)) {
		*err = -EISDIR;		/* "name/" is never a new file */
		return NULL;
	}
	if (n->dir)
		flags |= Q_O_DIRECTORY;
	if ((flags & Q_O_CREAT) && t->create && !t->readonly)
		f = t->create(rest, flags, mode & 07777, err);
	else
		f = open_existing(t, n, rest, flags, err);
	if (!f)
		return NULL;
	f->append = (flags & Q_O_APPEND) != 0;
	f->nonblock = (flags & Q_O_NONBLOCK) != 0;
	if (f->ops->getdents && !(f->path = kmalloc(strlen(n->abs) + 1))) {
		file_put(f);
		*err = -ENOMEM;
		return NULL;
	}
	if (f->path)
		strlcpy(f->path, n->abs, strlen(n->abs) + 1);
	return f;
}

int
vfs_mkdir(const struct vfs_name *n, uint32_t mode)
{
	const char *rest;
	const struct vfs_type *t = mount_of(n->abs, &rest)->type;
	struct q_stat st;

	if (n->last != VFS_LAST_NORM || !rest[0])
		return -EEXIST;		/* "/", ".", "..", a mount point */
	if (t->mkdir && !t->readonly)
		return t->mkdir(rest, mode & 07777);
	if (vfs_stat_path(n->abs, &st) == 0)
		return -EEXIST;
	return no_change(t, n);
}

int
vfs_rmdir(const struct vfs_name *n)
{
	const char *rest;
	const struct vfs_type *t = mount_of(n->abs, &rest)->type;

	if (n->last == VFS_LAST_DOT)
		return -EINVAL;
	if (n->last == VFS_LAST_DOTDOT)
		return -ENOTEMPTY;
	if (n->last == VFS_LAST_ROOT || !rest[0])
		return -EBUSY;		/* "/" or a mount point */
	if (t->rmdir && !t->readonly)
		return t->rmdir(rest);
	return no_change(t, n);
}

int
vfs_unlink(const struct vfs_name *n)
{
	const char *rest;
	const struct vfs_type *t = mount_of(n->abs, &rest)->type;
	struct q_stat st;
	int r;

	if (n->last != VFS_LAST_NORM || !rest[0])
		return -EISDIR;
	if (n->dir) {			/* "name/": Linux looks first */
		if ((r = vfs_stat_path(n->abs, &st)) < 0)
			return r;
		return is_dir(&st) ? -EISDIR : -ENOTDIR;
	}
	r = t->unlink && !t->readonly ? t->unlink(rest) : no_change(t, n);
	/* a path the file system does not know may be a Unix socket's
	 * name, which lives in its own registry, not as a node
	 * (docs/syscalls.md, "Names"): without this it stayed for good */
	if ((r == -ENOENT || r == -EROFS) && unix_name_unlink(n->abs) == 0)
		return 0;
	return r;
}

int
vfs_rename(const struct vfs_name *from, const struct vfs_name *to)
{
	const char *rest, *rest2;
	const struct vfs_type *t = mount_of(from->abs, &rest)->type;
	struct q_stat st;
	int r;

	if (from->last != VFS_LAST_NORM || to->last != VFS_LAST_NORM)
		return -EBUSY;
	if (!rest[0] || (mount_of(to->abs, &rest2), !rest2[0]))
		return -EBUSY;		/* a mount point */
	if (mount_of(to->abs, &rest2)->type != t)
		return -EXDEV;
	if (from->dir || to->dir) {	/* a trailing '/': directories only */
		if ((r = vfs_stat_path(from->abs, &st)) < 0)
			return r;
		if (!is_dir(&st))
			return -ENOTDIR;
	}
	if (t->rename && !t->readonly)
		return t->rename(rest, rest2);
	if ((r = parent_check(from)) < 0)
		return r;
	return no_change(t, to);
}

int
vfs_truncate(const struct vfs_name *n, uint32_t len)
{
	const char *rest;
	const struct vfs_type *t = mount_of(n->abs, &rest)->type;
	struct q_stat st;
	int r = vfs_stat(n, &st);

	if (r < 0)
		return r;
	if (is_dir(&st))
		return -EISDIR;
	if ((st.st_mode & Q_S_IFMT) != Q_S_IFREG)
		return -EINVAL;
	if (t->readonly)
		return -EROFS;
	return t->truncate ? t->truncate(rest, len) : -EPERM;
}

/* Quanta runs everything as root: R_OK and W_OK hold for every file,
 * X_OK for a directory or a file with an execute bit (Linux's rule for
 * root), and W_OK fails with EROFS on a read-only mount. */
int
vfs_access(const struct vfs_name *n, int mode)
{
	const char *rest;
	const struct vfs_type *t = mount_of(n->abs, &rest)->type;
	struct q_stat st;
	int r;

	if (mode & ~(Q_R_OK | Q_W_OK | Q_X_OK))
		return -EINVAL;
	if ((r = vfs_stat(n, &st)) < 0)
		return r;
	if ((mode & Q_W_OK) && t->readonly &&
	    ((st.st_mode & Q_S_IFMT) == Q_S_IFREG || is_dir(&st)))
		return -EROFS;
	if ((mode & Q_X_OK) && !is_dir(&st) && !(st.st_mode & 0111))
		return -EACCES;
	return 0;
}

int
vfs_exec_check(const struct vfs_name *n)
{
	const char *rest;
	struct q_stat st;
	int r;

	if (mount_of(n->abs, &rest)->type == &initrdfs_type)
		return 0;
	r = vfs_stat(n, &st);
	return r < 0 ? r : -EACCES;
}

void
vfs_sync(void)
{
	for (size_t i = 0; i < NMOUNTS; i++)
		if (mounts[i].type->sync)
			mounts[i].type->sync();
}

void
vfs_init(void)
{
	for (size_t i = 0; i < NMOUNTS; i++)
		if (mounts[i].type->init)
			mounts[i].type->init();
}
