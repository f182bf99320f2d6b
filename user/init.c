/*
 * init.c - /bin/init, the first user process.
 *
 * Prints a banner, then runs /bin/sh over and over: when the shell exits
 * (the user typed "exit [N]" or Ctrl-D), init exits with its status and
 * the kernel powers off; a shell killed by a signal (a crash) is started
 * again.
 *
 *   init                    the shell loop
 *   init -- CMD [ARG]...    run CMD once and exit with its status
 *                           (the boot command line "-- CMD ARG..." arrives
 *                           here as argv[1..], without the "--")
 *
 * The kernel makes init the parent of every orphan, so init waits for
 * any child (waitpid(-1, ...)) and thereby reaps them too.  fds 0, 1 and
 * 2 are the console already.
 *
 * System calls: uname, sysinfo (Quanta's), nprocs (sysconf), fork,
 * execve, waitpid, stat (access), clock_gettime, nanosleep
 * (sleep), write.
 */
#include <errno.h>
#include <quanta.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SHELL	"/bin/sh"

static void
banner(void)
{
	struct utsname u;
	struct q_sysinfo si;

	if (uname(&u) < 0) {
		memset(&u, 0, sizeof(u));
		strcpy(u.sysname, "Quanta");
	}
	/* uname's version field names the scheduling policy */
	printf("%s %s %s %s, %ld CPUs", u.sysname, u.release, u.version,
	       u.machine, sysconf(_SC_NPROCESSORS_ONLN));
	if (q_sysinfo(&si) == 0)
		printf(", HZ %u", si.hz);
	printf("\n");
}

static int killed;		/* the last run() ended by a signal */

/* Run argv (a path, or a name in /bin) to its end; returns its status,
 * 128 + N if signal N killed it (and sets killed). */
static int
run(char **argv)
{
	char path[128];
	pid_t pid, w;
	int st;

	snprintf(path, sizeof(path), "%s%s",
		 strchr(argv[0], '/') ? "" : "/bin/", argv[0]);
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "init: fork: %s\n", strerror(errno));
		return 126;
	}
	if (pid == 0) {
		execv(path, argv);
		fprintf(stderr, "init: %s: %s\n", path, strerror(errno));
		_exit(127);
	}
	/* Any child: orphans are ours to reap as well. */
	while ((w = waitpid(-1, &st, 0)) != pid)
		if (w < 0 && errno != EINTR)
			return 126;
	killed = WIFSIGNALED(st);
	return killed ? 128 + WTERMSIG(st) : WEXITSTATUS(st);
}

int
main(int argc, char **argv)
{
	char *sh_argv[] = { SHELL, NULL };
	int status;

	banner();
	if (argc > 1 && strcmp(argv[1], "--") == 0) {
		argv++;
		argc--;
	}
	if (argc > 1)
		return run(argv + 1);
	if (access(SHELL, X_OK) < 0) {
		fprintf(stderr, "init: %s: %s\n", SHELL, strerror(errno));
		return 127;
	}
	for (;;) {
		struct timespec start, end;

		clock_gettime(CLOCK_MONOTONIC, &start);
		status = run(sh_argv);
		if (!killed)
			return status;	/* it exited: exit N gives N */
		clock_gettime(CLOCK_MONOTONIC, &end);
		printf("init: %s ended with status %d; starting a new one\n",
		       SHELL, status);
		/* a shell that dies at once must not flood the console */
		if (end.tv_sec - start.tv_sec < 2)
			sleep(1);
	}
}
