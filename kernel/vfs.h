/*
 * vfs.h - the name space: mounts, path resolution, the working directory.
 *
 * A path names a file in one of the mounted file systems.  Resolution is
 * textual: the path is joined to the working directory (or to the
 * directory of a dirfd), "." and ".." are applied, and the longest mount
 * point that prefixes the result picks the file system, which is handed
 * the rest of the path.  Quanta has no symbolic links, so this gives the
 * same answers as Linux's walk, with one check added: ".." may only leave
 * a directory ("file/.." is ENOTDIR, as on Linux).
 *
 * The mount table is fixed at build time (kernel/vfs.c): "/" the initrd
 * (read-only), "/dev" the devices, "/tmp" a RAM file system.
 */
#ifndef KERNEL_VFS_H
#define KERNEL_VFS_H

#include <stdint.h>
#include "include/uapi/types.h"

struct file;
struct files;

/* st_dev of each mount (stat's device number) */
#define VFS_DEV_INITRD	1
#define VFS_DEV_DEV	2
#define VFS_DEV_TMP	3
#define VFS_DEV_PROC	4

/*
 * What a file system answers.  rest is the path inside the mount, already
 * resolved: components separated by one '/', none "." or "..", no '/' at
 * either end; "" is the mount's root.  Every op but open may be NULL: the
 * VFS then answers for it (EROFS on a read-only mount, EPERM on another,
 * stat by open + fstat).  open gets O_CREAT only when create is NULL and
 * the file exists.
 */
struct vfs_type {
	const char *name;
	int readonly;			/* every change fails with EROFS */
	struct file *(*open)(const char *rest, int flags, int *err);
	/* Open, creating a regular file of mode if it is missing (O_CREAT,
	 * honouring O_EXCL and O_TRUNC), in one step. */
	struct file *(*create)(const char *rest, int flags, uint32_t mode,
			       int *err);
	int (*stat)(const char *rest, struct q_stat *st);
	int (*mkdir)(const char *rest, uint32_t mode);
	int (*rmdir)(const char *rest);
	int (*unlink)(const char *rest);
	/* Both names in this file system; POSIX rename (replaces). */
	int (*rename)(const char *from, const char *to);
	int (*truncate)(const char *rest, uint32_t len);
	int (*sync)(void);
	void (*init)(void);		/* at boot, before the first process */
};

/* A resolved name: the absolute path, and what its last component was. */
#define VFS_LAST_NORM	0
#define VFS_LAST_DOT	1	/* "." */
#define VFS_LAST_DOTDOT	2	/* ".." */
#define VFS_LAST_ROOT	3	/* the path is "/" */
struct vfs_name {
	char abs[Q_PATH_MAX];
	int last;		/* VFS_LAST_* */
	int dir;		/* must be a directory: a trailing '/' or a
				 * last "." or ".." */
};

/* Resolve path (a kernel string) against base (an absolute directory
 * path; NULL: the caller's working directory).  0 or -ENOENT (empty),
 * -ENAMETOOLONG, -ENOTDIR or -ENOENT (a ".." out of something that is
 * not a directory). */
int vfs_resolve(const char *base, const char *path, struct vfs_name *n);
/* Copy a user path and resolve it against dirfd (Q_AT_FDCWD: the working
 * directory).  Returns a kmalloc'd name to kfree, or NULL with *err set
 * (also -EFAULT, -EBADF, -ENOTDIR for a dirfd that is no directory). */
struct vfs_name *vfs_name_user(int dirfd, const char *upath, int *err);

/* Operations on resolved names; 0 or -errno as the Linux calls. */
struct file *vfs_open_name(const struct vfs_name *n, int flags,
			   uint32_t mode, int *err);
int vfs_stat(const struct vfs_name *n, struct q_stat *st);
int vfs_mkdir(const struct vfs_name *n, uint32_t mode);
int vfs_rmdir(const struct vfs_name *n);
int vfs_unlink(const struct vfs_name *n);
int vfs_rename(const struct vfs_name *from, const struct vfs_name *to);
int vfs_truncate(const struct vfs_name *n, uint32_t len);
int vfs_access(const struct vfs_name *n, int mode);
void vfs_sync(void);
/* exec runs programs of the initrd only: 0 when n is there, else
 * -ENOENT, -ENOTDIR, or -EACCES for a file on another mount (Linux's
 * answer for a mount with "noexec"). */
int vfs_exec_check(const struct vfs_name *n);

/* stat of an absolute, resolved path (vfs_name.abs or a prefix of one),
 * through the file system's stat op or by opening it. */
int vfs_stat_path(const char *abs, struct q_stat *st);

/* ---- the working directory (struct files.cwd) ---- */
/* Make n the caller's working directory: 0, -ENOENT or -ENOTDIR. */
int vfs_chdir(const struct vfs_name *n);
/* The caller's working directory into buf (size bytes): its length with
 * the NUL, -ERANGE when it does not fit, -ENOENT when it was removed. */
int vfs_getcwd(char *buf, uint32_t size);
/* fork: dst gets src's working directory; 0 or -ENOMEM. */
int vfs_cwd_copy(struct files *dst, struct files *src);

/* Each mounted file system's init op, once at boot (main.c). */
void vfs_init(void);

#endif
