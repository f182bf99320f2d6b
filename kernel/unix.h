/*
 * unix.h - AF_UNIX sockets (kernel/unix_sock.c, unix_conn.c) and their
 * names (kernel/unix_name.c).
 *
 * Each socket owns a receive ring; a sender copies into its peer's ring
 * under the peer's lock, as a pipe's writer copies into the pipe
 * (kernel/pipe.c).  A stream ring holds bytes, a datagram ring holds
 * records (length, sender's name, data), so message boundaries survive.
 * References: the socket's file holds one, its peer holds one, a
 * listener's queue holds one per connection not accepted yet, and the
 * name registry's lookups take one for the time of a connect or send.
 */
#ifndef KERNEL_UNIX_H
#define KERNEL_UNIX_H

#include <stdint.h>
#include "kernel/spinlock.h"
#include "kernel/waitq.h"

struct file;

/* shutdown bits, as Linux's sk_shutdown */
#define US_RCV_SHUT	1	/* nothing more will arrive */
#define US_SEND_SHUT	2	/* nothing more may be sent */

enum us_state { US_UNCONNECTED, US_LISTENING, US_CONNECTED };

struct usock {
	struct spinlock lock;		/* everything below but refs */
	int refs;
	int type;			/* Q_SOCK_STREAM or Q_SOCK_DGRAM */
	enum us_state state;
	int shutdown;			/* US_*_SHUT */
	int dead;			/* its file is closed */
	int err;			/* SO_ERROR: reported once */
	char *buf;			/* receive ring, grows up to cap */
	uint32_t size, cap;		/* powers of two; size 0: no ring */
	uint32_t r, w;			/* free-running counts */
	uint32_t nrecords;		/* datagrams queued */
	int sndbuf, rcvbuf;		/* as SO_SNDBUF / SO_RCVBUF report */
	struct usock *peer;		/* connected to (a reference) */
	struct waitq rd_wait;		/* its readers (and accept) */
	struct waitq wr_wait;		/* senders waiting for room here */
	char *path;			/* bound name, kmalloc'd, or NULL */
	/* a listener's queue of connections not accepted yet */
	struct usock *queue_head, *queue_tail, *queue_next;
	int queued, backlog;
};

/* ---- unix_sock.c: sockets and their data ---- */
/* A new unconnected socket of type with one reference; NULL: no memory. */
struct usock *usock_alloc(int type);
void usock_get(struct usock *s);
void usock_put(struct usock *s);
/* A file for s, taking the caller's reference; NULL: no memory. */
struct file *usock_file(struct usock *s);
/* The socket behind a file, or NULL if it is none (ENOTSOCK). */
struct usock *usock_of(struct file *f);
/* Send n bytes of ubuf, to s's peer or (a datagram) to dest; flags are
 * Q_MSG_*.  Bytes sent or -errno; EPIPE raises SIGPIPE unless
 * MSG_NOSIGNAL. */
int usock_send(struct usock *s, const char *ubuf, uint32_t n, int flags,
	       int nonblock, const char *dest);
/* Receive into ubuf; *from (a path or NULL, at least Q_UNIX_PATH_MAX
 * bytes) gets a datagram's sender.  Bytes or -errno. */
int usock_recv(struct usock *s, char *ubuf, uint32_t n, int flags,
	       int nonblock, char *from);
/* Connect a and b to each other (socketpair): both fresh. */
void usock_pair(struct usock *a, struct usock *b);
int usock_shutdown(struct usock *s, int how);
/* SO_RCVBUF / SO_SNDBUF: Linux's doubling and bounds. */
void usock_set_buf(struct usock *s, int name, int val);

/* ---- unix_conn.c: names, listen, connect, accept ---- */
int usock_bind(struct usock *s, const char *path);
int usock_listen(struct usock *s, int backlog);
int usock_connect(struct usock *s, const char *path, int nonblock);
/* The next queued connection of a listener (a reference), or NULL with
 * *err set. */
struct usock *usock_accept(struct usock *s, int nonblock, int *err);
/* s's file closed: drop its queue, its name and its peer. */
void usock_release(struct usock *s);

/* ---- unix_name.c: the registry of bound names ---- */
/* Bind path to s: 0, or -EADDRINUSE when the name exists (bound, left
 * behind by a closed socket, or an existing file). */
int unix_name_add(const char *path, struct usock *s);
/* The live socket bound to path with a reference, or NULL with *err:
 * -ENOENT (no such name) or -ECONNREFUSED (its socket is closed). */
struct usock *unix_name_lookup(const char *path, int *err);
/* s, bound to path, closes: the name stays until unlinked (Linux). */
void unix_name_orphan(const char *path, struct usock *s);
/* unlink(path) of a socket name: 0 or -ENOENT.  For the file system's
 * unlink, which tries this for a path it does not know. */
int unix_name_unlink(const char *path);

#endif
