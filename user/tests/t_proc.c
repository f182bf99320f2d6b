/*
 * t_proc - the /proc files: their formats (Linux 6.1's), and that what
 * they say agrees with SYS_taskinfo and with what the test did.
 *
 *   - /proc/self/stat: 52 fields, comm in parentheses, state R, the pid,
 *     ppid, nice (after nice(5)) and CPU (pinned) that q_taskinfo reports;
 *   - a child blocked on a pipe: state S and its ppid, in stat and status;
 *     once reaped, its directory is gone (ENOENT);
 *   - a spinning thread, found in /proc/self/task: its schedstat run time
 *     grows while it spins, and a file read across the spin still shows
 *     the snapshot taken at open;
 *   - /proc/stat: the cpu lines (10 numbers, one line per CPU), ctxt grows
 *     by at least two switches per round trip of a pipe ping-pong,
 *     processes by the forks made;
 *   - meminfo, loadavg, schedstat (version 15), uptime, cpuinfo, version,
 *     sched: line formats and agreement with q_sysinfo / nprocs;
 *   - directory listings of /proc and /proc/<pid>;
 *   - errors: ENOENT, ENOTDIR, EACCES for writing or creating, EISDIR,
 *     and EROFS for writing the initrd; no page or block leaks.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <quanta.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "memsnap.h"

static char buf[16384];

/* Read a whole file in chunks of `chunk` bytes; its length, or -errno. */
static int
slurp(const char *path, char *dst, int size, int chunk)
{
	int fd = open(path, O_RDONLY), n = 0, r;

	if (fd < 0)
		return -errno;
	while (n < size - 1 && (r = read(fd, dst + n,
				  chunk < size - 1 - n ? chunk : size - 1 - n)) > 0)
		n += r;
	close(fd);
	dst[n] = 0;
	return n;
}

static int
open_errno(const char *path, int flags)
{
	int fd = open(path, flags, 0644);

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	return errno;
}

/* Split the stat line after "(comm)" into fields; field 1 is pid, 2 comm,
 * so f[k] is field k.  Returns the number of fields. */
static int
stat_fields(char *line, char **f, int max, char *comm, size_t commsz)
{
	char *open_p = strchr(line, '('), *close_p = strrchr(line, ')');
	int n = 2;

	if (!open_p || !close_p || close_p < open_p || max < 3)
		return 0;
	f[1] = line;
	*open_p = 0;
	*close_p = 0;
	snprintf(comm, commsz, "%s", open_p + 1);
	for (char *s = strtok(close_p + 1, " \n"); s && n < max;
	     s = strtok(NULL, " \n"))
		f[++n] = s;
	return n;
}

static int
my_taskinfo(int tid, struct q_taskinfo *out)
{
	static struct q_taskinfo ti[256];
	int n = q_taskinfo(ti, 256);

	for (int i = 0; i < n; i++)
		if (ti[i].pid == tid) {
			*out = ti[i];
			return 0;
		}
	return -1;
}

static void
test_self_stat(void)
{
	char *f[64], comm[32], path[64];
	struct q_taskinfo ti;
	cpu_set_t set;
	int n;

	memset(&ti, 0, sizeof(ti));

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	CHECK_EQ(sched_setaffinity(0, sizeof(set), &set), 0);
	CHECK_EQ(nice(5), 5);
	CHECK(slurp("/proc/self/stat", buf, sizeof(buf), 7) > 0);
	n = stat_fields(buf, f, 64, comm, sizeof(comm));
	CHECK_EQ(n, 52);
	if (n != 52)
		return;
	CHECK(strcmp(comm, "t_proc") == 0);
	CHECK_EQ(atoi(f[1]), getpid());
	CHECK(strcmp(f[3], "R") == 0);
	CHECK_EQ(atoi(f[4]), getppid());
	CHECK_EQ(atoi(f[18]), 25);		/* priority: 20 + nice */
	CHECK_EQ(atoi(f[19]), 5);		/* nice */
	CHECK_EQ(atoi(f[20]), 1);		/* threads */
	CHECK_EQ(atoi(f[39]), 0);		/* processor: pinned to 0 */
	CHECK_EQ(atoi(f[41]), 0);		/* policy SCHED_OTHER */
	CHECK_EQ(my_taskinfo(getpid(), &ti), 0);
	CHECK_EQ(ti.ppid, atoi(f[4]));
	CHECK_EQ(ti.nice, atoi(f[19]));
	CHECK_EQ(ti.cpu, atoi(f[39]));
	/* /proc/<pid> is the same directory as /proc/self */
	snprintf(path, sizeof(path), "/proc/%d/stat", getpid());
	CHECK(slurp(path, buf, sizeof(buf), 4096) > 0);
	CHECK_EQ(atoi(buf), getpid());
	CHECK_EQ(nice(-5), 0);
	CPU_ZERO(&set);
	for (int i = 0; i < get_nprocs(); i++)
		CPU_SET(i, &set);
	CHECK_EQ(sched_setaffinity(0, sizeof(set), &set), 0);
}

