/*
 * pipe.c - pipes: a ring buffer between a writing and a reading file.
 *
 * The buffer holds pipe_size bytes (one page by default, Linux 2.6's size;
 * "pipe_size=" on the command line changes it).  Its size decides how the
 * seed 000 writer and reader alternate: the writer fills the page, sleeps,
 * and the reader empties it.  Wakeups follow Linux 2.6.0's fs/pipe.c: a
 * writer that must wait for room (or a reader that must wait for data)
 * wakes the other side with the *sync* hint - it is about to sleep, so the
 * woken task may run on its CPU (wake_up_interruptible_sync) - while the
 * wakeup at the end of a read or write that completes is asynchronous
 * (wake_up_interruptible).  O(1)'s sleep_avg credit depends on which.
 *
 * POSIX rules: read returns 0 (EOF) once the buffer is empty and no writer
 * is left; write to a pipe without readers fails with EPIPE and raises
 * SIGPIPE; writes of at most PIPE_BUF (4096) bytes are atomic.
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/cmdline.h"
#include "kernel/file.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/pipe.h"
#include "kernel/printk.h"
#include "kernel/proc.h"
#include "kernel/spinlock.h"
#include "kernel/task.h"
#include "kernel/waitq.h"

#define PIPE_BUF	4096

uint32_t pipe_size = 4096;

struct pipe {
	struct spinlock lock;
	char *buf;
	uint32_t size;			/* a power of two */
	uint32_t r, w;			/* free-running read/write counts */
	int readers, writers;		/* open ends */
	struct waitq rd_wait, wr_wait;
};

void
pipe_init(void)
{
	int64_t n;

	if (cmdline_number("pipe_size", 512, 1024 * 1024, CMDLINE_SIZE, &n) != 1)
		return;
	if (n & (n - 1))
		cmdline_reject("pipe_size", "not a power of two");
	else
		pipe_size = (uint32_t)n;
}

static void
pipe_free(struct pipe *p)
{
	kfree(p->buf);
	kfree(p);
}

/* One end closes (its file's last reference). */
static void
pipe_close(struct file *f)
{
	struct pipe *p = f->priv;
	int last;

	spin_lock_task(&p->lock);
	if (f->readable)
		p->readers--;
	else
		p->writers--;
	waitq_wake_all(&p->rd_wait, 0);	/* EOF or EPIPE to the other end */
	waitq_wake_all(&p->wr_wait, 0);
	last = p->readers == 0 && p->writers == 0;
	spin_unlock_task(&p->lock);
	poll_notify(p);
	if (last)
		pipe_free(p);
}

/* Copy n bytes between user memory and the ring at free-running position
 * pos: at most two pieces, as the ring wraps.  Called under p->lock, so
 * the copies may not fault pages in (mm.h).  Nothing moves p->r or p->w
 * here: a copy that fails halfway is simply done again. */
static int
ring_copy(struct pipe *p, uint32_t pos, char *ubuf, uint32_t n, int to_user)
{
	uint32_t off = pos & (p->size - 1), first = p->size - off;
	int r;

	if (first > n)
		first = n;
	r = to_user ? copy_to_user_nofault(ubuf, p->buf + off, first)
		    : copy_from_user_nofault(p->buf + off, ubuf, first);
	if (r == 0 && first < n)
		r = to_user ? copy_to_user_nofault(ubuf + first, p->buf, n - first)
			    : copy_from_user_nofault(p->buf, ubuf + first, n - first);
	return r;
}

static int
pipe_read(struct file *f, char *ubuf, size_t n)
{
	struct pipe *p = f->priv;
	uint32_t k;
	int err;

	if (n == 0)
		return 0;
	spin_lock_task(&p->lock);
	for (;;) {
		while (p->r == p->w && p->writers > 0) {
			if (f->nonblock) {
				spin_unlock_task(&p->lock);
				return -EAGAIN;
			}
			if ((err = waitq_sleep(&p->rd_wait, &p->lock, 0)) < 0) {
				spin_unlock_task(&p->lock);
				return err;
			}
		}
		k = p->w - p->r < n ? p->w - p->r : (uint32_t)n;
		if (k == 0 || ring_copy(p, p->r, ubuf, k, 1) == 0)
			break;
		/* the buffer needs a page made usable: not under the lock */
		spin_unlock_task(&p->lock);
		if (user_fault_in(ubuf, k, 1) < 0)
			return -EFAULT;		/* nothing was consumed */
		spin_lock_task(&p->lock);
	}
	p->r += k;
	if (k)
		waitq_wake_all(&p->wr_wait, 0);		/* done: asynchronous */
	spin_unlock_task(&p->lock);
	if (k)
		poll_notify(p);
	return (int)k;
}

