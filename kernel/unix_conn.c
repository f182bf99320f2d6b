/*
 * unix_conn.c - AF_UNIX names and connections: bind, listen, connect,
 * accept, and what closing a socket undoes.
 *
 * As in Linux 6.1 (net/unix/af_unix.c, unix_stream_connect), a stream
 * connect completes at once: it makes the server's end of the connection
 * itself, pairs it with the client and queues it on the listener, where
 * accept() picks it up.  The client may write before the accept.  A full
 * queue (more than the backlog waiting) makes connect wait, or fail with
 * EAGAIN without blocking.  A datagram connect only sets the default
 * destination.
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/socket.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/pipe.h"
#include "kernel/unix.h"

#define SOMAXCONN	4096		/* Linux 6.1's net.core.somaxconn */

static char *
path_dup(const char *path)
{
	size_t len = strlen(path) + 1;
	char *p = kmalloc(len);

	if (p)
		memcpy(p, path, len);
	return p;
}

int
usock_bind(struct usock *s, const char *path)
{
	char *copy = path_dup(path);
	int err = 0;

	if (!copy)
		return -ENOMEM;
	spin_lock(&s->lock);
	if (s->path || s->dead)
		err = -EINVAL;		/* bound already */
	else
		s->path = copy;
	spin_unlock(&s->lock);
	if (err == 0 && (err = unix_name_add(path, s)) < 0) {
		spin_lock(&s->lock);
		s->path = NULL;
		spin_unlock(&s->lock);
	}
	if (err)
		kfree(copy);
	return err;
}

int
usock_listen(struct usock *s, int backlog)
{
	int err = 0;

	if (s->type != Q_SOCK_STREAM)
		return -EOPNOTSUPP;
	if ((unsigned)backlog > SOMAXCONN)
		backlog = SOMAXCONN;
	spin_lock(&s->lock);
	if (!s->path || s->state == US_CONNECTED)
		err = -EINVAL;
	else {
		s->state = US_LISTENING;
		s->backlog = backlog;
		waitq_wake_all(&s->wr_wait, 0);	/* a larger backlog */
	}
	spin_unlock(&s->lock);
	return err;
}

/* The server's end of a new connection to listener l. */
static struct usock *
server_end(struct usock *l)
{
	struct usock *n = usock_alloc(Q_SOCK_STREAM);

	if (!n)
		return NULL;
	if (!(n->path = path_dup(l->path))) {
		usock_put(n);
		return NULL;
	}
	n->sndbuf = l->sndbuf;		/* Linux: the new socket inherits */
	n->rcvbuf = l->rcvbuf;
	n->cap = l->cap;
	return n;
}

/* Queue n, paired with client c, on listener l.  Caller holds l->lock;
 * 0 or -errno (then nothing changed). */
static int
enqueue(struct usock *l, struct usock *c, struct usock *n, int nonblock)
{
	int err;

	for (;;) {
		if (l->dead || l->state != US_LISTENING)
			return -ECONNREFUSED;
		if (l->queued <= l->backlog)
			break;
		if (nonblock)
			return -EAGAIN;
		if ((err = waitq_sleep(&l->wr_wait, &l->lock, 0)) < 0)
			return err;
	}
	spin_lock(&c->lock);		/* order: listener, then client */
	err = c->state == US_CONNECTED ? -EISCONN :
	      c->state == US_LISTENING ? -EINVAL : 0;
	if (err == 0)
		usock_pair(c, n);
	spin_unlock(&c->lock);
	if (err)
		return err;
	if (l->queue_tail)
		l->queue_tail->queue_next = n;
	else
		l->queue_head = n;
	l->queue_tail = n;
	l->queued++;
	waitq_wake_all(&l->rd_wait, 0);
	return 0;
}

