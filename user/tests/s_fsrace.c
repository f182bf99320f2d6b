/*
 * s_fsrace - /tmp under concurrent use on every CPU: no torn file, no
 * lost name, no leaked page.
 *
 * Four worker processes, each with two threads, loop for a number of
 * rounds: create a private file of a random size filled with one byte
 * (its own), read it back, rename it over the shared name /tmp/race/hot
 * (replacing whatever file another worker put there), open the shared
 * name and check that what it reads is one file's bytes (a single value
 * for the file's whole length), truncate and unlink private names, make
 * and remove a directory.  Meanwhile a lister walks /tmp/race with
 * getdents and stat.  The two threads of a worker share one descriptor
 * and append to it with O_APPEND: every record must come back whole.
 * Nothing may fail but the races POSIX allows (ENOENT when another
 * worker's rename or unlink came first).  At the end every page of /tmp
 * is back (meminfo).
 *
 *   s_fsrace [rounds]     (default 300 per thread)
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "memsnap.h"

#define WORKERS	4
#define THREADS	2
#define REC	64

static int rounds = 300;
static int log_fd;
static struct memsnap before, after;

/* Per thread: the next random number (xorshift). */
static unsigned
rnd(unsigned *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* Is buf[0..n) one value throughout? */
static int
uniform(const unsigned char *buf, int n)
{
	for (int i = 1; i < n; i++)
		if (buf[i] != buf[0])
			return 0;
	return 1;
}

/* One round: returns the number of failures seen. */
static int
round_once(int id, unsigned *seed, unsigned char *buf)
{
	char mine[64], dir[64];
	int n = 1 + (int)(rnd(seed) % 12000), fd, got, bad = 0;
	unsigned char v = (unsigned char)(1 + id);
	struct stat st;

	snprintf(mine, sizeof(mine), "/tmp/race/w%d", id);
	snprintf(dir, sizeof(dir), "/tmp/race/d%d", id);
	memset(buf, v, (size_t)n);
	fd = open(mine, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, buf, (size_t)n) != n)
		return printf("worker %d: write: %s\n", id, strerror(errno)), 1;
	memset(buf, 0, (size_t)n);
	if (pread(fd, buf, 16384, 0) != n || !uniform(buf, n) || buf[0] != v)
		bad++, printf("worker %d: own file read back wrong\n", id);
	close(fd);
	if (rename(mine, "/tmp/race/hot") < 0)
		bad++, printf("worker %d: rename: %s\n", id, strerror(errno));
	fd = open("/tmp/race/hot", O_RDONLY);
	if (fd >= 0) {			/* ENOENT: another worker's unlink */
		got = (int)read(fd, buf, 16384);
		if (got <= 0 || !uniform(buf, got) || fstat(fd, &st) < 0 ||
		    st.st_size != got)
			bad++, printf("worker %d: torn hot file (%d bytes)\n",
				      id, got);
		close(fd);
	}
	if (rnd(seed) % 4 == 0 && unlink("/tmp/race/hot") < 0 &&
	    errno != ENOENT)
		bad++, printf("worker %d: unlink: %s\n", id, strerror(errno));
	if (mkdir(dir, 0755) < 0 || rmdir(dir) < 0)
		bad++, printf("worker %d: mkdir/rmdir: %s\n", id,
			      strerror(errno));
	return bad;
}

struct targ {
	int id;
	int bad;
};

static void *
thread_main(void *p)
{
	struct targ *a = p;
	unsigned seed = 2463534242u + (unsigned)a->id * 7919u;
	unsigned char *buf = malloc(16384);
	char rec[REC];

	memset(rec, 'a' + a->id % 26, sizeof(rec));
	rec[REC - 1] = '\n';
	for (int r = 0; r < rounds && buf; r++) {
		a->bad += round_once(a->id, &seed, buf);
		if (write(log_fd, rec, REC) != REC)
			a->bad++;
	}
	free(buf);
	return NULL;
}

static int
worker(int w)
{
	pthread_t t[THREADS];
	struct targ a[THREADS];
	int bad = 0;

	for (int i = 0; i < THREADS; i++) {
		a[i].id = w * THREADS + i;
		a[i].bad = 0;
		pthread_create(&t[i], NULL, thread_main, &a[i]);
	}
	for (int i = 0; i < THREADS; i++) {
		pthread_join(t[i], NULL);
		bad += a[i].bad;
	}
	return bad ? 1 : 0;
}

/* Walk the directory and stat each name until told to stop. */
static int
lister(int stop_fd)
{
	char path[128];
	int passes = 0;

	for (;;) {
		DIR *d = opendir("/tmp/race");
		struct dirent *e;
		struct stat st;
		struct pollfd pf = { stop_fd, POLLIN, 0 };
		if (!d)
			return 1;
		while ((e = readdir(d))) {
			snprintf(path, sizeof(path), "/tmp/race/%s", e->d_name);
			if (stat(path, &st) < 0 && errno != ENOENT)
				return printf("lister: stat: %s\n",
					      strerror(errno)), 1;
		}
		closedir(d);
		passes++;
		if (poll(&pf, 1, 0) > 0)	/* the writer closed: stop */
			break;
	}
	printf("s_fsrace: lister made %d passes\n", passes);
	return 0;
}

static void
check_log(void)
{
	char rec[REC];
	int fd = open("/tmp/race/log", O_RDONLY), n = 0, torn = 0;

	while (read(fd, rec, REC) == REC) {
		n++;
		torn += rec[REC - 1] != '\n' || !uniform((unsigned char *)rec,
							 REC - 1);
	}
	close(fd);
	CHECK_EQ(n, WORKERS * THREADS * rounds);
	CHECK_EQ(torn, 0);
}

int
main(int argc, char **argv)
{
	int p[2], st, lpid;

	if (argc > 1)
		rounds = atoi(argv[1]);
	printf("s_fsrace: %d workers of %d threads, %d rounds each\n",
	       WORKERS, THREADS, rounds);
	memset(&after, 0, sizeof(after));
	CHECK_EQ(memsnap_take(&before, 1), 0);
	fflush(stdout);
	CHECK_EQ(mkdir("/tmp/race", 0755), 0);
	log_fd = open("/tmp/race/log", O_WRONLY | O_CREAT | O_APPEND, 0644);
	CHECK(log_fd >= 0);
	CHECK_EQ(pipe(p), 0);
	if ((lpid = fork()) == 0) {
		close(p[1]);
		_exit(lister(p[0]));
	}
	close(p[0]);
	for (int w = 0; w < WORKERS; w++)
		if (fork() == 0)
			_exit(worker(w));
	for (int w = 0; w < WORKERS; w++) {
		pid_t pid = wait(&st);
		if (pid == lpid)
			pid = wait(&st);
		CHECK(pid > 0);
		CHECK_EQ(st, 0);
	}
	close(p[1]);			/* the lister's end of file: stop */
	CHECK_EQ(waitpid(lpid, &st, 0), lpid);
	CHECK_EQ(st, 0);
	close(log_fd);
	check_log();
	unlink("/tmp/race/hot");	/* it may be gone already */
	CHECK_EQ(unlink("/tmp/race/log"), 0);
	CHECK_EQ(rmdir("/tmp/race"), 0);
	CHECK_EQ(memsnap_take(&after, 1), 0);
	CHECK_EQ(after.mi.pages[Q_MEM_TMPFS], 0);
	CHECK_EQ(memsnap_diff("s_fsrace", &before, &after, 0), 0);
	check_done("s_fsrace");
}
