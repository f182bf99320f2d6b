/*
 * s_dstate - a task waiting for a busy /tmp file sleeps uninterruptibly:
 * ps and /proc show it as D, not S, and the load average counts it.
 *
 * WRITERS processes write the same BUF bytes at offset 0 of one /tmp
 * file, over and over.  A write holds the file's busy flag (its data
 * lock, Linux's inode_lock) while it copies, and the others wait for it
 * in waitq_sleep_unint (Linux's TASK_UNINTERRUPTIBLE).  So at every
 * instant each writer is runnable or in that sleep, and at most a couple
 * are runnable: one copying, maybe one just woken.  A child blocked in
 * read() on an empty pipe sleeps interruptibly beside them.
 *
 * Checked:
 *   - ps's source (q_taskinfo) shows writers as D and the pipe reader as
 *     S; /proc/<pid>/stat's third field and status's State: line say
 *     "D" / "D (disk sleep)" and "S" / "S (sleeping)" (Linux 6.1
 *     fs/proc/array.c, task_state_array);
 *   - a SIGKILL does not end the sleep (2.6.0's signal_wake_up() wakes
 *     interruptible sleepers only): a writer killed while it waits for a
 *     long write of HOLD bytes stays D, with no voluntary switch more
 *     (it was not woken to sleep again), and dies of the kill once the
 *     holder is done;
 *   - the 1-minute load average after SECS seconds is at least what
 *     WRITERS - 1 active tasks give from the first reading in the fewest
 *     5 s samples the wait can hold (Linux's calc_load_fold_active:
 *     nr_running + nr_uninterruptible), where the tasks runnable on
 *     average give far less: counting nr_running alone, the load rose
 *     from 0.00 to 0.22 in 16 s against a bound of 1.55 (cfs, det, 2
 *     December 2026, with the nr_uninterruptible term taken out of
 *     kernel/loadavg.c), where it reaches 1.77 (8 * (1 - e^3)).
 *
 *   s_dstate [secs]     (default 16: three samples at least; 0 skips
 *                       the load check, which needs the det profile:
 *                       real TCG on a loaded host loses ticks, and the
 *                       samples come every 5 s of CPU 0's ticks)
 */
#include <errno.h>
#include <fcntl.h>
#include <quanta.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

#define WRITERS		8
#define BUF		(256 * 1024)
#define MAXTASKS	64
#define FILE_NAME	"/tmp/dstate"
#define EXP_1		(1884.0 / 2048)
#define HOLD		(16 * 1024 * 1024)	/* the long write's bytes */

static volatile int *stop;	/* shared with the writers */
static int writer_pid[WRITERS], reader_pid;

static void
sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

/* A writer: pwrite the buffer at offset 0 until told to stop. */
static void
writer(int fd)
{
	char *buf = malloc(BUF);

	if (!buf)
		_exit(2);
	memset(buf, 'w', BUF);
	while (!*stop)
		if (pwrite(fd, buf, BUF, 0) != BUF)
			_exit(3);
	_exit(0);
}

/* ps's letter for pid (q_taskinfo, what ps prints), or 0 if absent. */
static char
ps_state(int pid)
{
	static struct q_taskinfo t[MAXTASKS];
	int n = q_taskinfo(t, MAXTASKS);

	for (int i = 0; i < n; i++)
		if (t[i].pid == pid)
			return t[i].state;
	return 0;
}

/* How many of the tasks are runnable (R) now, by q_taskinfo. */
static int
runnable_now(void)
{
	static struct q_taskinfo t[MAXTASKS];
	int n = q_taskinfo(t, MAXTASKS), r = 0;

	for (int i = 0; i < n; i++)
		r += t[i].state == Q_TASK_RUNNING;
	return r;
}

static int
slurp(const char *path, char *dst, int size)
{
	int fd = open(path, O_RDONLY), n;

	if (fd < 0)
		return -errno;
	n = (int)read(fd, dst, (size_t)size - 1);
	close(fd);
	dst[n > 0 ? n : 0] = 0;
	return n;
}

/* /proc/<pid>/stat's state letter and status's State: text (up to the
 * newline) into word; the letter, or 0. */
