/*
 * fuzz - Quanta's own system-call fuzzer.
 *
 *   fuzz [-s SEED] [-n CALLS] [-k PER_CHILD]     a run (as init, or from sh)
 *   fuzz -1 CHILD_SEED [-n CALLS] [-v]           replay one child's sequence
 *
 * A supervisor forks children one after the other; child k draws its calls
 * from its own seed (derived from SEED and k), PER_CHILD of them (500 by
 * default) or fewer if a call ends it (exit, a fatal signal).  Before each
 * call the child sends a record (number and arguments) on a pipe; the
 * supervisor keeps the last RING of them.  Runs are reproducible in the
 * det profile: the same seed gives the same calls, since every argument
 * comes from the generator and from results of earlier calls.
 *
 * Arguments know their types: descriptors from the child's own table
 * (files, directories, pipe ends with their fill level, sockets, closed
 * and invalid numbers), pointers into mapped memory (bss, stack,
 * read-only text, regions the child mmapped), unmapped memory, the
 * kernel half and across its boundary, at page offsets and unaligned;
 * lengths 0, 1, around page sizes and huge; file offsets around pages
 * and off_t's limit; paths in the child's directory, relative ones,
 * read-only and missing ones, too long, "name/"; socket addresses of a
 * few names, other families, no path; flags with unknown bits; numbers
 * beyond the table (ENOSYS is checked).  Every call from 1 to 180 is
 * made, except the few listed below.
 *
 * Findings, each printed with the seed and a command that reproduces it:
 *   - a hang: a child that sends nothing for WATCH_MS and cannot be killed
 *     (a child merely blocked in a call is killed, counted, and the run
 *     goes on);
 *   - a wrong answer: an unknown call number that does not give ENOSYS;
 *   - a leak: after the last child, any owner's page count (SYS_meminfo)
 *     or any kernel function's kmalloc block count differs from the
 *     start, except kmalloc's slab cache (docs/syscalls.md, "Memory
 *     accounting"), for which free + slab must be constant;
 *   - a kernel panic ends the machine, and a call that never leaves the
 *     kernel may stop it (until the run's timeout): the last "child K
 *     seed S" line on the console names the first of the next 20
 *     children, to replay with -1 S -v, which prints each call before
 *     making it and its result after (mix() gives the seeds of the
 *     children after K).  A
 *     replayed child that stops itself is killed, as in a run.
 * Children dying of a signal (a bad thread entry point, SIGPIPE, a kill
 * of itself) are expected and only counted.
 *
 * Calls kept away from what would stop the run legitimately:
 *   kill            never pid -1 (everything), 0 (the process group), 1
 *                   (init) or the supervisor; pids are the child itself,
 *                   its own children, or numbers no process has;
 *   setpriority, sched_setaffinity, sched_setslice: the same targets, so
 *                   the supervisor keeps its priority and CPUs;
 *   sched_dump      never: it prints a whole runqueue on the console;
 *   tunable         reads any index, sets only unknown names or values
 *                   out of range (a valid set would change the scheduler
 *                   for the rest of the run);
 *   execve          bad arguments, or /bin/true (which just exits);
 *   sched_setscheduler and the other class calls, setpgid, tgkill: the
 *                   same targets as kill; a child may make itself FIFO,
 *                   but it writes a record before each call, so it
 *                   sleeps on the full record pipe and the supervisor runs;
 *   sigsuspend, pause: never (nobody would send the signal); reboot:
 *                   never; sigreturn: rarely, with the frame it finds;
 *   ioctl           descriptors above 2 only (0-2 are the console, whose
 *                   termios and foreground group init shares);
 *   trace           status and stop, and unknown operations: a start or
 *                   a dump would flood the data channel;
 *   sleeps, poll, futex waits: valid timeouts are at most 2 ms, and reads
 *                   and writes of a pipe stay within its fill level, so
 *                   few calls block (those that do are killed);
 *   the record pipe and the replay's output (descriptors 63 and 62) are
 *                   never passed to a call, nor made the target of dup3;
 *   names           every path a call may create, rename or remove is in
 *                   /tmp/fuzz, made afresh for each child (and each
 *                   replay) and removed with all below it after it, or is
 *                   relative: chdir and fchdir only enter that directory
 *                   or read-only mounts, and no name has a ".." that
 *                   leaves it, so unlink, rename and rmdir never touch
 *                   /bin or anybody else's files; the initrd, /dev and
 *                   /proc are named only to be refused;
 *   sockets         always non-blocking (socket, socketpair, accept4 add
 *                   SOCK_NONBLOCK, fcntl(F_SETFL) keeps O_NONBLOCK, ioctl
 *                   FIONBIO is not sent to them), so accept, connect and
 *                   receives never wait; bind only names from a short
 *                   list in /tmp/fuzz, whole and from the generator's own
 *                   buffer, since a bound name outlives its socket: the
 *                   supervisor unlinks each after a child;
 *   mmap(MAP_FIXED), munmap, mprotect, madvise(MADV_DONTNEED and unknown
 *                   advice): never on the fuzzer's image, data, heap or
 *                   main stack (the record buffers among them), only on
 *                   regions the child mapped, addresses nobody maps, and
 *                   ranges reaching into the kernel half (which the
 *                   kernel must refuse whole); a mapping is populated at
 *                   once, so no length fits that would fill memory (a
 *                   fixed one at most 256 KiB); mlock, munlock and
 *                   mlockall take anything: they change nothing here
 *                   (nothing is paged), and on Linux root is not held to
 *                   RLIMIT_MEMLOCK either;
 *   prlimit64       the child itself, its children or no process, never
 *                   the supervisor: a child may lower its own descriptor
 *                   limit, its open descriptors stay;
 *   prctl           any option: all act on the caller's own process
 *                   (its name, its threads' names, its parent-death
 *                   signal), so the supervisor is never renamed;
 *   ppoll           never without a timeout, at most 2 ms when valid;
 *   timers          expiries and intervals of a few ms (rarely ns, or
 *                   invalid); no stop signal (the child would only be
 *                   killed for silence); a child's timers end with it;
 *   syslog          read-all, the size, and actions that answer at once;
 *                   never Linux's 2 (waits for new lines), 4 and 5 (clear
 *                   the log a later dmesg reads), 6 and 8 (silence the
 *                   console, where a panic has to show).
 * A child of the child (fork returning 0) exits at once.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <quanta.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <uapi/fcntl.h>
#include <uapi/mman.h>
#include <uapi/prctl.h>
#include <uapi/resource.h>
#include <uapi/socket.h>
#include "memsnap.h"

#define RECFD		63		/* child -> supervisor records */
#define OUTFD		62		/* replay's verbose output */
#define NFD		64
#define RING		16
#define WATCH_MS	1000
#define KILL_WAIT_MS	2000
#define WRONG		0xffffffffu	/* a record's idx: a wrong answer */

struct rec {
	uint32_t idx, nr, a[5];
};

/* ---- the generator ---- */

static uint64_t rng;