static void
test_child(void)
{
	char *f[64], comm[32], path[64];
	int fds[2], st;
	pid_t pid;
	char c = 0;

	CHECK_EQ(pipe(fds), 0);
	pid = fork();
	if (pid == 0) {
		close(fds[1]);
		read(fds[0], &c, 1);		/* sleeps until the parent writes */
		_exit(0);
	}
	usleep(20000);				/* let it block */
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	CHECK(slurp(path, buf, sizeof(buf), 4096) > 0);
	CHECK_EQ(stat_fields(buf, f, 64, comm, sizeof(comm)), 52);
	CHECK(strcmp(f[3], "S") == 0);
	CHECK_EQ(atoi(f[4]), getpid());
	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	CHECK(slurp(path, buf, sizeof(buf), 4096) > 0);
	CHECK(strncmp(buf, "Name:\tt_proc\n", 13) == 0);
	CHECK(strstr(buf, "\nState:\tS (sleeping)\n") != NULL);
	snprintf(comm, sizeof(comm), "\nPPid:\t%d\n", getpid());
	CHECK(strstr(buf, comm) != NULL);
	snprintf(comm, sizeof(comm), "\nPid:\t%d\n", pid);
	CHECK(strstr(buf, comm) != NULL);
	CHECK(strstr(buf, "\nvoluntary_ctxt_switches:\t") != NULL);
	CHECK(strstr(buf, "\nCpus_allowed_list:\t") != NULL);
	write(fds[1], &c, 1);
	CHECK_EQ(waitpid(pid, &st, 0), pid);
	close(fds[0]);
	close(fds[1]);
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	CHECK_EQ(open_errno(path, O_RDONLY), ENOENT);
	snprintf(path, sizeof(path), "/proc/%d", pid);
	CHECK_EQ(open_errno(path, O_RDONLY), ENOENT);
}

static volatile int spin_stop;

static void *
spinner(void *arg)
{
	(void)arg;
	while (!spin_stop)
		;
	return NULL;
}

/* The run time (first field) of a schedstat file. */
static unsigned long long
run_ns(const char *path)
{
	CHECK(slurp(path, buf, sizeof(buf), 4096) > 0);
	return strtoull(buf, NULL, 10);
}

static void
test_thread(void)
{
	char path[96], one;
	unsigned long long r1, r2, snap;
	struct dirent *de;
	pthread_t th;
	int tid = 0, ntids = 0, fd;
	DIR *d;

	spin_stop = 0;
	CHECK_EQ(pthread_create(&th, NULL, spinner, NULL), 0);
	usleep(10000);
	d = opendir("/proc/self/task");
	CHECK(d != NULL);
	while (d && (de = readdir(d))) {
		ntids++;
		if (atoi(de->d_name) != getpid())
			tid = atoi(de->d_name);
	}
	if (d)
		closedir(d);
	CHECK_EQ(ntids, 2);
	CHECK(tid > 0);
	snprintf(path, sizeof(path), "/proc/self/task/%d/schedstat", tid);
	r1 = run_ns(path);
	/* a snapshot taken now and read after the spin */
	fd = open(path, O_RDONLY);
	CHECK(fd >= 0);
	CHECK_EQ(read(fd, &one, 1), 1);
	usleep(60000);
	r2 = run_ns(path);
	printf("t_proc: spinner %d ran %llu ns, then %llu ns\n", tid, r1, r2);
	CHECK(r2 >= r1 + 20000000ull);		/* at least 20 of the 60 ms */
	buf[0] = one;
	CHECK(read(fd, buf + 1, sizeof(buf) - 2) > 0);
	close(fd);
	snap = strtoull(buf, NULL, 10);
	CHECK(snap >= r1 && snap < r2);
	/* the thread's own stat, and /proc/<tid>, which Linux also opens */
	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
	CHECK(slurp(path, buf, sizeof(buf), 4096) > 0);
	CHECK_EQ(atoi(buf), tid);
	CHECK(strstr(buf, ") R ") != NULL);
	snprintf(path, sizeof(path), "/proc/%d/schedstat", tid);
	CHECK(run_ns(path) >= r2);
	spin_stop = 1;
	CHECK_EQ(pthread_join(th, NULL), 0);
}