static char
proc_state(int pid, char *word, int size)
{
	char path[64], buf[2048], *p;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (slurp(path, buf, sizeof(buf)) <= 0 || !(p = strrchr(buf, ')')))
		return 0;
	char letter = p[2];
	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	word[0] = 0;
	if (slurp(path, buf, sizeof(buf)) > 0 &&
	    (p = strstr(buf, "State:\t"))) {
		int i = 0;
		for (p += 7; *p && *p != '\n' && i < size - 1; p++)
			word[i++] = *p;
		word[i] = 0;
	}
	return letter;
}

/* Is some writer D in ps and in /proc (stat and status, both read after
 * ps saw it, so a writer woken in between is tried again)? */
static int
writer_seen_in_d(void)
{
	char word[32];

	for (int tries = 0; tries < 200; tries++) {
		for (int i = 0; i < WRITERS; i++) {
			if (ps_state(writer_pid[i]) != Q_TASK_DISK)
				continue;
			if (proc_state(writer_pid[i], word, sizeof(word)) ==
			    'D' && strcmp(word, "D (disk sleep)") == 0) {
				printf("s_dstate: writer %d: ps D, stat D, "
				       "status \"%s\"\n", writer_pid[i], word);
				return 1;
			}
		}
		sleep_ms(5);
	}
	return 0;
}

/* The pipe reader is S in ps and in /proc once it blocks. */
static void
check_reader_s(void)
{
	char word[32], ps = 0, st = 0;

	for (int tries = 0; tries < 100; tries++) {
		ps = ps_state(reader_pid);
		st = proc_state(reader_pid, word, sizeof(word));
		if (ps == Q_TASK_SLEEPING && st == 'S')
			break;
		sleep_ms(10);
	}
	printf("s_dstate: pipe reader %d: ps %c, stat %c, status \"%s\"\n",
	       reader_pid, ps ? ps : '?', st ? st : '?', word);
	CHECK(ps == Q_TASK_SLEEPING);
	CHECK(st == 'S');
	CHECK(strcmp(word, "S (sleeping)") == 0);
}

/* pid's voluntary_ctxt_switches from /proc/<pid>/status, or -1. */
static long
voluntary_switches(int pid)
{
	char path[64], buf[2048], *p;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	if (slurp(path, buf, sizeof(buf)) <= 0 ||
	    !(p = strstr(buf, "voluntary_ctxt_switches:\t")))
		return -1;
	return atol(p + strlen("voluntary_ctxt_switches:\t"));
}

/* One try of check_kill_waits(): 1 when it checked, 0 when the waiter
 * never waited or the holder was done too soon to tell (a busy host in
 * the real profile), with both children reaped either way. */
static int
kill_while_waiting(int fd)
{
	int go[2], holder, waiter, status, tries = 0, told;
	long before, after;
	char ps = 0, hs, c;

	CHECK(pipe(go) == 0);
	if ((holder = fork()) == 0) {
		char *big = malloc(HOLD);
		if (!big)
			_exit(2);
		memset(big, 'h', HOLD);
		close(go[0]);
		write(go[1], "g", 1);
		_exit(pwrite(fd, big, HOLD, 0) == HOLD ? 0 : 3);
	}
	close(go[1]);
	CHECK(read(go[0], &c, 1) == 1);
	close(go[0]);
	sleep_ms(1);			/* the holder is in its write */
	if ((waiter = fork()) == 0)
		_exit(pwrite(fd, "late", 4, 0) == 4 ? 0 : 3);
	while (tries++ < 200 && (ps = ps_state(waiter)) != Q_TASK_DISK)
		sleep_ms(1);
	before = voluntary_switches(waiter);
	CHECK(kill(waiter, SIGKILL) == 0);
	sleep_ms(2);
	after = voluntary_switches(waiter);
	ps = ps_state(waiter);
	hs = ps_state(holder);
	told = hs == Q_TASK_RUNNING;	/* still writing: the wait went on */
	printf("s_dstate: killed waiter %d: ps %c, voluntary switches %ld -> "
	       "%ld, holder %c%s\n", waiter, ps ? ps : '?', before, after,
	       hs ? hs : '?', told ? "" : " (done too soon: tried again)");
	if (told) {
		CHECK(ps == Q_TASK_DISK);
		CHECK(before >= 1 && after == before);
	}
	CHECK(waitpid(holder, &status, 0) == holder);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CHECK(waitpid(waiter, &status, 0) == waiter);
	if (told)
		CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	return told;
}

