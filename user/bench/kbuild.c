/*
 * kbuild - a synthetic "make -jN": a fixed dependency graph of short-lived
 * processes with CPU bursts of varying length, pipes and file reads.
 *
 * Stands in for the kernel builds of seed mails 004 (Phy Prabab's reply to
 * "Staircase Scheduler v6.3", June 2004: "35.57user 38.18system
 * 1:20.28elapsed 91%CPU") and 001 (the make -j10 load), and for kernbench.
 * Quanta has no compiler, so each "unit" of the build is a process that
 *   - reads a "source" file (default: this program's own binary, on Quanta
 *     /bin/kbuild in the initrd) and checksums it,
 *   - every third unit is a "gcc -pipe": it forks a preprocessor that
 *     sends it 16 KiB through a pipe,
 *   - burns a CPU burst of 1..5 times the burst scale (x 100000 loops),
 *   - is started by fork + exec of this program ("-w" worker mode) for
 *     every other unit, by a bare fork for the rest.
 * The graph: the first 3/4 of the units are "compiles" (every 8th one
 * waits for the one 7 before it, like a generated header), the rest but
 * the last are "links" of every nlinks-th compile, the last unit waits
 * for all the links.  At most "jobs" units run at once.
 *
 *   kbuild [-d seconds] [jobs] [units] [burst_scale] [file]
 *					default 4 40 1 argv[0]
 *
 * -d: build again and again until that many seconds have passed, as a
 * background load of known length (the lab runs interbench beside it).
 *
 * Prints: RESULT bench=kbuild jobs= units= scale= builds= elapsed_ms=
 *   user_ms= sys_ms= cpu_pct=
 * (user/sys: all units, from getrusage(RUSAGE_CHILDREN); cpu_pct as
 * time(1) prints it: (user + sys) / elapsed)
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench_util.h"

#define MAXUNITS	512

static int units, ncompile, nlinks;

/* Does unit u have to wait for unit d? */
static int
depends(int u, int d)
{
	if (u < ncompile)
		return u % 8 == 7 && d == u - 7;
	if (u < units - 1)
		return d < ncompile && d % nlinks == u - ncompile;
	return d >= ncompile && d < units - 1;
}

/* The work of one unit: read the file, maybe a pipe, a CPU burst. */
static int
work(int u, int scale, const char *file)
{
	static char buf[4096];
	unsigned sum = 0;
	int fd, n, p[2];
	volatile unsigned x = 0;

	fd = open(file, O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "kbuild: cannot open %s\n", file);
		return 1;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		for (int i = 0; i < n; i++)
			sum += (unsigned char)buf[i];
	close(fd);

	if (u % 3 == 0) {		/* cpp | cc1 */
		if (pipe(p) < 0)
			return 1;
		pid_t cpp = fork();
		if (cpp < 0)
			return 1;
		if (cpp == 0) {
			close(p[0]);
			memset(buf, u, 512);
			for (int i = 0; i < 32; i++)
				if (write(p[1], buf, 512) != 512)
					_exit(1);
			_exit(0);
		}
		close(p[1]);
		while ((n = read(p[0], buf, sizeof(buf))) > 0)
			sum += n;
		close(p[0]);
		waitpid(cpp, NULL, 0);
	}

	/* burst of 1..5 x scale x 100000 loops, a fixed pattern per unit */
	long loops = (1 + (u * 7 + 3) % 5) * (long)scale * 100000L;
	for (long i = 0; i < loops; i++)
		x += i;
	return sum == 0;	/* an empty file is an error */
}

/* One build of the graph, at most jobs units at once: the number of
 * units that failed, or -1 if fork or wait did. */