/* Room for a write of n bytes: atomic writes wait for all of it. */
static int
has_room(struct pipe *p, size_t n)
{
	uint32_t room = p->size - (p->w - p->r);

	return n <= PIPE_BUF && n <= p->size ? room >= n : room > 0;
}

/* Wait until the next piece of a write fits: 0, or the error to return. */
static int
wait_room(struct file *f, struct pipe *p, size_t need)
{
	int err;

	while (p->readers > 0 && !has_room(p, need)) {
		if (f->nonblock)
			return -EAGAIN;
		waitq_wake_all(&p->rd_wait, 1);		/* we sleep next */
		if ((err = waitq_sleep(&p->wr_wait, &p->lock, 0)) < 0)
			return err;
	}
	return p->readers == 0 ? -EPIPE : 0;
}

static int
pipe_write(struct file *f, const char *ubuf, size_t n)
{
	struct pipe *p = f->priv;
	size_t done = 0;
	int err = 0;

	if (n == 0)
		return 0;
	spin_lock_task(&p->lock);
	while (done < n) {
		uint32_t k, room;
		if ((err = wait_room(f, p, done ? 1 : n)) < 0)
			break;
		room = p->size - (p->w - p->r);
		k = n - done < room ? (uint32_t)(n - done) : room;
		if (ring_copy(p, p->w, (char *)ubuf + done, k, 0) < 0) {
			spin_unlock_task(&p->lock);
			err = user_fault_in(ubuf + done, k, 0);
			spin_lock_task(&p->lock);
			if (err < 0)
				break;
			continue;	/* the pipe may have changed meanwhile */
		}
		p->w += k;
		done += k;
	}
	if (done)
		waitq_wake_all(&p->rd_wait, 0);		/* done: asynchronous */
	spin_unlock_task(&p->lock);
	if (done)
		poll_notify(p);
	if (err == -EPIPE)
		proc_kill(current->proc->pid, Q_SIGPIPE);
	return done ? (int)done : err;
}

static void
pipe_stat(struct file *f, struct q_stat *st)
{
	struct pipe *p = f->priv;

	st->st_mode = Q_S_IFIFO | 0600;
	st->st_nlink = 1;
	st->st_size = p->w - p->r;
}

static int
pipe_poll(struct file *f)
{
	struct pipe *p = f->priv;
	int ev = 0;

	spin_lock_task(&p->lock);
	if (f->readable) {
		if (p->r != p->w)
			ev |= Q_POLLIN;
		if (p->writers == 0)
			ev |= Q_POLLHUP;
	} else {
		if (p->readers == 0)
			ev |= Q_POLLERR;
		else if (p->size - (p->w - p->r) >= (p->size < PIPE_BUF ? 1 : PIPE_BUF))
			ev |= Q_POLLOUT;
	}
	spin_unlock_task(&p->lock);
	return ev;
}

/* FIONREAD: the bytes in the pipe, asked at either end (Linux). */
static int
pipe_ioctl(struct file *f, uint32_t req, uint32_t arg)
{
	struct pipe *p = f->priv;
	int n;

	if (req != Q_FIONREAD)
		return -ENOTTY;
	spin_lock_task(&p->lock);
	n = (int)(p->w - p->r);
	spin_unlock_task(&p->lock);
	return copy_to_user((void *)arg, &n, sizeof(n));
}

static const struct file_ops pipe_ops = {
	.read = pipe_read, .write = pipe_write, .close = pipe_close,
	.stat = pipe_stat, .poll = pipe_poll, .ioctl = pipe_ioctl,
};

int
pipe_create(struct file **rd, struct file **wr)
{
	struct pipe *p = kzalloc(sizeof(*p));

	if (!p || !(p->buf = kmalloc(pipe_size))) {
		kfree(p);
		return -ENOMEM;
	}
	spin_init_task(&p->lock, "pipe");
	p->size = pipe_size;
	p->readers = p->writers = 1;
	waitq_init(&p->rd_wait);
	waitq_init(&p->wr_wait);
	*rd = file_alloc(&pipe_ops, p, 1, 0);
	*wr = file_alloc(&pipe_ops, p, 0, 1);
	if (!*rd || !*wr) {
		kfree(*rd);
		kfree(*wr);
		pipe_free(p);
		return -ENOMEM;
	}
	return 0;
}