static int
stream_connect(struct usock *s, struct usock *l, int nonblock)
{
	struct usock *n;
	int err;

	if (s->state != US_UNCONNECTED)
		return s->state == US_CONNECTED ? -EISCONN : -EINVAL;
	if (!(n = server_end(l)))
		return -ENOMEM;
	spin_lock(&l->lock);
	err = enqueue(l, s, n, nonblock);
	spin_unlock(&l->lock);
	if (err) {
		usock_put(n);
		return err;
	}
	poll_notify(NULL);
	return 0;
}

static void
dgram_set_peer(struct usock *s, struct usock *peer)
{
	struct usock *old;

	spin_lock(&s->lock);
	old = s->peer;
	s->peer = peer;
	s->state = peer ? US_CONNECTED : US_UNCONNECTED;
	spin_unlock(&s->lock);
	if (old)
		usock_put(old);
}

int
usock_connect(struct usock *s, const char *path, int nonblock)
{
	struct usock *l;
	int err = 0;

	if (!path) {			/* AF_UNSPEC: dissolve (datagrams) */
		if (s->type == Q_SOCK_DGRAM)
			dgram_set_peer(s, NULL);
		return 0;
	}
	if (!(l = unix_name_lookup(path, &err)))
		return err;
	if (l->type != s->type)
		err = -EPROTOTYPE;
	else if (s->type == Q_SOCK_STREAM)
		err = stream_connect(s, l, nonblock);
	else {
		dgram_set_peer(s, l);	/* takes the lookup's reference */
		return 0;
	}
	usock_put(l);
	return err;
}

struct usock *
usock_accept(struct usock *l, int nonblock, int *err)
{
	struct usock *n = NULL;

	*err = 0;
	spin_lock(&l->lock);
	while (*err == 0 && !n) {
		if (l->state != US_LISTENING)
			*err = -EINVAL;
		else if ((n = l->queue_head)) {
			if (!(l->queue_head = n->queue_next))
				l->queue_tail = NULL;
			n->queue_next = NULL;
			l->queued--;
			waitq_wake_all(&l->wr_wait, 0);	/* room to connect */
		} else if (nonblock)
			*err = -EAGAIN;
		else
			*err = waitq_sleep(&l->rd_wait, &l->lock, 0);
	}
	spin_unlock(&l->lock);
	return n;
}

/* s's peer loses its partner: for a stream, nothing more comes and
 * nothing more may go (Linux sets the peer's sk_shutdown to the mask);
 * unread bytes left behind make the peer's next read ECONNRESET. */
static void
peer_hangup(struct usock *s, struct usock *peer, int unread)
{
	if (s->type != Q_SOCK_STREAM)
		return;
	spin_lock(&peer->lock);
	peer->shutdown = US_RCV_SHUT | US_SEND_SHUT;
	if (unread)
		peer->err = ECONNRESET;
	waitq_wake_all(&peer->rd_wait, 0);
	waitq_wake_all(&peer->wr_wait, 0);
	spin_unlock(&peer->lock);
}

/* embryo: a connection closed before anyone accepted it, which Linux
 * reports to the client as ECONNRESET whatever is unread. */
static void
release(struct usock *s, int embryo)
{
	struct usock *peer, *q;
	int unread;

	spin_lock(&s->lock);
	s->dead = 1;
	s->shutdown = US_RCV_SHUT | US_SEND_SHUT;
	peer = s->peer;
	s->peer = NULL;
	q = s->queue_head;
	s->queue_head = s->queue_tail = NULL;
	s->queued = 0;
	unread = s->w != s->r;
	waitq_wake_all(&s->rd_wait, 0);
	waitq_wake_all(&s->wr_wait, 0);
	spin_unlock(&s->lock);
	if (s->path)
		unix_name_orphan(s->path, s);
	if (peer) {
		peer_hangup(s, peer, unread || embryo);
		usock_put(peer);
	}
	while (q) {			/* connections never accepted */
		struct usock *next = q->queue_next;
		release(q, 1);
		usock_put(q);
		q = next;
	}
	poll_notify(NULL);
}

void
usock_release(struct usock *s)
{
	release(s, 0);
}
