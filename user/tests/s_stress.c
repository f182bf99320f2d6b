/*
 * s_stress - the scheduler under a random mix of everything, for a while.
 *
 * A driver (this program, init) keeps NWORKERS worker processes alive for
 * DURATION_MS (argv[1] overrides it), starting a new one whenever one
 * ends.  Each worker draws from its own deterministic random sequence
 * (seeded from its number) a random count of operations among:
 *
 *   fork+exit    fork a child that exits at once (or after a short
 *                burst) with a known status; reap it and check the status
 *   sleep        nanosleep up to 2 ms
 *   ping-pong    fork a partner and pass a byte back and forth over two
 *                pipes up to 50 times (blocking reads)
 *   yield        sched_yield() a few times
 *   renice       setpriority() to a nice value from -10 to 19
 *   affinity     sched_setaffinity() to a random non-empty mask
 *   burst        spin on the clock for 0.1 to 5 ms
 *   thread       a thread that spins, yields and sleeps a little; joined
 *   mutex        2 to 4 threads pass a turn around a ring under one
 *                pthread mutex and condition variable (futex waits and
 *                wakes across CPUs); the count each saw is checked
 *   signal       fork a partner that sends SIGUSR1 up to 30 times, each
 *                answered through a pipe after sigwait() took it; a lost
 *                signal or wakeup stalls the pair (the watchdog sees it)
 *   exit         end the worker early
 *
 * and reports its counts in one record on a shared pipe when it ends.
 * The driver itself renices workers, changes their affinity, and kills
 * some with SIGKILL, from its own random sequence.  A worker that exits
 * with a failure or dies of anything but the driver's SIGKILL is a
 * failure.
 *
 * Watchdog: every blocking step of a worker is short (sleeps of at most
 * 2 ms) or waits for a member of its own family (its fork child, its
 * ping-pong partner, its thread), so a family - the worker, its children,
 * and their threads - makes progress all the time.  Every WATCH_MS the
 * driver sums each family's CPU time and context switches (q_taskinfo);
 * a family with no progress at all for STUCK_MS fails the test: "lost
 * wakeup" when every member is asleep, "starved" when one is runnable
 * but never ran.  Slowness alone (a loaded host, nice 19 behind nice -10)
 * still shows as progress, so it does not trip the watchdog.
 *
 * At the end the driver kills what is left, reaps everything (orphaned
 * partners too), compares the kernel's memory by owner with what it was
 * before the first worker (memsnap.h: nothing may leak) and prints a
 * summary line.  The test case also fails on a
 * kernel PANIC or lock "deadlock" report, and on a timeout.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <quanta.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "memsnap.h"
#include "../bench/bench_util.h"

#define NWORKERS	16
#define DURATION_MS	30000
#define STUCK_MS	15000	/* a family without any progress */
#define WATCH_MS	500
#define REAP_MS		10000	/* to reap everything at the end */
#define DRIVER_SEED	20261130u

enum { OP_FORK, OP_SLEEP, OP_PINGPONG, OP_YIELD, OP_RENICE, OP_AFFINITY,
       OP_BURST, OP_THREAD, OP_MUTEX, OP_SIGNAL, OP_EXIT, NOPS };
static const char *const op_names[NOPS] = {
	"forks", "sleeps", "pingpongs", "yields", "renices", "affinity",
	"bursts", "threads", "mutex-rings", "signal-pairs", "early-exits",
};
/* relative weights of the operations */
static const int op_weight[NOPS] = { 12, 14, 10, 10, 8, 8, 24, 6, 6, 6, 2 };

#define MAGIC	0x5157524bu
struct record {			/* one per worker, written as it ends */
	uint32_t magic;
	uint32_t worker;
	uint32_t ops[NOPS];
	uint32_t rounds;	/* ping-pong round trips */
	uint32_t turns;		/* mutex ring turns */
	uint32_t signals;	/* signals sent and taken */
};

static int ncpu, report_fd;

