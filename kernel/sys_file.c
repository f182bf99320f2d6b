/*
 * sys_file.c - system calls on file descriptors, and poll().
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/fcntl.h"
#include "include/uapi/types.h"
#include "kernel/file.h"
#include "kernel/kmalloc.h"
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
	struct process *p = current->proc;	/* once: this_cpu() is volatile */
	struct files *fs = p->files;
	int ref = proc_threaded(p);
	struct file *f;
	int r;

	if (ref)
		f = fd_get(fs, fd);
	else
		f = fd_peek(fs, fd);
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
	UNUSED_ARGS5;
	return fd_close(my_files(), (int)a1);
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
			fd_close(my_files(), fds[0]);
		else
			file_put(rd);
		if (fds[1] >= 0)
			fd_close(my_files(), fds[1]);
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

/* dup2 and dup3: newfd becomes a copy of oldfd, closing what it was. */
int32_t
fd_dup_to(int oldfd, int newfd, int cloexec)
{
	struct files *fs = my_files();
	struct file *f = fd_get(fs, oldfd), *old;
	int err;

	if (!f)
		return -EBADF;
	if ((err = fd_replace(fs, newfd, f, cloexec, &old)) < 0) {
		file_put(f);
		return err;
	}
	if (old)
		file_put(old);
	return newfd;
}

