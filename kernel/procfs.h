/*
 * procfs.h - /proc: read-only files that describe the kernel's state.
 *
 * Every file is generated when it is opened, into a kernel buffer the open
 * file owns: all reads of one descriptor see one consistent snapshot, a
 * seek (f->off) moves within it, and close frees it.  Directories are
 * snapshots too: their entries are listed at open.  The formats are Linux
 * 6.1's (fs/proc/array.c, fs/proc/stat.c, kernel/sched/stats.c, ...); the
 * fields Quanta has no counterpart for are 0, listed in docs/user.md.
 *
 * procfs.c resolves paths and owns the files; proc_task.c writes the
 * per-task files (stat, status, sched, schedstat), proc_sys.c the
 * system-wide ones.
 */
#ifndef KERNEL_PROCFS_H
#define KERNEL_PROCFS_H

#include <stddef.h>
#include <stdint.h>

struct file;
struct task;

/*
 * Open the /proc entry at path, which is what follows "/proc" ("",
 * "/stat", "self/status", "12/task/13/schedstat"; leading, repeated and
 * trailing slashes are ignored, "." and ".." applied).  flags are
 * open()'s.  Returns a file with one reference, or NULL with *err set:
 * -ENOENT (no such entry or task), -ENOTDIR, -EISDIR (a directory opened
 * for writing), -EACCES (a file opened for writing, or a name to create:
 * as Linux answers a process without privileges), -EEXIST (O_CREAT |
 * O_EXCL of an entry), -ENOMEM.  The VFS mounts it as procfs_type
 * (kernel/vfs.c).
 */
struct file *procfs_open(const char *path, int flags, int *err);

/* ---- for the generators (proc_task.c, proc_sys.c) ---- */

/* A growing output buffer; len may pass size, then the generator is run
 * again with a larger one (procfs.c). */
struct pbuf {
	char *buf;
	size_t size, len;
};

/* Append formatted text to b; what does not fit is dropped, but b->len
 * counts it, so len > size says the buffer was too small. */
void pb_printf(struct pbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Nanoseconds to clock ticks of USER_HZ (100 a second), as Linux's
 * nsec_to_clock_t(). */
static inline uint64_t
ns_to_clock_t(uint64_t ns)
{
	return ns / 10000000ull;
}

/* Per-task files.  t is the task the path named; whole: the process's view
 * (/proc/<pid>/...), else the thread's (/proc/<pid>/task/<tid>/...).
 * Caller holds proc_lock. */
void proc_task_stat(struct pbuf *b, struct task *t, int whole);
void proc_task_status(struct pbuf *b, struct task *t);
void proc_task_sched(struct pbuf *b, struct task *t);
void proc_task_schedstat(struct pbuf *b, struct task *t);

/* System-wide files; no lock held. */
void proc_sys_stat(struct pbuf *b);
void proc_sys_meminfo(struct pbuf *b);
void proc_sys_loadavg(struct pbuf *b);
void proc_sys_schedstat(struct pbuf *b);
void proc_sys_uptime(struct pbuf *b);
void proc_sys_cpuinfo(struct pbuf *b);
void proc_sys_version(struct pbuf *b);

/* A CPU mask as Linux's "%*pb" prints it for ncpu bits (hex, zero-padded
 * to whole digits), and as "%*pbl" (ranges: 0-3,5). */
void pb_cpumask(struct pbuf *b, uint32_t mask);
void pb_cpulist(struct pbuf *b, uint32_t mask);

#endif
