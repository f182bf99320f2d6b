/*
 * t_mmap - anonymous memory: private and shared mappings (shared ones
 * really shared with a forked child, private ones copied), MAP_FIXED,
 * munmap of part of a mapping, mprotect (a write to a read-only page and
 * a read of a PROT_NONE page kill with SIGSEGV), mlock and madvise as
 * checked no-ops, the errors of bad arguments, and every page back after
 * munmap and after a child's exit.
 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "memsnap.h"

#define PG	4096

/* Run fn(p) in a child; the signal that killed it, or 0 if it exited. */
static int
child_signal(void (*fn)(volatile char *), volatile char *p)
{
	int st;

	if (fork() == 0) {
		fn(p);
		_exit(0);
	}
	if (wait(&st) < 0)
		return -1;
	return WIFSIGNALED(st) ? WTERMSIG(st) : 0;
}

static void
do_write(volatile char *p)
{
	p[0] = 1;
}

static void
do_read(volatile char *p)
{
	(void)p[0];
}

static void
test_private(void)
{
	char *p = mmap(NULL, 3 * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int zero = 1, st;

	CHECK(p != MAP_FAILED);
	if (p == MAP_FAILED)
		return;
	CHECK_EQ((unsigned long)p & (PG - 1), 0);
	for (int i = 0; i < 3 * PG; i++)
		zero &= p[i] == 0;
	CHECK(zero);
	memset(p, 'a', 3 * PG);
	/* a private mapping is copied at fork: the child's write stays its */
	if (fork() == 0) {
		p[0] = 'c';
		_exit(p[1] != 'a');
	}
	CHECK(wait(&st) > 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	CHECK_EQ(p[0], 'a');
	/* munmap of the middle page: the others stay, it faults */
	CHECK_EQ(munmap(p + PG, PG), 0);
	CHECK_EQ(p[0], 'a');
	CHECK_EQ(p[2 * PG], 'a');
	CHECK_EQ(child_signal(do_read, p + PG), SIGSEGV);
	/* MAP_FIXED into the hole, and over a live page (replacing it) */
	CHECK(mmap(p + PG, 2 * PG, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == p + PG);
	CHECK_EQ(p[PG], 0);
	CHECK_EQ(p[2 * PG], 0);			/* the old page is gone */
	CHECK(mmap(p, PG, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
		   MAP_FIXED_NOREPLACE, -1, 0) == MAP_FAILED);
	CHECK_EQ(errno, EEXIST);
	CHECK_EQ(munmap(p, 3 * PG), 0);
	CHECK_EQ(child_signal(do_read, p), SIGSEGV);
}

static void
test_shared(void)
{
	volatile int *n = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int st, up[2], down[2];
	char c;

	CHECK(n != MAP_FAILED);
	if (n == (void *)MAP_FAILED)
		return;
	CHECK_EQ(pipe(up), 0);
	CHECK_EQ(pipe(down), 0);
	n[0] = 1;
	/* the child's writes land in the parent's pages, both ways; the
	 * pipes only say when to look */
	if (fork() == 0) {
		int ok = n[0] == 1;
		n[1] = 42;
		n[PG / sizeof(int)] = 43;	/* the second page too */
		ok &= write(up[1], "w", 1) == 1;
		ok &= read(down[0], &c, 1) == 1;
		_exit(!ok || n[2] != 7);	/* the parent's answer */
	}
	CHECK_EQ(read(up[0], &c, 1), 1);
	CHECK_EQ(n[1], 42);
	CHECK_EQ(n[PG / sizeof(int)], 43);
	n[2] = 7;
	CHECK_EQ(write(down[1], "a", 1), 1);
	CHECK(wait(&st) > 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	close(up[0]);
	close(up[1]);
	close(down[0]);
	close(down[1]);
	/* still shared after a second fork, and after mprotect back */
	CHECK_EQ(mprotect((void *)n, PG, PROT_READ), 0);
	CHECK_EQ(mprotect((void *)n, PG, PROT_READ | PROT_WRITE), 0);
	if (fork() == 0) {
		n[3] = 5;
		_exit(0);
	}
	CHECK(wait(&st) > 0);
	CHECK_EQ(n[3], 5);
	CHECK_EQ(munmap((void *)n, 2 * PG), 0);
}

/* Have the kernel write a byte to p (a pipe's read): its errno, or 0. */
static int
copy_in_errno(char *p)
{
	int fds[2], r;

	if (pipe(fds) < 0 || write(fds[1], "k", 1) != 1)
		return -1;
	r = read(fds[0], p, 1) < 0 ? errno : 0;
	close(fds[0]);
	close(fds[1]);
	return r;
}

/* write(2) from p: 0, or the errno. */
static int
copy_out_errno(volatile char *p)
{
	int fds[2], r;

	if (pipe(fds) < 0)
		return -1;
	r = write(fds[1], (const char *)p, 1) < 0 ? errno : 0;
	close(fds[0]);
	close(fds[1]);
	return r;
}

/* The si_code of the SIGSEGV that fn(p) raises in a child (exit status),
 * or -1 when it raised none. */
static void
segv_code_exit(int sig, siginfo_t *si, void *ctx)
{
	(void)sig;
	(void)ctx;
	_exit(si->si_code);
}

static int
fault_code_of(void (*fn)(volatile char *), volatile char *p)
{
	int st;

	if (fork() == 0) {
		struct sigaction sa;
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = segv_code_exit;
		sa.sa_flags = SA_SIGINFO;
		sigaction(SIGSEGV, &sa, NULL);
		fn(p);
		_exit(100);
	}
	if (wait(&st) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) == 100)
		return -1;
	return WEXITSTATUS(st);
}

static void
test_protect(void)
{
	char *p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	CHECK(p != MAP_FAILED);
	if (p == MAP_FAILED)
		return;
	p[0] = 'x';
	CHECK_EQ(mprotect(p, PG, PROT_READ), 0);
	CHECK_EQ(p[0], 'x');
	CHECK_EQ(child_signal(do_write, p), SIGSEGV);
	CHECK_EQ(child_signal(do_write, p + PG), 0);	/* not its page */
	CHECK_EQ(mprotect(p, PG, PROT_NONE), 0);
	CHECK_EQ(child_signal(do_read, p), SIGSEGV);
	/* the kernel will not copy into it either, nor out of it: the
	 * hardware refuses the kernel's reads of a PROT_NONE page too */
	CHECK_EQ(copy_in_errno(p), EFAULT);
	CHECK_EQ(copy_out_errno(p), EFAULT);
	CHECK_EQ(fault_code_of(do_read, p), SEGV_ACCERR);
	CHECK_EQ(mprotect(p, PG, PROT_READ | PROT_WRITE), 0);
	CHECK_EQ(p[0], 'x');				/* nothing lost */
	p[1] = 'y';
	CHECK_EQ(mprotect(p + PG, PG, PROT_NONE), 0);
	/* a PROT_NONE mapping from the start */
	{
		char *q = mmap(NULL, PG, PROT_NONE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		CHECK(q != MAP_FAILED);
		CHECK_EQ(child_signal(do_read, q), SIGSEGV);
		CHECK_EQ(munmap(q, PG), 0);
	}
	CHECK_EQ(mprotect(p + 4 * PG, PG, PROT_READ), -1);	/* a hole */
	CHECK_EQ(errno, ENOMEM);
	CHECK_EQ(munmap(p, 2 * PG), 0);
}

static void
test_lock_and_errors(void)
{
	char *p = mmap(NULL, PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	CHECK(p != MAP_FAILED);
	CHECK_EQ(mlock(p, PG), 0);
	CHECK_EQ(munlock(p, PG), 0);
	CHECK_EQ(mlockall(MCL_CURRENT | MCL_FUTURE), 0);
	CHECK_EQ(munlockall(), 0);
	CHECK_EQ(madvise(p, PG, MADV_DONTNEED), 0);
	CHECK_EQ(mlockall(0), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(munmap(p, PG), 0);
	CHECK_EQ(mlock(p, PG), -1);			/* nothing there now */
	CHECK_EQ(errno, ENOMEM);
	CHECK(mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) ==
	      MAP_FAILED);
	CHECK_EQ(errno, EINVAL);
	CHECK(mmap(NULL, PG, PROT_READ, MAP_ANONYMOUS, -1, 0) == MAP_FAILED);
	CHECK_EQ(errno, EINVAL);			/* neither shared nor private */
	CHECK(mmap(NULL, PG, PROT_READ, MAP_PRIVATE, -1, 0) == MAP_FAILED);
	CHECK_EQ(errno, EBADF);
	CHECK(mmap(NULL, PG, PROT_READ, MAP_PRIVATE, 0, 0) == MAP_FAILED);
	CHECK_EQ(errno, ENODEV);			/* no file mappings */
	CHECK(mmap(NULL, PG, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 100) ==
	      MAP_FAILED);
	CHECK_EQ(errno, EINVAL);
	CHECK(mmap((void *)0x40000001, PG, PROT_READ,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED);
	CHECK_EQ(errno, EINVAL);
	CHECK(mmap(NULL, 0x7ff00000, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
		   -1, 0) == MAP_FAILED);		/* larger than the region */
	CHECK_EQ(errno, ENOMEM);
	/* a fixed range from a low page into the kernel half: longer than
	 * the space below the stack, it once wrapped the kernel's bound and
	 * its unmap never ended */
	CHECK(mmap((void *)(2 * PG), 0xc0000000u - PG, PROT_READ,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED);
	CHECK_EQ(errno, ENOMEM);
	CHECK(mmap((void *)0xc0000000u, 0xc0000000u, PROT_READ,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED);
	CHECK_EQ(errno, ENOMEM);
	CHECK_EQ(munmap((void *)0x40000001, PG), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(munmap(p, 0), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(mprotect(p + 1, PG, PROT_READ), -1);
	CHECK_EQ(errno, EINVAL);
}

static void
run_all(void)
{
	test_private();
	test_shared();
	test_protect();
	test_lock_and_errors();
}

int
main(void)
{
	static struct memsnap before, after;
	int st;
	void *p;

	run_all();
	/* munmap gives the pages back: in this process ... */
	CHECK_EQ(memsnap_take(&before, 0), 0);
	p = mmap(NULL, 64 * PG, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(p != MAP_FAILED);
	CHECK_EQ(munmap(p, 64 * PG), 0);
	CHECK_EQ(memsnap_take(&after, 0), 0);
	CHECK_EQ(memsnap_diff("t_mmap munmap", &before, &after, 0), 0);
	/* ... and a child's mappings, shared ones too, go at its exit */
	CHECK_EQ(memsnap_take(&before, 1), 0);
	if (fork() == 0) {
		run_all();
		mmap(NULL, 16 * PG, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		_exit(check_failed ? 1 : 0);
	}
	CHECK(wait(&st) > 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	CHECK_EQ(memsnap_take(&after, 1), 0);
	CHECK_EQ(memsnap_diff("t_mmap exit", &before, &after, 0), 0);
	check_done("t_mmap");
}