SYSCALL(sys_dup2)
{
	struct file *f;

	UNUSED_ARGS5;
	if (a1 != a2)
		return fd_dup_to((int)a1, (int)a2, 0);
	if (!(f = fd_get(my_files(), (int)a1)))
		return -EBADF;
	file_put(f);
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

/* ---- poll: a change to a pipe or a socket wakes the pollers of that
 * object alone (poll_notify(obj), obj being its files' priv), who then
 * look again; a change whose watchers are not known (a connect, a close,
 * console input) wakes every poller (poll_notify(NULL)).  Waking every poller at every
 * change would make hackbench's start quadratic: its N threads poll one
 * pipe while each writes "ready" to another, and every write would wake
 * all the threads before it. ---- */

#define POLL_HASH_BITS	6		/* 64 buckets of poll_entry, by object */

struct poller {
	struct list node;		/* in all_pollers */
	struct waitq wq;		/* the polling task alone */
	int notified;			/* a change since its last scan */
};

struct poll_entry {
	struct list node;		/* in poll_hash[] */
	const void *obj;		/* a polled file's priv */
	struct poller *who;
};

/* poll_lock protects all_pollers, poll_hash and every poller's fields */
static struct spinlock poll_lock = SPINLOCK_INIT("poll");
static struct list all_pollers = LIST_INIT(all_pollers);
static struct list poll_hash[1 << POLL_HASH_BITS];	/* set up at first use */
uint32_t poll_npollers;		/* tasks inside poll(); pipe.h */

/* Caller holds poll_lock.  Multiplying by 2^32 / phi (Knuth's
 * multiplicative hashing) spreads objects kmalloc'd at a regular stride
 * over all the buckets. */
static struct list *
poll_bucket(const void *obj)
{
	uint32_t h = (uint32_t)(uintptr_t)obj * 0x9e3779b9u;
	struct list *b = &poll_hash[h >> (32 - POLL_HASH_BITS)];

	if (!b->next)
		list_init(b);
	return b;
}

/* Caller holds poll_lock. */
static void
poller_wake(struct poller *p)
{
	p->notified = 1;
	waitq_wake_all(&p->wq, 0);
}

/* The slow half of poll_notify() (pipe.h): somebody polls. */
void
poll_wake_pollers(const void *obj)
{
	struct list *pos, *head;

	spin_lock(&poll_lock);
	if (!obj) {
		list_for_each(pos, &all_pollers)
			poller_wake(list_entry(pos, struct poller, node));
	} else {
		head = poll_bucket(obj);
		list_for_each(pos, head) {
			struct poll_entry *e = list_entry(pos, struct poll_entry, node);
			if (e->obj == obj)
				poller_wake(e->who);
		}
	}
	spin_unlock(&poll_lock);
}

/* Look at every descriptor; with ents, also note which object each one's
 * file is, for poll_enter(). */
static int
poll_scan(struct q_pollfd *fds, uint32_t n, struct poll_entry *ents)
{
	int ready = 0;

	for (uint32_t i = 0; i < n; i++) {
		struct file *f = fd_get(my_files(), fds[i].fd);
		int ev;
		if (ents)
			ents[i].obj = f ? f->priv : NULL;
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

/* Make me a poller of the objects poll_scan() put in ents[0..n). */
static void
poll_enter(struct poller *me, struct poll_entry *ents, uint32_t n)
{
	waitq_init(&me->wq);
	spin_lock(&poll_lock);
	me->notified = 0;
	list_add_tail(&me->node, &all_pollers);
	for (uint32_t i = 0; i < n; i++) {
		ents[i].who = me;
		if (ents[i].obj)
			list_add_tail(&ents[i].node, poll_bucket(ents[i].obj));
	}
	spin_unlock(&poll_lock);
}

static void
poll_leave(struct poller *me, struct poll_entry *ents, uint32_t n)
{
	spin_lock(&poll_lock);
	list_del(&me->node);
	for (uint32_t i = 0; i < n; i++)
		if (ents[i].obj)
			list_del(&ents[i].node);
	spin_unlock(&poll_lock);
}

/* Sleep until a descriptor is ready, a signal or the deadline: the ready
 * count, or -ERESTARTNOHAND, or 0 at the deadline. */
static int
poll_sleep(struct poller *me, struct q_pollfd *fds, uint32_t n,
	   uint64_t deadline)
{
	int ready, err = 0;

	for (;;) {
		ready = poll_scan(fds, n, NULL);
		if (ready || err)
			return ready;
		spin_lock(&poll_lock);
		if (!me->notified)
			err = waitq_sleep(&me->wq, &poll_lock, deadline);
		me->notified = 0;
		spin_unlock(&poll_lock);
		/* never restarted after a handler, even with SA_RESTART,
		 * as Linux's poll */
		if (err == -ERESTARTSYS)
			return -ERESTARTNOHAND;
		if (deadline && sched_clock() >= deadline)
			err = -ETIMEDOUT;
	}
}

/* Up to POLL_STACK descriptors are copied to the stack; more (as far as
 * RLIMIT_NOFILE, Linux's limit on nfds) to the heap. */
#define POLL_STACK	32

int32_t
poll_wait_fds(uintptr_t ufds, uint32_t n, uint64_t deadline, int timed)
{
	struct q_pollfd stack_fds[POLL_STACK], *fds = stack_fds;
	struct poll_entry stack_ents[POLL_STACK], *ents = stack_ents;
	struct poller me;
	int ready = 0, err = 0;

	if (n > (uint32_t)my_files()->max)
		return -EINVAL;
	if (n > POLL_STACK && (!(fds = kmalloc(n * sizeof(fds[0]))) ||
			       !(ents = kmalloc(n * sizeof(ents[0]))))) {
		err = -ENOMEM;
		goto out;
	}
	if (copy_from_user(fds, (void *)ufds, n * sizeof(fds[0])) < 0) {
		err = -EFAULT;
		goto out;
	}
	__atomic_fetch_add(&poll_npollers, 1, __ATOMIC_SEQ_CST);
	ready = poll_scan(fds, n, ents);
	if (!ready && !(timed && !deadline)) {
		/* poll_sleep() scans again: a change made before poll_enter()
		 * woke nobody, but that scan sees it */
		poll_enter(&me, ents, n);
		ready = poll_sleep(&me, fds, n, deadline);
		poll_leave(&me, ents, n);
	}
	__atomic_fetch_sub(&poll_npollers, 1, __ATOMIC_SEQ_CST);
	if (ready == -ERESTARTNOHAND)
		err = ready;
	else if (copy_to_user((void *)ufds, fds, n * sizeof(fds[0])) < 0)
		err = -EFAULT;
out:
	if (fds != stack_fds)
		kfree(fds);
	if (ents != stack_ents)
		kfree(ents);
	return err < 0 ? err : ready;
}

SYSCALL(sys_poll)
{
	int timeout = (int)a3;
	uint64_t deadline = timeout > 0 ?
		sched_clock() + (uint64_t)timeout * 1000000ull : 0;

	UNUSED_ARGS5;
	return poll_wait_fds(a1, a2, deadline, timeout >= 0);
}

/* ioctl(fd, request, arg): FIONBIO and FIOCLEX for every descriptor
 * (sys_fcntl.c), the rest by the file's kind: the console's termios,
 * FIONREAD on the console, pipes and sockets. */
SYSCALL(sys_ioctl)
{
	struct file *f = fd_get(my_files(), (int)a1);
	int32_t r;

	UNUSED_ARGS5;
	if (!f)
		return -EBADF;
	if (fd_common_ioctl(f, (int)a1, a2, a3, &r))
		r = f->ops->ioctl ? f->ops->ioctl(f, a2, a3) : -ENOTTY;
	file_put(f);
	return r;
}
