/*
 * t_meminfo - workloads give every page and kmalloc block back.
 *
 * Snapshots of SYS_meminfo (pages by owner, kmalloc blocks in use by
 * allocating function) before and after:
 *   - a fork bomb: fork until the kernel says no (the task table's 1024
 *     slots full: init, the workload's child and 1022 more), every
 *     child blocked on a pipe, then all reaped;
 *   - threads: 50 threads created and joined, twice;
 *   - pipes: 24 pipes opened, filled and closed;
 *   - a heap grown by 1 MiB and shrunk back.
 * Each workload runs in a child process, and the snapshots are taken by
 * the parent, whose own memory does not change meanwhile (they live in
 * its bss, its stdio buffer exists before the first).  After each, every
 * owner's page count and every function's block count must be what it
 * was before.  The one exception, by name, is "slab":
 * kmalloc's size-class pages are never returned to the page allocator
 * (kernel/kmalloc.c), so the first round of a workload may leave them
 * higher, with the blocks free in kmalloc's cache; that cache is bounded
 * by the peak use, so a second round must leave "slab" where the first
 * did.  Free pages + slab pages is checked to be constant throughout.
 */
#include <errno.h>
#include <pthread.h>
#include <quanta.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "memsnap.h"

static void
snapshot(struct memsnap *s)
{
	CHECK_EQ(memsnap_take(s, 1), 0);
	CHECK(s->n > 0);
}

/* Compare b with a (slab too if strict), printing what differs. */
static void
compare(const char *what, const struct memsnap *a, const struct memsnap *b,
	int strict_slab)
{
	int bad = memsnap_diff(what, a, b, strict_slab);

	printf("%s: free pages %u -> %u, slab %u -> %u, %s\n", what,
	       a->mi.free_pages, b->mi.free_pages, a->mi.pages[Q_MEM_SLAB],
	       b->mi.pages[Q_MEM_SLAB], bad ? "DIFFERENT" : "same");
	CHECK_EQ(bad, 0);
}

static int
fork_bomb(void)
{
	int fds[2], n = 0, st;
	char c;

	CHECK_EQ(pipe(fds), 0);
	for (;;) {
		pid_t pid = fork();
		if (pid == 0) {
			close(fds[1]);
			read(fds[0], &c, 1);	/* blocks until the end */
			_exit(0);
		}
		if (pid < 0) {
			CHECK(errno == EAGAIN || errno == ENOMEM);
			break;
		}
		n++;
	}
	close(fds[1]);
	close(fds[0]);
	while (wait(&st) > 0)
		;
	return n;
}

static void *
nothing(void *arg)
{
	return arg;
}

static void
threads(void)
{
	pthread_t t[50];

	for (long i = 0; i < 50; i++)
		CHECK_EQ(pthread_create(&t[i], NULL, nothing, (void *)i), 0);
	for (int i = 0; i < 50; i++)
		CHECK_EQ(pthread_join(t[i], NULL), 0);
}

static void
pipes(void)
{
	static char buf[4096];
	int fds[24][2];

	for (int i = 0; i < 24; i++) {
		CHECK_EQ(pipe(fds[i]), 0);
		CHECK_EQ(write(fds[i][1], buf, sizeof(buf)), (long)sizeof(buf));
	}
	for (int i = 0; i < 24; i++) {
		close(fds[i][0]);
		close(fds[i][1]);
	}
}

static void
heap(void)
{
	char *old = sbrk(0), *p = sbrk(1 << 20);

	CHECK(p != (char *)-1);
	if (p == (char *)-1)
		return;
	for (int i = 0; i < (1 << 20); i += 4096)
		p[i] = 1;		/* every page mapped and touched */
	CHECK(brk(old) == 0);
}

/* Run work in a child; its checks count there, its exit status here. */
static void
in_child(void (*work)(void))
{
	pid_t pid = fork();
	int st = -1;

	if (pid == 0) {
		work();
		fflush(stdout);
		_exit(check_failed ? 1 : 0);
	}
	CHECK(pid > 0);
	CHECK_EQ(waitpid(pid, &st, 0), pid);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

static struct memsnap s0, s1, s2;

/* Run a workload twice: the first round must give back everything but
 * slab pages, the second everything. */
static void
twice(const char *name, void (*work)(void))
{
	char what[64];

	snapshot(&s0);
	in_child(work);
	snapshot(&s1);
	snprintf(what, sizeof(what), "%s round 1", name);
	compare(what, &s0, &s1, 0);
	in_child(work);
	snapshot(&s2);
	snprintf(what, sizeof(what), "%s round 2", name);
	compare(what, &s1, &s2, 1);
}

static void
bomb_work(void)
{
	int n = fork_bomb();

	printf("fork bomb: %d children before fork failed\n", n);
	CHECK(n > 10);
}

int
main(void)
{
	printf("t_meminfo: snapshots in a parent, workloads in children\n");
	twice("fork bomb", bomb_work);
	twice("threads", threads);
	twice("pipes", pipes);
	twice("heap", heap);
	check_done("t_meminfo");
}
