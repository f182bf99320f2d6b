/*
 * sys_fs.c - system calls on names and on file positions: open(at),
 * lseek, pread, pwrite, stat, unlink(at), rename, mkdir, rmdir,
 * truncate, ftruncate, chdir, fchdir, getcwd, fsync, fdatasync, sync,
 * access.  Linux's semantics (docs/syscalls.md, "Files").
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/fcntl.h"
#include "include/uapi/types.h"
#include "kernel/file.h"
#include "kernel/kmalloc.h"
#include "kernel/mm.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/vfs.h"

#define RW_MAX	(1u << 30)

static struct files *
my_files(void)
{
	return current->proc->files;
}

int32_t
fs_openat(int dirfd, uint32_t upath, int flags, uint32_t mode)
{
	struct vfs_name *n;
	struct file *f;
	int err, fd;

	if (!(n = vfs_name_user(dirfd, (const char *)upath, &err)))
		return err;
	f = vfs_open_name(n, flags, mode, &err);
	kfree(n);
	if (!f)
		return err;
	fd = fd_install_flags(my_files(), f, 0, (flags & Q_O_CLOEXEC) != 0);
	if (fd < 0)
		file_put(f);
	return fd;
}

SYSCALL(sys_openat)
{
	(void)a5;
	return fs_openat((int)a1, a2, (int)a3, a4);
}

/* A name operation on one user path resolved against dirfd. */
static int32_t
on_name(int dirfd, uint32_t upath, int (*op)(const struct vfs_name *))
{
	struct vfs_name *n;
	int err;

	if (!(n = vfs_name_user(dirfd, (const char *)upath, &err)))
		return err;
	err = op(n);
	kfree(n);
	return err;
}

SYSCALL(sys_unlink)
{
	UNUSED_ARGS5;
	return on_name(Q_AT_FDCWD, a1, vfs_unlink);
}

SYSCALL(sys_rmdir)
{
	UNUSED_ARGS5;
	return on_name(Q_AT_FDCWD, a1, vfs_rmdir);
}

SYSCALL(sys_chdir)
{
	UNUSED_ARGS5;
	return on_name(Q_AT_FDCWD, a1, vfs_chdir);
}

SYSCALL(sys_unlinkat)
{
	UNUSED_ARGS5;
	if (a3 & ~(uint32_t)Q_AT_REMOVEDIR)
		return -EINVAL;
	return on_name((int)a1, a2, a3 ? vfs_rmdir : vfs_unlink);
}

SYSCALL(sys_mkdir)
{
	struct vfs_name *n;
	int err;

	UNUSED_ARGS5;
	if (!(n = vfs_name_user(Q_AT_FDCWD, (const char *)a1, &err)))
		return err;
	err = vfs_mkdir(n, a2);
	kfree(n);
	return err;
}

SYSCALL(sys_rename)
{
	struct vfs_name *from, *to = NULL;
	int err;

	UNUSED_ARGS5;
	if ((from = vfs_name_user(Q_AT_FDCWD, (const char *)a1, &err)) &&
	    (to = vfs_name_user(Q_AT_FDCWD, (const char *)a2, &err)))
		err = vfs_rename(from, to);
	kfree(from);
	kfree(to);
	return err;
}

/* stat and lstat: the same, as Quanta has no symbolic links. */
SYSCALL(sys_stat)
{
	struct vfs_name *n;
	struct q_stat st;
	int err;

	UNUSED_ARGS5;
	if (!(n = vfs_name_user(Q_AT_FDCWD, (const char *)a1, &err)))
		return err;
	err = vfs_stat(n, &st);
	kfree(n);
	if (err == 0 && copy_to_user((void *)a2, &st, sizeof(st)) < 0)
		err = -EFAULT;
	return err;
}

SYSCALL(sys_truncate)
{
	struct vfs_name *n;
	int err;

	UNUSED_ARGS5;
	if ((int32_t)a2 < 0)
		return -EINVAL;
	if (!(n = vfs_name_user(Q_AT_FDCWD, (const char *)a1, &err)))
		return err;
	err = vfs_truncate(n, a2);
	kfree(n);
	return err;
}