static uint32_t
rnd(void)
{
	rng ^= rng << 13;		/* xorshift64 */
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static uint32_t
below(uint32_t n)
{
	return n ? rnd() % n : 0;
}

static uint64_t
mix(uint64_t seed, uint64_t k)
{
	uint64_t z = seed + 0x9e3779b97f4a7c15ull * (k + 1);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return (z ^ (z >> 31)) | 1;	/* xorshift needs a nonzero state */
}

/*
 * Memory a call may be given.  The scratch pages sit at the top of the
 * heap (child_run() moves the break), so that a copy which starts in them
 * and runs long meets unmapped memory, never the fuzzer's own state; what
 * the generator itself fills in (timespecs, pollfds, futex words) lives
 * in args, reached only through those small pointers.  A brk() call may
 * unmap the scratch pages: calls on them then fail with EFAULT.
 */
#define SCRATCH		(2 * 4096)
static char *scratch;
static char *stackbuf;			/* 512 bytes in the child's frame */
/* Regions the child mapped itself: the only ones mmap(MAP_FIXED),
 * munmap, mprotect and a discarding madvise are given, with addresses no
 * one maps and the kernel half. */
static struct {
	uint32_t addr, len;
} maps[8];
static int nmaps;
static int ntimers;			/* timers made (ids 0, 1, ...) */
static uintptr_t image_top;		/* the heap's top before the scratch */
static char thread_stacks[4][1024] __attribute__((aligned(16)));
static struct {
	struct timespec ts;
	struct pollfd pfd[4];
	int futex[4];
	struct q_tunable tun;
	int fds[2];
	struct q_sched_param sp;
	struct q_sigaction sa;
	q_sigset_t set;
	struct q_itimerval it;
	struct q_siginfo si;
	struct q_trace_status trs;
} args;

static const char *const paths[] = {
	"/bin/true", "/bin", "/", "/etc", "/bin/fuzz", "/nonexistent",
	"", "/bin/true/x", "//bin//true", "/bin/../bin/true",
};

enum kind { K_FREE, K_FILE, K_DIR, K_PIPE_R, K_PIPE_W, K_SOCK };

static struct {
	int kind, pipe;			/* pipe: index into level[] */
} fdt[NFD];
static int level[NFD];			/* bytes in each pipe */
static int npipes;

static uintptr_t
gen_ptr(uint32_t len)
{
	static const uintptr_t bad[] = {
		0, 1, 0x1000, 0x08040000, 0x40000000, 0x9ffff000,
		0xbfeff000 - 4096, 0xbffff000, 0xbffffff0, 0xc0000000,
		0xc0100000, 0xe0000000, 0xfffff000, 0xffffffff,
	};
	uint32_t fit = len < SCRATCH ? SCRATCH - len : 0;

	switch (below(10)) {
	case 0: case 1: case 2: case 3:		/* inside the scratch pages */
		return (uintptr_t)scratch + below(fit + 1);
	case 4:					/* up to a page boundary */
		return (uintptr_t)scratch + 4096 - (len < 4096 ? len : 0);
	case 5:					/* on the stack */
		if (len >= 512)
			return (uintptr_t)scratch;
		return (uintptr_t)stackbuf + below(512 - len);
	case 6:					/* read-only text */
		return (uintptr_t)gen_ptr + below(64);
	case 7:					/* across the heap's end */
		return (uintptr_t)scratch + SCRATCH - below(16);
	case 8:					/* a region mmap gave */
		if (nmaps && below(2)) {
			int i = (int)below(nmaps < 8 ? (uint32_t)nmaps : 8);
			return maps[i].addr + below(maps[i].len + 16);
		}
		/* fall through */
	default:
		return bad[below(sizeof(bad) / sizeof(bad[0]))] + below(2) * below(4096);
	}
}

static uint32_t
gen_len(void)
{
	static const uint32_t lens[] = {
		0, 1, 2, 4, 8, 16, 100, 511, 512, 4095, 4096, 4097, 8191, 8192,
		8193, 65536, 0x7fffffff, 0x80000000, 0xffffffff,
	};

	if (below(3) == 0)
		return below(300);
	return lens[below(sizeof(lens) / sizeof(lens[0]))];
}

static uint32_t
gen_int(void)
{
	static const uint32_t v[] = {
		0, 1, 2, 3, 7, 16, 31, 32, 64, 255, 4096, 0x7fffffff,
		0x80000000, 0xffffffff, 0xfffffffe, 0xffff0000,
	};

	if (below(2))
		return below(8);
	if (below(2))
		return v[below(sizeof(v) / sizeof(v[0]))];
	return rnd();
}

static uint32_t
gen_flags(uint32_t known)
{
	uint32_t f = rnd() & known;

	if (below(4) == 0)
		f |= 1u << below(32);		/* an unknown bit, maybe */
	return f;
}

static int
valid_fd(int fd)
{
	return fd >= 0 && fd < NFD && fd != RECFD && fd != OUTFD;
}

/* A descriptor: mostly one of ours of kind k (-1: any), else a bad one. */
static uint32_t
gen_fd(int k)
{
	int start = (int)below(NFD);

	if (below(8) != 0)
		for (int i = 0; i < NFD; i++) {
			int fd = (start + i) % NFD;
			if (valid_fd(fd) && fdt[fd].kind != K_FREE &&
			    (k < 0 || fdt[fd].kind == k))
				return (uint32_t)fd;
		}
	switch (below(4)) {
	case 0: return (uint32_t)-1;
	case 1: return NFD + below(1000);
	case 2: return 0x80000000u;
	default: {			/* a closed one */
		uint32_t fd = below(RECFD - 1);
		return fdt[fd].kind == K_FREE ? fd : 1000;
	}
	}
}

/* A pid to act on: ourselves, 0 for "self" where that is what it means,
 * a child of ours, or one nobody has.  Never -1, 1 or the supervisor. */
static pid_t self, supervisor, kids[8];
static int nkids;

static uint32_t
gen_pid(int zero_ok)
{
	switch (below(5)) {
	case 0: return (uint32_t)self;
	case 1: if (zero_ok) return 0;
		/* fall through */
	case 2: if (nkids) return (uint32_t)kids[below((uint32_t)nkids)];
		/* fall through */
	case 3: return 100000 + below(100000);
	default: return 0x7fffffff - below(3);
	}
}

static uint32_t
gen_timespec(int valid)
{
	struct timespec *ts = &args.ts;

	if (!valid && below(3) == 0)
		return (uint32_t)gen_ptr(sizeof(*ts));
	ts->tv_sec = 0;
	ts->tv_nsec = (long)below(2000000);		/* at most 2 ms */
	if (!valid && below(2)) {
		static const long bad[] = { -1, 1000000000, 0x7fffffff };
		ts->tv_nsec = bad[below(3)];
	}
	return (uint32_t)(uintptr_t)ts;
}

static void
thread_stub(void)
{
	q_thread_exit(7);
}

/* The scheduling-class calls on the child itself, its children or no
 * process.  A FIFO or RR child may spin in its calls, but every call
 * writes a record to the supervisor first: once that pipe is full the
 * child sleeps and the supervisor runs. */
static int
gen_sched(struct rec *r)
{
	static const uint32_t policies[] = {
		Q_SCHED_OTHER, Q_SCHED_FIFO, Q_SCHED_RR, Q_SCHED_BATCH,
		Q_SCHED_IDLE, 4, 6, 0x80000000u,
	};
	uint32_t *a = r->a, pol = policies[below(8)];

	a[0] = below(3) ? 0 : gen_pid(1);
	args.sp.sched_priority = below(4) ? (int)below(100)
		: (int)gen_int();
	switch (r->nr) {
	case SYS_sched_setscheduler:
		a[1] = pol;
		a[2] = below(5) ? (uint32_t)(uintptr_t)&args.sp
			: (uint32_t)gen_ptr(sizeof(args.sp));
		break;
	case SYS_sched_setparam: case SYS_sched_getparam:
	case SYS_sched_rr_get_interval:
		a[1] = below(5) ? (uint32_t)(uintptr_t)&args.sp
			: (uint32_t)gen_ptr(8);
		break;
	}
	return a[0] != (uint32_t)supervisor;
}

/* Signals: handlers at random addresses (a child that takes a signal
 * there dies of it, which is counted), masks, timers of a few ms,
 * tgkill to the child itself or its children only. */
static int
gen_signal(struct rec *r)
{
	uint32_t *a = r->a;

	a[0] = below(4) ? 1 + below(Q_NSIG) : gen_int();
	switch (r->nr) {
	case SYS_sigaction:
		args.sa.handler = below(3) ? below(2)
			: (uint32_t)gen_ptr(16);
		args.sa.flags = gen_flags(0x0000000fu | 0x1c000000u);
		args.sa.mask = rnd();
		args.sa.restorer = (uint32_t)gen_ptr(16);
		a[1] = below(4) ? (uint32_t)(uintptr_t)&args.sa
			: (uint32_t)gen_ptr(sizeof(args.sa));
		a[2] = below(2) ? 0 : (uint32_t)gen_ptr(sizeof(args.sa));
		break;
	case SYS_sigprocmask:
		a[0] = below(4) ? below(3) : gen_int();
		args.set = rnd();
		a[1] = below(4) ? (uint32_t)(uintptr_t)&args.set
			: (uint32_t)gen_ptr(4);
		a[2] = below(2) ? 0 : (uint32_t)gen_ptr(4);
		break;
	case SYS_sigpending:
		a[0] = (uint32_t)gen_ptr(4);
		break;
	case SYS_sigtimedwait:
		args.set = rnd();
		a[0] = (uint32_t)(uintptr_t)&args.set;
		a[1] = below(2) ? (uint32_t)(uintptr_t)&args.si
			: (uint32_t)gen_ptr(sizeof(args.si));
		a[2] = gen_timespec(below(4) != 0);	/* never 0: no wait */
		return a[2] != 0;
	case SYS_sigreturn:
		return below(10) == 0;	/* a garbage frame: the child dies */
	case SYS_tgkill:
		a[0] = gen_pid(0);
		a[1] = below(2) ? a[0] : gen_pid(0);
		a[2] = below(4) ? below(Q_NSIG + 1) : gen_int();
		return a[0] != (uint32_t)supervisor &&
		       a[1] != (uint32_t)supervisor && a[0] != 1 &&
		       a[1] != 1 && a[0] != 0;
	case SYS_setitimer: case SYS_getitimer:
		a[0] = below(4) ? below(3) : gen_int();
		args.it.it_value.tv_sec = 0;
		args.it.it_value.tv_usec = (int32_t)below(3000);
		args.it.it_interval.tv_sec = 0;
		args.it.it_interval.tv_usec = below(2) ? 0
			: (int32_t)below(3000);
		if (below(5) == 0)
			args.it.it_value.tv_usec = (int32_t)gen_int();
		a[1] = below(4) ? (uint32_t)(uintptr_t)&args.it
			: (uint32_t)gen_ptr(sizeof(args.it));
		a[2] = below(2) ? 0 : (uint32_t)gen_ptr(sizeof(args.it));
		break;
	}
	return 1;
}

/* ---- the calls 120-180: files by name, sockets, memory, limits ---- */

/*
 * The child's own directory.  Every name a file call may change is in it
 * (or is a relative name, and the working directory only ever enters it
 * or a read-only mount), so unlink, rename and rmdir never reach the
 * initrd's programs or another program's files.  No name here contains
 * "..", which could leave it: "/d/.." ends in the directory itself.
 */
#define TDIR		"/tmp/fuzz"
#define LONG60		"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnn" \
			"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"	/* > NAME_MAX */

static const char *const tpaths[] = {
	TDIR, TDIR "/a", TDIR "/b", TDIR "/c", TDIR "/d", TDIR "/e",
	TDIR "/d/a", TDIR "/d/f", TDIR "/e/a", TDIR "/a/x", TDIR "/d/",
	TDIR "/d/..", TDIR "/./b", TDIR "//c", TDIR "/" LONG60,
	"a", "d", "d/a", ".", "b/",		/* from the working directory */
	"", "/", "/bin", "/bin/true", "/nonexistent", "/dev/null", "/proc",
};
#define NTPATHS		(sizeof(tpaths) / sizeof(tpaths[0]))
#define NREL		20	/* tpaths[0 .. NREL-1] may change */

/*
 * Socket names: only these are ever bound, and the supervisor unlinks
 * each after a child, since a name outlives its socket (docs/syscalls.md).
 * An address is never taken from memory an earlier call filled, nor cut
 * short, so that no other name can enter the registry.  The last is the
 * 108 bytes of sun_path without a NUL, in components the file system
 * accepts, so that unlink() reaches it.
 */
static const char *const snames[] = {
	TDIR "/s0", TDIR "/s1", TDIR "/d/s", TDIR "/a",
	TDIR "/xxxxxxxxx/xxxxxxxxx/xxxxxxxxx/xxxxxxxxx/xxxxxxxxx/xxxxxxxxx"
	"/xxxxxxxxx/xxxxxxxxx/xxxxxxxxx/xxxxxxxx",
};
#define NSNAMES		(sizeof(snames) / sizeof(snames[0]))


static struct {
	struct q_stat st;
	struct q_sockaddr_un sun;
	uint32_t slen;
	int opt;
	struct q_sendto_args sto;
	struct q_recvfrom_args rfa;
	struct q_rlimit64 rl, rlold;
	char name[20];
	struct q_sigevent sev;
	struct q_itimerspec its;
	int timerid;
} args2;

static uint32_t
gen_path(void)
{
	switch (below(8)) {
	case 0:
		return (uint32_t)gen_ptr(16);	/* bad, or whatever is there */
	case 1:
		return (uint32_t)(uintptr_t)
			tpaths[NREL + below(NTPATHS - NREL)];
	default:
		return (uint32_t)(uintptr_t)tpaths[below(NREL)];
	}
}

/* A path that names nothing outside the child's directory, for the
 * calls that bind a name into the socket registry or enter a directory. */
static uint32_t
gen_safe_path(void)
{
	return (uint32_t)(uintptr_t)tpaths[below(4) ? below(NREL)
					   : NREL + below(NTPATHS - NREL)];
}

/* Offsets and file lengths: around pages, off_t's limit, negative. */
static uint32_t
gen_off(void)
{
	static const uint32_t v[] = {
		0, 1, 100, 4095, 4096, 4097, 8192, 65536, 0x7ffff000,
		0x7fffffff, 0x80000000, 0xffffffff, 0xfffff000,
	};

	if (below(3) == 0)
		return below(10000);
	return v[below(sizeof(v) / sizeof(v[0]))];
}

static uint32_t
gen_mode(void)
{
	return below(2) ? 0644 : below(2) ? 0755 : gen_int();
}

static uint32_t
gen_open_flags(void)
{
	return gen_flags(Q_O_ACCMODE | Q_O_CREAT | Q_O_EXCL | Q_O_TRUNC |
			 Q_O_APPEND | Q_O_NONBLOCK | Q_O_DIRECTORY |
			 Q_O_CLOEXEC);
}

/* A directory descriptor for the *at calls: AT_FDCWD, a directory of
 * ours, or any descriptor. */
static uint32_t
gen_dirfd(void)
{
	switch (below(3)) {
	case 0: return (uint32_t)Q_AT_FDCWD;
	case 1: return gen_fd(K_DIR);
	default: return gen_fd(-1);
	}
}

static uint32_t
gen_statbuf(void)
{
	return below(3) ? (uint32_t)(uintptr_t)&args2.st
			: (uint32_t)gen_ptr(sizeof(args2.st));
}

static int
gen_file(struct rec *r)
{
	uint32_t *a = r->a;

	switch (r->nr) {
	case SYS_lseek:
		a[0] = gen_fd(below(2) ? K_FILE : -1);
		a[1] = gen_off();
		a[2] = below(4) ? below(3) : gen_int();
		break;
	case SYS_pread: case SYS_pwrite:
		a[0] = gen_fd(below(3) ? K_FILE : -1);
		a[2] = gen_len();
		a[1] = (uint32_t)gen_ptr(a[2]);
		a[3] = gen_off();
		break;
	case SYS_unlink: case SYS_rmdir: case SYS_chdir:
		a[0] = r->nr == SYS_chdir ? gen_safe_path() : gen_path();
		break;
	case SYS_rename:
		a[0] = gen_path();
		a[1] = gen_path();
		break;
	case SYS_mkdir:
		a[0] = gen_path();
		a[1] = gen_mode();
		break;
	case SYS_stat: case SYS_lstat:
		a[0] = gen_path();
		a[1] = gen_statbuf();
		break;
	case SYS_truncate:
		a[0] = gen_path();
		a[1] = gen_off();
		break;
	case SYS_ftruncate:
		a[0] = gen_fd(below(2) ? K_FILE : -1);
		a[1] = gen_off();
		break;
	case SYS_fchdir:
		a[0] = gen_fd(below(3) ? K_DIR : -1);
		break;
	case SYS_getcwd:
		a[1] = below(2) ? below(40) : gen_len();
		a[0] = below(5) ? (uint32_t)gen_ptr(a[1]) : 0;
		break;
	case SYS_fsync: case SYS_fdatasync:
		a[0] = gen_fd(-1);
		break;
	case SYS_access:
		a[0] = gen_path();
		a[1] = below(4) ? below(8) : gen_int();
		break;
	case SYS_openat:
		a[0] = gen_dirfd();
		a[1] = gen_path();
		a[2] = gen_open_flags();
		a[3] = gen_mode();
		break;
	case SYS_unlinkat:
		a[0] = gen_dirfd();
		a[1] = gen_path();
		a[2] = below(2) ? 0 : below(2) ? Q_AT_REMOVEDIR
					       : gen_flags(Q_AT_REMOVEDIR);
		break;
	}
	return 1;
}

/* A socket address: one of snames, a family other than AF_UNIX, no
 * path, the abstract name, or a pointer that faults; its length exact,
 * the whole structure, or out of range - never a cut that would bind a
 * shorter name. */
static void
gen_sockaddr(uint32_t *addr, uint32_t *len)
{
	static const uintptr_t bad[] = {
		0, 1, 0x1000, 0x40000000, 0xbffffff0, 0xc0000000, 0xfffff000,
	};
	struct q_sockaddr_un *sa = &args2.sun;
	uint32_t n;

	memset(sa, 0, sizeof(*sa));
	sa->sun_family = below(6) ? Q_AF_UNIX : below(2) ? Q_AF_UNSPEC
							 : (uint16_t)rnd();
	switch (below(8)) {
	case 0:					/* no path */
		break;
	case 1:					/* abstract */
		memcpy(sa->sun_path, "\0fuzz", 5);
		break;
	default: {
		const char *s = snames[below(NSNAMES)];
		n = (uint32_t)strlen(s);
		memcpy(sa->sun_path, s,
		       n < Q_UNIX_PATH_MAX ? n : Q_UNIX_PATH_MAX);
		break;
	}
	}
	n = (uint32_t)strnlen(sa->sun_path, Q_UNIX_PATH_MAX);
	switch (below(6)) {
	case 0: *len = sizeof(*sa); break;
	case 1: *len = below(3); break;		/* at most the family */
	case 2: *len = below(2) ? sizeof(*sa) + 1 + below(4096) : gen_int();
		if (*len > 2 && *len <= sizeof(*sa))
			*len = sizeof(*sa);
		break;
	default: *len = 2 + n + below(2);	/* with or without its NUL */
		if (*len > sizeof(*sa))
			*len = sizeof(*sa);
	}
	*addr = below(8) ? (uint32_t)(uintptr_t)sa
			 : (uint32_t)bad[below(sizeof(bad) / sizeof(bad[0]))];
}

/* Where a call stores an address: ours, with a length in and out. */
static void
gen_sockaddr_out(uint32_t *addr, uint32_t *lenp)
{
	static const uint32_t lens[] = { 0, 1, 2, 10, 110, 111, 0xffffffff };

	args2.slen = lens[below(sizeof(lens) / sizeof(lens[0]))];
	*addr = below(3) ? (uint32_t)(uintptr_t)&args2.sun
			 : below(2) ? 0 : (uint32_t)gen_ptr(110);
	*lenp = below(4) ? (uint32_t)(uintptr_t)&args2.slen
			 : below(2) ? 0 : (uint32_t)gen_ptr(4);
}

/* Socket types: every socket the child makes is non-blocking, as are the
 * connections it accepts, so no accept, connect or receive waits. */
static uint32_t
gen_socktype(void)
{
	uint32_t t = below(4) ? 1 + below(2) : below(16);

	if (below(3) == 0)
		t |= Q_SOCK_CLOEXEC;
	if (below(8) == 0)
		t |= 1u << below(32);
	return t | Q_SOCK_NONBLOCK;
}

static uint32_t
gen_sockfd(void)
{
	return gen_fd(below(4) ? K_SOCK : -1);
}

static int
gen_socket(struct rec *r)
{
	uint32_t *a = r->a;

	switch (r->nr) {
	case SYS_socketpair: case SYS_socket:
		a[0] = below(6) ? Q_AF_UNIX : gen_int();
		a[1] = gen_socktype();
		a[2] = below(6) ? 0 : gen_int();
		a[3] = below(4) ? (uint32_t)(uintptr_t)args.fds
				: (uint32_t)gen_ptr(8);
		break;
	case SYS_bind: case SYS_connect:
		a[0] = gen_sockfd();
		gen_sockaddr(&a[1], &a[2]);
		break;
	case SYS_listen:
		a[0] = gen_sockfd();
		break;
	case SYS_accept4:
		a[0] = gen_sockfd();
		gen_sockaddr_out(&a[1], &a[2]);
		a[3] = Q_SOCK_NONBLOCK | (below(2) ? Q_SOCK_CLOEXEC : 0) |
		       (below(8) ? 0 : 1u << below(32));
		break;
	case SYS_shutdown:
		a[0] = gen_sockfd();
		a[1] = below(4) ? below(3) : gen_int();
		break;
	case SYS_sendto: case SYS_recvfrom:
		a[0] = gen_sockfd();
		a[2] = gen_len();
		a[1] = (uint32_t)gen_ptr(a[2]);
		a[3] = gen_flags(Q_MSG_PEEK | Q_MSG_TRUNC | Q_MSG_DONTWAIT |
				 Q_MSG_WAITALL | Q_MSG_NOSIGNAL);
		if (r->nr == SYS_sendto) {
			gen_sockaddr(&a[4], &args2.sto.addrlen);
			args2.sto.addr = (const void *)(uintptr_t)a[4];
			if (below(3) == 0)
				args2.sto.addr = NULL;
			a[4] = (uint32_t)(uintptr_t)&args2.sto;
		} else {
			uint32_t ad, lp;
			gen_sockaddr_out(&ad, &lp);
			args2.rfa.addr = (void *)(uintptr_t)ad;
			args2.rfa.addrlen = (uint32_t *)(uintptr_t)lp;
			a[4] = (uint32_t)(uintptr_t)&args2.rfa;
		}
		if (below(4) == 0)
			a[4] = below(2) ? 0 : (uint32_t)gen_ptr(8);
		break;
	case SYS_getsockopt: case SYS_setsockopt: {
		static const uint32_t names[] = {
			Q_SO_TYPE, Q_SO_ERROR, Q_SO_SNDBUF, Q_SO_RCVBUF,
			Q_SO_ACCEPTCONN, Q_SO_DOMAIN, 0, 1,
		};
		a[0] = gen_sockfd();
		a[1] = below(4) ? Q_SOL_SOCKET : gen_int();
		a[2] = below(4) ? names[below(8)] : gen_int();
		args2.opt = (int)gen_int();
		a[3] = below(4) ? (uint32_t)(uintptr_t)&args2.opt
				: (uint32_t)gen_ptr(4);
		args2.slen = below(3) ? 4 : gen_len();
		if (r->nr == SYS_setsockopt)
			a[4] = args2.slen;
		else
			a[4] = below(4) ? (uint32_t)(uintptr_t)&args2.slen
					: (uint32_t)gen_ptr(4);
		break;
	}
	case SYS_getsockname: case SYS_getpeername:
		a[0] = gen_sockfd();
		gen_sockaddr_out(&a[1], &a[2]);
		break;
	}
	return 1;
}

/* Descriptors: fcntl and dup3.  F_SETFL keeps O_NONBLOCK on a socket. */
static int
gen_desc(struct rec *r)
{
	static const uint32_t cmds[] = {
		Q_F_DUPFD, Q_F_GETFD, Q_F_SETFD, Q_F_GETFL, Q_F_SETFL,
		Q_F_DUPFD_CLOEXEC,
	};
	uint32_t *a = r->a;
	int fd;

	fd = (int)(a[0] = gen_fd(-1));
	if (r->nr == SYS_dup3) {
		a[1] = below(4) ? below(RECFD - 1) : gen_fd(-1);
		a[2] = below(2) ? 0 : gen_flags(Q_O_CLOEXEC);
		return a[1] != RECFD && a[1] != OUTFD;
	}
	a[1] = below(6) ? cmds[below(6)] : gen_int();
	switch (a[1]) {
	case Q_F_DUPFD: case Q_F_DUPFD_CLOEXEC:
		a[2] = below(4) ? below(RECFD - 1) : gen_int();
		break;
	case Q_F_SETFD:
		a[2] = gen_flags(Q_FD_CLOEXEC);
		break;
	case Q_F_SETFL:
		a[2] = gen_flags(Q_O_ACCMODE | Q_O_APPEND | Q_O_NONBLOCK);
		if (!valid_fd(fd) || fdt[fd].kind == K_SOCK ||
		    fdt[fd].kind == K_FREE)
			a[2] |= Q_O_NONBLOCK;
		break;
	}
	return 1;
}

/* 1 if [addr, addr + len rounded up to pages) overlaps the fuzzer's own
 * memory: its image, data, bss and heap below the scratch pages, or the
 * main stack and its guard.  A range that reaches into the kernel half
 * is not the fuzzer's: the kernel must refuse it whole. */
static int
touches_self(uint32_t addr, uint32_t len)
{
	uint64_t end = (uint64_t)addr + (((uint64_t)len + 4095) & ~4095ull);
	uint64_t stack = 0xbffff000u - 1024 * 1024 - 2 * 4096;

	if (end > 0xc0000000ull)
		return 0;
	return addr < image_top || end > stack;
}

/* An address for the memory calls: a region of ours (its start, a page
 * inside, unaligned), an address in the mmap area or the heap's range
 * that nobody maps, NULL, the kernel half, or the fuzzer's own text and
 * stack (which touches_self() keeps from every call that would change
 * them). */
static uint32_t
gen_maddr(void)
{
	static const uint32_t other[] = {
		0, 0x1000, 0xc0000000, 0xc0100000, 0xfffff000, 0xbfeff000,
	};

	switch (below(8)) {
	case 0: case 1: case 2:
		if (nmaps) {
			int i = (int)below(nmaps < 8 ? (uint32_t)nmaps : 8);
			return maps[i].addr + below(2) *
			       below(maps[i].len / 4096 + 1) * 4096;
		}
		/* fall through */
	case 3:
		return 0xa0000000u + below(16) * 4096;
	case 4:
		return 0x40000000u + below(16) * 4096;
	case 5:
		return gen_maddr() + 1 + below(4095);	/* unaligned */
	case 6:
		return below(2) ? (uint32_t)(uintptr_t)gen_maddr
				: (uint32_t)(uintptr_t)stackbuf;
	default:
		return other[below(sizeof(other) / sizeof(other[0]))];
	}
}

/* Lengths of mappings: a few pages, gen_len()'s, or enough to reach the
 * kernel half.  No length fits the mmap area and exhausts memory. */
static uint32_t
gen_mlen(void)
{
	static const uint32_t huge[] = {
		0x20000000, 0x40000000, 0xbfeff000, 0xc0000000, 0xfffff000,
	};

	switch (below(4)) {
	case 0: case 1:
		return (1 + below(8)) * 4096 - (below(4) ? 0 : below(4096));
	case 2:
		return gen_len();
	default:
		return huge[below(sizeof(huge) / sizeof(huge[0]))];
	}
}

static int
gen_mem(struct rec *r)
{
	uint32_t *a = r->a;

	a[0] = gen_maddr();
	a[1] = gen_mlen();
	if (below(16) == 0) {	/* from a low page up to the kernel, or past */
		a[0] = (1 + below(4)) * 4096;
		a[1] = 0xc0000000u - a[0] + below(3) * 4096;
	}
	switch (r->nr) {
	case SYS_mmap:
		a[2] = gen_flags(Q_PROT_READ | Q_PROT_WRITE | Q_PROT_EXEC);
		a[3] = (below(8) ? Q_MAP_PRIVATE + below(2) : below(16)) |
		       (below(8) ? Q_MAP_ANONYMOUS : 0) |
		       (below(4) ? 0 : below(3) ? Q_MAP_FIXED
						: Q_MAP_FIXED_NOREPLACE) |
		       gen_flags(Q_MAP_NORESERVE | Q_MAP_POPULATE |
				 Q_MAP_LOCKED | Q_MAP_STACK);
		a[4] = below(2) ? (uint32_t)-1 : gen_fd(-1);
		if (!(a[3] & (Q_MAP_FIXED | Q_MAP_FIXED_NOREPLACE)) && below(3))
			a[0] = below(2) ? 0 : a[0] & ~4095u;	/* a hint */
		/* a replacing fixed mapping of our own memory would pull
		 * the ground from under the fuzzer; and a length beyond a
		 * few pages only where it cannot fit */
		if ((a[3] & Q_MAP_FIXED) && touches_self(a[0], a[1]))
			return 0;
		/* nor a fixed one of more than 256 KiB that fits below the
		 * kernel: it would only fill memory, slowly */
		return !(a[3] & Q_MAP_FIXED) || a[1] <= 64 * 4096 ||
		       (uint64_t)a[0] + a[1] > 0xc0000000ull;
	case SYS_munmap:
		return !touches_self(a[0], a[1]);
	case SYS_mprotect:
		a[2] = gen_flags(Q_PROT_READ | Q_PROT_WRITE | Q_PROT_EXEC);
		return !touches_self(a[0], a[1]);
	case SYS_madvise:
		a[2] = below(4) ? below(5) : gen_int();
		/* MADV_DONTNEED (4) and the unknown ones could discard */
		return a[2] < 4 || !touches_self(a[0], a[1]);
	case SYS_mlock: case SYS_munlock:
		return 1;			/* they change nothing */
	case SYS_mlockall:
		a[0] = gen_flags(Q_MCL_CURRENT | Q_MCL_FUTURE | Q_MCL_ONFAULT);
		return 1;
	}
	return 1;				/* munlockall */
}

/* A limit: soft and hard from the interesting values (the descriptor
 * limit's bounds among them). */
static uint64_t
gen_rlim(void)
{
	static const uint64_t v[] = {
		0, 1, 64, 1024, 4096, 16384, 16385, 0x7fffffff, 0xffffffff,
		Q_RLIM64_INFINITY,
	};

	return below(6) ? v[below(sizeof(v) / sizeof(v[0]))]
			: ((uint64_t)rnd() << 32 | rnd());
}

static int
gen_limits(struct rec *r)
{
	static const uint32_t opts[] = {
		Q_PR_SET_PDEATHSIG, Q_PR_GET_PDEATHSIG, Q_PR_GET_DUMPABLE,
		Q_PR_SET_DUMPABLE, Q_PR_SET_NAME, Q_PR_GET_NAME,
		Q_PR_SET_TIMERSLACK, Q_PR_GET_TIMERSLACK,
		Q_PR_SET_THREAD_NAME, Q_PR_GET_THREAD_NAME,
	};
	uint32_t *a = r->a;

	if (r->nr == SYS_prlimit64) {
		a[0] = below(2) ? 0 : gen_pid(1);
		a[1] = below(4) ? below(Q_RLIM_NLIMITS + 1) : gen_int();
		args2.rl.rlim_cur = gen_rlim();
		args2.rl.rlim_max = below(2) ? args2.rl.rlim_cur : gen_rlim();
		a[2] = below(2) ? 0 : below(4) ? (uint32_t)(uintptr_t)&args2.rl
					       : (uint32_t)gen_ptr(16);
		a[3] = below(2) ? 0
		     : below(2) ? (uint32_t)(uintptr_t)&args2.rlold
				: (uint32_t)gen_ptr(16);
		return a[0] != (uint32_t)supervisor;
	}
	/* prctl: every option acts on the calling process only */
	a[0] = below(4) ? opts[below(10)] : gen_int();
	for (int i = 0; i < (int)sizeof(args2.name); i++)
		args2.name[i] = (char)(below(4) ? 'a' + below(26) : rnd());
	switch (a[0]) {
	case Q_PR_SET_NAME: case Q_PR_GET_NAME:
		a[1] = below(4) ? (uint32_t)(uintptr_t)args2.name
				: (uint32_t)gen_ptr(16);
		break;
	case Q_PR_SET_THREAD_NAME: case Q_PR_GET_THREAD_NAME:
		a[1] = below(2) ? (uint32_t)self + below(4) : gen_int();
		a[2] = below(4) ? (uint32_t)(uintptr_t)args2.name
				: (uint32_t)gen_ptr(16);
		break;
	case Q_PR_SET_PDEATHSIG:
		a[1] = below(4) ? below(Q_NSIG + 1) : gen_int();
		break;
	}
	return 1;
}

/* ppoll: as poll, never without a timeout (nothing may be ready), and
 * the timeout at most 2 ms when it is valid. */
static int
gen_ppoll(struct rec *r)
{
	struct pollfd *p = args.pfd;
	uint32_t *a = r->a;
	int n = (int)below(4);

	for (int i = 0; i < n; i++) {
		p[i].fd = (int)gen_fd(-1);
		p[i].events = (short)gen_flags(0xffff);
		p[i].revents = 0;
	}
	a[0] = below(4) ? (uint32_t)(uintptr_t)p : (uint32_t)gen_ptr(8);
	a[1] = below(4) ? (uint32_t)n : gen_int();
	a[2] = gen_timespec(below(4) != 0);
	args.set = rnd();
	a[3] = below(2) ? 0 : below(3) ? (uint32_t)(uintptr_t)&args.set
				       : (uint32_t)gen_ptr(8);
	a[4] = below(4) ? 4 + below(2) * 4 : gen_int();
	return 1;
}

/* A signal for a timer: not a stop signal, which would only make the
 * supervisor wait a whole WATCH_MS for nothing. */
static int32_t
gen_timer_sig(void)
{
	int32_t s = below(4) ? (int32_t)(1 + below(Q_NSIG - 1))
			     : (int32_t)gen_int();

	return s >= Q_SIGSTOP && s <= Q_SIGTTOU ? Q_SIGSTOP - 2 : s;
}

/* An interval or expiry of a few ms (rarely a few ns, or invalid). */
static void
gen_short_ts(struct q_timespec *ts)
{
	ts->tv_sec = 0;
	ts->tv_nsec = (int32_t)(below(2) ? 0 : 100000 + below(3000000));
	if (below(16) == 0)
		ts->tv_nsec = (int32_t)below(1000);
	if (below(16) == 0) {
		static const int32_t bad[] = { -1, 1000000000, 0x7fffffff };
		ts->tv_nsec = bad[below(3)];
	}
	if (below(32) == 0)
		ts->tv_sec = below(2) ? -1 : 1;
}

static int
gen_timer(struct rec *r)
{
	uint32_t *a = r->a;
	uint32_t id = below(4) ? below((uint32_t)ntimers + 1) : gen_int();

	switch (r->nr) {
	case SYS_timer_create: {
		static const int32_t notify[] = {
			Q_SIGEV_SIGNAL, Q_SIGEV_NONE, Q_SIGEV_THREAD,
			Q_SIGEV_THREAD_ID, 3, 0x7fffffff,
		};
		struct q_sigevent *ev = &args2.sev;
		memset(ev, 0, sizeof(*ev));
		ev->sigev_value = rnd();
		ev->sigev_signo = gen_timer_sig();
		ev->sigev_notify = notify[below(4) ? below(4) : below(6)];
		ev->sigev_tid = below(2) ? (int32_t)self : (int32_t)gen_int();
		a[0] = below(4) ? below(2) : gen_int();
		a[1] = below(4) ? (uint32_t)(uintptr_t)ev
				: below(2) ? 0 : (uint32_t)gen_ptr(64);
		a[2] = below(4) ? (uint32_t)(uintptr_t)&args2.timerid
				: (uint32_t)gen_ptr(4);
		break;
	}
	case SYS_timer_settime:
		gen_short_ts(&args2.its.it_value);
		gen_short_ts(&args2.its.it_interval);
		if (below(2))
			args2.its.it_interval.tv_nsec = 0;
		a[0] = id;
		a[1] = below(4) ? 0 : gen_flags(1);
		a[2] = below(4) ? (uint32_t)(uintptr_t)&args2.its
				: (uint32_t)gen_ptr(16);
		a[3] = below(2) ? 0 : (uint32_t)gen_ptr(16);
		break;
	case SYS_timer_gettime:
		a[0] = id;
		a[1] = (uint32_t)gen_ptr(16);
		break;
	case SYS_timer_getoverrun: case SYS_timer_delete:
		a[0] = id;
		break;
	case SYS_clock_getres:
		a[0] = below(4) ? below(8) : gen_int();
		a[1] = below(4) ? (uint32_t)gen_ptr(8) : 0;
		break;
	case SYS_syslog:
		/* Linux's actions 2 (a read that waits for new lines), 4
		 * and 5 (clearing the log), 6 and 8 (silencing the console,
		 * where a panic would have to show) are never asked; 0, 1,
		 * 7, 9 and the unknown ones must answer at once. */
		a[0] = below(2) ? Q_SYSLOG_ACTION_READ_ALL
		     : below(2) ? Q_SYSLOG_ACTION_SIZE_BUFFER : gen_int();
		if (a[0] == 2 || a[0] == 4 || a[0] == 5 || a[0] == 6 ||
		    a[0] == 8)
			a[0] = 9;
		a[2] = gen_len();
		a[1] = (uint32_t)gen_ptr(a[2]);
		break;
	}
	return 1;
}

/* Is there a descriptor of kind k in the child's table? */
static int
have_fd(int k)
{
	for (int fd = 0; fd < NFD; fd++)
		if (valid_fd(fd) && fdt[fd].kind == k)
			return 1;
	return 0;
}

/*
 * A call on a file, a socket, a mapping or a timer the child does not
 * have would mostly give EBADF or EINVAL; half the time such a call
 * becomes one that makes the object instead, with arguments that work,
 * so that the later calls find something to act on.
 */
static int
gen_maker(struct rec *r)
{
	uint32_t nr = r->nr, *a = r->a;

	if (below(2))
		return 0;
	if ((nr == SYS_lseek || nr == SYS_pread || nr == SYS_pwrite ||
	     nr == SYS_ftruncate || nr == SYS_fsync ||
	     nr == SYS_fdatasync) && !have_fd(K_FILE)) {
		r->nr = SYS_openat;
		a[0] = (uint32_t)Q_AT_FDCWD;
		a[1] = (uint32_t)(uintptr_t)tpaths[1 + below(3)];
		a[2] = Q_O_RDWR | Q_O_CREAT;
		a[3] = 0644;
	} else if (nr > SYS_socket && nr <= SYS_getpeername &&
		   !have_fd(K_SOCK)) {
		r->nr = below(2) ? SYS_socketpair : SYS_socket;
		a[0] = Q_AF_UNIX;
		a[1] = (1 + below(2)) | Q_SOCK_NONBLOCK;
		a[2] = 0;
		a[3] = (uint32_t)(uintptr_t)args.fds;
	} else if (nr > SYS_mmap && nr <= SYS_munlock && nmaps == 0) {
		r->nr = SYS_mmap;
		a[0] = 0;
		a[1] = (1 + below(4)) * 4096;
		a[2] = Q_PROT_READ | Q_PROT_WRITE;
		a[3] = (below(2) ? Q_MAP_PRIVATE : Q_MAP_SHARED) |
		       Q_MAP_ANONYMOUS;
		a[4] = (uint32_t)-1;
	} else if (nr > SYS_timer_create && nr <= SYS_timer_delete &&
		   ntimers == 0) {
		r->nr = SYS_timer_create;
		a[0] = Q_CLOCK_MONOTONIC;
		memset(&args2.sev, 0, sizeof(args2.sev));
		args2.sev.sigev_notify = Q_SIGEV_NONE;
		a[1] = (uint32_t)(uintptr_t)&args2.sev;
		a[2] = (uint32_t)(uintptr_t)&args2.timerid;
	} else {
		return 0;
	}
	return 1;
}

/* The calls 120-180, by group; numbers in the gaps have no arguments. */
static int
gen_more(struct rec *r)
{
	uint32_t nr = r->nr;

	if (gen_maker(r))
		return 1;

	if (nr >= SYS_lseek && nr <= SYS_unlinkat)
		return gen_file(r);
	if (nr >= SYS_socketpair && nr <= SYS_getpeername)
		return gen_socket(r);
	if (nr == SYS_fcntl || nr == SYS_dup3)
		return gen_desc(r);
	if (nr >= SYS_mmap && nr <= SYS_munlockall)
		return gen_mem(r);
	if (nr == SYS_prlimit64 || nr == SYS_prctl)
		return gen_limits(r);
	if (nr == SYS_ppoll)
		return gen_ppoll(r);
	if ((nr >= SYS_timer_create && nr <= SYS_clock_getres) ||
	    nr == SYS_syslog)
		return gen_timer(r);
	return 1;
}

/* Fill r->a for call r->nr; returns 0 to skip the call. */
static int
gen_args(struct rec *r)
{
	uint32_t *a = r->a;
	int fd;

	for (int i = 0; i < 5; i++)
		a[i] = gen_int();
	switch (r->nr) {
	case SYS_exit:
		return below(20) == 0;			/* rarely: ends the child */
	case SYS_read:
		fd = (int)gen_fd(-1);
		a[0] = (uint32_t)fd;
		a[2] = gen_len();
		if (valid_fd(fd) && fdt[fd].kind == K_PIPE_R) {
			if (level[fdt[fd].pipe] == 0)
				return 0;		/* would block */
			a[2] = 1 + below((uint32_t)level[fdt[fd].pipe]);
		}
		a[1] = (uint32_t)gen_ptr(a[2]);
		return 1;
	case SYS_write:
		fd = (int)gen_fd(-1);
		a[0] = (uint32_t)fd;
		a[2] = gen_len();
		if (valid_fd(fd) && fdt[fd].kind == K_PIPE_W) {
			int room = 4096 - level[fdt[fd].pipe];
			if (room <= 0)
				return 0;		/* would block */
			a[2] = 1 + below((uint32_t)room);
		}
		a[1] = (uint32_t)gen_ptr(a[2]);
		return 1;
	case SYS_open:
		a[0] = below(2) ? gen_path()
		     : below(4) ? (uint32_t)(uintptr_t)paths[below(10)]
				: (uint32_t)gen_ptr(16);
		a[1] = gen_open_flags();
		a[2] = gen_mode();
		return 1;
	case SYS_close: case SYS_dup:
		a[0] = gen_fd(-1);
		return 1;
	case SYS_dup2:
		a[0] = gen_fd(-1);
		a[1] = below(4) ? below(RECFD - 1) : gen_fd(-1);
		return a[1] != RECFD && a[1] != OUTFD;
	case SYS_fstat:
		a[0] = gen_fd(-1);
		a[1] = (uint32_t)gen_ptr(64);
		return 1;
	case SYS_getdents:
		a[0] = gen_fd(K_DIR);
		a[2] = gen_len();
		a[1] = (uint32_t)gen_ptr(a[2]);
		return 1;
	case SYS_waitpid:
		a[0] = below(2) ? (uint32_t)-1 : gen_pid(1);
		a[1] = below(2) ? 0 : (uint32_t)gen_ptr(4);
		a[2] = gen_flags(Q_WNOHANG);
		return 1;
	case SYS_execve:
		if (below(4) == 0) {		/* a program that just exits */
			static char *const argv[] = { "true", NULL };
			a[0] = (uint32_t)(uintptr_t)"/bin/true";
			a[1] = (uint32_t)(uintptr_t)argv;
			a[2] = 0;
		} else {
			a[0] = below(2) ? (uint32_t)(uintptr_t)"/nonexistent"
					: (uint32_t)gen_ptr(8);
			a[1] = (uint32_t)gen_ptr(16);
			a[2] = (uint32_t)gen_ptr(16);
		}
		return 1;
	case SYS_kill:
		a[0] = gen_pid(0);
		a[1] = below(4) ? below(Q_NSIG + 2) : gen_int();
		return a[0] != 0 && a[0] != 1 && a[0] != (uint32_t)-1 &&
		       a[0] != (uint32_t)supervisor;
	case SYS_pipe:
		a[0] = below(4) ? (uint32_t)(uintptr_t)args.fds
				: (uint32_t)gen_ptr(8);
		return 1;
	case SYS_times: case SYS_uname: case SYS_sysinfo:
		a[0] = (uint32_t)gen_ptr(64);
		return 1;
	case SYS_brk:
		a[0] = below(20) == 0 ? gen_int()
		     : (uint32_t)syscall(SYS_brk, 0) + (below(9) - 4) * 4096 +
		       below(2) * below(4096);
		return 1;
	case SYS_nanosleep:
		a[0] = gen_timespec(below(2));
		a[1] = below(2) ? 0 : (uint32_t)gen_ptr(8);
		return 1;
	case SYS_clock_nanosleep:
		a[0] = below(4) ? below(2) : gen_int();
		a[1] = 0;			/* relative: bounded */
		a[2] = gen_timespec(below(2));
		a[3] = below(2) ? 0 : (uint32_t)gen_ptr(8);
		return 1;
	case SYS_clock_gettime:
		a[0] = below(4) ? below(5) : gen_int();
		a[1] = (uint32_t)gen_ptr(8);
		return 1;
	case SYS_gettimeofday: case SYS_getrusage:
		if (r->nr == SYS_getrusage)
			a[0] = below(4) ? below(3) - 1 : gen_int();
		else
			a[0] = (uint32_t)gen_ptr(8);
		a[1] = (uint32_t)gen_ptr(72);
		return 1;
	case SYS_getpriority:
		a[1] = gen_pid(1);
		return 1;
	case SYS_setpriority:
		a[1] = gen_pid(1);
		a[2] = below(4) ? below(40) - 20 : gen_int();
		return a[1] != (uint32_t)supervisor;
	case SYS_nice:
		a[0] = below(4) ? below(10) : gen_int();
		return 1;
	case SYS_sched_setaffinity: case SYS_sched_getaffinity:
		a[0] = gen_pid(1);
		a[1] = below(2) ? 4 : gen_len();
		a[2] = (uint32_t)gen_ptr(a[1] < 128 ? a[1] : 4);
		return a[0] != (uint32_t)supervisor;
	case SYS_thread_create:
		a[0] = below(32) ? (uint32_t)(uintptr_t)thread_stub
				: (uint32_t)gen_ptr(4);
		a[1] = gen_int();
		a[2] = below(16) ? (uint32_t)(uintptr_t)thread_stacks[below(4)] + 1024
				: (uint32_t)gen_ptr(4);
		return 1;
	case SYS_thread_exit:
		return below(10) == 0;		/* rarely: the only thread */
	case SYS_thread_join:
		a[0] = below(2) ? (uint32_t)self + below(4) : gen_int();
		a[1] = below(2) ? 0 : (uint32_t)gen_ptr(4);
		return 1;
	case SYS_futex: {
		int *w = &args.futex[below(4)];
		a[0] = below(4) ? (uint32_t)(uintptr_t)w : (uint32_t)gen_ptr(4);
		a[1] = below(4) ? below(2) : gen_int();
		a[2] = gen_int();
		a[3] = gen_timespec(below(2));
		/* a wait that matches with no timeout would block for good */
		if (a[1] == Q_FUTEX_WAIT && a[0] == (uint32_t)(uintptr_t)w &&
		    (uint32_t)*w == a[2])
			a[2]++;
		return 1;
	}
	case SYS_poll: {
		struct pollfd *p = args.pfd;
		int n = (int)below(4);
		for (int i = 0; i < n; i++) {
			p[i].fd = (int)gen_fd(-1);
			p[i].events = (short)gen_flags(0xffff);
			p[i].revents = 0;
		}
		a[0] = below(4) ? (uint32_t)(uintptr_t)p : (uint32_t)gen_ptr(8);
		a[1] = below(4) ? (uint32_t)n : gen_int();
		a[2] = below(3);		/* ms: never block long */
		return 1;
	}
	case SYS_taskinfo: case SYS_cpuinfo:
		a[1] = below(4) ? below(8) : gen_int();
		a[0] = (uint32_t)gen_ptr(a[1] < 64 ? a[1] * 64 : 64);
		return 1;
	case SYS_tunable:
		a[0] = below(4) ? below(2) : gen_int();
		a[1] = below(4) ? below(40) : gen_int();
		if (a[0] == Q_TUNABLE_SET) {
			struct q_tunable *t = &args.tun;
			memset(t, 0, sizeof(*t));
			strcpy(t->name, "nonexistent");
			t->value = (int64_t)rnd() << 32;
			a[2] = (uint32_t)(uintptr_t)t;
			return 1;
		}
		a[2] = (uint32_t)gen_ptr(200);
		return 1;
	case SYS_sched_dump:
		return 0;
	case SYS_signal:
		a[0] = below(4) ? below(Q_NSIG + 2) : gen_int();
		a[1] = below(4) ? below(3) : gen_int();
		return 1;
	case SYS_sched_setslice:
		a[0] = gen_pid(1);
		return a[0] != (uint32_t)supervisor;
	case SYS_meminfo:
		a[0] = below(4) ? below(4) : gen_int();
		a[2] = below(4) ? below(200) : gen_int();
		a[1] = (uint32_t)gen_ptr(a[2] < 128 ? a[2] * 16 : 64);
		return 1;
	case SYS_sched_setscheduler: case SYS_sched_setparam:
	case SYS_sched_getparam: case SYS_sched_getscheduler:
	case SYS_sched_rr_get_interval:
		return gen_sched(r);
	case SYS_sched_get_priority_max: case SYS_sched_get_priority_min:
		a[0] = below(4) ? below(7) : gen_int();
		return 1;
	case SYS_sigaction: case SYS_sigprocmask: case SYS_sigpending:
	case SYS_sigtimedwait: case SYS_sigreturn: case SYS_tgkill:
	case SYS_setitimer: case SYS_getitimer:
		return gen_signal(r);
	case SYS_sigsuspend: case SYS_pause:
		return 0;		/* wait for a signal nobody sends */
	case SYS_setpgid: case SYS_getpgid: case SYS_getsid:
		a[0] = below(3) ? 0 : gen_pid(1);
		a[1] = below(2) ? 0 : gen_pid(1);
		return a[0] != (uint32_t)supervisor;
	case SYS_ioctl:
		/* the console's termios is init's too: descriptors other
		 * than 0-2 only */
		a[0] = gen_fd(below(4));
		a[1] = below(2) ? 0x5401 + below(0x20) : gen_int();
		a[2] = (uint32_t)gen_ptr(64);
		if (a[1] == Q_FIONBIO && (!valid_fd((int)a[0]) ||
					  fdt[a[0]].kind == K_SOCK))
			return 0;	/* sockets stay non-blocking */
		return a[0] > 2;
	case SYS_reboot:
		return 0;		/* would end the run */
	case SYS_trace:
		/* status and stop only: a start or dump would flood the
		 * data channel for the rest of the run */
		a[0] = below(2) ? Q_TRACE_STATUS : below(4) ? Q_TRACE_STOP
			: 6 + below(100);
		a[2] = below(4) ? (uint32_t)(uintptr_t)&args.trs
			: (uint32_t)gen_ptr(sizeof(args.trs));
		return 1;
	default:			/* 120-180, or unknown numbers */
		return gen_more(r);
	}
}

static uint32_t
gen_nr(void)
{
	if (below(50) == 0) {		/* beyond the table */
		static const uint32_t bad[] = {
			0, NSYSCALLS, NSYSCALLS + 1, 1000, 0x7fffffff,
			0xffffffff,
		};
		return bad[below(sizeof(bad) / sizeof(bad[0]))];
	}
	if (below(30) == 0)
		return SYS_meminfo;
	if (below(60) == 0)
		return SYS_trace;
	switch (below(8)) {	/* the scheduling classes, the signals */
	case 0: return SYS_sched_setscheduler + below(7);
	case 1: return SYS_sigaction + below(SYS_reboot - SYS_sigaction + 1);
	case 2: return SYS_lseek + below(SYS_unlinkat - SYS_lseek + 1);
	case 3: return SYS_socketpair + below(SYS_ppoll - SYS_socketpair + 1);
	case 4:
		if (below(2)) {
			uint32_t t = below(7);
			return t < 6 ? SYS_timer_create + t : SYS_syslog;
		}
	}
	return 1 + below(SYS_sched_setslice);
}

/* Numbers the kernel may know: only those outside 1 .. NSYSCALLS-1 must
 * give ENOSYS (the table's gaps are other calls' to fill). */
static int
known_nr(uint32_t nr)
{
	return nr >= 1 && nr < NSYSCALLS;
}

/* ---- the child ---- */

/* A new descriptor's kind, from what it is. */
static void
track_new(int fd)
{
	struct q_stat st;

	if (!valid_fd(fd))
		return;
	fdt[fd].kind = K_FILE;
	if (syscall(SYS_fstat, fd, &st) == 0 &&
	    (st.st_mode & 0170000) == Q_S_IFDIR)
		fdt[fd].kind = K_DIR;
}

/* track() for the calls 120-180. */
static void
track_more(const struct rec *r, long ret)
{
	int fd = (int)r->a[0], nfd = (int)ret;

	switch (r->nr) {
	case SYS_openat:
		track_new(nfd);
		break;
	case SYS_socket: case SYS_accept4:
		if (valid_fd(nfd))
			fdt[nfd].kind = K_SOCK;
		break;
	case SYS_timer_create:
		ntimers++;
		break;
	case SYS_socketpair: {
		int *sv = (int *)(uintptr_t)r->a[3];	/* it was mapped */
		for (int i = 0; i < 2; i++)
			if (valid_fd(sv[i]))
				fdt[sv[i]].kind = K_SOCK;
		break;
	}
	case SYS_fcntl:
		if (r->a[1] != Q_F_DUPFD && r->a[1] != Q_F_DUPFD_CLOEXEC)
			break;
		/* fall through */
	case SYS_dup3:
		if (valid_fd(fd) && valid_fd(nfd) && nfd != fd)
			fdt[nfd] = fdt[fd];
		break;
	}
}

/* mmap's addresses are above 2 GiB, negative as a long: -1 alone is an
 * error (the libc's syscall() turns every -errno into it). */
static void
track_mmap(const struct rec *r, long ret)
{
	if (ret == -1)
		return;
	maps[nmaps % 8].addr = (uint32_t)ret;
	maps[nmaps % 8].len = (r->a[1] + 4095) & ~4095u;
	nmaps++;
}

/* Keep the descriptor table in step with what a call did. */
static void
track(const struct rec *r, long ret)
{
	int fd = (int)r->a[0];

	if (r->nr == SYS_mmap)
		track_mmap(r, ret);
	if (ret < 0)
		return;
	switch (r->nr) {
	case SYS_open:
		track_new((int)ret);
		break;
	case SYS_close:
		if (valid_fd(fd))
			fdt[fd].kind = K_FREE;
		break;
	case SYS_dup: case SYS_dup2: {
		int nfd = (int)ret;
		if (valid_fd(fd) && valid_fd(nfd) && nfd != fd)
			fdt[nfd] = fdt[fd];
		break;
	}
	case SYS_pipe: {
		int *p = (int *)(uintptr_t)r->a[0];	/* it was mapped */
		if (npipes < NFD && valid_fd(p[0]) && valid_fd(p[1])) {
			level[npipes] = 0;
			fdt[p[0]].kind = K_PIPE_R;
			fdt[p[1]].kind = K_PIPE_W;
			fdt[p[0]].pipe = fdt[p[1]].pipe = npipes++;
		}
		break;
	}
	case SYS_read: case SYS_write:
		if (valid_fd(fd) && (fdt[fd].kind == K_PIPE_R ||
				     fdt[fd].kind == K_PIPE_W))
			level[fdt[fd].pipe] += r->nr == SYS_write ? (int)ret
								   : -(int)ret;
		break;
	case SYS_fork:
		if (nkids < 8)
			kids[nkids++] = (pid_t)ret;
		break;
	default:
		track_more(r, ret);
	}
}

static const char *
call_name(uint32_t nr)
{
	static const char *const names[] = {
		[SYS_exit] = "exit", [SYS_fork] = "fork", [SYS_read] = "read",
		[SYS_write] = "write", [SYS_open] = "open",
		[SYS_close] = "close", [SYS_waitpid] = "waitpid",
		[SYS_execve] = "execve", [SYS_getpid] = "getpid",
		[SYS_getppid] = "getppid", [SYS_gettid] = "gettid",
		[SYS_kill] = "kill", [SYS_pipe] = "pipe", [SYS_dup] = "dup",
		[SYS_dup2] = "dup2", [SYS_fstat] = "fstat", [SYS_brk] = "brk",
		[SYS_nanosleep] = "nanosleep",
		[SYS_clock_nanosleep] = "clock_nanosleep",
		[SYS_clock_gettime] = "clock_gettime",
		[SYS_gettimeofday] = "gettimeofday",
		[SYS_sched_yield] = "sched_yield", [SYS_nice] = "nice",
		[SYS_getpriority] = "getpriority",
		[SYS_setpriority] = "setpriority",
		[SYS_sched_setaffinity] = "sched_setaffinity",
		[SYS_sched_getaffinity] = "sched_getaffinity",
		[SYS_sched_getcpu] = "sched_getcpu",
		[SYS_thread_create] = "thread_create",
		[SYS_thread_exit] = "thread_exit",
		[SYS_thread_join] = "thread_join", [SYS_futex] = "futex",
		[SYS_getrusage] = "getrusage", [SYS_times] = "times",
		[SYS_poll] = "poll", [SYS_uname] = "uname",
		[SYS_nprocs] = "nprocs", [SYS_getdents] = "getdents",
		[SYS_sysinfo] = "sysinfo", [SYS_taskinfo] = "taskinfo",
		[SYS_cpuinfo] = "cpuinfo", [SYS_tunable] = "tunable",
		[SYS_sched_dump] = "sched_dump", [SYS_signal] = "signal",
		[SYS_sched_setslice] = "sched_setslice",
		[SYS_sched_setscheduler] = "sched_setscheduler",
		[SYS_sched_getscheduler] = "sched_getscheduler",
		[SYS_sched_setparam] = "sched_setparam",
		[SYS_sched_getparam] = "sched_getparam",
		[SYS_sched_get_priority_max] = "sched_get_priority_max",
		[SYS_sched_get_priority_min] = "sched_get_priority_min",
		[SYS_sched_rr_get_interval] = "sched_rr_get_interval",
		[SYS_sigaction] = "sigaction", [SYS_sigprocmask] = "sigprocmask",
		[SYS_sigpending] = "sigpending", [SYS_sigsuspend] = "sigsuspend",
		[SYS_sigtimedwait] = "sigtimedwait",
		[SYS_sigreturn] = "sigreturn", [SYS_tgkill] = "tgkill",
		[SYS_pause] = "pause", [SYS_setitimer] = "setitimer",
		[SYS_getitimer] = "getitimer",
		[SYS_restart_syscall] = "restart_syscall",
		[SYS_setpgid] = "setpgid", [SYS_getpgid] = "getpgid",
		[SYS_setsid] = "setsid", [SYS_getsid] = "getsid",
		[SYS_ioctl] = "ioctl", [SYS_reboot] = "reboot",
		[SYS_trace] = "trace", [SYS_meminfo] = "meminfo",
		[SYS_lseek] = "lseek", [SYS_pread] = "pread",
		[SYS_pwrite] = "pwrite", [SYS_unlink] = "unlink",
		[SYS_rename] = "rename", [SYS_mkdir] = "mkdir",
		[SYS_rmdir] = "rmdir", [SYS_stat] = "stat",
		[SYS_lstat] = "lstat", [SYS_truncate] = "truncate",
		[SYS_ftruncate] = "ftruncate", [SYS_chdir] = "chdir",
		[SYS_fchdir] = "fchdir", [SYS_getcwd] = "getcwd",
		[SYS_fsync] = "fsync", [SYS_fdatasync] = "fdatasync",
		[SYS_sync] = "sync", [SYS_access] = "access",
		[SYS_openat] = "openat", [SYS_unlinkat] = "unlinkat",
		[SYS_socketpair] = "socketpair", [SYS_socket] = "socket",
		[SYS_bind] = "bind", [SYS_listen] = "listen",
		[SYS_accept4] = "accept4", [SYS_connect] = "connect",
		[SYS_shutdown] = "shutdown", [SYS_sendto] = "sendto",
		[SYS_recvfrom] = "recvfrom", [SYS_getsockopt] = "getsockopt",
		[SYS_setsockopt] = "setsockopt",
		[SYS_getsockname] = "getsockname",
		[SYS_getpeername] = "getpeername", [SYS_fcntl] = "fcntl",
		[SYS_dup3] = "dup3", [SYS_mmap] = "mmap",
		[SYS_munmap] = "munmap", [SYS_mprotect] = "mprotect",
		[SYS_madvise] = "madvise", [SYS_mlock] = "mlock",
		[SYS_munlock] = "munlock", [SYS_mlockall] = "mlockall",
		[SYS_munlockall] = "munlockall", [SYS_prlimit64] = "prlimit64",
		[SYS_prctl] = "prctl", [SYS_ppoll] = "ppoll",
		[SYS_timer_create] = "timer_create",
		[SYS_timer_settime] = "timer_settime",
		[SYS_timer_gettime] = "timer_gettime",
		[SYS_timer_getoverrun] = "timer_getoverrun",
		[SYS_timer_delete] = "timer_delete",
		[SYS_clock_getres] = "clock_getres", [SYS_syslog] = "syslog",
	};

	if (nr < sizeof(names) / sizeof(names[0]) && names[nr])
		return names[nr];
	return "(unknown)";
}

static void
print_rec(int fd, const char *prefix, const struct rec *r)
{
	dprintf(fd, "%s#%u %s(%u) %#x %#x %#x %#x %#x\n", prefix, r->idx,
		call_name(r->nr), r->nr, r->a[0], r->a[1], r->a[2], r->a[3],
		r->a[4]);
}

/* ---- the child's directory ---- */

/* Remove name in the directory open at dfd, and all below it: by
 * descriptor, so that no depth a rename made is too deep for a path. */
static void
rm_tree_at(int dfd, const char *name)
{
	struct q_dirent d[8];
	long n;
	int fd, gone = 1;

	if (syscall(SYS_unlinkat, dfd, name, 0) == 0 || errno != EISDIR)
		return;
	fd = (int)syscall(SYS_openat, dfd, name, Q_O_RDONLY | Q_O_DIRECTORY, 0);
	if (fd < 0)
		return;
	/* each pass removes what it read and starts over, until a pass
	 * finds nothing (or can remove nothing) */
	while (gone && (n = syscall(SYS_getdents, fd, d, sizeof(d))) > 0) {
		gone = 0;
		for (long i = 0; i < n / (long)sizeof(d[0]); i++, gone++)
			rm_tree_at(fd, d[i].d_name);
		syscall(SYS_lseek, fd, 0, Q_SEEK_SET);
	}
	close(fd);
	syscall(SYS_unlinkat, dfd, name, Q_AT_REMOVEDIR);
}

/* Everything a child may have made: its directory, the names a relative
 * path could have made in /tmp, and the socket names, which outlive
 * their sockets and the directory (unlink() reaches them when the file
 * system has no such name). */
static void
clean_child_dir(void)
{
	static const char *const rel[] = { "a", "b", "c", "d", "e" };
	int tmp = (int)syscall(SYS_open, "/tmp", Q_O_RDONLY | Q_O_DIRECTORY, 0);

	if (tmp >= 0) {
		rm_tree_at(tmp, TDIR + 5);
		for (unsigned i = 0; i < sizeof(rel) / sizeof(rel[0]); i++)
			rm_tree_at(tmp, rel[i]);
		close(tmp);
	}
	for (unsigned i = 0; i < NSNAMES; i++)
		syscall(SYS_unlink, snames[i]);
}

/* A fresh directory for the child, the same for every child and every
 * replay: a file with some bytes and a subdirectory, entered. */
static void
make_child_dir(void)
{
	int fd;

	clean_child_dir();
	syscall(SYS_mkdir, TDIR, 0755);
	syscall(SYS_mkdir, TDIR "/d", 0755);
	fd = (int)syscall(SYS_open, TDIR "/a", Q_O_RDWR | Q_O_CREAT, 0644);
	if (fd >= 0) {
		syscall(SYS_write, fd, "fuzz\n", 5);
		close(fd);
	}
	syscall(SYS_chdir, TDIR);
}

/* Run calls from seed; a wrong answer is sent as a WRONG record. */
static void __attribute__((noreturn))
child_run(uint64_t seed, uint32_t calls, int verbose)
{
	char buf[512];
	struct rec r;

	uintptr_t top = ((uintptr_t)syscall(SYS_brk, 0) + 4095) & ~4095u;

	if ((uintptr_t)syscall(SYS_brk, top + SCRATCH) != top + SCRATCH)
		_exit(5);
	scratch = (char *)top;
	image_top = top;
	stackbuf = buf;
	rng = seed;
	self = getpid();
	supervisor = getppid();
	close(0);
	close(1);
	close(2);
	signal(SIGPIPE, SIG_IGN);
	make_child_dir();
	for (uint32_t i = 0; i < calls; i++) {
		long ret;
		int err;
		r.idx = i;
		r.nr = gen_nr();
		if (!gen_args(&r))
			continue;
		if (verbose)
			print_rec(OUTFD, "fuzz: ", &r);
		if (write(RECFD, &r, sizeof(r)) != sizeof(r) && !verbose)
			_exit(4);		/* the supervisor is gone */
		ret = syscall(r.nr, r.a[0], r.a[1], r.a[2], r.a[3], r.a[4]);
		err = errno;
		if (r.nr == SYS_fork && ret == 0)
			_exit(0);		/* a child of the child */
		if (verbose)
			dprintf(OUTFD, "fuzz:   = %ld%s%s\n", ret,
				ret == -1 ? " " : "",
				ret == -1 ? strerror(errno) : "");
		if (!known_nr(r.nr) && (ret != -1 || err != ENOSYS)) {
			struct rec w = { WRONG, r.nr, { (uint32_t)ret,
					 (uint32_t)err, 0, 0, 0 } };
			if (verbose)
				dprintf(OUTFD, "fuzz: call %u gave %ld (errno "
					"%d), not ENOSYS\n", r.nr, ret, err);
			write(RECFD, &w, sizeof(w));
			_exit(0);
		}
		track(&r, ret);
	}
	_exit(0);
}

/* ---- the supervisor ---- */

static struct memsnap before, after;
static struct rec ring[RING];
static uint32_t nring;

static uint64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void
report(const char *what, int k, uint64_t cseed)
{
	uint32_t first = nring > RING ? nring - RING : 0;

	printf("fuzz: %s in child %d (seed %#llx); its last calls:\n", what, k,
	       (unsigned long long)cseed);
	for (uint32_t i = first; i < nring; i++)
		print_rec(1, "fuzz:   ", &ring[i % RING]);
	printf("fuzz: reproduce with: fuzz -1 %#llx -n %u -v\n",
	       (unsigned long long)cseed,
	       nring ? ring[(nring - 1) % RING].idx + 1 : 1);
}

/* Kill a child that stopped sending; 1 if it could not be reaped. */
static int
kill_stuck(pid_t pid, int *st)
{
	uint64_t end;

	kill(pid, SIGKILL);
	end = now_ms() + KILL_WAIT_MS;
	while (now_ms() < end) {
		if (waitpid(pid, st, Q_WNOHANG) == pid)
			return 0;
		usleep(10000);
	}
	return 1;
}

static int stat_blocked, stat_signaled, stat_exited;

/* One child: fork it, follow its records.  0 fine, 1 a finding. */
static int
supervise(int k, uint64_t cseed, uint32_t calls, uint32_t *done)
{
	int p[2], st = 0, wrong = 0;
	pid_t pid;

	if (pipe(p) < 0)
		return printf("fuzz: pipe: %s\n", strerror(errno)), 1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		dup2(p[1], RECFD);
		close(p[1]);
		child_run(cseed, calls, 0);
	}
	close(p[1]);
	if (pid < 0)
		return printf("fuzz: fork: %s\n", strerror(errno)), 1;
	nring = 0;
	for (;;) {
		struct pollfd pfd = { p[0], POLLIN, 0 };
		struct rec r;
		if (poll(&pfd, 1, WATCH_MS) == 0) {
			if (kill_stuck(pid, &st)) {
				report("HANG (cannot be killed)", k, cseed);
				return 1;
			}
			stat_blocked++;
			break;
		}
		if (read(p[0], &r, sizeof(r)) != sizeof(r)) {
			waitpid(pid, &st, 0);
			break;
		}
		if (r.idx == WRONG) {
			printf("fuzz: call %u gave %d (errno %d), not ENOSYS\n",
			       r.nr, (int)r.a[0], (int)r.a[1]);
			wrong = 1;
			continue;
		}
		ring[nring++ % RING] = r;
		(*done)++;
	}
	close(p[0]);
	if (wrong) {
		report("WRONG ANSWER (an unknown call without ENOSYS)", k, cseed);
		return 1;
	}
	if (WIFSIGNALED(st))
		stat_signaled++;
	else
		stat_exited++;
	return 0;
}