/* How often the driver changed each worker's affinity (by pid, in a
 * MAP_SHARED page all workers inherit): a worker that finds itself
 * outside its own new mask blames the kernel only if the driver did not
 * change the mask meanwhile, twice perhaps, ending on the same mask. */
#define MEDDLE_SLOTS	1024
static volatile uint32_t *meddled;

static uint32_t
meddle_count(pid_t pid)
{
	return __atomic_load_n(&meddled[pid & (MEDDLE_SLOTS - 1)],
			       __ATOMIC_SEQ_CST);
}

static uint32_t
rnd(uint32_t *s)		/* xorshift32 */
{
	uint32_t x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *s = x;
}

static uint32_t
rnd_below(uint32_t *s, uint32_t n)
{
	return rnd(s) % n;
}

static void
burst_us(long us)
{
	spin_ns(us * 1000LL);
}

static void
sleep_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000L };

	nanosleep(&ts, NULL);
}

static int
random_mask(uint32_t *s, cpu_set_t *set)
{
	uint32_t m = 0;

	while (m == 0)
		m = rnd(s) & ((1u << ncpu) - 1);
	CPU_ZERO(set);
	for (int c = 0; c < ncpu; c++)
		if (m & (1u << c))
			CPU_SET(c, set);
	return (int)m;
}

/* ---------------------------------------------------------- worker */

static int worker_id;

static void __attribute__((noreturn))
worker_fail(const char *what, int detail)
{
	printf("s_stress: worker %d (pid %d): %s (%d)\n", worker_id, getpid(),
	       what, detail);
	fflush(stdout);
	_exit(1);
}

/* One byte: 1, or 0 at EOF (the other side went away). */
static int
await_byte(int fd, char *c)
{
	return read(fd, c, 1) == 1;
}

static uint32_t
op_pingpong(uint32_t *s)
{
	int ab[2], ba[2], rounds = 1 + (int)rnd_below(s, 50), st;
	pid_t partner;
	char c;

	if (pipe(ab) != 0 || pipe(ba) != 0)
		worker_fail("pipe failed", errno);
	partner = fork();
	if (partner < 0)
		worker_fail("fork (ping-pong) failed", errno);
	if (partner == 0) {
		close(ab[1]);
		close(ba[0]);
		for (;;) {
			if (!await_byte(ab[0], &c))
				_exit(0);	/* done, or the worker died */
			c++;
			if (write(ba[1], &c, 1) != 1)
				_exit(0);
		}
	}
	close(ab[0]);
	close(ba[1]);
	for (int i = 0; i < rounds; i++) {
		char want = (char)(i * 3 + 1);
		c = (char)(i * 3);
		if (write(ab[1], &c, 1) != 1)
			worker_fail("ping-pong write failed", i);
		if (!await_byte(ba[0], &c) || c != want)
			worker_fail("ping-pong partner vanished or lied", i);
	}
	close(ab[1]);		/* the partner sees EOF and exits */
	close(ba[0]);
	if (waitpid(partner, &st, 0) != partner || st != 0)
		worker_fail("ping-pong partner status", st);
	return (uint32_t)rounds;
}

static void
op_fork(uint32_t *s)
{
	int code = (int)rnd_below(s, 100), spin = (int)rnd_below(s, 3), st;
	pid_t pid = fork();

	if (pid < 0)
		worker_fail("fork failed", errno);
	if (pid == 0) {
		if (spin == 0)
			burst_us(200);
		_exit(code);
	}
	if (waitpid(pid, &st, 0) != pid)
		worker_fail("waitpid failed", errno);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != code)
		worker_fail("fork child status", st);
}

static void *
thread_body(void *arg)
{
	uint32_t s = (uint32_t)(uintptr_t)arg | 1;

	burst_us(100 + (long)rnd_below(&s, 1000));
	sched_yield();
	sleep_us((long)rnd_below(&s, 500));
	return arg;
}

static void
op_thread(uint32_t *s)
{
	pthread_t t;
	void *ret;
	uintptr_t arg = rnd(s);

	if (pthread_create(&t, NULL, thread_body, (void *)arg) != 0)
		worker_fail("pthread_create failed", errno);
	if (pthread_join(t, &ret) != 0 || ret != (void *)arg)
		worker_fail("pthread_join", 0);
}

