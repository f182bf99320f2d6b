/*
 * procfs.c - the /proc tree: path lookup, open-time snapshots, reads and
 * directory listings.
 *
 *   /proc                      self, cpuinfo, loadavg, meminfo, schedstat,
 *                              stat, uptime, version, and a directory per
 *                              process (Linux lists processes, not threads)
 *   /proc/<pid>                stat status sched schedstat task
 *   /proc/<pid>/task           a directory per thread of the process
 *   /proc/<pid>/task/<tid>     stat status sched schedstat (the thread's)
 *
 * As in Linux, /proc/<tid> also opens for a thread that is not its
 * process's first (it is not listed), and /proc/self is the caller's
 * process; here self is that directory itself, not a symbolic link.
 * Kernel threads and the idle tasks belong to pid 0 and are not shown.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/file.h"
#include "kernel/kmalloc.h"
#include "kernel/lib/printf.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/procfs.h"
#include "kernel/task.h"
#include "kernel/time.h"
#include "kernel/vfs.h"

#define PROC_DEPTH	5		/* components of the longest path */
#define PROC_BUF_MIN	2048
#define PROC_BUF_MAX	(256 * 1024)

/* What a path names. */
enum node {
	N_ROOT, N_PID, N_TASKDIR, N_TID,	/* directories */
	N_TASKFILE, N_SYSFILE,			/* files */
};

enum taskfile { TF_STAT, TF_STATUS, TF_SCHED, TF_SCHEDSTAT, TF_N };

static const char *const taskfile_names[TF_N] = {
	"stat", "status", "sched", "schedstat",
};

static const struct sysfile {
	const char *name;
	void (*show)(struct pbuf *b);
} sysfiles[] = {
	{ "cpuinfo", proc_sys_cpuinfo },
	{ "loadavg", proc_sys_loadavg },
	{ "meminfo", proc_sys_meminfo },
	{ "schedstat", proc_sys_schedstat },
	{ "stat", proc_sys_stat },
	{ "uptime", proc_sys_uptime },
	{ "version", proc_sys_version },
};
#define NSYSFILES	(sizeof(sysfiles) / sizeof(sysfiles[0]))

struct lookup {
	enum node node;
	int tid;		/* the task named (N_PID, N_TID, N_TASKFILE) */
	int whole;		/* N_TASKFILE: /proc/<pid>/x, not task/<tid>/x */
	int which;		/* N_TASKFILE: enum taskfile; N_SYSFILE: index */
	uint32_t ino;
};

/* An open /proc file or directory: its snapshot. */
struct proc_open {
	int is_dir;
	uint32_t ino;
	uint32_t len;			/* bytes, or directory entries */
	union {
		char data[1];			/* a file's text */
		struct q_dirent dents[1];	/* a directory's entries */
	};
};

void
pb_printf(struct pbuf *b, const char *fmt, ...)
{
	va_list ap;
	size_t room = b->len < b->size ? b->size - b->len : 0;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(room ? b->buf + b->len : NULL, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
}

/* ---- path lookup ---- */

/* A decimal task id ("12"), or -1. */
static int
parse_id(const char *s)
{
	int n = 0;

	if (!*s || *s == '0')
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || n > 100000000)
			return -1;
		n = n * 10 + (*s - '0');
	}
	return n;
}

/* Split path into at most PROC_DEPTH components of buf; "." is dropped
 * and ".." drops the one before.  Returns the count, or -ENOENT. */
static int
split_path(const char *path, char *buf, size_t size, char **comp)
{
	int n = 0;

	if (strlcpy(buf, path, size) >= size)
		return -ENOENT;
	for (char *s = buf; *s;) {
		char *start;
		while (*s == '/')
			*s++ = 0;
		if (!*s)
			break;
		start = s;
		while (*s && *s != '/')
			s++;
		if (*s)
			*s++ = 0;
		if (strcmp(start, ".") == 0)
			continue;
		if (strcmp(start, "..") == 0) {
			n -= n > 0;
			continue;
		}
		if (n == PROC_DEPTH)
			return -ENOENT;
		comp[n++] = start;
	}
	return n;
}

/* Which user task is tid (caller holds proc_lock)?  NULL for none, or for
 * the kernel's own tasks. */
static struct task *
user_task(int tid)
{
	struct task *t = tid > 0 ? task_find(tid) : NULL;

	return t && t->proc != &kernel_process ? t : NULL;
}

static int
taskfile_index(const char *name)
{
	for (int i = 0; i < TF_N; i++)
		if (strcmp(name, taskfile_names[i]) == 0)
			return i;
	return -1;
}