/* Sum of the numbers of the "name " line of /proc/stat, and their count. */
static unsigned long long
stat_value(const char *text, const char *name, int *count)
{
	const char *p = text;
	size_t len = strlen(name);
	unsigned long long v = 0;
	char *end;

	*count = 0;
	while (p && strncmp(p, name, len) != 0) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	if (!p)
		return 0;
	for (p += len; *p && *p != '\n'; p = end) {
		unsigned long long x = strtoull(p, &end, 10);
		if (end == p)
			break;
		v = *count == 0 ? x : v;
		(*count)++;
	}
	return v;
}

static void
pingpong(int rounds)
{
	int a[2], b[2], st;
	char c = 'x';
	pid_t pid;

	CHECK_EQ(pipe(a), 0);
	CHECK_EQ(pipe(b), 0);
	pid = fork();
	if (pid == 0) {
		for (int i = 0; i < rounds; i++)
			if (read(a[0], &c, 1) != 1 || write(b[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	for (int i = 0; i < rounds; i++) {
		write(a[1], &c, 1);
		read(b[0], &c, 1);
	}
	CHECK_EQ(waitpid(pid, &st, 0), pid);
	CHECK_EQ(st, 0);
	close(a[0]), close(a[1]), close(b[0]), close(b[1]);
}

static void
test_stat(void)
{
	unsigned long long ctxt0, ctxt1, forks0, forks1, btime;
	int ncpu = get_nprocs(), n;
	char name[16];

	CHECK(slurp("/proc/stat", buf, sizeof(buf), 100) > 0);
	CHECK(strncmp(buf, "cpu  ", 5) == 0);
	stat_value(buf, "cpu  ", &n);
	CHECK_EQ(n, 10);
	for (int i = 0; i < ncpu; i++) {
		snprintf(name, sizeof(name), "\ncpu%d ", i);
		CHECK(strstr(buf, name) != NULL);
		stat_value(strstr(buf, name) + 1, name + 1, &n);
		CHECK_EQ(n, 10);
	}
	snprintf(name, sizeof(name), "\ncpu%d ", ncpu);
	CHECK(strstr(buf, name) == NULL);
	ctxt0 = stat_value(buf, "ctxt ", &n);
	CHECK_EQ(n, 1);
	forks0 = stat_value(buf, "processes ", &n);
	CHECK_EQ(n, 1);
	btime = stat_value(buf, "btime ", &n);
	/* boot time in seconds since 1970: the det profile's clock starts
	 * at 2000-01-01 (946684800) */
	CHECK(btime >= 946684800ull && btime <= (unsigned long long)time(NULL));
	CHECK(stat_value(buf, "procs_running ", &n) >= 1);
	CHECK_EQ(stat_value(buf, "procs_blocked ", &n), 0);
	stat_value(buf, "softirq ", &n);
	CHECK_EQ(n, 11);
	pingpong(200);
	CHECK(slurp("/proc/stat", buf, sizeof(buf), 4096) > 0);
	ctxt1 = stat_value(buf, "ctxt ", &n);
	forks1 = stat_value(buf, "processes ", &n);
	printf("t_proc: ctxt %llu -> %llu over 200 round trips\n", ctxt0, ctxt1);
	CHECK(ctxt1 >= ctxt0 + 400);
	CHECK(forks1 >= forks0 + 1);
}

/* Every line of text is "Name:" padded to 16 columns, 8 digits, " kB". */
static int
meminfo_ok(const char *text, unsigned *total, unsigned *freekb,
	   unsigned *avail)
{
	int lines = 0;

	for (const char *p = text; *p; lines++) {
		const char *nl = strchr(p, '\n'), *colon = strchr(p, ':');
		if (!nl || !colon || colon > nl || nl - p != 27 ||
		    strncmp(nl - 3, " kB", 3) != 0)
			return -1;
		if (strncmp(p, "MemTotal:", 9) == 0)
			*total = (unsigned)strtoul(p + 16, NULL, 10);
		if (strncmp(p, "MemFree:", 8) == 0)
			*freekb = (unsigned)strtoul(p + 16, NULL, 10);
		if (strncmp(p, "MemAvailable:", 13) == 0)
			*avail = (unsigned)strtoul(p + 16, NULL, 10);
		p = nl + 1;
	}
	return lines;
}

static void
test_meminfo(void)
{
	unsigned total = 0, freekb = 0, avail = 0;
	struct q_sysinfo si;

	CHECK(slurp("/proc/meminfo", buf, sizeof(buf), 4096) > 0);
	CHECK(strncmp(buf, "MemTotal:       ", 16) == 0);
	CHECK(meminfo_ok(buf, &total, &freekb, &avail) >= 3);
	CHECK_EQ(q_sysinfo(&si), 0);
	CHECK_EQ(total, si.total_pages * 4);
	CHECK(freekb > 0 && freekb < total);
	CHECK(avail > 0 && avail <= total);
}

static void
test_loadavg(void)
{
	char *end;
	long r, t, last;

	CHECK(slurp("/proc/loadavg", buf, sizeof(buf), 4096) > 0);
	/* "0.00 0.00 0.00 1/3 12\n" */
	end = buf;
	for (int i = 0; i < 3; i++) {
		strtoul(end, &end, 10);
		CHECK(*end == '.' && end[1] >= '0' && end[1] <= '9' &&
		      end[2] >= '0' && end[2] <= '9' && end[3] == ' ');
		end += 4;
	}
	r = strtol(end, &end, 10);
	CHECK(*end == '/');
	t = strtol(end + 1, &end, 10);
	last = strtol(end, &end, 10);
	CHECK(*end == '\n');
	CHECK(r >= 1 && t >= r);
	CHECK(last >= getpid());
}

/* Numbers on a line (up to its end). */
static int
count_numbers(const char *p)
{
	int n = 0;
	char *end;

	while (*p && *p != '\n') {
		strtoull(p, &end, 10);
		if (end == p)
			return -1;
		n++;
		p = end;
		while (*p == ' ')
			p++;
	}
	return n;
}

static void
test_schedstat(void)
{
	int ncpu = get_nprocs(), cpus = 0, domains = 0;

	CHECK(slurp("/proc/schedstat", buf, sizeof(buf), 4096) > 0);
	CHECK(strncmp(buf, "version 15\ntimestamp ", 21) == 0);
	for (char *p = buf; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
		if (strncmp(p, "cpu", 3) == 0) {
			char *sp = strchr(p, ' ');
			cpus++;
			CHECK(sp && count_numbers(sp + 1) == 9);
		} else if (strncmp(p, "domain0 ", 8) == 0) {
			char *sp = strchr(p + 8, ' ');
			domains++;
			CHECK(sp && count_numbers(sp + 1) == 36);
		}
	}
	CHECK_EQ(cpus, ncpu);
	CHECK_EQ(domains, ncpu);
}

static void
test_small_files(void)
{
	int ncpu = get_nprocs(), n = 0;
	char *end;
	double up;

	CHECK(slurp("/proc/uptime", buf, sizeof(buf), 3) > 0);
	up = strtod(buf, &end);
	CHECK(up > 0 && *end == ' ');
	strtod(end, &end);
	CHECK(*end == '\n');
	CHECK(slurp("/proc/cpuinfo", buf, sizeof(buf), 4096) > 0);
	for (char *p = buf; (p = strstr(p, "processor\t: ")); p++)
		n++;
	CHECK_EQ(n, ncpu);
	CHECK(strstr(buf, "\nflags\t\t: ") != NULL);
	CHECK(slurp("/proc/version", buf, sizeof(buf), 4096) > 0);
	CHECK(strncmp(buf, "Quanta version ", 15) == 0);
	/* sched: a header line, a rule, then "name<pad>:value" at column 45 */
	CHECK(slurp("/proc/self/sched", buf, sizeof(buf), 4096) > 0);
	CHECK(strncmp(buf, "t_proc (", 8) == 0);
	CHECK(strstr(buf, "\nse.sum_exec_runtime          ") != NULL);
	n = 0;
	for (char *p = strchr(strchr(buf, '\n') + 1, '\n'); p && p[1];
	     p = strchr(p + 1, '\n')) {
		CHECK(p[46] == ':');
		n++;
	}
	CHECK(n >= 10);
	CHECK(slurp("/proc/self/schedstat", buf, sizeof(buf), 4096) > 0);
	CHECK_EQ(count_numbers(buf), 3);
}

static int
dir_has(const char *dir, const char *name)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int found = 0;

	if (!d)
		return -1;
	while ((de = readdir(d)))
		found |= strcmp(de->d_name, name) == 0;
	closedir(d);
	return found;
}

static void
test_dirs(void)
{
	const char *names[] = { "self", "stat", "meminfo", "loadavg",
				"schedstat", "uptime", "cpuinfo", "version" };
	const char *pidfiles[] = { "stat", "status", "sched", "schedstat",
				   "task" };
	char me[16], dir[32];
	struct stat st;
	int fd;

	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		CHECK_EQ(dir_has("/proc", names[i]), 1);
	snprintf(me, sizeof(me), "%d", getpid());
	CHECK_EQ(dir_has("/proc", me), 1);
	snprintf(dir, sizeof(dir), "/proc/%d", getpid());
	for (unsigned i = 0; i < sizeof(pidfiles) / sizeof(pidfiles[0]); i++)
		CHECK_EQ(dir_has(dir, pidfiles[i]), 1);
	fd = open("/proc/stat", O_RDONLY);
	CHECK(fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	      st.st_size == 0);
	close(fd);
	fd = open("/proc", O_RDONLY | O_DIRECTORY);
	CHECK(fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode));
	CHECK(read(fd, buf, 10) < 0 && errno == EISDIR);
	close(fd);
}

static void
test_errors(void)
{
	CHECK_EQ(open_errno("/proc/999999/stat", O_RDONLY), ENOENT);
	CHECK_EQ(open_errno("/proc/self/nosuchfile", O_RDONLY), ENOENT);
	CHECK_EQ(open_errno("/proc/nosuchfile", O_RDONLY), ENOENT);
	CHECK_EQ(open_errno("/proc/stat/x", O_RDONLY), ENOTDIR);
	CHECK_EQ(open_errno("/proc/stat", O_RDONLY | O_DIRECTORY), ENOTDIR);
	CHECK_EQ(open_errno("/proc/stat", O_WRONLY), EACCES);
	CHECK_EQ(open_errno("/proc/self/status", O_RDWR), EACCES);
	CHECK_EQ(open_errno("/proc/newfile", O_WRONLY | O_CREAT), EACCES);
	CHECK_EQ(open_errno("/proc", O_WRONLY), EISDIR);
	CHECK_EQ(open_errno("/proc/self/task/1/stat", O_RDONLY),
		 getpid() == 1 ? 0 : ENOENT);
	CHECK_EQ(open_errno("/bin/sh", O_WRONLY), EROFS);
	CHECK_EQ(open_errno("/procx", O_RDONLY), ENOENT);
}

/* 0, or the errno of a failed call. */
static long
sys_errno(long r)
{
	return r < 0 ? errno : 0;
}

/* One descriptor is one snapshot: read, seek back, read again, the same
 * text although the clocks moved; lseek from the end is EINVAL (Linux's
 * seq_lseek); pread reads at its offset; a directory rewinds. */
static void
test_seek(void)
{
	static char again[4096];
	char part[8];
	struct dirent *de;
	int fd, n, m, count = 0, count2 = 0;
	DIR *d;

	fd = open("/proc/self/sched", O_RDONLY);
	CHECK(fd >= 0);
	n = read(fd, buf, 4096);
	CHECK(n > 100);
	usleep(5000);
	CHECK_EQ(lseek(fd, 0, SEEK_SET), 0);
	m = read(fd, again, sizeof(again));
	CHECK_EQ(m, n);
	CHECK(m == n && memcmp(buf, again, (size_t)n) == 0);
	CHECK_EQ(lseek(fd, 5, SEEK_SET), 5);
	CHECK_EQ(read(fd, part, 3), 3);
	CHECK(memcmp(part, buf + 5, 3) == 0);
	CHECK_EQ(lseek(fd, 2, SEEK_CUR), 10);
	CHECK_EQ(sys_errno(lseek(fd, 0, SEEK_END)), EINVAL);
	CHECK_EQ(pread(fd, part, 4, 20), 4);
	CHECK(memcmp(part, buf + 20, 4) == 0);
	CHECK_EQ(lseek(fd, 0, SEEK_CUR), 10);
	close(fd);
	d = opendir("/proc");
	CHECK(d != NULL);
	while (d && readdir(d))
		count++;
	CHECK_EQ(lseek(dirfd(d), 0, SEEK_SET), 0);
	while (d && (de = readdir(d)))
		count2++;
	CHECK(count > 8 && count2 == count);
	if (d)
		closedir(d);
}

/* /proc is mounted: stat by name, and the name-space calls answer as
 * Linux's /proc does (EPERM for operations it lacks, EACCES for a name to
 * create). */
static void
test_vfs(void)
{
	struct stat st;

	CHECK_EQ(stat("/proc/self/status", &st), 0);
	CHECK_EQ(st.st_mode, S_IFREG | 0444);
	CHECK_EQ(st.st_size, 0);
	CHECK_EQ(stat("/proc/self/task", &st), 0);
	CHECK_EQ(st.st_mode, S_IFDIR | 0555);
	CHECK(st.st_dev != 0);
	CHECK_EQ(sys_errno(stat("/proc/0/stat", &st)), ENOENT);
	CHECK_EQ(sys_errno(mkdir("/proc/x", 0755)), EPERM);
	CHECK_EQ(sys_errno(unlink("/proc/stat")), EPERM);
	CHECK_EQ(sys_errno(rmdir("/proc/self")), EPERM);
	CHECK_EQ(open_errno("/proc/stat", O_RDONLY | O_CREAT | O_EXCL), EEXIST);
	CHECK_EQ(open_errno("/proc/999999/new", O_WRONLY | O_CREAT), ENOENT);
	CHECK_EQ(open_errno("/proc/stat/new", O_WRONLY | O_CREAT), ENOTDIR);
	CHECK_EQ(open_errno("/proc/./self/../stat", O_RDONLY), 0);
	CHECK_EQ(open_errno("/proc/stat", O_RDONLY | O_CREAT), 0);
	CHECK_EQ(open_errno("/proc/self", O_RDONLY | O_CREAT), EISDIR);
	CHECK_EQ(open_errno("/proc/stat", O_RDONLY | O_TRUNC), EACCES);
}

/* Opening and closing every kind of file gives back every page. */
static void
test_leaks(void)
{
	static struct memsnap a, b;
	static const char *const paths[] = {
		"/proc/stat", "/proc/meminfo", "/proc/schedstat", "/proc",
		"/proc/self/status", "/proc/self/task", "/proc/cpuinfo",
	};

	CHECK_EQ(memsnap_take(&a, 1), 0);
	for (int round = 0; round < 20; round++)
		for (unsigned i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
			CHECK(slurp(paths[i], buf, sizeof(buf), 4096) >= 0);
	CHECK_EQ(memsnap_take(&b, 1), 0);
	CHECK_EQ(memsnap_diff("proc files", &a, &b, 0), 0);
}

int
main(void)
{
	test_self_stat();
	test_child();
	test_thread();
	test_stat();
	test_meminfo();
	test_loadavg();
	test_schedstat();
	test_small_files();
	test_dirs();
	test_errors();
	test_seek();
	test_vfs();
	test_leaks();
	check_done("t_proc");
}
