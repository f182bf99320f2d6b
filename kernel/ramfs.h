/*
 * ramfs.h - the RAM file system's nodes, shared by kernel/ramfs.c (the
 * tree of names) and kernel/ramfs_file.c (file data and open files).
 *
 * Locking: ramfs_lock (a spinlock) guards the tree, every node's links,
 * open count, size and times, and the page count.  A node's data is
 * changed and copied to or from user memory under its busy flag, a sleep
 * lock (Linux's i_rwsem); pages and the page array of a node change only
 * under it.
 */
#ifndef KERNEL_RAMFS_H
#define KERNEL_RAMFS_H

#include <stddef.h>
#include <stdint.h>
#include "include/uapi/types.h"
#include "kernel/lib/list.h"
#include "kernel/spinlock.h"
#include "kernel/time.h"
#include "kernel/waitq.h"

struct file;
struct file_ops;

struct rnode {
	uint32_t mode;			/* Q_S_IFREG or Q_S_IFDIR | permissions */
	uint32_t ino;
	uint32_t nlink;			/* stat's: 1, or 2 + subdirectories */
	int linked;			/* some directory names it */
	uint32_t opens;			/* open files on it */
	uint32_t size;			/* bytes; directories: entries */
	uint64_t atime, mtime, ctime;	/* ns since 1970 */
	int busy;			/* its data lock is held */
	struct waitq busy_wait;
	/* regular files */
	char **pages;			/* pages[i] holds bytes i*PGSIZE...,
					 * NULL: a hole */
	uint32_t nslots;		/* entries in pages[] */
	uint32_t npages;		/* of them allocated */
	/* directories */
	struct list entries;		/* struct rdent, by cookie */
	uint32_t next_cookie;
	struct rnode *parent;
};

struct rdent {
	struct list node;
	uint32_t cookie;		/* getdents position, increasing */
	struct rnode *child;
	char name[Q_NAME_MAX + 1];
};

extern struct spinlock ramfs_lock;

static inline uint64_t
ramfs_now(void)
{
	return realtime_base_ns + sched_clock();
}

static inline int
rnode_is_dir(const struct rnode *n)
{
	return (n->mode & Q_S_IFMT) == Q_S_IFDIR;
}

/* Open files on a regular file and on a directory; priv is the node.
 * Their close drops the node's open count (and frees an unlinked one). */
extern const struct file_ops ramfs_file_ops, ramfs_dir_ops;

/* Free n and its pages: it is in no directory and no file is open on it
 * (ramfs_lock not held). */
void ramfs_node_free(struct rnode *n);
/* Cut or extend f's file to len under its busy flag: 0, -EFBIG, or
 * -ERESTARTSYS when a signal came while it waited for the flag. */
int ramfs_file_truncate(struct file *f, uint32_t len);
/* stat of n; caller holds ramfs_lock. */
void ramfs_node_stat(const struct rnode *n, struct q_stat *st);
/* The data limit from tmpfs_size= (by default half of RAM). */
void ramfs_limit_init(void);

#endif