/* A ring of threads passing a turn: thread i waits (on the condition
 * variable, so on a futex) until turn % n == i, then passes it on. */
#define RING_MAX	4
struct ring {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int n, turn, laps;
	int seen[RING_MAX];
};
struct ring_arg {
	struct ring *r;
	int me;
};

static void *
ring_body(void *arg)
{
	struct ring_arg *a = arg;
	struct ring *r = a->r;

	pthread_mutex_lock(&r->lock);
	while (r->turn < r->n * r->laps) {
		if (r->turn % r->n != a->me) {
			pthread_cond_wait(&r->cond, &r->lock);
			continue;
		}
		r->seen[a->me]++;
		r->turn++;
		pthread_cond_broadcast(&r->cond);
	}
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

static uint32_t
op_mutex(uint32_t *s)
{
	struct ring r;
	struct ring_arg a[RING_MAX];
	pthread_t t[RING_MAX];

	memset(&r, 0, sizeof(r));
	pthread_mutex_init(&r.lock, NULL);
	pthread_cond_init(&r.cond, NULL);
	r.n = 2 + (int)rnd_below(s, RING_MAX - 1);
	r.laps = 1 + (int)rnd_below(s, 40);
	for (int i = 0; i < r.n; i++) {
		a[i] = (struct ring_arg){ &r, i };
		if (pthread_create(&t[i], NULL, ring_body, &a[i]) != 0)
			worker_fail("pthread_create (ring) failed", errno);
	}
	for (int i = 0; i < r.n; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < r.n; i++)
		if (r.seen[i] != r.laps)
			worker_fail("ring: a thread's count of turns", r.seen[i]);
	return (uint32_t)(r.n * r.laps);
}

/* The partner sends SIGUSR1 and waits for the answer before the next, so
 * no two are ever pending at once: every one must arrive. */
static uint32_t
op_signal(uint32_t *s)
{
	int back[2], n = 1 + (int)rnd_below(s, 30), sig, st;
	sigset_t usr1, old;
	pid_t me = getpid(), partner;
	char c = 0;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &usr1, &old) != 0 || pipe(back) != 0)
		worker_fail("signal set-up failed", errno);
	partner = fork();
	if (partner < 0)
		worker_fail("fork (signal) failed", errno);
	if (partner == 0) {
		close(back[1]);
		for (int i = 0; i < n; i++)
			if (kill(me, SIGUSR1) != 0 || !await_byte(back[0], &c))
				_exit(1);
		_exit(0);
	}
	close(back[0]);
	for (int i = 0; i < n; i++) {
		if (sigwait(&usr1, &sig) != 0 || sig != SIGUSR1)
			worker_fail("sigwait", sig);
		if (write(back[1], &c, 1) != 1)
			worker_fail("signal answer write failed", errno);
	}
	close(back[1]);
	if (waitpid(partner, &st, 0) != partner || st != 0)
		worker_fail("signal partner status", st);
	sigprocmask(SIG_SETMASK, &old, NULL);
	return (uint32_t)n;
}

static int
pick_op(uint32_t *s)
{
	int total = 0, r;

	for (int i = 0; i < NOPS; i++)
		total += op_weight[i];
	r = (int)rnd_below(s, (uint32_t)total);
	for (int i = 0; i < NOPS; i++) {
		if (r < op_weight[i])
			return i;
		r -= op_weight[i];
	}
	return OP_SLEEP;
}

