/*
 * sys_file.c - system calls on file descriptors, and poll().
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/file.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/pipe.h"
#include "kernel/spinlock.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/time.h"
#include "kernel/waitq.h"

#define RW_MAX	(1u << 30)

static struct files *
my_files(void)
{
	return current->proc->files;
}

/* read and write, the hottest system calls.  In a single-threaded process
 * no other task can reach its files table, so nothing can close fd while
 * the call runs and neither the table's lock nor a reference is needed
 * (Linux's fdget takes the same shortcut). */
static inline __attribute__((always_inline)) int32_t
file_rw(int fd, uintptr_t buf, uint32_t n, int write)
{
	struct files *fs = my_files();
	int ref = mm_threaded();
	struct file *f;
	int r;

	if (ref)
		f = fd_get(fs, fd);
	else
		f = fs && fd >= 0 && fd < NOFILE ? fs->fd[fd] : NULL;
	if (!f)
		return -EBADF;
	if (write ? !f->writable || !f->ops->write
		  : !f->readable || !f->ops->read)
		r = -EBADF;
	else if (n > RW_MAX)
		r = -EINVAL;
	else if (write)
		r = f->ops->write(f, (const char *)buf, n);
	else
		r = f->ops->read(f, (char *)buf, n);
	if (ref)
		file_put(f);
	return r;
}

SYSCALL(sys_read)
{
	UNUSED_ARGS5;
	return file_rw((int)a1, a2, a3, 0);
}

SYSCALL(sys_write)
{
	UNUSED_ARGS5;
	return file_rw((int)a1, a2, a3, 1);
}

/* open(path, flags, mode): openat against the working directory. */
SYSCALL(sys_open)
{
	(void)a4, (void)a5;
	return fs_openat(Q_AT_FDCWD, a1, (int)a2, a3);
}

SYSCALL(sys_close)
{
	struct files *fs = my_files();
	struct file *f = NULL;

	UNUSED_ARGS5;
	if ((int)a1 < 0 || a1 >= NOFILE)
		return -EBADF;
	spin_lock(&fs->lock);
	f = fs->fd[a1];
	fs->fd[a1] = NULL;
	spin_unlock(&fs->lock);
	if (!f)
		return -EBADF;
	file_put(f);
	return 0;
}

SYSCALL(sys_pipe)
{
	struct file *rd, *wr;
	int fds[2], err;

	UNUSED_ARGS5;
	if ((err = pipe_create(&rd, &wr)) < 0)
		return err;
	fds[0] = fd_install(my_files(), rd, 0);
	fds[1] = fds[0] < 0 ? -EMFILE : fd_install(my_files(), wr, 0);
	if (fds[1] < 0 || copy_to_user((void *)a1, fds, sizeof(fds)) < 0) {
		err = fds[1] < 0 ? -EMFILE : -EFAULT;
		if (fds[0] >= 0)
			sys_close((uint32_t)fds[0], 0, 0, 0, 0);
		else
			file_put(rd);
		if (fds[1] >= 0)
			sys_close((uint32_t)fds[1], 0, 0, 0, 0);
		else
			file_put(wr);
		return err;
	}
	return 0;
}

SYSCALL(sys_dup)
{
	struct file *f = fd_get(my_files(), (int)a1);
	int fd;

	UNUSED_ARGS5;
	if (!f)
		return -EBADF;
	fd = fd_install(my_files(), f, 0);
	if (fd < 0)
		file_put(f);
	return fd;
}

SYSCALL(sys_dup2)
{
	struct files *fs = my_files();
	struct file *f = fd_get(fs, (int)a1), *old;

	UNUSED_ARGS5;
	if (!f)
		return -EBADF;
	if ((int)a2 < 0 || a2 >= NOFILE) {
		file_put(f);
		return -EBADF;
	}
	if (a1 == a2) {
		file_put(f);
		return (int32_t)a2;
	}
	spin_lock(&fs->lock);
	old = fs->fd[a2];
	fs->fd[a2] = f;
	spin_unlock(&fs->lock);
	if (old)
		file_put(old);
	return (int32_t)a2;
}

SYSCALL(sys_fstat)
{
	struct file *f = fd_get(my_files(), (int)a1);
	struct q_stat st;
	int r = 0;

	UNUSED_ARGS5;
	if (!f)
		return -EBADF;
	memset(&st, 0, sizeof(st));
	if (f->ops->stat)
		f->ops->stat(f, &st);
	if (copy_to_user((void *)a2, &st, sizeof(st)) < 0)
		r = -EFAULT;
	file_put(f);
	return r;
}

