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
 * (files, directories, pipe ends with their fill level, closed and
 * invalid numbers), pointers into mapped memory (bss, stack, read-only
 * text), unmapped memory, the kernel half and across its boundary, at
 * page offsets and unaligned; lengths 0, 1, around page sizes and huge;
 * flags with unknown bits; numbers beyond the table (ENOSYS is checked).
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
 *   - a kernel panic ends the machine: the last "child K seed S" line on
 *     the console names the child to replay with -1 S -v, which prints
 *     each call before making it.
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
 *                   never passed to a call.
 * A child of the child (fork returning 0) exits at once.
 */
#include <errno.h>
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

enum kind { K_FREE, K_FILE, K_DIR, K_PIPE_R, K_PIPE_W };

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
		a[0] = below(4) ? (uint32_t)(uintptr_t)paths[below(10)]
				: (uint32_t)gen_ptr(16);
		a[1] = gen_flags(Q_O_ACCMODE | Q_O_CREAT | Q_O_TRUNC |
				 Q_O_APPEND | Q_O_NONBLOCK | Q_O_DIRECTORY);
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
	default:			/* no arguments, or unknown numbers */
		return 1;
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

/* Keep the descriptor table in step with what a call did. */
static void
track(const struct rec *r, long ret)
{
	int fd = (int)r->a[0];

	if (ret < 0)
		return;
	switch (r->nr) {
	case SYS_open:
		if (valid_fd((int)ret))
			fdt[ret].kind = (r->a[1] & Q_O_DIRECTORY) ||
				(r->a[0] == (uint32_t)(uintptr_t)paths[1]) ||
				(r->a[0] == (uint32_t)(uintptr_t)paths[2]) ||
				(r->a[0] == (uint32_t)(uintptr_t)paths[3])
				? K_DIR : K_FILE;
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
	};

	if (nr == SYS_meminfo)
		return "meminfo";
	if (nr == SYS_trace)
		return "trace";
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
	stackbuf = buf;
	rng = seed;
	self = getpid();
	supervisor = getppid();
	close(0);
	close(1);
	close(2);
	signal(SIGPIPE, SIG_IGN);
	for (uint32_t i = 0; i < calls; i++) {
		long ret;
		r.idx = i;
		r.nr = gen_nr();
		if (!gen_args(&r))
			continue;
		if (verbose)
			print_rec(OUTFD, "fuzz: ", &r);
		if (write(RECFD, &r, sizeof(r)) != sizeof(r) && !verbose)
			_exit(4);		/* the supervisor is gone */
		ret = syscall(r.nr, r.a[0], r.a[1], r.a[2], r.a[3], r.a[4]);
		if (r.nr == SYS_fork && ret == 0)
			_exit(0);		/* a child of the child */
		if (!known_nr(r.nr) && (ret != -1 || errno != ENOSYS)) {
			struct rec w = { WRONG, r.nr, { (uint32_t)ret,
					 (uint32_t)errno, 0, 0, 0 } };
			if (verbose)
				dprintf(OUTFD, "fuzz: call %u gave %ld (errno "
					"%d), not ENOSYS\n", r.nr, ret, errno);
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
			int p[2];
			pipe(p);	/* records go nowhere but must not block */
			dup2(p[1], RECFD);
			child_run(one, calls, verbose);
		}
		waitpid(pid, &st, 0);
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