SYSCALL(sys_access)
{
	struct vfs_name *n;
	int err;

	UNUSED_ARGS5;
	if (!(n = vfs_name_user(Q_AT_FDCWD, (const char *)a1, &err)))
		return err;
	err = vfs_access(n, (int)a2);
	kfree(n);
	return err;
}

SYSCALL(sys_getcwd)
{
	char *buf = kmalloc(Q_PATH_MAX);
	int r = -ENOMEM;

	UNUSED_ARGS5;
	if (buf)
		r = vfs_getcwd(buf, a2);
	if (r > 0 && copy_to_user((void *)a1, buf, (size_t)r) < 0)
		r = -EFAULT;
	kfree(buf);
	return r;
}

SYSCALL(sys_sync)
{
	UNUSED_ARGS5;
	vfs_sync();
	return 0;
}

/* ---- calls on a descriptor ---- */

SYSCALL(sys_fchdir)
{
	struct file *f = fd_get(my_files(), (int)a1);
	struct vfs_name *n = NULL;
	int err = -ENOTDIR;

	UNUSED_ARGS5;
	if (!f)
		return -EBADF;
	if (f->path && !(n = kmalloc(sizeof(*n))))
		err = -ENOMEM;
	if (n && (err = vfs_resolve(NULL, f->path, n)) == 0)
		err = vfs_chdir(n);
	kfree(n);
	file_put(f);
	return err;
}

SYSCALL(sys_lseek)
{
	struct file *f = fd_get(my_files(), (int)a1);
	int32_t r;

	UNUSED_ARGS5;
	if (!f)
		return -EBADF;
	r = f->ops->lseek ? f->ops->lseek(f, (int32_t)a2, (int)a3) : -ESPIPE;
	file_put(f);
	return r;
}

/* pread and pwrite: at offset off, which must not be negative. */
static int32_t
file_prw(int fd, uintptr_t buf, uint32_t n, int32_t off, int write)
{
	struct file *f = fd_get(my_files(), fd);
	int32_t r;

	if (!f)
		return -EBADF;
	if (write ? !f->writable : !f->readable)
		r = -EBADF;
	else if (f->ops->getdents)
		r = -EISDIR;
	else if (!(write ? (void *)f->ops->pwrite : (void *)f->ops->pread))
		r = -ESPIPE;
	else if (off < 0 || n > RW_MAX)
		r = -EINVAL;
	else if (write)
		r = f->ops->pwrite(f, (const char *)buf, n, (uint32_t)off);
	else
		r = f->ops->pread(f, (char *)buf, n, (uint32_t)off);
	file_put(f);
	return r;
}

SYSCALL(sys_pread)
{
	(void)a5;
	return file_prw((int)a1, a2, a3, (int32_t)a4, 0);
}

SYSCALL(sys_pwrite)
{
	(void)a5;
	return file_prw((int)a1, a2, a3, (int32_t)a4, 1);
}

/* Linux's do_sys_ftruncate: EINVAL unless a regular file open for
 * writing, or for a negative length. */
SYSCALL(sys_ftruncate)
{
	struct file *f = fd_get(my_files(), (int)a1);
	int32_t r;

	UNUSED_ARGS5;
	if (!f)
		return -EBADF;
	if ((int32_t)a2 < 0 || !f->writable || !f->ops->truncate)
		r = -EINVAL;
	else
		r = f->ops->truncate(f, a2);
	file_put(f);
	return r;
}

/* fsync and fdatasync: Quanta's files are in memory (or read-only), so
 * there is nothing to write back; a file kind without fsync (pipes, the
 * console, /dev/null) answers EINVAL, as on Linux. */
SYSCALL(sys_fsync)
{
	struct file *f = fd_get(my_files(), (int)a1);
	int32_t r;

	UNUSED_ARGS5;
	if (!f)
		return -EBADF;
	r = f->ops->fsync ? f->ops->fsync(f) : -EINVAL;
	file_put(f);
	return r;
}

SYSCALL(sys_fdatasync)
{
	return sys_fsync_args(a1, a2, a3, a4, a5);
}
