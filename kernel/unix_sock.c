/*
 * unix_sock.c - AF_UNIX sockets: their receive rings, send and receive,
 * shutdown, and the file operations (read, write, poll, ioctl, close).
 *
 * A sender locks the *receiver* and copies into its ring, as a pipe's
 * writer does (kernel/pipe.c): one lock at a time, user copies without
 * faults under it, and a fault-in outside it before a retry.  The ring
 * starts empty and doubles on demand up to cap, the largest power of two
 * not above the socket's SO_RCVBUF (Linux 6.1, net/unix/af_unix.c, bounds
 * a stream by the *sender's* SO_SNDBUF instead; docs/syscalls.md says so),
 * so an idle socket costs no buffer.
 *
 * Semantics follow Linux 6.1 net/unix/af_unix.c, as
 * docs/reference/posix-surface-6.1.md states them: a stream write of up
 * to half the buffer goes in whole (Linux sends it as one skb), a longer
 * one in pieces; a read returns what is there; writing after the peer
 * closed or shut down reading fails with EPIPE and SIGPIPE; a datagram
 * keeps its boundaries, a read takes one and drops what does not fit
 * (MSG_TRUNC reports its full length).
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/fcntl.h"
#include "include/uapi/socket.h"
#include "include/uapi/types.h"
#include "kernel/file.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/pipe.h"
#include "kernel/proc.h"
#include "kernel/task.h"
#include "kernel/unix.h"

#define RING_MIN	4096
#define BUF_DEFAULT	212992		/* Linux's net.core.[rw]mem_default */
#define BUF_MAX		212992		/* net.core.[rw]mem_max */
#define RCVBUF_MIN	2304		/* SOCK_MIN_RCVBUF, Linux 6.1 include/net/sock.h */
#define SNDBUF_MIN	4608		/* SOCK_MIN_SNDBUF */
#define DGRAM_HDR	8		/* record: length, name length */

static uint32_t
ring_cap(int rcvbuf)
{
	uint32_t c = RING_MIN;

	while (c * 2 <= (uint32_t)rcvbuf)
		c *= 2;
	return c;
}

struct usock *
usock_alloc(int type)
{
	struct usock *s = kzalloc(sizeof(*s));

	if (!s)
		return NULL;
	spin_init(&s->lock, "usock");
	s->refs = 1;
	s->type = type;
	s->sndbuf = s->rcvbuf = BUF_DEFAULT;
	s->cap = ring_cap(s->rcvbuf);
	waitq_init(&s->rd_wait);
	waitq_init(&s->wr_wait);
	return s;
}

void
usock_get(struct usock *s)
{
	__atomic_fetch_add(&s->refs, 1, __ATOMIC_SEQ_CST);
}

void
usock_put(struct usock *s)
{
	if (__atomic_sub_fetch(&s->refs, 1, __ATOMIC_SEQ_CST) > 0)
		return;
	kfree(s->buf);
	kfree(s->path);
	kfree(s);
}

void
usock_set_buf(struct usock *s, int name, int val)
{
	/* Linux's sock_setsockopt: capped at the maximum, then doubled
	 * (for the kernel's bookkeeping), never below the minimum */
	if (val > BUF_MAX)
		val = BUF_MAX;
	if (val < 0)
		val = 0;
	spin_lock(&s->lock);
	if (name == Q_SO_SNDBUF) {
		s->sndbuf = val * 2 < SNDBUF_MIN ? SNDBUF_MIN : val * 2;
	} else {
		s->rcvbuf = val * 2 < RCVBUF_MIN ? RCVBUF_MIN : val * 2;
		s->cap = ring_cap(s->rcvbuf);
	}
	spin_unlock(&s->lock);
}

/* ---- the ring ---- */

static uint32_t
ring_used(const struct usock *s)
{
	return s->w - s->r;
}

/* Make the ring hold at least need bytes in all (need <= s->cap).
 * Caller holds s->lock; kmalloc takes only its own leaf lock.  0 or
 * -ENOMEM. */