static void __attribute__((noreturn))
worker(int id)
{
	uint32_t s = 0x9e3779b9u * (uint32_t)(id + 1) ^ 0x2545f491u;
	struct record rec;
	int nops = 10 + (int)rnd_below(&s, 90);
	cpu_set_t set;

	worker_id = id;
	memset(&rec, 0, sizeof(rec));
	rec.magic = MAGIC;
	rec.worker = (uint32_t)id;
	for (int i = 0; i < nops; i++) {
		int op = pick_op(&s);
		rec.ops[op]++;
		switch (op) {
		case OP_FORK:
			op_fork(&s);
			break;
		case OP_SLEEP:
			sleep_us((long)rnd_below(&s, 2000));
			break;
		case OP_PINGPONG:
			rec.rounds += op_pingpong(&s);
			break;
		case OP_YIELD:
			for (int k = 1 + (int)rnd_below(&s, 4); k > 0; k--)
				sched_yield();
			break;
		case OP_RENICE:
			if (setpriority(PRIO_PROCESS, 0,
					(int)rnd_below(&s, 30) - 10) != 0)
				worker_fail("setpriority failed", errno);
			break;
		case OP_AFFINITY: {
			int m = random_mask(&s, &set), cpu, now = 0;
			uint32_t driver = meddle_count(getpid());
			cpu_set_t cur;
			if (sched_setaffinity(0, sizeof(set), &set) != 0)
				worker_fail("sched_setaffinity failed", errno);
			cpu = sched_getcpu();
			if (m & (1 << cpu))
				break;
			/* Unless the driver changed the mask meanwhile, the
			 * kernel left us on a CPU outside our own new mask. */
			CPU_ZERO(&cur);
			sched_getaffinity(0, sizeof(cur), &cur);
			for (int c = 0; c < ncpu; c++)
				now |= CPU_ISSET(c, &cur) ? 1 << c : 0;
			if (now == m && meddle_count(getpid()) == driver) {
				printf("s_stress: worker %d (pid %d): on cpu%d "
				       "after sched_setaffinity(%#x)\n", id,
				       getpid(), cpu, m);
				worker_fail("running outside the new mask", m);
			}
			break;
		}
		case OP_BURST:
			burst_us(100 + (long)rnd_below(&s, 4900));
			break;
		case OP_THREAD:
			op_thread(&s);
			break;
		case OP_MUTEX:
			rec.turns += op_mutex(&s);
			break;
		case OP_SIGNAL:
			rec.signals += op_signal(&s);
			break;
		case OP_EXIT:
			i = nops;
			break;
		}
	}
	if (write(report_fd, &rec, sizeof(rec)) != (ssize_t)sizeof(rec))
		worker_fail("report write failed", errno);
	_exit(0);
}

/* ---------------------------------------------------------- driver */

struct slot {
	pid_t pid;		/* 0: free */
	int id;
	int killed;		/* by the driver */
	long long started;
	unsigned long long progress;	/* the family's, at the last change */
	long long progress_t;		/* when it last changed */
};

static struct slot slots[NWORKERS];
static unsigned long long totals[NOPS], rounds_total, turns_total;
static unsigned long long signals_total;
static int started, finished, killed, orphans, failures, records;
static long long longest_ns;	/* the longest-lived worker */
static struct q_taskinfo tasks[256];
static struct memsnap mem_before, mem_after;

static void
drain(int fd, int timeout_ms)
{
	struct pollfd pfd = { fd, POLLIN, 0 };
	struct record rec[16];

	while (poll(&pfd, 1, timeout_ms) == 1 && (pfd.revents & POLLIN)) {
		int n = (int)read(fd, rec, sizeof(rec));
		if (n <= 0)
			return;
		if (n % (int)sizeof(rec[0]) != 0) {
			printf("s_stress: torn report record (%d bytes)\n", n);
			failures++;
		}
		for (int i = 0; i < n / (int)sizeof(rec[0]); i++) {
			if (rec[i].magic != MAGIC) {
				printf("s_stress: bad report record\n");
				failures++;
				continue;
			}
			records++;
			for (int k = 0; k < NOPS; k++)
				totals[k] += rec[i].ops[k];
			rounds_total += rec[i].rounds;
			turns_total += rec[i].turns;
			signals_total += rec[i].signals;
		}
		timeout_ms = 0;
	}
}