/* Inode numbers: 1 the root, 2.. the system files, then 16 per task. */
static uint32_t
task_ino(int tid, int kind)
{
	return 0x100u + (uint32_t)tid * 16u + (uint32_t)kind;
}

/* Resolve the components below a task directory (t's, whole or not). */
static int
lookup_in_task(struct lookup *l, char **comp, int n, int pid_tid)
{
	struct task *t;
	int f;

	if (n == 0)
		return 0;
	if (strcmp(comp[0], "task") == 0 && l->whole) {
		int tid;
		if (n == 1) {
			l->node = N_TASKDIR;
			l->ino = task_ino(pid_tid, 15);
			return 0;
		}
		tid = parse_id(comp[1]);
		t = user_task(tid);
		if (!t || t->proc != user_task(pid_tid)->proc)
			return -ENOENT;
		l->node = N_TID;
		l->tid = tid;
		l->whole = 0;
		l->ino = task_ino(tid, 14);
		return lookup_in_task(l, comp + 2, n - 2, tid);
	}
	if ((f = taskfile_index(comp[0])) < 0)
		return -ENOENT;
	if (n > 1)
		return -ENOTDIR;
	l->node = N_TASKFILE;
	l->which = f;
	l->ino = task_ino(l->tid, f + 1 + (l->whole ? 0 : 6));
	return 0;
}

/* Resolve path; caller holds proc_lock (tasks are looked up). */
static int
lookup(const char *path, struct lookup *l)
{
	char buf[128], *comp[PROC_DEPTH];
	int n = split_path(path, buf, sizeof(buf), comp), tid;

	if (n < 0)
		return n;
	memset(l, 0, sizeof(*l));
	l->node = N_ROOT;
	l->ino = 1;
	if (n == 0)
		return 0;
	for (size_t i = 0; i < NSYSFILES; i++)
		if (strcmp(comp[0], sysfiles[i].name) == 0) {
			l->node = N_SYSFILE;
			l->which = (int)i;
			l->ino = 2 + (uint32_t)i;
			return n > 1 ? -ENOTDIR : 0;
		}
	if (strcmp(comp[0], "self") == 0)
		tid = current->proc->pid;
	else
		tid = parse_id(comp[0]);
	if (!user_task(tid))
		return -ENOENT;
	l->node = N_PID;
	l->tid = tid;
	l->whole = 1;
	l->ino = task_ino(tid, 0);
	return lookup_in_task(l, comp + 1, n - 1, tid);
}

static int
lookup_locked(const char *path, struct lookup *l)
{
	int r;

	spin_lock(&proc_lock);
	r = lookup(path, l);
	spin_unlock(&proc_lock);
	return r;
}

/* ---- snapshots ---- */

/* Write the file l names into b.  Returns 0, or -ENOENT if its task went
 * away since the lookup. */
static int
show(const struct lookup *l, struct pbuf *b)
{
	struct task *t;
	int r = 0;

	if (l->node == N_SYSFILE) {
		sysfiles[l->which].show(b);
		return 0;
	}
	spin_lock(&proc_lock);
	t = user_task(l->tid);
	if (!t)
		r = -ENOENT;
	else if (l->which == TF_STAT)
		proc_task_stat(b, t, l->whole);
	else if (l->which == TF_STATUS)
		proc_task_status(b, t);
	else if (l->which == TF_SCHED)
		proc_task_sched(b, t);
	else
		proc_task_schedstat(b, t);
	spin_unlock(&proc_lock);
	return r;
}

/* Generate a file's text into a new proc_open: the buffer doubles until
 * the text fits (each attempt is a fresh snapshot). */
static struct proc_open *
snapshot_file(const struct lookup *l, int *err)
{
	size_t size = PROC_BUF_MIN;
	struct proc_open *po;
	struct pbuf b;

	for (;;) {
		po = kmalloc(offsetof(struct proc_open, data) + size);
		if (!po) {
			*err = -ENOMEM;
			return NULL;
		}
		b.buf = po->data;
		b.size = size;
		b.len = 0;
		if ((*err = show(l, &b)) < 0) {
			kfree(po);
			return NULL;
		}
		if (b.len < size)
			break;
		kfree(po);
		if (size >= PROC_BUF_MAX) {
			*err = -ENOMEM;
			return NULL;
		}
		size *= 2;
	}
	po->is_dir = 0;
	po->len = (uint32_t)b.len;
	return po;
}

static void
dirent_set(struct q_dirent *d, uint32_t ino, int type, const char *name)
{
	d->d_ino = ino;
	d->d_type = (uint32_t)type;
	strlcpy(d->d_name, name, sizeof(d->d_name));
}