static int
ring_reserve(struct usock *s, uint32_t need)
{
	uint32_t size = s->size ? s->size : RING_MIN, used = ring_used(s);
	char *nb;

	if (need <= s->size)
		return 0;
	while (size < need)
		size *= 2;
	if (!(nb = kmalloc(size)))
		return -ENOMEM;
	for (uint32_t i = 0; i < used; i++)	/* unwrap into the new ring */
		nb[i] = s->buf[(s->r + i) & (s->size - 1)];
	kfree(s->buf);
	s->buf = nb;
	s->size = size;
	s->w = used;
	s->r = 0;
	return 0;
}

/* Copy n bytes between the ring at free-running position pos and kernel
 * (user == 0) or user memory, without faults: 0 or -EFAULT. */
static int
ring_io(struct usock *s, uint32_t pos, char *p, uint32_t n, int to_ring,
	int user)
{
	uint32_t off = pos & (s->size - 1), first = s->size - off;
	int r = 0;

	if (first > n)
		first = n;
	for (int piece = 0; piece < 2 && r == 0; piece++) {
		char *ring = s->buf + (piece ? 0 : off);
		uint32_t k = piece ? n - first : first;
		char *q = p + (piece ? first : 0);
		if (k == 0)
			continue;
		if (!user)
			to_ring ? memcpy(ring, q, k) : memcpy(q, ring, k);
		else
			r = to_ring ? copy_from_user_nofault(ring, q, k)
				    : copy_to_user_nofault(q, ring, k);
	}
	return r;
}

/* ---- sending ---- */

/* Room a send of n bytes waits for: all of it up to half the buffer
 * (Linux's one-skb send), then any. */
static int
has_room(const struct usock *r, uint32_t need, int whole)
{
	uint32_t room = r->cap > ring_used(r) ? r->cap - ring_used(r) : 0;

	return whole ? room >= need : room > 0;
}

/* Wait, with r->lock held, until r can take a send; 0 or -errno. */
static int
wait_room(struct usock *s, struct usock *r, uint32_t need, int whole,
	  int nonblock)
{
	int err;

	for (;;) {
		if (r->dead || (r->shutdown & US_RCV_SHUT))
			return s->type == Q_SOCK_STREAM ? -EPIPE : -ECONNREFUSED;
		if (__atomic_load_n(&s->shutdown, __ATOMIC_RELAXED) & US_SEND_SHUT)
			return -EPIPE;
		if (has_room(r, need, whole))
			return 0;
		if (nonblock)
			return -EAGAIN;
		waitq_wake_all(&r->rd_wait, 1);		/* we sleep next */
		if ((err = waitq_sleep(&r->wr_wait, &r->lock, 0)) < 0)
			return err;
	}
}

/* Copy n user bytes into r's ring at free-running position pos: 0, or
 * -EFAULT for a buffer that cannot be made readable.  May drop r->lock to
 * fault the buffer in: then *retry is set, nothing was written, and the
 * caller looks at the ring afresh. */
static int
ring_put_user(struct usock *r, uint32_t pos, const char *ubuf, uint32_t n,
	      int *retry)
{
	int err;

	*retry = 0;
	if (ring_io(r, pos, (char *)ubuf, n, 1, 1) == 0)
		return 0;
	spin_unlock(&r->lock);
	err = user_fault_in(ubuf, n, 0);
	spin_lock(&r->lock);
	*retry = err == 0;
	return err;
}

static int
stream_send(struct usock *s, struct usock *r, const char *ubuf, uint32_t n,
	    int nonblock)
{
	uint32_t done = 0;
	int err = 0, retry;

	spin_lock(&r->lock);
	while (done < n) {
		uint32_t k, room;
		int whole = done == 0 && n <= r->cap / 2;
		if ((err = wait_room(s, r, whole ? n : 1, whole, nonblock)) < 0)
			break;
		room = r->cap - ring_used(r);
		k = n - done < room ? n - done : room;
		if ((err = ring_reserve(r, ring_used(r) + k)) < 0)
			break;
		if ((err = ring_put_user(r, r->w, ubuf + done, k, &retry)) < 0)
			break;
		if (retry)
			continue;	/* the lock was dropped: look again */
		r->w += k;
		done += k;
		waitq_wake_all(&r->rd_wait, 0);
	}
	spin_unlock(&r->lock);
	if (done)
		poll_notify(r);
	return done ? (int)done : err;
}

