/*
 * uapi/types.h - structures and constants that cross the system call
 * boundary.  Layouts are Quanta's own unless the name is POSIX's; sizes are
 * fixed-width so that kernel and user agree.
 */
#ifndef QUANTA_UAPI_TYPES_H
#define QUANTA_UAPI_TYPES_H

#include <stdint.h>

/* ---- time ---- */
struct q_timespec {
	int64_t tv_sec;
	int32_t tv_nsec;
};
struct q_timeval {
	int64_t tv_sec;
	int32_t tv_usec;
};
#define Q_CLOCK_REALTIME	0
#define Q_CLOCK_MONOTONIC	1
#define Q_TIMER_ABSTIME		1

/* times(): clock ticks are 1/100 s, like Linux's USER_HZ */
#define Q_USER_HZ		100
struct q_tms {
	int32_t tms_utime, tms_stime, tms_cutime, tms_cstime;
};

/* getrusage() */
#define Q_RUSAGE_SELF		0
#define Q_RUSAGE_CHILDREN	(-1)
#define Q_RUSAGE_THREAD		1
struct q_rusage {
	struct q_timeval ru_utime;
	struct q_timeval ru_stime;
	int32_t ru_maxrss, ru_minflt, ru_majflt;
	int32_t ru_nvcsw;		/* voluntary context switches */
	int32_t ru_nivcsw;		/* involuntary (preempted) */
};

/* ---- files ---- */
#define Q_O_RDONLY	0
#define Q_O_WRONLY	1
#define Q_O_RDWR	2
#define Q_O_ACCMODE	3
#define Q_O_CREAT	0100
#define Q_O_TRUNC	01000
#define Q_O_APPEND	02000
#define Q_O_NONBLOCK	04000
#define Q_O_DIRECTORY	0200000

#define Q_S_IFMT	0170000
#define Q_S_IFIFO	0010000
#define Q_S_IFCHR	0020000
#define Q_S_IFDIR	0040000
#define Q_S_IFREG	0100000

struct q_stat {
	uint32_t st_mode;
	uint32_t st_ino;
	uint32_t st_nlink;
	uint32_t st_size;
};

#define Q_NAME_MAX	59
struct q_dirent {
	uint32_t d_ino;
	uint32_t d_type;	/* Q_DT_* */
	char d_name[Q_NAME_MAX + 1];
};
#define Q_DT_REG	8
#define Q_DT_DIR	4
#define Q_DT_CHR	2

/* poll() */
struct q_pollfd {
	int32_t fd;
	int16_t events;
	int16_t revents;
};
#define Q_POLLIN	0x001
#define Q_POLLOUT	0x004
#define Q_POLLERR	0x008
#define Q_POLLHUP	0x010
#define Q_POLLNVAL	0x020

/* ---- processes ---- */
#define Q_WNOHANG	1
/* Wait status, as Linux encodes it: exit code in bits 15..8, or the
 * terminating signal in bits 6..0. */
#define Q_W_EXITCODE(code)	(((code) & 0xff) << 8)
#define Q_W_SIGNALED(sig)	((sig) & 0x7f)

/* Signals: only termination exists (no handlers).  Linux numbers. */
#define Q_SIGHUP	1
#define Q_SIGINT	2
#define Q_SIGQUIT	3
#define Q_SIGILL	4
#define Q_SIGTRAP	5
#define Q_SIGABRT	6
#define Q_SIGBUS	7
#define Q_SIGFPE	8
#define Q_SIGKILL	9
#define Q_SIGUSR1	10
#define Q_SIGSEGV	11
#define Q_SIGUSR2	12
#define Q_SIGPIPE	13
#define Q_SIGALRM	14
#define Q_SIGTERM	15
#define Q_NSIG		32

/* getpriority/setpriority */
#define Q_PRIO_PROCESS	0

/* futex */
#define Q_FUTEX_WAIT	0
#define Q_FUTEX_WAKE	1

/* uname */
struct q_utsname {
	char sysname[65], nodename[65], release[65], version[65], machine[65];
};