static int
build(int jobs, int scale, const char *file, char *argv0)
{
	int running = 0, done = 0, failed = 0;
	static pid_t pid[MAXUNITS];
	static char state[MAXUNITS];	/* 0 waiting, 1 running, 2 done */

	memset(state, 0, sizeof(state));
	while (done < units) {
		/* start every ready unit while there is a free job slot */
		for (int u = 0; u < units && running < jobs; u++) {
			int ready = state[u] == 0;

			for (int d = 0; d < units && ready; d++)
				if (depends(u, d) && state[d] != 2)
					ready = 0;
			if (!ready)
				continue;
			pid[u] = fork();
			if (pid[u] < 0) {
				perror("fork");
				return -1;
			}
			if (pid[u] == 0) {
				char su[16], ss[16];

				snprintf(su, sizeof(su), "%d", u);
				snprintf(ss, sizeof(ss), "%d", scale);
				if (u % 2 == 1) {
					char *av[] = { argv0, "-w", su, ss,
						       (char *)file, NULL };
					execv(argv0, av);
					/* no exec (e.g. not a path): fork only */
				}
				_exit(work(u, scale, file));
			}
			state[u] = 1;
			running++;
		}
		/* wait for one to finish */
		int st;
		pid_t w = wait(&st);
		if (w < 0) {
			perror("wait");
			return -1;
		}
		for (int u = 0; u < units; u++) {
			if (state[u] == 1 && pid[u] == w) {
				state[u] = 2;
				running--;
				done++;
				if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
					failed++;
			}
		}
	}
	return failed;
}

/* This program's own path, for the workers' exec and as the default
 * "source": argv[0] if it names a file (a path, or a name in the current
 * directory), else the first match in $PATH (unset: /bin:/usr/bin, as
 * execvp() searches), as the shell found it - typed at the shell, argv[0]
 * is just "kbuild".  NULL if none is found. */
static const char *
self_path(const char *argv0)
{
	static char buf[256];
	const char *path = getenv("PATH"), *end;

	if (!path)
		path = "/bin:/usr/bin";
	if (strchr(argv0, '/'))
		return access(argv0, X_OK) == 0 ? argv0 : NULL;
	for (; *path; path = *end ? end + 1 : end) {
		size_t n;
		end = strchr(path, ':');
		if (!end)
			end = path + strlen(path);
		n = (size_t)(end - path);
		if (n == 0 || n + strlen(argv0) + 2 > sizeof(buf))
			continue;
		memcpy(buf, path, n);
		buf[n] = '/';
		strcpy(buf + n + 1, argv0);
		if (access(buf, X_OK) == 0)
			return buf;
	}
	return NULL;
}

int
main(int argc, char **argv)
{
	int jobs, scale, builds = 0, failed = 0, first = 1;
	long long t0, t1, min_ns = 0;
	const char *file, *self;
	struct rusage ru;

	if (argc > 1 && strcmp(argv[1], "-w") == 0) {	/* worker mode */
		if (argc < 5)
			return 2;
		return work(atoi(argv[2]), atoi(argv[3]), argv[4]);
	}
	if (argc > 2 && strcmp(argv[1], "-d") == 0) {	/* a load: repeat */
		min_ns = atoll(argv[2]) * 1000000000LL;
		first = 3;
	}
	jobs = argc > first ? atoi(argv[first]) : 4;
	units = argc > first + 1 ? atoi(argv[first + 1]) : 40;
	scale = argc > first + 2 ? atoi(argv[first + 2]) : 1;
	self = self_path(argv[0]);
	if (!self) {
		fprintf(stderr, "kbuild: cannot find %s to run its workers\n",
			argv[0]);
		return 1;
	}
	file = argc > first + 3 ? argv[first + 3] : self;
	if (jobs < 1)
		jobs = 1;
	if (units < 3)
		units = 3;
	if (units > MAXUNITS)
		units = MAXUNITS;
	ncompile = units * 3 / 4;
	nlinks = units - 1 - ncompile;
	if (access(file, R_OK) != 0)
		file = "/proc/self/exe";

	t0 = now_ns();
	do {
		int f = build(jobs, scale, file, (char *)self);
		if (f < 0)
			return 1;
		failed += f;
		builds++;
		t1 = now_ns();
	} while (t1 - t0 < min_ns);
	getrusage(RUSAGE_CHILDREN, &ru);

	long el = (t1 - t0) / 1000000, us = tv_ms(ru.ru_utime);
	long sy = tv_ms(ru.ru_stime);
	printf("RESULT bench=kbuild jobs=%d units=%d scale=%d builds=%d"
	       " elapsed_ms=%ld user_ms=%ld sys_ms=%ld cpu_pct=%ld failed=%d\n",
	       jobs, units, scale, builds, el, us, sy,
	       el > 0 ? (us + sy) * 100 / el : 0, failed);
	return failed != 0;
}