static int
dgram_send(struct usock *s, struct usock *r, const char *ubuf, uint32_t n,
	   int nonblock)
{
	uint32_t hdr[2], alen = s->path ? strlen(s->path) : 0;
	uint32_t need = DGRAM_HDR + alen + n;
	int err, retry;

	/* Linux: longer than the send buffer less 32 bytes; here also a
	 * record the receiver's ring could never hold */
	if (n + 32 > (uint32_t)s->sndbuf || need > r->cap)
		return -EMSGSIZE;
	spin_lock(&r->lock);
	do {
		if ((err = wait_room(s, r, need, 1, nonblock)) < 0 ||
		    (err = ring_reserve(r, ring_used(r) + need)) < 0)
			break;
		/* the data first: its copy may drop the lock */
		err = ring_put_user(r, r->w + DGRAM_HDR + alen, ubuf, n,
				    &retry);
	} while (err == 0 && retry);
	if (err == 0) {
		hdr[0] = n;
		hdr[1] = alen;
		ring_io(r, r->w, (char *)hdr, DGRAM_HDR, 1, 0);
		if (alen)
			ring_io(r, r->w + DGRAM_HDR, s->path, alen, 1, 0);
		r->w += need;
		r->nrecords++;
		waitq_wake_all(&r->rd_wait, 0);
	}
	spin_unlock(&r->lock);
	if (err == 0)
		poll_notify(r);
	return err < 0 ? err : (int)n;
}

/* The receiver of a send: the peer, or dest's socket for a datagram. */
static struct usock *
send_target(struct usock *s, const char *dest, int *err)
{
	struct usock *r;

	if (dest) {
		if (s->type == Q_SOCK_STREAM) {
			*err = s->state == US_CONNECTED ? -EISCONN : -EOPNOTSUPP;
			return NULL;
		}
		if ((r = unix_name_lookup(dest, err)) && r->type != s->type) {
			usock_put(r);
			*err = -EPROTOTYPE;
			return NULL;
		}
		return r;
	}
	spin_lock(&s->lock);
	if ((r = s->peer))
		usock_get(r);
	spin_unlock(&s->lock);
	if (!r)
		*err = -ENOTCONN;
	return r;
}

/* A datagram's connected peer closed: Linux's unix_dgram_sendmsg drops
 * the connection and fails this send with ECONNREFUSED. */
static void
dgram_disconnect(struct usock *s, struct usock *r)
{
	int drop = 0;

	spin_lock(&s->lock);
	if (s->peer == r) {
		s->peer = NULL;
		s->state = US_UNCONNECTED;
		drop = 1;
	}
	spin_unlock(&s->lock);
	if (drop)
		usock_put(r);
}

int
usock_send(struct usock *s, const char *ubuf, uint32_t n, int flags,
	   int nonblock, const char *dest)
{
	struct usock *r;
	int err = 0;

	nonblock |= (flags & Q_MSG_DONTWAIT) != 0;
	if (!(r = send_target(s, dest, &err)))
		return err;
	if (s->type == Q_SOCK_STREAM) {
		err = n ? stream_send(s, r, ubuf, n, nonblock) : 0;
	} else {
		err = dgram_send(s, r, ubuf, n, nonblock);
		if (err == -ECONNREFUSED && !dest)
			dgram_disconnect(s, r);
	}
	usock_put(r);
	if (err == -EPIPE && !(flags & Q_MSG_NOSIGNAL))
		proc_kill(current->proc->pid, Q_SIGPIPE);
	return err;
}

/* ---- receiving ---- */

/* Wait, with s->lock held, for data; 0, 1 at end of stream, or -errno. */
static int
wait_data(struct usock *s, int nonblock)
{
	int err;

	while (ring_used(s) == 0) {
		if (s->err) {
			err = -s->err;
			s->err = 0;
			return err;
		}
		if (s->shutdown & US_RCV_SHUT)
			return 1;
		if (s->type == Q_SOCK_STREAM && s->state != US_CONNECTED)
			return -EINVAL;		/* Linux's answer too */
		if (nonblock)
			return -EAGAIN;
		if ((err = waitq_sleep(&s->rd_wait, &s->lock, 0)) < 0)
			return err;
	}
	return 0;
}

/* Copy k ring bytes at pos to user memory, faulting the buffer in
 * outside the lock when needed: 0, 1 to look again, or -EFAULT. */
