/*
 * uapi/types.h - structures and constants that cross the system call
 * boundary.  Layouts are Quanta's own unless the name is POSIX's; sizes are
 * fixed-width so that kernel and user agree.
 */
#ifndef QUANTA_UAPI_TYPES_H
#define QUANTA_UAPI_TYPES_H

#include <stdint.h>

/* ---- time ----
 * Seconds are 32-bit, as in Linux i386's own struct timespec and timeval
 * (__kernel_old_time_t is a long): glibc on i386 without _TIME_BITS=64
 * hands these layouts to the kernel, and the libc's time_t is that long.
 * The kernel keeps nanoseconds in 64 bits; only these fields are narrow,
 * and they overflow in January 2038 as Linux's do. */
struct q_timespec {
	int32_t tv_sec;
	int32_t tv_nsec;
};
struct q_timeval {
	int32_t tv_sec;
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

/* ---- scheduling classes (Linux's numbers) ---- */
#define Q_SCHED_OTHER	0
#define Q_SCHED_FIFO	1
#define Q_SCHED_RR	2
#define Q_SCHED_BATCH	3
#define Q_SCHED_IDLE	5
struct q_sched_param {
	int32_t sched_priority;
};

/* ---- files ---- */
#define Q_O_RDONLY	0
#define Q_O_WRONLY	1
#define Q_O_RDWR	2
#define Q_O_ACCMODE	3
#define Q_O_CREAT	0100
#define Q_O_EXCL	0200
#define Q_O_TRUNC	01000
#define Q_O_APPEND	02000
#define Q_O_NONBLOCK	04000
#define Q_O_DIRECTORY	0200000

#define Q_S_IFMT	0170000
#define Q_S_IFIFO	0010000
#define Q_S_IFCHR	0020000
#define Q_S_IFDIR	0040000
#define Q_S_IFREG	0100000

/* SYS_fstat, SYS_stat: the first four fields are all a file kind must
 * fill; the rest are zero unless it knows them (times are CLOCK_REALTIME). */
struct q_stat {
	uint32_t st_mode;
	uint32_t st_ino;
	uint32_t st_nlink;
	uint32_t st_size;
	uint32_t st_dev;		/* the mount's number, 1.. */
	uint32_t st_rdev;		/* devices: Linux's major << 8 | minor */
	uint32_t st_blksize;		/* preferred I/O size */
	uint32_t st_blocks;		/* 512-byte blocks allocated */
	struct q_timespec st_atim, st_mtim, st_ctim;
};

/* lseek's whence, access's mode, the *at calls (Linux's values) */
#define Q_SEEK_SET	0
#define Q_SEEK_CUR	1
#define Q_SEEK_END	2
#define Q_F_OK		0
#define Q_X_OK		1
#define Q_W_OK		2
#define Q_R_OK		4
#define Q_AT_FDCWD	(-100)
#define Q_AT_REMOVEDIR	0x200

#define Q_PATH_MAX	1024	/* bytes of a path, its NUL included */
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
#define Q_WUNTRACED	2	/* also report stopped children */
#define Q_WCONTINUED	8	/* also report continued children */
/* Wait status, as Linux encodes it: exit code in bits 15..8, or the
 * terminating signal in bits 6..0; a stopped child is (sig << 8) | 0x7f,
 * a continued one 0xffff. */
#define Q_W_EXITCODE(code)	(((code) & 0xff) << 8)
#define Q_W_SIGNALED(sig)	((sig) & 0x7f)
#define Q_W_STOPPED(sig)	(((sig) << 8) | 0x7f)
#define Q_W_CONTINUED		0xffff

/* ---- signals: Linux i386 numbers, 1..31 (no real-time signals) ---- */
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
#define Q_SIGSTKFLT	16
#define Q_SIGCHLD	17
#define Q_SIGCONT	18
#define Q_SIGSTOP	19
#define Q_SIGTSTP	20
#define Q_SIGTTIN	21
#define Q_SIGTTOU	22
#define Q_SIGURG	23
#define Q_SIGXCPU	24
#define Q_SIGXFSZ	25
#define Q_SIGVTALRM	26
#define Q_SIGPROF	27
#define Q_SIGWINCH	28
#define Q_SIGIO		29
#define Q_SIGPWR	30
#define Q_SIGSYS	31
#define Q_NSIG		32	/* signals are 1 .. Q_NSIG - 1 */

/* A signal set: bit (sig - 1) for signal sig, as Linux's first word. */
typedef uint32_t q_sigset_t;
#define Q_SIGBIT(sig)	(1u << ((sig) - 1))

/* sigaction flags (Linux i386 values) */
#define Q_SA_NOCLDSTOP	0x00000001u
#define Q_SA_NOCLDWAIT	0x00000002u
#define Q_SA_SIGINFO	0x00000004u
#define Q_SA_ONSTACK	0x08000000u
#define Q_SA_RESTORER	0x04000000u
#define Q_SA_RESTART	0x10000000u
#define Q_SA_NODEFER	0x40000000u
#define Q_SA_RESETHAND	0x80000000u
#define Q_SIG_DFL	0u
#define Q_SIG_IGN	1u

/* SYS_sigaction's structure: Linux's kernel struct sigaction (the one
 * rt_sigaction takes), with a one-word mask. */
struct q_sigaction {
	uint32_t handler;		/* Q_SIG_DFL, Q_SIG_IGN or a function */
	uint32_t flags;			/* Q_SA_* */
	uint32_t restorer;		/* with Q_SA_RESTORER: return path */
	q_sigset_t mask;		/* blocked while the handler runs */
};

/* sigprocmask's how */
#define Q_SIG_BLOCK	0
#define Q_SIG_UNBLOCK	1
#define Q_SIG_SETMASK	2

/* siginfo_t as Linux i386 lays it out (128 bytes); the union at offset
 * 12 holds si_pid/si_uid (kill, SIGCHLD) or si_addr (faults). */
struct q_siginfo {
	int32_t si_signo;
	int32_t si_errno;
	int32_t si_code;
	union {
		struct {
			int32_t pid;
			uint32_t uid;
			int32_t status;		/* SIGCHLD: exit code or signal */
			int32_t utime, stime;	/* SIGCHLD: clock ticks */
		} kill;
		uint32_t addr;			/* faults: the address */
		struct {
			int32_t tid;		/* SI_TIMER: the timer's id */
			int32_t overrun;	/* expiries it did not send */
			uint32_t value;		/* its sigev_value */
		} timer;
		int32_t pad[29];
	} u;
};
_Static_assert(sizeof(struct q_siginfo) == 128, "siginfo is 128 bytes");

/* si_code values (Linux's) */
#define Q_SI_USER	0		/* kill() */
#define Q_SI_KERNEL	0x80		/* sent by the kernel */
#define Q_SI_TIMER	(-2)
#define Q_SI_TKILL	(-6)		/* tgkill() */
#define Q_ILL_ILLOPN	2
#define Q_FPE_INTDIV	1
#define Q_FPE_FLTINV	7
#define Q_SEGV_MAPERR	1
#define Q_SEGV_ACCERR	2
#define Q_BUS_ADRALN	1
#define Q_BUS_OBJERR	3
#define Q_TRAP_BRKPT	1
#define Q_TRAP_TRACE	2
#define Q_CLD_EXITED	1
#define Q_CLD_KILLED	2
#define Q_CLD_DUMPED	3
#define Q_CLD_STOPPED	5
#define Q_CLD_CONTINUED	6

/* POSIX timers (timer_create ...): Linux's struct sigevent as glibc lays
 * it out on i386 (64 bytes; the thread id is the union's first word) */
#define Q_SIGEV_SIGNAL		0
#define Q_SIGEV_NONE		1
#define Q_SIGEV_THREAD		2	/* a libc's business: the kernel
					 * refuses it, as Linux does */
#define Q_SIGEV_THREAD_ID	4
struct q_sigevent {
	uint32_t sigev_value;		/* union sigval: int or pointer */
	int32_t sigev_signo;
	int32_t sigev_notify;		/* Q_SIGEV_* */
	int32_t sigev_tid;		/* Q_SIGEV_THREAD_ID: the thread */
	int32_t pad[12];
};
_Static_assert(sizeof(struct q_sigevent) == 64, "sigevent is 64 bytes");
struct q_itimerspec {
	struct q_timespec it_interval;
	struct q_timespec it_value;
};

/* setitimer/getitimer (Linux's struct itimerval with Quanta's timeval) */
#define Q_ITIMER_REAL		0
#define Q_ITIMER_VIRTUAL	1
#define Q_ITIMER_PROF		2
struct q_itimerval {
	struct q_timeval it_interval;
	struct q_timeval it_value;
};

/* ---- the console as a terminal (SYS_ioctl) ---- */
/* Linux's kernel struct termios (asm-generic/termbits.h): NCCS 19 */
#define Q_NCCS		19
struct q_termios {
	uint32_t c_iflag, c_oflag, c_cflag, c_lflag;
	uint8_t c_line;
	uint8_t c_cc[Q_NCCS];
};
/* c_cc indices */
#define Q_VINTR		0
#define Q_VQUIT		1
#define Q_VERASE	2
#define Q_VKILL		3
#define Q_VEOF		4
#define Q_VTIME		5
#define Q_VMIN		6
#define Q_VSWTC		7
#define Q_VSTART	8
#define Q_VSTOP		9
#define Q_VSUSP		10
#define Q_VEOL		11
#define Q_VREPRINT	12
#define Q_VDISCARD	13
#define Q_VWERASE	14
#define Q_VLNEXT	15
#define Q_VEOL2		16
/* c_iflag */
#define Q_INLCR		0000100
#define Q_IGNCR		0000200
#define Q_ICRNL		0000400
#define Q_IXON		0002000
/* c_oflag */
#define Q_OPOST		0000001
#define Q_ONLCR		0000004
/* c_cflag */
#define Q_CS8		0000060
#define Q_CREAD		0000200
#define Q_B38400	0000017
/* c_lflag */
#define Q_ISIG		0000001
#define Q_ICANON	0000002
#define Q_ECHO		0000010
#define Q_ECHOE		0000020
#define Q_ECHOK		0000040
#define Q_ECHONL	0000100
#define Q_NOFLSH	0000200
#define Q_TOSTOP	0000400
#define Q_ECHOCTL	0001000
#define Q_ECHOKE	0004000
#define Q_IEXTEN	0100000
/* ioctl requests (Linux's numbers) */
#define Q_TCGETS	0x5401
#define Q_TCSETS	0x5402
#define Q_TCSETSW	0x5403
#define Q_TCSETSF	0x5404
#define Q_TIOCGPGRP	0x540F
#define Q_TIOCSPGRP	0x5410
#define Q_TIOCGWINSZ	0x5413
#define Q_FIONREAD	0x541B
struct q_winsize {
	uint16_t ws_row, ws_col, ws_xpixel, ws_ypixel;
};

/* SYS_reboot: Linux's magic numbers and commands */
#define Q_REBOOT_MAGIC1		0xfee1deadu
#define Q_REBOOT_MAGIC2		672274793u
#define Q_REBOOT_CMD_RESTART	0x01234567u
#define Q_REBOOT_CMD_POWER_OFF	0x4321fedcu

/* getpriority/setpriority */
#define Q_PRIO_PROCESS	0

/* futex */
#define Q_FUTEX_WAIT	0
#define Q_FUTEX_WAKE	1
#define Q_FUTEX_WAIT_BITSET	9	/* absolute timeout */
#define Q_FUTEX_WAKE_BITSET	10
#define Q_FUTEX_PRIVATE_FLAG	128
#define Q_FUTEX_CLOCK_REALTIME	256
#define Q_FUTEX_CMD_MASK	(~(Q_FUTEX_PRIVATE_FLAG | Q_FUTEX_CLOCK_REALTIME))
#define Q_FUTEX_BITSET_MATCH_ANY 0xffffffffu

/* uname */
struct q_utsname {
	char sysname[65], nodename[65], release[65], version[65], machine[65];
};

/* ---- introspection: ps, top, vmstat, sysctl ---- */
#define Q_COMM_LEN	16

/* Task states as ps shows them. */
#define Q_TASK_RUNNING	'R'	/* running or runnable */
#define Q_TASK_SLEEPING	'S'
#define Q_TASK_DISK	'D'	/* uninterruptible sleep (Linux's
				 * TASK_UNINTERRUPTIBLE, "disk sleep") */
#define Q_TASK_ZOMBIE	'Z'
#define Q_TASK_STOPPED	'T'	/* stopped by a signal (job control) */

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
	int32_t policy;		/* Q_SCHED_* */
	int32_t rt_priority;	/* 1..99 for FIFO and RR, else 0 */
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
	char desc[160];		/* whole words: longer ones end "..." */
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
#define Q_MEM_TMPFS	6	/* file data in /tmp (kernel/ramfs.c) */
#define Q_MEM_NOWNERS	7

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

/* ---- the kernel log: SYS_syslog (action, buf, len), Linux's actions ---- */
#define Q_SYSLOG_ACTION_READ_ALL	3	/* copy the newest len bytes */
#define Q_SYSLOG_ACTION_SIZE_BUFFER	10	/* the ring's size in bytes */

#endif
