/*
 * t_cowrace - system calls on valid memory never fail while other threads
 * of the process fork.
 *
 * Fork makes every writable page of the parent copy-on-write, in every
 * thread's view at once.  A system call that copies into a buffer of the
 * caller (read, clock_gettime, fstat) then meets a read-only page and must
 * break the sharing first; a fork by another thread may write-protect the
 * page again at any moment.  Whatever the interleaving, the call must
 * succeed and the data must arrive.
 *
 * FORKERS threads fork in a loop (the child writes to its copy of the
 * heap, checks it saw the parent's data, and exits with a known status);
 * IO_THREADS threads meanwhile, each on its own stack and heap buffers:
 *   - write a pattern into a pipe of their own and read it back,
 *   - futex WAKE and a WAIT that must fail with EAGAIN, on stack and heap
 *     words, and clock_gettime and fstat into stack structures,
 *   - read a file of the initrd and compare it with a first reading.
 * Any failure prints the operation and errno.  argv[1]: the run time in
 * ms (default 10000).  Meant for 4 CPUs in the real profile; on one CPU
 * it still checks the same things with less overlap.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <quanta.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

#define FORKERS		2
#define IO_THREADS	3
#define FILE_PATH	"/bin/true"
#define FILE_BYTES	3000		/* spans a page boundary somewhere */
#define MAX_REPORTS	10

static volatile int stop;
static int failures, reports, forks, ios;
static char file_ref[FILE_BYTES];
static int file_len;

static void
fail(const char *what, long got)
{
	__atomic_fetch_add(&failures, 1, __ATOMIC_SEQ_CST);
	if (__atomic_fetch_add(&reports, 1, __ATOMIC_SEQ_CST) < MAX_REPORTS)
		printf("FAIL %s: returned %ld, errno %d (%s)\n", what, got,
		       errno, strerror(errno));
}

static uint64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void *
forker(void *arg)
{
	unsigned *heap = malloc(3 * 4096);

	(void)arg;
	for (unsigned n = 0; !stop; n++) {
		pid_t pid;
		int st;

		heap[n % (3 * 1024)] = n;
		pid = fork();
		if (pid == 0) {
			/* the child's own copy: the parent's value, writable */
			int ok = heap[n % (3 * 1024)] == n;
			heap[(n + 1) % (3 * 1024)] = ~n;
			_exit(ok ? 7 : 8);
		}
		if (pid < 0) {
			if (errno == EAGAIN || errno == ENOMEM) {
				usleep(1000);	/* the reaper of another
						 * forker catches up */
				continue;
			}
			fail("fork", pid);
			continue;
		}
		if (waitpid(pid, &st, 0) != pid)
			fail("waitpid", -1);
		else if (!WIFEXITED(st) || WEXITSTATUS(st) != 7)
			fail("child status (its copy of the heap)", st);
		__atomic_fetch_add(&forks, 1, __ATOMIC_RELAXED);
	}
	free(heap);
	return NULL;
}

/* A pattern through a pipe of our own, from one buffer into another.  A
 * failed call leaves the pipe out of step: it is made anew. */
static void
pipe_round(int fds[2], char *src, char *dst, unsigned n, unsigned seed)
{
	int before = failures;
	long r;

	for (unsigned i = 0; i < n; i++)
		src[i] = (char)(seed + i * 7);
	memset(dst, 0, n);
	if ((r = write(fds[1], src, n)) != (long)n)
		fail("pipe write", r);
	if ((r = read(fds[0], dst, n)) != (long)n)
		fail("pipe read", r);
	else if (memcmp(src, dst, n) != 0)
		fail("pipe data", -1);
	if (failures != before) {
		close(fds[0]);
		close(fds[1]);
		if (pipe(fds) < 0)
			fail("pipe", -1);
	}
}

static void
futex_round(int *word, unsigned seed)
{
	long r;

	*word = (int)seed;
	if ((r = q_futex(word, Q_FUTEX_WAKE, 1, NULL)) != 0)
		fail("futex wake", r);
	/* the word is not seed + 1: EAGAIN at once */
	r = q_futex(word, Q_FUTEX_WAIT, (int)seed + 1, NULL);
	if (r != -1 || errno != EAGAIN)
		fail("futex wait (EAGAIN expected)", r);
}

static void
file_round(char *dst)
{
	struct stat st;
	int fd = open(FILE_PATH, O_RDONLY);
	long r;

	if (fd < 0) {
		fail("open", fd);
		return;
	}
	if ((r = fstat(fd, &st)) != 0)
		fail("fstat", r);
	if ((r = read(fd, dst, FILE_BYTES)) != file_len)
		fail("file read", r);
	else if (memcmp(dst, file_ref, (size_t)file_len) != 0)
		fail("file data", -1);
	close(fd);
}

static void *
io_worker(void *arg)
{
	unsigned seed = (unsigned)(uintptr_t)arg * 1000003u;
	char src[FILE_BYTES], dst[FILE_BYTES];	/* on this thread's stack */
	char *hsrc = malloc(FILE_BYTES), *hdst = malloc(FILE_BYTES);
	int *hword = calloc(1, sizeof(int)), sword = 0;
	struct timespec ts;
	int fds[2];

	if (!hsrc || !hdst || !hword || pipe(fds) < 0) {
		fail("malloc or pipe", -1);
		free(hsrc);
		free(hdst);
		free(hword);
		return NULL;
	}
	for (unsigned i = 0; !stop; i++) {
		/* lengths up to 3000 bytes at varying offsets: some copies
		 * cross a page boundary */
		unsigned n = 1 + (seed = seed * 1103515245u + 12345u) % 2999;
		unsigned off = (seed >> 16) % (FILE_BYTES - n + 1);
		long r;

		pipe_round(fds, src + off, dst + off, n, i);
		pipe_round(fds, hsrc, hdst, n, i + 1);
		futex_round(i & 1 ? &sword : hword, i);
		if ((r = clock_gettime(CLOCK_MONOTONIC, &ts)) != 0)
			fail("clock_gettime", r);
		file_round(i & 1 ? dst : hdst);
		__atomic_fetch_add(&ios, 1, __ATOMIC_RELAXED);
	}
	close(fds[0]);
	close(fds[1]);
	free(hsrc);
	free(hdst);
	free(hword);
	return NULL;
}

int
main(int argc, char **argv)
{
	unsigned ms = argc > 1 ? (unsigned)atoi(argv[1]) : 10000;
	pthread_t f[FORKERS], w[IO_THREADS];
	uint64_t end;
	int fd = open(FILE_PATH, O_RDONLY);

	CHECK(fd >= 0);
	file_len = (int)read(fd, file_ref, sizeof(file_ref));
	close(fd);
	CHECK(file_len > 0);
	for (long i = 0; i < IO_THREADS; i++)
		CHECK_EQ(pthread_create(&w[i], NULL, io_worker, (void *)i), 0);
	for (int i = 0; i < FORKERS; i++)
		CHECK_EQ(pthread_create(&f[i], NULL, forker, NULL), 0);
	end = now_ms() + ms;
	while (now_ms() < end && failures < 1000)
		usleep(50000);
	stop = 1;
	for (int i = 0; i < IO_THREADS; i++)
		pthread_join(w[i], NULL);
	for (int i = 0; i < FORKERS; i++)
		pthread_join(f[i], NULL);
	printf("t_cowrace: %u ms, %d forks, %d I/O rounds, %d failures\n", ms,
	       forks, ios, failures);
	CHECK(forks > 0);
	CHECK(ios > 0);
	CHECK_EQ(failures, 0);
	check_done("t_cowrace");
}