static int
ring_get_user(struct usock *s, uint32_t pos, char *ubuf, uint32_t k)
{
	int err;

	if (ring_io(s, pos, ubuf, k, 0, 1) == 0)
		return 0;
	spin_unlock(&s->lock);
	err = user_fault_in(ubuf, k, 1);
	spin_lock(&s->lock);
	return err < 0 ? err : 1;
}

static int
stream_recv(struct usock *s, char *ubuf, uint32_t n, int flags, int nonblock)
{
	const struct usock *writer;
	uint32_t done = 0;
	int err = 0;

	spin_lock(&s->lock);
	while (done < n) {
		uint32_t k;
		if ((err = wait_data(s, nonblock)) != 0)
			break;
		k = ring_used(s) < n - done ? ring_used(s) : n - done;
		if ((err = ring_get_user(s, s->r, ubuf + done, k)) < 0)
			break;
		if (err == 1)
			continue;	/* the lock was dropped: look again */
		done += k;
		if (flags & Q_MSG_PEEK)
			break;
		s->r += k;
		waitq_wake_all(&s->wr_wait, 0);
		if (!(flags & Q_MSG_WAITALL))
			break;
	}
	writer = s->peer;
	spin_unlock(&s->lock);
	/* room in s's ring: the peer's POLLOUT looks at it (peer_writable) */
	if (done && !(flags & Q_MSG_PEEK) && writer)
		poll_notify(writer);
	if (done)
		return (int)done;
	return err == 1 ? 0 : err;
}

static int
dgram_recv(struct usock *s, char *ubuf, uint32_t n, int flags, int nonblock,
	   char *from)
{
	uint32_t hdr[2], k = 0;
	int err;

	spin_lock(&s->lock);
	for (;;) {
		if ((err = wait_data(s, nonblock)) != 0)
			break;
		ring_io(s, s->r, (char *)hdr, DGRAM_HDR, 0, 0);
		k = hdr[0] < n ? hdr[0] : n;
		if ((err = ring_get_user(s, s->r + DGRAM_HDR + hdr[1], ubuf,
					 k)) != 1)
			break;
	}
	if (err == 0) {
		if (from) {
			ring_io(s, s->r + DGRAM_HDR, from, hdr[1], 0, 0);
			from[hdr[1]] = 0;
		}
		if (!(flags & Q_MSG_PEEK)) {
			s->r += DGRAM_HDR + hdr[1] + hdr[0];
			s->nrecords--;
			waitq_wake_all(&s->wr_wait, 0);
		}
	}
	spin_unlock(&s->lock);
	if (err == 1)
		return 0;
	if (err < 0)
		return err;
	if (!(flags & Q_MSG_PEEK))
		poll_notify(NULL);	/* room: for any socket connected to s */
	return (int)((flags & Q_MSG_TRUNC) ? hdr[0] : k);
}

int
usock_recv(struct usock *s, char *ubuf, uint32_t n, int flags, int nonblock,
	   char *from)
{
	nonblock |= (flags & Q_MSG_DONTWAIT) != 0;
	if (from)
		from[0] = 0;
	if (s->type == Q_SOCK_DGRAM)
		return dgram_recv(s, ubuf, n, flags, nonblock, from);
	if (n == 0)
		return 0;
	if (from) {
		spin_lock(&s->lock);
		if (s->peer && s->peer->path)
			strlcpy(from, s->peer->path, Q_UNIX_PATH_MAX);
		spin_unlock(&s->lock);
	}
	return stream_recv(s, ubuf, n, flags, nonblock);
}

/* ---- pairs and shutdown ---- */

void
usock_pair(struct usock *a, struct usock *b)
{
	usock_get(b);
	a->peer = b;
	a->state = US_CONNECTED;
	usock_get(a);
	b->peer = a;
	b->state = US_CONNECTED;
}

/* Add bits to s's shutdown and wake everyone who may care. */
static void
shut_bits(struct usock *s, int bits)
{
	spin_lock(&s->lock);
	s->shutdown |= bits;
	waitq_wake_all(&s->rd_wait, 0);
	waitq_wake_all(&s->wr_wait, 0);
	spin_unlock(&s->lock);
}

