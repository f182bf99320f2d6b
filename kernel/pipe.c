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
	uint32_t size;
	uint32_t r, w;			/* free-running read/write counts */
	int readers, writers;		/* open ends */
	struct waitq rd_wait, wr_wait;
};

void
pipe_init(void)
{
	const char *v = cmdline_get("pipe_size");
	unsigned long n;

	if (!v)
		return;
	n = strtoul(v, NULL, 0);
	if (n < 512 || n > 1024 * 1024 || (n & (n - 1)))
		printk("cmdline: pipe_size=%s rejected: a power of two from 512 "
		       "to 1048576; using %u\n", v, pipe_size);
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

	spin_lock(&p->lock);
	if (f->readable)
		p->readers--;
	else
		p->writers--;
	waitq_wake_all(&p->rd_wait, 0);	/* EOF or EPIPE to the other end */
	waitq_wake_all(&p->wr_wait, 0);
	last = p->readers == 0 && p->writers == 0;
	spin_unlock(&p->lock);
	poll_notify();
	if (last)
		pipe_free(p);
}

static int
pipe_read(struct file *f, char *ubuf, size_t n)
{
	struct pipe *p = f->priv;
	char tmp[512];
	size_t got = 0;
	int err;

	spin_lock(&p->lock);
	while (p->r == p->w && p->writers > 0) {
		if (f->nonblock) {
			spin_unlock(&p->lock);
			return -EAGAIN;
		}
		if ((err = waitq_sleep(&p->rd_wait, &p->lock, 0)) < 0) {
			spin_unlock(&p->lock);
			return err;
		}
	}
	while (got < n && p->r != p->w) {
		size_t k = 0;
		while (k < sizeof(tmp) && got + k < n && p->r != p->w)
			tmp[k++] = p->buf[p->r++ % p->size];
		spin_unlock(&p->lock);
		if (copy_to_user(ubuf + got, tmp, k) < 0)
			return got ? (int)got : -EFAULT;
		got += k;
		spin_lock(&p->lock);
	}
	waitq_wake_all(&p->wr_wait, 0);		/* done: asynchronous */
	spin_unlock(&p->lock);
	poll_notify();
	return (int)got;
}

/* Room for a write of n bytes: atomic writes wait for all of it. */
static int
has_room(struct pipe *p, size_t n)
{
	uint32_t room = p->size - (p->w - p->r);

	return n <= PIPE_BUF && n <= p->size ? room >= n : room > 0;
}

static int
pipe_write(struct file *f, const char *ubuf, size_t n)
{
	struct pipe *p = f->priv;
	char tmp[512];
	size_t done = 0;
	int err = 0;

	while (done < n) {
		size_t k = n - done > sizeof(tmp) ? sizeof(tmp) : n - done;
		if (copy_from_user(tmp, ubuf + done, k) < 0) {
			err = -EFAULT;
			break;
		}
		spin_lock(&p->lock);
		while (p->readers > 0 && !has_room(p, done ? 1 : n)) {
			if (f->nonblock) {
				err = -EAGAIN;
				break;
			}
			waitq_wake_all(&p->rd_wait, 1);	/* we sleep next */
			if ((err = waitq_sleep(&p->wr_wait, &p->lock, 0)) < 0)
				break;
		}
		if (err == 0 && p->readers == 0)
			err = -EPIPE;
		if (err < 0) {
			spin_unlock(&p->lock);
			break;
		}
		for (size_t i = 0; i < k && p->w - p->r < p->size; i++, done++)
			p->buf[p->w++ % p->size] = tmp[i];
		waitq_wake_all(&p->rd_wait, 0);		/* asynchronous */
		spin_unlock(&p->lock);
		poll_notify();
	}
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

	spin_lock(&p->lock);
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
	spin_unlock(&p->lock);
	return ev;
}

static const struct file_ops pipe_ops = {
	.read = pipe_read, .write = pipe_write, .close = pipe_close,
	.stat = pipe_stat, .poll = pipe_poll,
};

int
pipe_create(struct file **rd, struct file **wr)
{
	struct pipe *p = kzalloc(sizeof(*p));

	if (!p || !(p->buf = kmalloc(pipe_size))) {
		kfree(p);
		return -ENOMEM;
	}
	spin_init(&p->lock, "pipe");
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