static void
spawn(struct slot *sl, int report_w)
{
	pid_t pid = fork();

	if (pid == 0) {
		report_fd = report_w;
		worker(started);
	}
	if (pid < 0) {
		printf("s_stress: fork of worker %d failed (errno %d)\n",
		       started, errno);
		failures++;
		return;
	}
	sl->pid = pid;
	sl->id = started++;
	sl->killed = 0;
	sl->started = sl->progress_t = now_ns();
	sl->progress = 0;
}

/* A child ended: judge it. */
static void
reaped(pid_t pid, int st)
{
	for (int i = 0; i < NWORKERS; i++) {
		struct slot *sl = &slots[i];
		if (sl->pid != pid)
			continue;
		sl->pid = 0;
		if (now_ns() - sl->started > longest_ns)
			longest_ns = now_ns() - sl->started;
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
			finished++;
		} else if (sl->killed && WIFSIGNALED(st) &&
			   WTERMSIG(st) == SIGKILL) {
			killed++;
		} else {
			printf("s_stress: worker %d (pid %d) ended with status "
			       "0x%x\n", sl->id, pid, st);
			failures++;
		}
		return;
	}
	orphans++;		/* a partner or child left by a killed worker */
}

static void
reap_some(void)
{
	int st;
	pid_t pid;

	while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
		reaped(pid, st);
}

/*
 * The watchdog: progress of each worker's family (its process, the
 * processes whose parent is in the family, and all their threads) is the
 * sum of their CPU time and context switches.
 */
static int
in_family(pid_t pid, const pid_t *fam, int nfam)
{
	for (int f = 0; f < nfam; f++)
		if (fam[f] == pid)
			return 1;
	return 0;
}

static void
watch(long long t)
{
	int n = q_taskinfo(tasks, 256);

	for (int i = 0; i < NWORKERS; i++) {
		struct slot *sl = &slots[i];
		unsigned long long progress = 0;
		int members = 0, runnable = 0, grew = 1;
		static pid_t fam[256];
		int nfam = 0;

		if (!sl->pid || sl->killed)
			continue;
		fam[nfam++] = sl->pid;
		while (grew) {		/* processes: parent in the family */
			grew = 0;
			for (int k = 0; k < n; k++) {
				if (!in_family(tasks[k].tgid, fam, nfam) &&
				    in_family(tasks[k].ppid, fam, nfam) &&
				    nfam < 256) {
					fam[nfam++] = tasks[k].tgid;
					grew = 1;
				}
			}
		}
		for (int k = 0; k < n; k++) {
			struct q_taskinfo *ti = &tasks[k];
			if (!in_family(ti->tgid, fam, nfam))
				continue;
			members++;
			runnable += ti->state == 'R';
			progress += ti->utime_ns + ti->stime_ns + ti->nvcsw +
				    ti->nivcsw;
		}
		if (members == 0)
			continue;	/* just ended: reaped soon */
		if (progress != sl->progress) {
			sl->progress = progress;
			sl->progress_t = t;
		} else if (t - sl->progress_t >= STUCK_MS * 1000000LL) {
			printf("s_stress: worker %d (pid %d): no progress for "
			       "%d s in its %d tasks, %s\n", sl->id, sl->pid,
			       STUCK_MS / 1000, members, runnable ?
			       "starved (a runnable task never ran)" :
			       "lost wakeup (all asleep)");
			for (int k = 0; k < n; k++) {
				struct q_taskinfo *ti = &tasks[k];
				if (!in_family(ti->tgid, fam, nfam))
					continue;
				printf("s_stress:   task %d (process %d) state "
				       "%c cpu %d nice %d affinity %#x\n",
				       ti->pid, ti->tgid, ti->state, ti->cpu,
				       ti->nice, ti->affinity);
			}
			failures++;
			kill(sl->pid, SIGKILL);
			sl->killed = 1;
		}
	}
}

static int
live(void)
{
	int n = 0;

	for (int i = 0; i < NWORKERS; i++)
		n += slots[i].pid != 0;
	return n;
}