int
usock_shutdown(struct usock *s, int how)
{
	int mine, theirs;
	struct usock *peer;

	if (how < Q_SHUT_RD || how > Q_SHUT_RDWR)
		return -EINVAL;
	/* SHUT_RD is 0, SHUT_WR 1, SHUT_RDWR 2: Linux's (how + 1) trick */
	mine = how + 1;
	theirs = ((mine & US_RCV_SHUT) ? US_SEND_SHUT : 0) |
		 ((mine & US_SEND_SHUT) ? US_RCV_SHUT : 0);
	spin_lock(&s->lock);
	if ((peer = s->peer))
		usock_get(peer);
	spin_unlock(&s->lock);
	shut_bits(s, mine);
	if (peer && s->type == Q_SOCK_STREAM)
		shut_bits(peer, theirs);
	if (peer)
		usock_put(peer);
	poll_notify(NULL);
	return 0;
}

/* ---- file operations ---- */

static int
sock_read(struct file *f, char *ubuf, size_t n)
{
	return usock_recv(f->priv, ubuf, (uint32_t)n, 0, f->nonblock, NULL);
}

static int
sock_write(struct file *f, const char *ubuf, size_t n)
{
	return usock_send(f->priv, ubuf, (uint32_t)n, 0, f->nonblock, NULL);
}

static void
sock_close(struct file *f)
{
	usock_release(f->priv);
	usock_put(f->priv);
}

static void
sock_stat(struct file *f, struct q_stat *st)
{
	(void)f;
	st->st_mode = Q_S_IFSOCK | 0777;
	st->st_nlink = 1;
}

/* Can s send now?  Linux's unix_writable asks whether the sender's own
 * bytes in flight are at most a quarter of its buffer; here the bytes
 * sit in the peer's ring, so: a quarter of that ring free. */
static int
peer_writable(struct usock *s)
{
	struct usock *r;
	int ok = 1;

	spin_lock(&s->lock);
	if ((r = s->peer))
		usock_get(r);
	spin_unlock(&s->lock);
	if (!r)
		return s->type == Q_SOCK_DGRAM;
	spin_lock(&r->lock);
	ok = r->dead || (r->shutdown & US_RCV_SHUT) ||
	     r->cap - ring_used(r) >= r->cap / 4;
	spin_unlock(&r->lock);
	usock_put(r);
	return ok;
}

/* Linux's unix_poll (stream) and unix_dgram_poll, without POLLRDHUP. */
static int
sock_poll(struct file *f)
{
	struct usock *s = f->priv;
	int ev = 0, listening, shut;

	spin_lock(&s->lock);
	listening = s->state == US_LISTENING;
	shut = s->shutdown;
	if (s->err)
		ev |= Q_POLLERR;
	if (shut == (US_RCV_SHUT | US_SEND_SHUT))
		ev |= Q_POLLHUP;
	if ((shut & US_RCV_SHUT) || ring_used(s) || s->queued)
		ev |= Q_POLLIN;
	if (s->type == Q_SOCK_STREAM && s->state == US_UNCONNECTED)
		ev |= Q_POLLHUP;
	spin_unlock(&s->lock);
	if (!listening && !(shut & US_SEND_SHUT) && peer_writable(s))
		ev |= Q_POLLOUT;
	return ev;
}

/* FIONREAD (SIOCINQ): a stream's bytes, a datagram socket's next one. */
static int
sock_ioctl(struct file *f, uint32_t req, uint32_t arg)
{
	struct usock *s = f->priv;
	uint32_t hdr[2] = { 0, 0 };
	int v;

	if (req != Q_FIONREAD)
		return -ENOTTY;
	spin_lock(&s->lock);
	if (s->state == US_LISTENING) {
		spin_unlock(&s->lock);
		return -EINVAL;
	}
	if (s->type == Q_SOCK_STREAM) {
		v = (int)ring_used(s);
	} else {
		if (ring_used(s))
			ring_io(s, s->r, (char *)hdr, DGRAM_HDR, 0, 0);
		v = (int)hdr[0];
	}
	spin_unlock(&s->lock);
	return copy_to_user((void *)arg, &v, sizeof(v));
}

static const struct file_ops sock_ops = {
	.read = sock_read, .write = sock_write, .close = sock_close,
	.stat = sock_stat, .poll = sock_poll, .ioctl = sock_ioctl,
};

struct file *
usock_file(struct usock *s)
{
	return file_alloc(&sock_ops, s, 1, 1);
}

struct usock *
usock_of(struct file *f)
{
	return f && f->ops == &sock_ops ? f->priv : NULL;
}