SYSCALL(sys_getdents)
{
	struct file *f = fd_get(my_files(), (int)a1);
	struct q_dirent d;
	uint32_t n = 0, max = a3 / sizeof(d);
	int r = 0;

	UNUSED_ARGS5;
	if (!f)
		return -EBADF;
	if (!f->ops->getdents)
		r = -ENOTDIR;
	while (r == 0 && n < max) {
		memset(&d, 0, sizeof(d));
		if (f->ops->getdents(f, &d) <= 0)
			break;
		if (copy_to_user((struct q_dirent *)a2 + n, &d, sizeof(d)) < 0)
			r = -EFAULT;
		else
			n++;
	}
	file_put(f);
	return r < 0 ? r : (int32_t)(n * sizeof(d));
}

/* ---- poll: every change to a pipe or the console input wakes the
 * pollers, who then look again (simple, and fine at this scale). ---- */

static struct spinlock poll_lock = SPINLOCK_INIT("poll");
static struct waitq pollers = { LIST_INIT(pollers.sleepers) };
static volatile uint32_t poll_seq;
static uint32_t npollers;	/* tasks inside poll() */

/* Called after a change a poller may wait for.  Most of the time nobody
 * polls, and then the global lock is skipped: the change (stored before
 * the fence) and npollers (read after it) are the two sides of Dekker's
 * pattern against sys_poll, which raises npollers before it looks at any
 * file.  Either the poller sees the change, or this sees the poller. */
void
poll_notify(void)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (__atomic_load_n(&npollers, __ATOMIC_RELAXED) == 0)
		return;
	spin_lock(&poll_lock);
	poll_seq++;
	if (!list_empty(&pollers.sleepers))
		waitq_wake_all(&pollers, 0);
	spin_unlock(&poll_lock);
}

static int
poll_scan(struct q_pollfd *fds, uint32_t n)
{
	int ready = 0;

	for (uint32_t i = 0; i < n; i++) {
		struct file *f = fd_get(my_files(), fds[i].fd);
		int ev;
		if (fds[i].fd < 0) {
			fds[i].revents = 0;
			continue;
		}
		ev = !f ? Q_POLLNVAL : f->ops->poll ? f->ops->poll(f) : 0;
		fds[i].revents = (int16_t)(ev & (fds[i].events | Q_POLLHUP |
						 Q_POLLERR | Q_POLLNVAL));
		ready += fds[i].revents != 0;
		if (f)
			file_put(f);
	}
	return ready;
}

SYSCALL(sys_poll)
{
	struct q_pollfd fds[NOFILE];
	uint32_t n = a2, seq;
	int timeout = (int)a3, ready, err = 0;
	uint64_t deadline = timeout > 0 ?
		sched_clock() + (uint64_t)timeout * 1000000ull : 0;

	UNUSED_ARGS5;
	if (n > NOFILE)
		return -EINVAL;
	if (copy_from_user(fds, (void *)a1, n * sizeof(fds[0])) < 0)
		return -EFAULT;
	__atomic_fetch_add(&npollers, 1, __ATOMIC_SEQ_CST);
	for (;;) {
		seq = poll_seq;
		ready = poll_scan(fds, n);
		if (ready || timeout == 0 || err)
			break;
		spin_lock(&poll_lock);
		if (seq == poll_seq)
			err = waitq_sleep(&pollers, &poll_lock, deadline);
		spin_unlock(&poll_lock);
		if (err == -ERESTARTSYS) {
			/* never restarted after a handler, even with
			 * SA_RESTART, as Linux's poll */
			err = -ERESTARTNOHAND;
			break;
		}
		if (deadline && sched_clock() >= deadline)
			err = -ETIMEDOUT;
	}
	__atomic_fetch_sub(&npollers, 1, __ATOMIC_SEQ_CST);
	if (err == -ERESTARTNOHAND)
		return err;
	if (copy_to_user((void *)a1, fds, n * sizeof(fds[0])) < 0)
		return -EFAULT;
	return ready;
}

/* ioctl(fd, request, arg): only terminals have any (the console). */
SYSCALL(sys_ioctl)
{
	struct file *f = fd_get(my_files(), (int)a1);
	int32_t r;

	UNUSED_ARGS5;
	if (!f)
		return -EBADF;
	r = f->ops->ioctl ? f->ops->ioctl(f, a2, a3) : -ENOTTY;
	file_put(f);
	return r;
}
