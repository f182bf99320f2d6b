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

#define NOFILE_INIT	64	/* slots a table starts with, inline */
#define NR_OPEN		16384	/* the highest RLIMIT_NOFILE may go */
#define NOFILE_SOFT	1024	/* RLIMIT_NOFILE's defaults, Linux's */
#define NOFILE_HARD	4096
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

/*
 * A descriptor table (kernel/fdtable.c).  fd[] has cap slots: the inline
 * small[] at first, a kmalloc'd array once a descriptor at or above
 * NOFILE_INIT is needed; it grows by doubling up to max (RLIMIT_NOFILE's
 * soft limit) and never shrinks.  cloexec[] holds one FD_CLOEXEC bit per
 * slot.  lock protects every field; a single-threaded process may read
 * fd[] and cap without it (nobody else can change them: sys_file.c).
 */
struct files {
	struct spinlock lock;
	struct file **fd;
	uint32_t *cloexec;
	int cap;			/* slots in fd[] */
	int max;			/* descriptors must be below this */
	int next_free;			/* no free slot below it */
	int refs;
	/* The working directory (kernel/vfs.c): shared by the threads and
	 * copied by fork exactly as the table is.  NULL is "/"; otherwise a
	 * kmalloc'd absolute path, replaced under lock. */
	char *cwd;
	struct file *small[NOFILE_INIT];
	uint32_t small_cloexec[NOFILE_INIT / 32];
};

/* A new open file with one reference, or NULL when out of memory. */
struct file *file_alloc(const struct file_ops *ops, void *priv, int rd, int wr);
/* Take a reference; the caller already holds one. */
void file_get(struct file *f);
/* Drop a reference; the last one closes the file (ops->close) and frees
 * it, so the caller holds no lock that a close takes. */
void file_put(struct file *f);

/* An empty descriptor table with one reference, or NULL (no memory). */
struct files *files_create(void);
struct files *files_copy(struct files *src);	/* fork: share every file */
void files_put(struct files *fs);		/* last put closes all */
/* execve: close every descriptor marked FD_CLOEXEC. */
void files_close_on_exec(struct files *fs);
/* RLIMIT_NOFILE's soft limit changed: new descriptors stay below max. */
void files_set_max(struct files *fs, int max);
/* Install f in the lowest free slot (>= min); fd or -EMFILE (or -ENOMEM
 * if the table cannot grow).  Takes the caller's reference to f. */
int fd_install(struct files *fs, struct file *f, int min);
int fd_install_flags(struct files *fs, struct file *f, int min, int cloexec);
/* Put f at fd (dup2/dup3), taking the caller's reference: the file that
 * was there goes to *old (NULL if none).  0, or -EBADF for an fd at or
 * above the limit, -ENOMEM. */
int fd_replace(struct files *fs, int fd, struct file *f, int cloexec,
	       struct file **old);
/* Empty slot fd: the file that was there (its reference to the caller),
 * or NULL if none. */
struct file *fd_remove(struct files *fs, int fd);
/* close(fd): empty the slot and drop its reference; 0 or -EBADF. */
int fd_close(struct files *fs, int fd);
/* The file at fd with a new reference, or NULL. */
struct file *fd_get(struct files *fs, int fd);
/* FD_CLOEXEC of fd: get 0/1 or -EBADF; set returns 0 or -EBADF. */
int fd_get_cloexec(struct files *fs, int fd);
int fd_set_cloexec(struct files *fs, int fd, int on);

/* The file at fd without a reference or the lock: only for a process with
 * one live task, whose table nobody else can change (sys_file.c). */
static inline struct file *
fd_peek(const struct files *fs, int fd)
{
	return fs && (unsigned)fd < (unsigned)fs->cap ? fs->fd[fd] : NULL;
}

/* ---- system-call helpers other calls share ---- */
/* dup2/dup3: newfd becomes a copy of oldfd (sys_file.c). */
int32_t fd_dup_to(int oldfd, int newfd, int cloexec);
/* poll and ppoll: deadline in sched_clock ns (0: none); timed and no
 * deadline: do not wait (sys_file.c). */
int32_t poll_wait_fds(uintptr_t ufds, uint32_t n, uint64_t deadline,
		      int timed);
/* FIONBIO, FIOCLEX, FIONCLEX: 0 with *ret set, or 1 if req is another
 * (sys_fcntl.c). */
int fd_common_ioctl(struct file *f, int fd, uint32_t req, uint32_t arg,
		    int32_t *ret);

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