/* A kill while a writer waits for the file: no wakeup, and the writer
 * dies when the holder's long write is over.  The holder says when it
 * starts its write; the waiter is forked after that. */
static void
check_kill_waits(int fd)
{
	int done = 0;

	for (int i = 0; i < 3 && !done; i++)
		done = kill_while_waiting(fd);
	CHECK(done);
}

/* The 1-minute load average, in hundredths, as /proc/loadavg prints it. */
static int
load1(void)
{
	char buf[128];
	unsigned whole = 0, frac = 0;

	if (slurp("/proc/loadavg", buf, sizeof(buf)) <= 0 ||
	    sscanf(buf, "%u.%u", &whole, &frac) != 2)
		return -1;
	return (int)(whole * 100 + frac);
}

static double
decay(int samples)
{
	double e = 1;

	for (int i = 0; i < samples; i++)
		e *= EXP_1;
	return e;
}

static long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Wait secs, sampling the runnable count, and check the load.  Bounds
 * in hundredths: from l0, k samples of n active tasks give
 * l0 e^k + n (1 - e^k), which grows with k while below n. */
static void
check_load(int secs)
{
	long t0 = now_ms(), ms;
	int l0 = load1(), l1, rsum = 0, nr = secs * 4, kmin, kmax;
	double lo, hi, ravg;

	for (int s = 0; s < nr; s++) {
		rsum += runnable_now() - 1;	/* not this task, reading */
		sleep_ms(250);
	}
	l1 = load1();
	ms = now_ms() - t0;
	ravg = (double)rsum / nr;
	/* a sample every 5 * hz + 1 ticks: 5.01 s at hz = 100 at most */
	kmin = (int)(ms / 5010);
	kmax = (int)(ms / 5000) + 1;
	/* every writer is runnable or asleep on the file at each sample
	 * (one less for a count read mid-migration), kmin samples at least */
	lo = l0 * decay(kmin) + 100.0 * (WRITERS - 1) * (1 - decay(kmin));
	/* the runnable tasks alone, as many as on average at our own
	 * samples, in kmax samples, a hundredth for the rounding up */
	hi = l0 > 100 * ravg ? l0 :
	     l0 * decay(kmax) + 100.0 * ravg * (1 - decay(kmax)) + 1;
	printf("s_dstate: load %d.%02d -> %d.%02d in %ld ms (%d-%d samples); "
	       "%d writers give >= %.2f, %.2f runnable about %.2f\n",
	       l0 / 100, l0 % 100, l1 / 100, l1 % 100, ms, kmin, kmax,
	       WRITERS, lo / 100, ravg, hi / 100);
	CHECK(l0 >= 0 && l1 >= 0);
	CHECK(hi < lo);		/* most writers sleep: the two differ */
	CHECK(l1 >= (int)lo);	/* fails if only nr_running counts */
}

int
main(int argc, char **argv)
{
	int secs = argc > 1 ? atoi(argv[1]) : 16, fd, pfd[2], status;

	if (secs != 0 && secs < 11) {
		printf("s_dstate: secs must be 0 or >= 11 (two samples)\n");
		return 2;
	}
	stop = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	fd = open(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
	CHECK(stop != MAP_FAILED && fd >= 0 && pipe(pfd) == 0);
	if (stop == MAP_FAILED || fd < 0)
		check_done("s_dstate");
	if ((reader_pid = fork()) == 0) {
		char c;
		close(pfd[1]);
		_exit(read(pfd[0], &c, 1) == 0 ? 0 : 4);
	}
	close(pfd[0]);
	for (int i = 0; i < WRITERS; i++)
		if ((writer_pid[i] = fork()) == 0)
			writer(fd);
	CHECK(writer_seen_in_d());
	check_reader_s();
	if (secs)
		check_load(secs);
	else			/* real TCG on a busy host loses ticks */
		printf("s_dstate: load check skipped (secs 0)\n");
	*stop = 1;
	close(pfd[1]);			/* the reader's read returns 0 */
	for (int i = 0; i < WRITERS; i++) {
		CHECK(waitpid(writer_pid[i], &status, 0) == writer_pid[i]);
		CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	CHECK(waitpid(reader_pid, &status, 0) == reader_pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	check_kill_waits(fd);
	CHECK(unlink(FILE_NAME) == 0);
	check_done("s_dstate");
}
