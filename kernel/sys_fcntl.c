/*
 * sys_fcntl.c - fcntl() and dup3(): descriptor flags (FD_CLOEXEC, in the
 * table) and file status flags (O_NONBLOCK, in the open file, shared by
 * every descriptor dup or fork made of it), as POSIX and Linux 6.1's
 * fs/fcntl.c have them.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/fcntl.h"
#include "include/uapi/types.h"
#include "kernel/file.h"
#include "kernel/mm.h"
#include "kernel/syscall.h"
#include "kernel/task.h"

static struct files *
my_files(void)
{
	return current->proc->files;
}

/* F_GETFL: the access mode and the status flags Quanta keeps. */
static int32_t
status_flags(const struct file *f)
{
	int acc = f->readable && f->writable ? Q_O_RDWR :
		  f->writable ? Q_O_WRONLY : Q_O_RDONLY;

	return acc | (f->nonblock ? Q_O_NONBLOCK : 0) |
	       (f->append ? Q_O_APPEND : 0);
}

/* F_DUPFD and F_DUPFD_CLOEXEC: the lowest free descriptor >= min. */
static int32_t
dup_from(struct file *f, int min, int cloexec)
{
	struct files *fs = my_files();
	int fd;

	if (min < 0 || min >= fs->max)
		return -EINVAL;
	file_get(f);
	if ((fd = fd_install_flags(fs, f, min, cloexec)) < 0)
		file_put(f);
	return fd;
}

SYSCALL(sys_fcntl)
{
	struct file *f = fd_get(my_files(), (int)a1);
	int32_t r;

	UNUSED_ARGS5;
	if (!f)
		return -EBADF;
	switch (a2) {
	case Q_F_DUPFD:
	case Q_F_DUPFD_CLOEXEC:
		r = dup_from(f, (int)a3, a2 == Q_F_DUPFD_CLOEXEC);
		break;
	case Q_F_GETFD:
		r = fd_get_cloexec(my_files(), (int)a1);
		break;
	case Q_F_SETFD:
		r = fd_set_cloexec(my_files(), (int)a1, (a3 & Q_FD_CLOEXEC) != 0);
		break;
	case Q_F_GETFL:
		r = status_flags(f);
		break;
	case Q_F_SETFL:
		/* O_NONBLOCK and O_APPEND change; the access mode and
		 * O_CREAT-like flags are ignored, as in Linux (setfl) */
		__atomic_store_n(&f->nonblock, (a3 & Q_O_NONBLOCK) != 0,
				 __ATOMIC_RELAXED);
		__atomic_store_n(&f->append, (a3 & Q_O_APPEND) != 0,
				 __ATOMIC_RELAXED);
		r = 0;
		break;
	default:
		r = -EINVAL;
	}
	file_put(f);
	return r;
}

SYSCALL(sys_dup3)
{
	UNUSED_ARGS5;
	if (a3 & ~Q_O_CLOEXEC)
		return -EINVAL;
	if (a1 == a2)
		return -EINVAL;		/* Linux: unlike dup2 */
	return fd_dup_to((int)a1, (int)a2, (a3 & Q_O_CLOEXEC) != 0);
}

/* The requests every descriptor answers (Linux's do_vfs_ioctl); 1 when
 * req is none of them. */
int
fd_common_ioctl(struct file *f, int fd, uint32_t req, uint32_t arg,
		int32_t *ret)
{
	int on;

	switch (req) {
	case Q_FIONBIO:
		if (copy_from_user(&on, (void *)arg, sizeof(on)) < 0) {
			*ret = -EFAULT;
			return 0;
		}
		__atomic_store_n(&f->nonblock, on != 0, __ATOMIC_RELAXED);
		*ret = 0;
		return 0;
	case Q_FIOCLEX:
	case Q_FIONCLEX:
		*ret = fd_set_cloexec(my_files(), fd, req == Q_FIOCLEX);
		return 0;
	}
	return 1;
}