static void
dirent_id(struct q_dirent *d, uint32_t ino, int id)
{
	char name[12];

	snprintf(name, sizeof(name), "%d", id);
	dirent_set(d, ino, Q_DT_DIR, name);
}

/* Entries of a task directory (pid's, whole or a thread's). */
static int
list_task_dir(struct q_dirent *d, int tid, int whole)
{
	int n = 0;

	for (int i = 0; i < TF_N; i++)
		dirent_set(&d[n++], task_ino(tid, i + 1 + (whole ? 0 : 6)),
			   Q_DT_REG, taskfile_names[i]);
	if (whole)
		dirent_set(&d[n++], task_ino(tid, 15), Q_DT_DIR, "task");
	return n;
}

/* Insert id into the sorted ids[0..n), returning the new count. */
static int
insert_sorted(int *ids, int n, int id)
{
	int i = n;

	while (i > 0 && ids[i - 1] > id) {
		ids[i] = ids[i - 1];
		i--;
	}
	ids[i] = id;
	return n + 1;
}

/* The ids a directory lists: processes (root) or pid's threads, sorted.
 * Caller holds proc_lock. */
static int
list_ids(int *ids, const struct lookup *l)
{
	struct task *owner = l->node == N_TASKDIR ? user_task(l->tid) : NULL;
	int n = 0;

	for (int i = 0; i < MAX_TASKS; i++) {
		struct task *t = task_table[i];
		if (!t || t->proc == &kernel_process)
			continue;
		if (l->node == N_ROOT && t->tid == t->proc->pid)
			n = insert_sorted(ids, n, t->tid);
		else if (owner && t->proc == owner->proc)
			n = insert_sorted(ids, n, t->tid);
	}
	return n;
}

static struct proc_open *
snapshot_dir(const struct lookup *l, int *err)
{
	size_t max = NSYSFILES + 1 + MAX_TASKS;
	struct proc_open *po = kmalloc(offsetof(struct proc_open, dents) +
				       max * sizeof(struct q_dirent));
	int *ids = kmalloc(MAX_TASKS * sizeof(int));
	struct q_dirent *d;
	int n = 0, nids = 0;

	if (!po || !ids) {
		kfree(po);
		kfree(ids);
		*err = -ENOMEM;
		return NULL;
	}
	d = po->dents;
	memset(d, 0, max * sizeof(*d));
	if (l->node == N_ROOT) {
		dirent_set(&d[n++], 0xffu, Q_DT_DIR, "self");
		for (size_t i = 0; i < NSYSFILES; i++)
			dirent_set(&d[n++], 2 + (uint32_t)i, Q_DT_REG,
				   sysfiles[i].name);
	}
	spin_lock(&proc_lock);
	if (l->node == N_ROOT || l->node == N_TASKDIR)
		nids = list_ids(ids, l);
	spin_unlock(&proc_lock);
	for (int i = 0; i < nids; i++)
		dirent_id(&d[n++], task_ino(ids[i], l->node == N_ROOT ? 0 : 14),
			  ids[i]);
	if (l->node == N_PID || l->node == N_TID)
		n = list_task_dir(d, l->tid, l->node == N_PID);
	kfree(ids);
	po->is_dir = 1;
	po->len = (uint32_t)n;
	return po;
}

/* ---- file operations ---- */

static int
proc_read(struct file *f, char *ubuf, size_t n)
{
	const struct proc_open *po = f->priv;

	if (po->is_dir)
		return -EISDIR;
	if (f->off >= po->len)
		return 0;
	if (n > po->len - f->off)
		n = po->len - f->off;
	if (copy_to_user(ubuf, po->data + f->off, n) < 0)
		return -EFAULT;
	f->off += (uint32_t)n;
	return (int)n;
}

static int
proc_getdents(struct file *f, struct q_dirent *d)
{
	const struct proc_open *po = f->priv;

	if (f->off >= po->len)
		return 0;
	*d = po->dents[f->off++];
	return 1;
}

/* Linux gives /proc files size 0 (their text exists only once read),
 * blocks of 1024 bytes and the time their inode was made: now. */
static void
fill_stat(struct q_stat *st, int is_dir, uint32_t ino)
{
	uint64_t now = realtime_base_ns + sched_clock();

	memset(st, 0, sizeof(*st));
	st->st_mode = is_dir ? Q_S_IFDIR | 0555 : Q_S_IFREG | 0444;
	st->st_ino = ino;
	st->st_nlink = is_dir ? 2 : 1;
	st->st_dev = VFS_DEV_PROC;
	st->st_blksize = 1024;
	st->st_atim.tv_sec = (int64_t)(now / 1000000000u);
	st->st_atim.tv_nsec = (int32_t)(now % 1000000000u);
	st->st_mtim = st->st_ctim = st->st_atim;
}

