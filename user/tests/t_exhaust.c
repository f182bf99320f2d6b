/*
 * t_exhaust - running out of memory and descriptors: a clean error, the
 * same amount again the next time, and nothing left behind.
 *
 *   memory       a child grows its heap 64 KiB at a time until brk fails
 *                (ENOMEM), touching every page, and reports how far it
 *                got; three children in a row must get exactly as far.
 *                Then four children at once each take what they can and
 *                hold it until all four are done: every one of them must
 *                end with a clean ENOMEM, and together they must get the
 *                same amount in a second round.
 *   descriptors  open until EMFILE, close all, again: the same count; the
 *                same with pipes (EMFILE, or ENOMEM first).
 * Each eater is a program of its own (exec), so it shares no page with
 * the parent.  Four at once split the memory differently each time, and
 * each may stop up to a chunk short or hold one page table more, so their
 * sums may differ by that much per eater.  Forking until EAGAIN is
 * t_forkbomb's and t_meminfo's.
 * Before and after each: SYS_meminfo's pages by owner must be the same
 * (the slab cache excepted, as in t_meminfo: free + slab constant).
 */
#include <errno.h>
#include <fcntl.h>
#include <quanta.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "memsnap.h"

#define CHUNK	(64 * 1024)
#define READY	0xffffffffu	/* an eater's first record */

static struct memsnap m0, m1;

static void
snap(struct memsnap *m)
{
	CHECK_EQ(memsnap_take(m, 0), 0);
}

static void
same(const char *what)
{
	int bad;

	snap(&m1);
	bad = memsnap_diff(what, &m0, &m1, 0);
	printf("%s: free pages %u -> %u, %s\n", what, m0.mi.free_pages,
	       m1.mi.free_pages, bad ? "DIFFERENT" : "same");
	CHECK_EQ(bad, 0);
}

/* Grow the heap until brk fails; the KiB reached.  *err: its errno. */
static unsigned
eat(int *err)
{
	unsigned kib = 0;

	for (;;) {
		char *p = sbrk(CHUNK);
		if (p == (char *)-1) {
			*err = errno;
			return kib;
		}
		for (int i = 0; i < CHUNK; i += 4096)
			p[i] = 1;
		kib += CHUNK / 1024;
	}
}

/* The eater itself, run as "t_exhaust eat UP GO HOLD" by exec: a process of
 * its own that shares no page with the parent, so the parent can still
 * write its own pages while the eaters hold all the rest (Quanta has no
 * OOM killer: a write that finds no page kills the writer). */
static void __attribute__((noreturn))
eater_main(int up, int go, int hold)
{
	int err = 0;
	unsigned r[2] = { READY, 0 };
	char c;

	/* wait until every eater has exec'd: until then the parent shares
	 * pages with some and could not write its own once memory is gone */
	write(up, r, sizeof(r));
	if (read(go, &c, 1) != 1)
		_exit(1);
	r[0] = eat(&err);
	r[1] = (unsigned)err;
	write(up, r, sizeof(r));
	/* EOF on a pipe of its own: on go, an eater that was done early
	 * could take a slower one's start byte and leave it waiting */
	read(hold, &c, 1);
	_exit(0);
}

static pid_t
eater(int up, int go, int go_w, int hold, int hold_w)
{
	pid_t pid = fork();

	if (pid == 0) {
		char a1[12], a2[12], a3[12];
		char *argv[] = { "t_exhaust", "eat", a1, a2, a3, NULL };
		close(go_w);
		close(hold_w);
		snprintf(a1, sizeof(a1), "%d", up);
		snprintf(a2, sizeof(a2), "%d", go);
		snprintf(a3, sizeof(a3), "%d", hold);
		execve("/bin/t_exhaust", argv, NULL);
		_exit(127);
	}
	return pid;
}

/* Start n eaters; once all are ready, let them eat.  up, go and hold
 * are pipes; the eaters hold up's write end and the read ends of go (a
 * byte each: eat) and hold (EOF: exit). */
