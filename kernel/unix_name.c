/*
 * unix_name.c - the names AF_UNIX sockets bind to.
 *
 * Linux puts a bound socket's name in the file system as a socket inode
 * (net/unix/af_unix.c, unix_bind_bsd): the name outlives its socket until
 * someone unlinks it, a second bind of it fails with EADDRINUSE, and a
 * connect to a name whose socket is gone is refused.  Quanta's file
 * system has no node for a socket yet, so the names live in this
 * registry, keyed by the absolute path, with the same rules; the file
 * system asks it in two places only (a name a file already has is taken,
 * and unlink of a path it does not know may be a socket's name).  The
 * names therefore do not show in ls (docs/syscalls.md).  A short list
 * under one lock: a machine has a handful of bound sockets.
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "kernel/initrd.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/string.h"
#include "kernel/spinlock.h"
#include "kernel/unix.h"

struct uname {
	struct uname *next;
	struct usock *sock;		/* NULL once it closed */
	char path[];
};

static struct spinlock name_lock = SPINLOCK_INIT("unix_name");
static struct uname *names;

/* Caller holds name_lock. */
static struct uname **
find(const char *path)
{
	struct uname **pp = &names;

	while (*pp && strcmp((*pp)->path, path) != 0)
		pp = &(*pp)->next;
	return pp;
}

/* A file of that name exists already (the initrd today; the file
 * system's lookup once sockets are nodes in it). */
static int
file_exists(const char *path)
{
	return initrd_lookup(path) != NULL;
}

int
unix_name_add(const char *path, struct usock *s)
{
	size_t len = strlen(path);
	struct uname *n = kmalloc(sizeof(*n) + len + 1);
	int err = 0;

	if (!n)
		return -ENOMEM;
	memcpy(n->path, path, len + 1);
	n->sock = s;
	spin_lock(&name_lock);
	if (*find(path) || file_exists(path)) {
		err = -EADDRINUSE;
	} else {
		n->next = names;
		names = n;
	}
	spin_unlock(&name_lock);
	if (err)
		kfree(n);
	return err;
}

struct usock *
unix_name_lookup(const char *path, int *err)
{
	struct uname *n;
	struct usock *s = NULL;

	spin_lock(&name_lock);
	n = *find(path);
	if (n && (s = n->sock))
		usock_get(s);
	spin_unlock(&name_lock);
	if (!s)
		*err = n ? -ECONNREFUSED : -ENOENT;
	return s;
}

void
unix_name_orphan(const char *path, struct usock *s)
{
	struct uname *n;

	spin_lock(&name_lock);
	if ((n = *find(path)) && n->sock == s)
		n->sock = NULL;
	spin_unlock(&name_lock);
}

int
unix_name_unlink(const char *path)
{
	struct uname **pp, *n;

	spin_lock(&name_lock);
	pp = find(path);
	if ((n = *pp))
		*pp = n->next;
	spin_unlock(&name_lock);
	kfree(n);
	return n ? 0 : -ENOENT;
}