int
main(int argc, char **argv)
{
	long duration_ms = argc > 1 ? atol(argv[1]) : DURATION_MS;
	uint32_t s = DRIVER_SEED;
	int report[2], st;
	long long t0 = now_ns(), end = t0 + duration_ms * 1000000LL, t;
	long long next_watch = t0;
	cpu_set_t set;
	pid_t pid;

	ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN);
	signal(SIGPIPE, SIG_IGN);	/* inherited: EPIPE, not death */
	CHECK_EQ(pipe(report), 0);
	meddled = mmap(NULL, MEDDLE_SLOTS * sizeof(*meddled),
		       PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	CHECK(meddled != MAP_FAILED);
	printf("s_stress: %d workers for %ld ms on %d CPUs\n", NWORKERS,
	       duration_ms, ncpu);
	fflush(stdout);
	CHECK_EQ(memsnap_take(&mem_before, 1), 0);
	while ((t = now_ns()) < end) {
		for (int i = 0; i < NWORKERS; i++)
			if (slots[i].pid == 0)
				spawn(&slots[i], report[1]);
		drain(report[0], 20);
		reap_some();
		/* stir: act on a random live worker now and then */
		struct slot *sl = &slots[rnd_below(&s, NWORKERS)];
		switch (rnd_below(&s, 16)) {
		case 0:
			if (sl->pid && !sl->killed &&
			    kill(sl->pid, SIGKILL) == 0)
				sl->killed = 1;
			break;
		case 1:
		case 2:
			if (sl->pid)	/* may have just exited: ESRCH */
				setpriority(PRIO_PROCESS, (id_t)sl->pid,
					    (int)rnd_below(&s, 30) - 10);
			break;
		case 3:
		case 4:
			random_mask(&s, &set);
			if (sl->pid) {	/* counted first: see meddled */
				__atomic_add_fetch(&meddled[sl->pid &
					(MEDDLE_SLOTS - 1)], 1, __ATOMIC_SEQ_CST);
				sched_setaffinity(sl->pid, sizeof(set), &set);
			}
			break;
		}
		if (t >= next_watch) {
			watch(t);
			next_watch = t + WATCH_MS * 1000000LL;
		}
	}

	/* the end: kill what is left, reap everything, orphans too */
	for (int i = 0; i < NWORKERS; i++)
		if (slots[i].pid && kill(slots[i].pid, SIGKILL) == 0)
			slots[i].killed = 1;
	end = now_ns() + REAP_MS * 1000000LL;
	for (;;) {
		drain(report[0], 0);
		pid = waitpid(-1, &st, WNOHANG);
		if (pid > 0) {
			reaped(pid, st);
			continue;
		}
		if (pid < 0)
			break;		/* ECHILD: nothing left */
		if (now_ns() > end) {
			printf("s_stress: %d workers and their children not "
			       "reaped after %d s\n", live(), REAP_MS / 1000);
			failures++;
			break;
		}
		sleep_us(2000);
	}
	CHECK_EQ(errno, ECHILD);
	CHECK_EQ(live(), 0);
	drain(report[0], 0);

	printf("s_stress: %.1f s, workers: %d started, %d finished, %d killed, "
	       "%d reports, %d orphans reaped, longest life %.1f s; ops:",
	       (now_ns() - t0) / 1e9, started, finished, killed, records,
	       orphans, longest_ns / 1e9);
	for (int k = 0; k < NOPS; k++)
		printf(" %s %llu", op_names[k], totals[k]);
	printf(" (%llu ping-pong rounds, %llu ring turns, %llu signals); "
	       "failures %d\n", rounds_total, turns_total, signals_total,
	       failures);
	/* everything the workers had is back: pages by owner, and kmalloc
	 * blocks by the function that took them */
	CHECK_EQ(memsnap_take(&mem_after, 1), 0);
	CHECK_EQ(memsnap_diff("s_stress: LEAK", &mem_before, &mem_after, 0), 0);
	CHECK_EQ(failures, 0);
	/* every worker that finished reported; one killed right after its
	 * report may have reported too */
	CHECK(records >= finished && records <= finished + killed);
	CHECK(finished > NWORKERS);
	check_done("s_stress");
}