int
main(int argc, char **argv)
{
	uint64_t seed = 1, one = 0;
	uint32_t calls = 20000, per = 500, done = 0;
	int opt, verbose = 0, bad = 0, k;

	while ((opt = getopt(argc, argv, "s:n:k:1:v")) != -1) {
		switch (opt) {
		case 's': seed = strtoull(optarg, NULL, 0); break;
		case 'n': calls = (uint32_t)strtoul(optarg, NULL, 0); break;
		case 'k': per = (uint32_t)strtoul(optarg, NULL, 0); break;
		case '1': one = strtoull(optarg, NULL, 0); break;
		case 'v': verbose = 1; break;
		default:
			fprintf(stderr, "usage: fuzz [-s seed] [-n calls] "
				"[-k per_child] | fuzz -1 child_seed [-n calls] [-v]\n");
			return 2;
		}
	}
	if (one) {			/* replay one child, in a child */
		pid_t pid;
		int st;
		fflush(stdout);
		dup2(1, OUTFD);
		if ((pid = fork()) == 0) {
			/* records go nowhere, and never block: a pipe
			 * nobody reads would fill after 146 of them */
			int fd = open("/dev/null", O_WRONLY);
			dup2(fd, RECFD);
			close(fd);
			child_run(one, calls, verbose);
		}
		/* a child that stops itself would be waited for forever */
		while (waitpid(pid, &st, Q_WUNTRACED) == pid && WIFSTOPPED(st))
			kill(pid, SIGKILL);
		clean_child_dir();
		printf("fuzz: replay of %#llx ended: %s %d\n",
		       (unsigned long long)one,
		       WIFSIGNALED(st) ? "signal" : "exit",
		       WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
		return 0;
	}
	printf("fuzz: seed %llu, %u calls, %u per child\n",
	       (unsigned long long)seed, calls, per);
	memsnap_take(&before, 1);
	for (k = 0; done < calls && !bad; k++) {
		uint64_t cseed = mix(seed, (uint64_t)k);
		uint32_t n = calls - done < per ? calls - done : per;
		if (k % 20 == 0)
			printf("fuzz: child %d seed %#llx, %u calls so far\n", k,
			       (unsigned long long)cseed, done);
		bad = supervise(k, cseed, n, &done);
		while (waitpid(-1, NULL, Q_WNOHANG) > 0)
			;		/* orphans we inherited, as init */
		clean_child_dir();
	}
	/* Orphans we inherited may sleep or be stopped for good (a fuzzed
	 * kill() can send SIGSTOP): end them as init does at shutdown, then
	 * reap them, so that the leak check sees every page back. */
	kill(-1, SIGKILL);
	while (waitpid(-1, NULL, 0) > 0)
		;
	memsnap_take(&after, 1);
	bad += memsnap_diff("fuzz: LEAK", &before, &after, 0);
	printf("fuzz: seed %llu: %u calls in %d children (%d ended, %d by a "
	       "signal, %d killed while blocked), %s\n",
	       (unsigned long long)seed, done, k, stat_exited, stat_signaled,
	       stat_blocked, bad ? "FAILED" : "no hang, no wrong answer, no leak");
	return bad ? 1 : 0;
}