static void
start_eaters(int n, int up[2], int go[2], int hold[2])
{
	unsigned r[2];

	CHECK_EQ(pipe(up), 0);
	CHECK_EQ(pipe(go), 0);
	CHECK_EQ(pipe(hold), 0);
	for (int i = 0; i < n; i++)
		CHECK(eater(up[1], go[0], go[1], hold[0], hold[1]) > 0);
	for (int i = 0; i < n; i++) {
		CHECK_EQ(read(up[0], r, sizeof(r)), (long)sizeof(r));
		CHECK_EQ(r[0], READY);
	}
	CHECK_EQ(write(go[1], "gggg", (size_t)n), n);
}

/* ... and collect what they got: the sum; each must end in ENOMEM.  Then
 * close hold (EOF: they exit) and reap them: each must exit 0. */
static unsigned
finish_eaters(int n, int up[2], int go[2], int hold[2])
{
	unsigned sum = 0, r[2];
	int st;

	for (int i = 0; i < n; i++) {
		CHECK_EQ(read(up[0], r, sizeof(r)), (long)sizeof(r));
		CHECK_EQ(r[1], ENOMEM);
		sum += r[0];
	}
	close(hold[1]);
	for (int i = 0; i < n; i++)
		CHECK(wait(&st) > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0);
	close(hold[0]);
	close(go[1]);
	close(go[0]);
	close(up[0]);
	close(up[1]);
	return sum;
}

static unsigned
eat_together(int n)
{
	int up[2], go[2], hold[2];

	start_eaters(n, up, go, hold);
	return finish_eaters(n, up, go, hold);
}

static void
test_memory(void)
{
	unsigned first = 0, got, sum1, sum2;

	snap(&m0);
	for (int round = 0; round < 3; round++) {
		got = eat_together(1);
		printf("memory: one process got %u KiB before brk failed\n",
		       got);
		CHECK(got > 16 * 1024);
		if (round == 0)
			first = got;
		CHECK_EQ(got, first);
	}
	same("memory, one process");
	sum1 = eat_together(4);
	sum2 = eat_together(4);
	printf("memory: four processes got %u KiB, then %u KiB\n", sum1, sum2);
	CHECK(sum1 > 16 * 1024);
	CHECK((sum2 > sum1 ? sum2 - sum1 : sum1 - sum2) <= 4 * (CHUNK / 1024 + 4));
	same("memory, four processes");
}

/* Open fds until an error; returns how many, closes them all. */
static int
fill_fds(int use_pipes, int *err)
{
	static int fds[4096];		/* RLIMIT_NOFILE's hard limit */
	int n = 0;

	for (;;) {
		int r, p[2];
		if (use_pipes) {
			r = pipe(p);
			if (r == 0) {
				fds[n++] = p[0];
				fds[n++] = p[1];
			}
		} else {
			r = open("/bin/true", O_RDONLY);
			if (r >= 0)
				fds[n++] = r;
		}
		if (r < 0) {
			*err = errno;
			break;
		}
	}
	for (int i = 0; i < n; i++)
		close(fds[i]);
	return n;
}

static void
test_fds(void)
{
	int e1 = 0, e2 = 0, n1, n2;

	/* the descriptor table grows to the limit once and keeps its size
	 * (kernel/fdtable.c): grow it before the first snapshot */
	CHECK_EQ(dup2(0, getdtablesize() - 1), getdtablesize() - 1);
	close(getdtablesize() - 1);
	snap(&m0);
	n1 = fill_fds(0, &e1);
	n2 = fill_fds(0, &e2);
	printf("descriptors: %d files, then %d (errno %d, %d)\n", n1, n2, e1,
	       e2);
	CHECK_EQ(e1, EMFILE);
	CHECK_EQ(n2, n1);
	CHECK(n1 > 50);
	n1 = fill_fds(1, &e1);
	n2 = fill_fds(1, &e2);
	printf("descriptors: %d pipe ends, then %d (errno %d, %d)\n", n1, n2,
	       e1, e2);
	CHECK(e1 == EMFILE || e1 == ENOMEM);
	CHECK_EQ(n2, n1);
	same("descriptors");
}

int
main(int argc, char **argv)
{
	if (argc == 5 && strcmp(argv[1], "eat") == 0)
		eater_main(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
	printf("t_exhaust: memory, then descriptors\n");
	test_memory();
	test_fds();
	check_done("t_exhaust");
}
