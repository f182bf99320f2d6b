/*
 * linux_init.c - PID 1 of the lab's Linux reference row.
 *
 * Built statically against glibc by tools/lab/linux_peer.py and placed at
 * /init in the initramfs next to the benchmarks in /bin.  It
 *
 *   1. mounts proc, sysfs and devtmpfs (the benchmarks read /proc);
 *   2. takes the workload from the kernel command line word
 *      "quanta.run=ENCODED" in /proc/cmdline (percent-encoding: every byte
 *      outside [A-Za-z0-9._,/-] is written %XX, so spaces become %20);
 *   3. runs it with the same small syntax the lab hands Quanta's sh -c:
 *      words separated by blanks, ';' between commands run one after the
 *      other, '&' after a command runs it in the background, and the
 *      prefixes "nice [-n N|-N] CMD" and "taskset MASK CMD" as in Quanta's
 *      sh; a command without '/' is looked up in /bin, and argv[0] stays as
 *      written (kbuild relies on that to behave the same on both kernels);
 *      two builtins as in sh: "cd DIR" changes init's working directory
 *      for the commands after it (interbench writes its files there), and
 *      "wait" waits for every command before it;
 *   4. waits for every background job, then powers off so that QEMU's exit
 *      status carries v (docs/architecture.md, section 4.4): v is 0 when
 *      every command exited 0, else the status of the first command (in
 *      workload order) that did not; 128+N for a command killed by signal N, as in sh.
 *      v is written to isa-debug-exit (port 0xf4), so QEMU exits with
 *      (v << 1) | 1; statuses above 125 are reported as 125 because 126 and
 *      127 have fixed meanings in that contract and QEMU keeps 8 bits.
 *
 * Every line init prints itself starts with "linux-init: ".
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/io.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include "../../user/sh_prefix.h"	/* nice, taskset: as in sh */

#define EXIT_PORT	0xf4	/* QEMU isa-debug-exit, as for Quanta */
#define MAXLINE		4096	/* bytes of the decoded workload */
#define MAXWORDS	256	/* words in the whole workload */
#define MAXJOBS		64	/* commands in the whole workload */
#define MAXV		125	/* largest v passed through unchanged */

struct job {
	char **argv;		/* NULL-terminated, points into words[] */
	int bg;			/* followed by '&' */
	pid_t pid;		/* 0 until started, -1 if fork failed */
	int status;		/* shell-style status once finished */
	int done;
};

static char *words[MAXWORDS + MAXJOBS];	/* argv arrays, NULL-separated */
static struct job jobs[MAXJOBS];
static int njobs;

/* Write v to the debug-exit port; if that did not stop QEMU, power off. */
static void
power_off(int v)
{
	fflush(NULL);
	/*
	 * The port write stops QEMU at once: wait until the serial driver
	 * has really sent what is queued, or the last lines are lost.
	 */
	tcdrain(STDOUT_FILENO);
	tcdrain(STDERR_FILENO);
	sync();
	if (v < 0 || v > MAXV)
		v = MAXV;
	if (ioperm(EXIT_PORT, 4, 1) == 0)
		outb((unsigned char)v, EXIT_PORT);
	else
		printf("linux-init: ioperm: %s\n", strerror(errno));
	/* Not under QEMU with isa-debug-exit: an ordinary power-off. */
	reboot(RB_POWER_OFF);
	for (;;)
		pause();	/* PID 1 must never exit */
}

static void
mount_one(const char *src, const char *dir, const char *type)
{
	mkdir(dir, 0755);
	if (mount(src, dir, type, 0, NULL) < 0 && errno != EBUSY)
		printf("linux-init: mount %s on %s: %s\n", type, dir,
		       strerror(errno));
}

