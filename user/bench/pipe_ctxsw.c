/*
 * pipe_ctxsw - one-byte pipe writes from a parent to a forked reader.
 *
 * Mirrors seed mail 000 (Guillaume Chazarain, "Re: [PATCH]O18.1int",
 * 28 Aug 2003): 1M write(fd, &c, 1) against 1M read(fd, &c, 1).  The seed
 * timed it with time(1) and watched both tasks' PR in top(1): the
 * regression was the writer and the reader ending up at different dynamic
 * priorities.  So besides the times this samples both tasks' priority
 * 16 times during the run (Quanta: q_taskinfo() prio, top's PR;
 * Linux: field 18 of /proc/<pid>/stat, also top's PR).
 *
 *   pipe_ctxsw [writes]		default 1048576
 *
 * Prints: RESULT bench=pipe_ctxsw writes= pipe_bytes= elapsed_ms= user_ms=
 *   sys_ms= nvcsw= nivcsw= writer_prio= reader_prio= writer_prio_min=
 *   writer_prio_max= reader_prio_min= reader_prio_max=
 * (times and switch counts are for writer and reader together; the
 * *_prio= values are the last sample, -1 if none could be read)
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench_util.h"

#if defined(__has_include)
#if __has_include(<quanta.h>)
#define HAVE_QUANTA 1
#include <quanta.h>
#endif
#endif

#define NSAMPLES	16

#ifdef HAVE_QUANTA
static struct q_taskinfo tasks[256];

/* top's PR of task pid, or -1 */
static int
task_prio(int pid)
{
	int n = q_taskinfo(tasks, 256);

	for (int i = 0; i < n; i++)
		if (tasks[i].pid == pid)
			return tasks[i].prio;
	return -1;
}

static int
pipe_bytes(int fd)
{
	struct q_sysinfo si;

	(void)fd;
	return q_sysinfo(&si) == 0 ? (int)si.pipe_size : -1;
}
#else
/* Field 18 of /proc/<pid>/stat (priority, top's PR), or -1 */
static int
task_prio(int pid)
{
	char path[64], buf[512], *p;
	int fd, n, field;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strrchr(buf, ')');		/* the command name may hold spaces */
	if (!p)
		return -1;
	for (field = 2; field < 18 && p; field++)
		p = strchr(p + 1, ' ');
	return p ? atoi(p + 1) : -1;
}

static int
pipe_bytes(int fd)
{
#ifdef F_GETPIPE_SZ
	return fcntl(fd, F_GETPIPE_SZ);
#else
	(void)fd;
	return -1;
#endif
}
#endif

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1048576;
	int fd[2], st, wp = -1, rp = -1;
	int wmin = 1000, wmax = -1000, rmin = 1000, rmax = -1000;
	char c = 0;
	long long t0, t1;
	struct rusage self, kids;
	pid_t reader, writer = getpid();

	if (n < 1)
		n = 1;
	if (pipe(fd) < 0) {
		perror("pipe");
		return 1;
	}
	t0 = now_ns();
	reader = fork();
	if (reader < 0) {
		perror("fork");
		return 1;
	}
	if (reader == 0) {
		long got = 0;

		close(fd[1]);
		while (got < n && read(fd[0], &c, 1) == 1)
			got++;
		_exit(got == n ? 0 : 1);
	}
	close(fd[0]);
	for (long i = 0; i < n; i++) {
		if (write(fd[1], &c, 1) != 1) {
			perror("write");
			return 1;
		}
		/* sample in the middle of each sixteenth of the run */
		if (i % ((n + NSAMPLES - 1) / NSAMPLES) ==
		    (n + NSAMPLES - 1) / NSAMPLES / 2) {
			wp = task_prio(writer);
			rp = task_prio(reader);
			if (wp != -1) {
				wmin = wp < wmin ? wp : wmin;
				wmax = wp > wmax ? wp : wmax;
			}
			if (rp != -1) {
				rmin = rp < rmin ? rp : rmin;
				rmax = rp > rmax ? rp : rmax;
			}
		}
	}
	int pb = pipe_bytes(fd[1]);
	close(fd[1]);
	if (waitpid(reader, &st, 0) < 0 || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0) {
		fprintf(stderr, "pipe_ctxsw: reader failed\n");
		return 1;
	}
	t1 = now_ns();
	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &kids);
	if (wmax < wmin)
		wmin = wmax = -1;
	if (rmax < rmin)
		rmin = rmax = -1;
	printf("RESULT bench=pipe_ctxsw writes=%ld pipe_bytes=%d elapsed_ms=%lld"
	       " user_ms=%ld sys_ms=%ld nvcsw=%ld nivcsw=%ld"
	       " writer_prio=%d reader_prio=%d writer_prio_min=%d"
	       " writer_prio_max=%d reader_prio_min=%d reader_prio_max=%d\n",
	       n, pb, (t1 - t0) / 1000000,
	       tv_ms(self.ru_utime) + tv_ms(kids.ru_utime),
	       tv_ms(self.ru_stime) + tv_ms(kids.ru_stime),
	       self.ru_nvcsw + kids.ru_nvcsw, self.ru_nivcsw + kids.ru_nivcsw,
	       wp, rp, wmin, wmax, rmin, rmax);
	return 0;
}