/* ---- introspection: ps, top, vmstat, sysctl ---- */
#define Q_COMM_LEN	16

/* Task states as ps shows them. */
#define Q_TASK_RUNNING	'R'	/* running or runnable */
#define Q_TASK_SLEEPING	'S'
#define Q_TASK_ZOMBIE	'Z'

/* sched_setslice: the range of a task's own slice (Linux 6.12's clamp) */
#define Q_SLICE_MIN_NS	100000u		/* 0.1 ms */
#define Q_SLICE_MAX_NS	100000000u	/* 100 ms */

struct q_taskinfo {
	int32_t pid;		/* thread id */
	int32_t tgid;		/* process id */
	int32_t ppid;
	char state;		/* Q_TASK_* */
	char comm[Q_COMM_LEN];
	int32_t cpu;		/* last CPU it ran on */
	int32_t nice;
	int32_t prio;		/* policy priority as top's PR shows it */
	int64_t key;		/* policy key: vruntime, deadline, ... (ns) */
	uint32_t affinity;	/* CPU mask */
	uint64_t utime_ns, stime_ns;
	uint64_t start_ns;	/* sched_clock() at creation */
	uint32_t nvcsw, nivcsw;
	uint32_t migrations;
	uint32_t slice_ns;	/* its own slice (sched_setslice), 0: default */
};

struct q_cpuinfo {
	int32_t cpu;
	int32_t apic_id;
	int32_t nr_running;
	int32_t curr_pid;	/* 0 = idle */
	uint64_t idle_ns, busy_ns;
	uint64_t user_ns, system_ns;
	uint64_t ticks;
	uint64_t switches;
	uint64_t irqs;
	/* load balancing and wakeups, /proc/schedstat style */
	uint64_t migrations, lb_count, lb_failed, lb_pulled, alb_pushed;
	uint64_t ttwu_local, ttwu_remote;
};

struct q_sysinfo {
	uint64_t uptime_ns;
	uint32_t hz;
	uint32_t ncpu;
	uint32_t free_pages, total_pages;
	uint32_t ntasks;
	uint32_t pipe_size;
	char sched[16];		/* policy name */
};

/* SYS_tunable ops */
#define Q_TUNABLE_GET	0	/* fill *t for index */
#define Q_TUNABLE_SET	1	/* set t->name to t->value */
struct q_tunable {
	char name[40];
	char unit[8];
	char desc[80];
	int64_t value, def, min, max;
};

/* ---- memory accounting: SYS_meminfo (op, buf, max) ---- */
#define Q_MEMINFO_PAGES		0	/* one struct q_meminfo */
#define Q_MEMINFO_CALLERS	1	/* struct q_kmcaller[max] -> count */
#define Q_MEMINFO_CLASSES	2	/* struct q_kmclass[max] -> count */

/* Who a physical page belongs to (q_meminfo.pages[]). */
#define Q_MEM_KERNEL	0	/* boot-time tables and reserved ranges */
#define Q_MEM_USER	1	/* mapped in user address spaces (a page
				 * shared copy-on-write counts once) */
#define Q_MEM_PGTABLE	2	/* user page directories and page tables */
#define Q_MEM_KSTACK	3	/* kernel stacks */
#define Q_MEM_SLAB	4	/* kmalloc size-class pages */
#define Q_MEM_LARGE	5	/* kmalloc blocks of whole pages */
#define Q_MEM_NOWNERS	6

struct q_meminfo {
	uint32_t total_pages, free_pages;	/* free + sum(pages) = total */
	uint32_t pages[Q_MEM_NOWNERS];
	uint32_t kmalloc_objects;		/* blocks in use, all sizes */
	uint32_t kmalloc_bytes;			/* their block sizes */
	uint32_t slab_cache_bytes;		/* free blocks in slab pages:
						 * kmalloc's cache */
};

/* Blocks in use, summed by the kernel function that allocated them. */
struct q_kmcaller {
	char name[32];
	uint32_t objects, bytes;
};

/* One size class of kmalloc (size 0: the whole-page blocks). */
struct q_kmclass {
	uint32_t size, pages, used, free;
};

#endif
