/*
 * vfs_path.c - path resolution and the working directory.
 *
 * Paths are resolved as text (kernel/vfs.h says why this matches Linux
 * without symbolic links).  The working directory is kept as the absolute
 * path it was entered by, in the descriptor table that threads share and
 * fork copies (struct files.cwd), as Linux keeps it in the fs_struct that
 * CLONE_FS shares.  One difference follows: Linux's working directory is
 * the directory itself, so it follows a rename of that directory; Quanta's
 * is the name, so after such a rename relative names fail with ENOENT and
 * getcwd reports ENOENT, as for a removed one (docs/syscalls.md).
 */
#include <stddef.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/file.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/spinlock.h"
#include "kernel/task.h"
#include "kernel/vfs.h"

static struct files *
my_files(void)
{
	return current->proc->files;
}

/* ".." leaves the directory abs (len bytes, not "/"): it must be one. */
static int
check_dir(char *abs, size_t len)
{
	struct q_stat st;
	char saved = abs[len];
	int r;

	abs[len] = 0;
	r = vfs_stat_path(abs, &st);
	abs[len] = saved;
	if (r == 0 && (st.st_mode & Q_S_IFMT) != Q_S_IFDIR)
		r = -ENOTDIR;
	return r;
}

/* Apply one component (len bytes at c) to the path being built in n->abs
 * (*len bytes, "" for the root). */
static int
apply(struct vfs_name *n, size_t *len, const char *c, size_t clen)
{
	int r;

	if (clen == 1 && c[0] == '.') {
		n->last = VFS_LAST_DOT;
		return 0;
	}
	if (clen == 2 && c[0] == '.' && c[1] == '.') {
		n->last = VFS_LAST_DOTDOT;
		if (*len == 0)
			return 0;		/* "/.." is "/" */
		if ((r = check_dir(n->abs, *len)) < 0)
			return r;
		while (*len > 0 && n->abs[*len - 1] != '/')
			(*len)--;
		if (*len > 0)
			(*len)--;		/* the '/' before it */
		n->abs[*len] = 0;
		return 0;
	}
	if (clen > Q_NAME_MAX || *len + 1 + clen >= Q_PATH_MAX)
		return -ENAMETOOLONG;
	n->abs[(*len)++] = '/';
	memcpy(n->abs + *len, c, clen);
	*len += clen;
	n->abs[*len] = 0;
	n->last = VFS_LAST_NORM;
	return 0;
}

int
vfs_resolve(const char *base, const char *path, struct vfs_name *n)
{
	size_t len = 0;
	int r;

	if (!path[0])
		return -ENOENT;			/* POSIX: "" names nothing */
	n->abs[0] = 0;
	n->last = VFS_LAST_ROOT;
	n->dir = 0;
	if (path[0] != '/' && base && strcmp(base, "/") != 0) {
		len = strlen(base);
		if (len >= Q_PATH_MAX)
			return -ENAMETOOLONG;
		memcpy(n->abs, base, len + 1);
		n->last = VFS_LAST_NORM;
	}
	for (const char *p = path; *p;) {
		const char *c;
		while (*p == '/')
			p++;
		if (!*p)
			break;
		for (c = p; *p && *p != '/'; p++)
			;
		if ((r = apply(n, &len, c, (size_t)(p - c))) < 0)
			return r;
	}
	if (len == 0) {
		strlcpy(n->abs, "/", sizeof(n->abs));
		if (n->last == VFS_LAST_NORM)
			n->last = VFS_LAST_ROOT;
	}
	n->dir = path[strlen(path) - 1] == '/' || n->last != VFS_LAST_NORM;
	return 0;
}

/* The directory a relative path starts from: the working directory or
 * dirfd's, copied into base (Q_PATH_MAX bytes). */
static int
base_of(int dirfd, char *base)
{
	struct files *fs = my_files();
	struct file *f;
	int r;

	if (dirfd == Q_AT_FDCWD && !fs) {	/* a kernel thread */
		strlcpy(base, "/", Q_PATH_MAX);
		return 0;
	}
	if (dirfd == Q_AT_FDCWD) {
		spin_lock(&fs->lock);
		strlcpy(base, fs->cwd ? fs->cwd : "/", Q_PATH_MAX);
		spin_unlock(&fs->lock);
		return 0;
	}
	if (!(f = fd_get(fs, dirfd)))
		return -EBADF;
	r = f->path ? 0 : -ENOTDIR;
	if (f->path)
		strlcpy(base, f->path, Q_PATH_MAX);
	file_put(f);
	return r;
}

struct vfs_name *
vfs_name_user(int dirfd, const char *upath, int *err)
{
	struct vfs_name *n = kmalloc(sizeof(*n));
	char *path = kmalloc(Q_PATH_MAX), *base = kmalloc(Q_PATH_MAX);
	int r = -ENOMEM;

	if (!n || !path || !base)
		goto out;
	r = strncpy_from_user(path, upath, Q_PATH_MAX);
	if (r >= 0 && path[0] != '/')
		r = base_of(dirfd, base);
	if (r >= 0)
		r = vfs_resolve(path[0] == '/' ? NULL : base, path, n);
out:
	kfree(path);
	kfree(base);
	if (r < 0) {
		kfree(n);
		*err = r;
		return NULL;
	}
	return n;
}

int
vfs_chdir(const struct vfs_name *n)
{
	struct files *fs = my_files();
	struct q_stat st;
	char *path, *old;
	int r = vfs_stat(n, &st);

	if (r < 0)
		return r;
	if ((st.st_mode & Q_S_IFMT) != Q_S_IFDIR)
		return -ENOTDIR;
	if (strcmp(n->abs, "/") == 0)
		path = NULL;			/* the root needs no copy */
	else if (!(path = kmalloc(Q_PATH_MAX)))	/* one size: fork copies it */
		return -ENOMEM;
	if (path)
		strlcpy(path, n->abs, Q_PATH_MAX);
	spin_lock(&fs->lock);
	old = fs->cwd;
	fs->cwd = path;
	spin_unlock(&fs->lock);
	kfree(old);
	return 0;
}

int
vfs_getcwd(char *buf, uint32_t size)
{
	struct q_stat st;
	uint32_t len;
	int r;

	if ((r = base_of(Q_AT_FDCWD, buf)) < 0)
		return r;
	len = (uint32_t)strlen(buf) + 1;
	if ((r = vfs_stat_path(buf, &st)) < 0)
		return r;
	if ((st.st_mode & Q_S_IFMT) != Q_S_IFDIR)
		return -ENOENT;			/* replaced by a file */
	return len > size ? -ERANGE : (int)len;
}

int
vfs_cwd_copy(struct files *dst, struct files *src)
{
	char *path = NULL;

	if (src->cwd && !(path = kmalloc(Q_PATH_MAX)))
		return -ENOMEM;
	spin_lock(&src->lock);
	if (src->cwd && path)
		strlcpy(path, src->cwd, Q_PATH_MAX);
	spin_unlock(&src->lock);
	dst->cwd = path;
	return 0;
}
