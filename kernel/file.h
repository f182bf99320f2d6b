/*
 * file.h - open files and per-process descriptor tables.
 *
 * A struct file is one open instance (of an initrd file, a directory, the
 * console, /dev/null, or one end of a pipe) with a reference count: dup,
 * fork and threads share it.  Each kind supplies a table of operations.
 */
#ifndef KERNEL_FILE_H
#define KERNEL_FILE_H

#include <stddef.h>
#include <stdint.h>
#include "include/uapi/types.h"
#include "kernel/spinlock.h"

#define NOFILE		64	/* descriptors per process */

struct file;

struct file_ops {
	/* read/write move bytes between the file and a *user* buffer; they
	 * return a count or -errno and may sleep. */
	int (*read)(struct file *f, char *ubuf, size_t n);
	int (*write)(struct file *f, const char *ubuf, size_t n);
	void (*close)(struct file *f);		/* last reference gone */
	void (*stat)(struct file *f, struct q_stat *st);
	int (*poll)(struct file *f);		/* Q_POLL* bits ready now */
	int (*getdents)(struct file *f, struct q_dirent *d);	/* 1, 0 at end */
	int (*ioctl)(struct file *f, uint32_t req, uint32_t arg); /* terminals */
};

struct file {
	const struct file_ops *ops;
	int refs;
	int readable, writable, nonblock;
	uint32_t off;			/* position in initrd files */
	void *priv;			/* the kind's own data */
};

struct files {
	struct spinlock lock;
	struct file *fd[NOFILE];
	int refs;
};

struct file *file_alloc(const struct file_ops *ops, void *priv, int rd, int wr);
void file_get(struct file *f);
void file_put(struct file *f);

struct files *files_create(void);
struct files *files_copy(struct files *src);	/* fork: share every file */
void files_put(struct files *fs);		/* last put closes all */
/* Install f in the lowest free slot (>= min); fd or -EMFILE.  Takes the
 * caller's reference to f. */
int fd_install(struct files *fs, struct file *f, int min);
/* The file at fd with a new reference, or NULL. */
struct file *fd_get(struct files *fs, int fd);

/* Open a path: "/dev/console", "/dev/null", or an initrd file or
 * directory.  A file with one reference, or NULL with *err set. */
struct file *vfs_open(const char *path, int flags, int *err);
struct file *console_file(int rd, int wr);

#endif