static void
proc_stat(struct file *f, struct q_stat *st)
{
	const struct proc_open *po = f->priv;

	fill_stat(st, po->is_dir, po->ino);
}

/* seq_lseek: from the start or from here, not from the end (the size is
 * not known in advance); a directory's offset counts entries. */
static int32_t
proc_lseek(struct file *f, int32_t off, int whence)
{
	if (whence == Q_SEEK_END)
		return -EINVAL;
	return file_seek(f, off, whence, 0);
}

static int
proc_pread(struct file *f, char *ubuf, size_t n, uint32_t off)
{
	const struct proc_open *po = f->priv;

	if (po->is_dir)
		return -EISDIR;
	if (off >= po->len)
		return 0;
	if (n > po->len - off)
		n = po->len - off;
	if (copy_to_user(ubuf, po->data + off, n) < 0)
		return -EFAULT;
	return (int)n;
}

static void
proc_close(struct file *f)
{
	kfree(f->priv);
}

static const struct file_ops proc_file_ops = {
	.read = proc_read, .stat = proc_stat, .poll = file_poll_ready,
	.close = proc_close, .lseek = proc_lseek, .pread = proc_pread,
};

static const struct file_ops proc_dir_ops = {
	.read = proc_read, .stat = proc_stat, .poll = file_poll_ready,
	.close = proc_close, .getdents = proc_getdents, .lseek = proc_lseek,
};

static int
is_dir_node(enum node n)
{
	return n != N_TASKFILE && n != N_SYSFILE;
}

/* Why path cannot be created: EACCES when its directory exists (/proc
 * makes no names), else what looking the directory up says. */
static int
create_error(const char *path)
{
	char dir[128], *slash;
	struct lookup l;
	int r;

	if (strlcpy(dir, path, sizeof(dir)) >= sizeof(dir))
		return -ENOENT;
	slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	else
		dir[0] = 0;
	r = lookup_locked(dir, &l);
	if (r == 0 && !is_dir_node(l.node))
		r = -ENOTDIR;
	return r < 0 ? r : -EACCES;
}

struct file *
procfs_open(const char *path, int flags, int *err)
{
	int acc = flags & Q_O_ACCMODE, dir;
	struct proc_open *po;
	struct lookup l;
	struct file *f;

	*err = lookup_locked(path, &l);
	if (*err == -ENOENT && (flags & Q_O_CREAT))
		*err = create_error(path);
	if (*err == 0 && (flags & (Q_O_CREAT | Q_O_EXCL)) ==
	    (Q_O_CREAT | Q_O_EXCL))
		*err = -EEXIST;
	if (*err < 0)
		return NULL;
	dir = is_dir_node(l.node);
	/* O_CREAT of an existing file just opens it; of a directory, and
	 * any write, is what Linux refuses */
	if (acc != Q_O_RDONLY || (flags & Q_O_TRUNC) ||
	    (dir && (flags & Q_O_CREAT))) {
		*err = dir ? -EISDIR : -EACCES;
		return NULL;
	}
	if ((flags & Q_O_DIRECTORY) && !dir) {
		*err = -ENOTDIR;
		return NULL;
	}
	po = dir ? snapshot_dir(&l, err) : snapshot_file(&l, err);
	if (!po)
		return NULL;
	po->ino = l.ino;
	f = file_alloc(dir ? &proc_dir_ops : &proc_file_ops, po, 1, 0);
	if (!f) {
		kfree(po);
		*err = -ENOMEM;
	}
	return f;
}

static struct file *
procfs_create(const char *path, int flags, uint32_t mode, int *err)
{
	(void)mode;
	return procfs_open(path, flags, err);
}

static int
procfs_stat(const char *path, struct q_stat *st)
{
	struct lookup l;
	int r = lookup_locked(path, &l);

	if (r == 0)
		fill_stat(st, is_dir_node(l.node), l.ino);
	return r;
}

/* The mount table's entry (kernel/vfs.c).  Not a read-only mount: Linux's
 * /proc answers a write with EACCES (the files are 0444), not EROFS, and
 * mkdir, unlink, rmdir and rename with EPERM (no such operations), which
 * the VFS gives a writable file system without them. */
const struct vfs_type procfs_type = {
	.name = "proc",
	.open = procfs_open,
	.create = procfs_create,
	.stat = procfs_stat,
};