/* Make sure fds 0, 1 and 2 are the console (the kernel normally did it). */
static void
console_fds(void)
{
	int fd;

	if (fcntl(1, F_GETFD) >= 0)
		return;
	fd = open("/dev/console", O_RDWR | O_NOCTTY);
	if (fd < 0)
		return;
	for (int i = 0; i < 3; i++)
		if (fd != i)
			dup2(fd, i);
	if (fd > 2)
		close(fd);
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/*
 * Find "quanta.run=" in /proc/cmdline and decode it into out.
 * Returns 0 on success, -1 (after a message) if it is missing or bad.
 */
static int
read_workload(char *out, size_t size)
{
	static char cmdline[8192];
	const char *key = "quanta.run=";
	char *p, *w = NULL;
	size_t n = 0;
	ssize_t r;
	int fd;

	fd = open("/proc/cmdline", O_RDONLY);
	if (fd < 0) {
		printf("linux-init: /proc/cmdline: %s\n", strerror(errno));
		return -1;
	}
	r = read(fd, cmdline, sizeof(cmdline) - 1);
	close(fd);
	cmdline[r > 0 ? r : 0] = '\0';
	/* the word must start the line or follow a blank */
	for (p = cmdline; (p = strstr(p, key)) != NULL; p++) {
		if (p == cmdline || isspace((unsigned char)p[-1])) {
			w = p + strlen(key);
			break;
		}
	}
	if (!w) {
		printf("linux-init: no %s word on the kernel command line\n",
		       key);
		return -1;
	}
	for (; *w && !isspace((unsigned char)*w); w++) {
		int c = (unsigned char)*w;

		if (c == '%') {
			int hi = hexval(w[1]), lo = hi < 0 ? -1 : hexval(w[2]);

			if (lo < 0) {
				printf("linux-init: bad %%-escape in %s\n",
				       key);
				return -1;
			}
			c = hi * 16 + lo;
			w += 2;
		}
		if (n + 1 >= size) {
			printf("linux-init: workload too long\n");
			return -1;
		}
		out[n++] = (char)c;
	}
	out[n] = '\0';
	return 0;
}

/*
 * Cut the workload into jobs, in place.  Blanks separate words; ';' and
 * '&' end a command (also when glued to a word).  Empty commands are
 * skipped, so "a ; ; b" and a trailing ';' are fine.
 */
static int
parse(char *s)
{
	int nw = 0, start = 0;

	njobs = 0;
	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (*s == '\0' || *s == ';' || *s == '&') {
			int sep = *s;

			if (nw > start) {
				if (njobs == MAXJOBS) {
					printf("linux-init: too many "
					       "commands\n");
					return -1;
				}
				jobs[njobs].argv = &words[start];
				jobs[njobs].bg = sep == '&';
				njobs++;
				words[nw++] = NULL;
				start = nw;
			} else if (sep == '&') {
				printf("linux-init: '&' without a command\n");
				return -1;
			}
			if (sep == '\0')
				return 0;
			*s++ = '\0';
			continue;
		}
		if (nw >= MAXWORDS) {
			printf("linux-init: too many words\n");
			return -1;
		}
		words[nw++] = s;
		while (*s && !isspace((unsigned char)*s) && *s != ';' &&
		       *s != '&')
			s++;
		if (*s == ';' || *s == '&')
			continue;	/* the separator is handled above */
		if (*s)
			*s++ = '\0';
	}
}

/* In the child: apply prefixes, then become the command. */
static void
exec_job(char **argv)
{
	char path[256];

	/* PID 1 ignores nothing, but reset signals for the child anyway */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	for (;;) {
		if (argv[0] && strcmp(argv[0], "nice") == 0)
			argv = prefix_nice(argv + 1);
		else if (argv[0] && strcmp(argv[0], "taskset") == 0)
			argv = prefix_taskset(argv + 1);
		else if (argv[0] && strcmp(argv[0], "chrt") == 0)
			argv = prefix_chrt(argv + 1);
		else
			break;
	}
	if (!argv[0]) {
		fprintf(stderr, "linux-init: missing command\n");
		_exit(2);
	}
	snprintf(path, sizeof(path), "%s%s",
		 strchr(argv[0], '/') ? "" : "/bin/", argv[0]);
	execv(path, argv);
	fprintf(stderr, "linux-init: %s: %s\n", argv[0], strerror(errno));
	_exit(errno == ENOENT ? 127 : 126);
}

