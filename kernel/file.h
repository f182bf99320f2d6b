/*
 * file.h - open files and per-process descriptor tables.
 *
 * A struct file is one open instance (of a file or directory of some
 * mounted file system, a device, or one end of a pipe) with a reference
 * count: dup, fork and threads share it.  Each kind supplies a table of
 * operations; kernel/vfs.h finds files by name.
 */
#ifndef KERNEL_FILE_H
#define KERNEL_FILE_H

#include <stddef.h>
#include <stdint.h>
#include "include/uapi/types.h"
#include "kernel/spinlock.h"

#define NOFILE		64	/* descriptors per process */
/* Largest file offset: off_t is 32 bits in the i386 ABI without large
 * file support, as Linux's MAX_NON_LFS. */
#define FILE_MAX_SIZE	0x7fffffffu

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
	/* Files with a position (kernel/vfs.h).  lseek returns the new
	 * offset or -errno; without it lseek, pread and pwrite fail with
	 * ESPIPE.  pread/pwrite leave f->off alone.  truncate: ftruncate;
	 * fsync: 0 or -errno (without it, EINVAL as Linux). */
	int32_t (*lseek)(struct file *f, int32_t off, int whence);
	int (*pread)(struct file *f, char *ubuf, size_t n, uint32_t off);
	int (*pwrite)(struct file *f, const char *ubuf, size_t n, uint32_t off);
	int (*truncate)(struct file *f, uint32_t len);
	int (*fsync)(struct file *f);
};

struct file {
	const struct file_ops *ops;
	int refs;
	int readable, writable, nonblock;
	int append;			/* O_APPEND: every write at the end */
	uint32_t off;			/* position in files that seek */
	void *priv;			/* the kind's own data */
	char *path;			/* directories: their absolute path, for
					 * fchdir and openat (kmalloc'd) */
};

struct files {
	struct spinlock lock;
	struct file *fd[NOFILE];
	int refs;
	/* The working directory (kernel/vfs.c): shared by the threads and
	 * copied by fork exactly as the table is.  NULL is "/"; otherwise a
	 * kmalloc'd absolute path, replaced under lock. */
	char *cwd;
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

/* lseek for a file of size bytes: the new offset, or -EINVAL (a bad
 * whence, or a result below 0 or above FILE_MAX_SIZE). */
int32_t file_seek(struct file *f, int32_t off, int whence, uint32_t size);
/* poll of a file that never waits (files, directories, null, zero). */
int file_poll_ready(struct file *f);
/* fsync of a file with nothing to write back: 0. */
int file_fsync_nop(struct file *f);

/* The console as an open file (kernel/devfs.c): init's fds 0, 1, 2. */
struct file *console_file(int rd, int wr);

#endif