/* Shell-style status: the exit code, or 128 + signal. */
static int
sh_status(int st)
{
	if (WIFSIGNALED(st)) {
		printf("linux-init: killed by signal %d (%s)\n",
		       WTERMSIG(st), strsignal(WTERMSIG(st)));
		return 128 + WTERMSIG(st);
	}
	return WEXITSTATUS(st);
}

/* Record the status of child pid if it is one of our jobs. */
static void
note_exit(pid_t pid, int st)
{
	for (int i = 0; i < njobs; i++) {
		if (jobs[i].pid == pid && !jobs[i].done) {
			jobs[i].done = 1;
			jobs[i].status = sh_status(st);
			if (jobs[i].bg)
				printf("linux-init: [%d] done status %d\n",
				       pid, jobs[i].status);
			return;
		}
	}
	/* an orphan re-parented to PID 1: just reaped */
}

/* Wait until job j has finished, reaping whatever else exits meanwhile. */
static void
wait_job(int j)
{
	while (!jobs[j].done) {
		int st;
		pid_t pid = waitpid(-1, &st, 0);

		if (pid < 0) {
			if (errno == EINTR)
				continue;
			/* no children left: it can not finish any more */
			jobs[j].done = 1;
			jobs[j].status = 1;
			return;
		}
		note_exit(pid, st);
	}
}

/* Job i is a builtin (cd, wait): run it in init.  0 if it is not one. */
static int
builtin(int i)
{
	char **argv = jobs[i].argv;

	if (strcmp(argv[0], "cd") == 0) {
		jobs[i].status = 0;
		if (!argv[1] || chdir(argv[1]) < 0) {
			printf("linux-init: cd %s: %s\n", argv[1] ? argv[1] : "",
			       argv[1] ? strerror(errno) : "no directory");
			jobs[i].status = 1;
		}
	} else if (strcmp(argv[0], "wait") == 0) {
		for (int j = 0; j < i; j++)
			wait_job(j);
		jobs[i].status = 0;
	} else {
		return 0;
	}
	jobs[i].done = 1;
	return 1;
}

static int
run_workload(void)
{
	int v = 0;

	for (int i = 0; i < njobs; i++) {
		if (builtin(i))
			continue;
		fflush(NULL);
		jobs[i].pid = fork();
		if (jobs[i].pid < 0) {
			printf("linux-init: fork: %s\n", strerror(errno));
			jobs[i].done = 1;
			jobs[i].status = 1;
			continue;
		}
		if (jobs[i].pid == 0)
			exec_job(jobs[i].argv);
		if (jobs[i].bg)
			printf("linux-init: [%d] %s\n", jobs[i].pid,
			       jobs[i].argv[0]);
		else
			wait_job(i);
	}
	for (int i = 0; i < njobs; i++)
		wait_job(i);
	/* reap orphans that are already gone; do not wait for live ones */
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	for (int i = 0; i < njobs && v == 0; i++)
		v = jobs[i].status;
	return v;
}

/* Seconds since boot from /proc/uptime, as text (the boot cost). */
static const char *
uptime(void)
{
	static char buf[64];
	int fd = open("/proc/uptime", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	buf[strcspn(buf, " \n")] = '\0';
	return buf[0] ? buf : "?";
}

int
main(void)
{
	static char workload[MAXLINE];
	int v;

	mount_one("proc", "/proc", "proc");
	mount_one("sysfs", "/sys", "sysfs");
	mount_one("devtmpfs", "/dev", "devtmpfs");
	mkdir("/tmp", 01777);	/* the initramfs is writable: as Quanta's /tmp */
	console_fds();
	setvbuf(stdout, NULL, _IOLBF, 0);
	setenv("PATH", "/bin", 1);

	if (read_workload(workload, sizeof(workload)) < 0 ||
	    parse(workload) < 0 || njobs == 0) {
		printf("linux-init: nothing to run\n");
		power_off(2);
	}
	printf("linux-init: running %d command(s), uptime %s s\n", njobs,
	       uptime());
	v = run_workload();
	printf("linux-init: workload status %d, uptime %s s\n", v, uptime());
	power_off(v);
	return 0;
}
