/*
 * kill.c - /bin/kill: send a signal to processes.
 *
 *   kill [-SIG | -s SIG] PID...    SIG: a number or a name (9, KILL,
 *                                  SIGKILL); default TERM.  PID -N is
 *                                  process group N (kill -STOP -- -12)
 *   kill -l                        list the signal names
 *
 * What the signal does is the process's business: its handler, or the
 * default action (terminate, stop, continue, ignore; docs/syscalls.md).
 *
 * System calls: kill, write.
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[] = {
	[SIGHUP] = "HUP", [SIGINT] = "INT", [SIGQUIT] = "QUIT",
	[SIGILL] = "ILL", [SIGTRAP] = "TRAP", [SIGABRT] = "ABRT",
	[SIGBUS] = "BUS", [SIGFPE] = "FPE", [SIGKILL] = "KILL",
	[SIGUSR1] = "USR1", [SIGSEGV] = "SEGV", [SIGUSR2] = "USR2",
	[SIGPIPE] = "PIPE", [SIGALRM] = "ALRM", [SIGTERM] = "TERM",
	[SIGSTKFLT] = "STKFLT", [SIGCHLD] = "CHLD", [SIGCONT] = "CONT",
	[SIGSTOP] = "STOP", [SIGTSTP] = "TSTP", [SIGTTIN] = "TTIN",
	[SIGTTOU] = "TTOU", [SIGURG] = "URG", [SIGXCPU] = "XCPU",
	[SIGXFSZ] = "XFSZ", [SIGVTALRM] = "VTALRM", [SIGPROF] = "PROF",
	[SIGWINCH] = "WINCH", [SIGIO] = "IO", [SIGPWR] = "PWR", [SIGSYS] = "SYS",
};
#define NNAMES	(int)(sizeof(names) / sizeof(names[0]))

/* A signal number from "9", "KILL" or "SIGKILL"; -1 if unknown. */
static int
parse_signal(const char *s)
{
	if (isdigit((unsigned char)*s)) {
		char *end;
		long n = strtol(s, &end, 10);
		return *end || n >= NSIG ? -1 : (int)n;
	}
	if (strncmp(s, "SIG", 3) == 0)
		s += 3;
	for (int i = 1; i < NNAMES; i++)
		if (names[i] && strcmp(names[i], s) == 0)
			return i;
	return -1;
}

static int
usage(void)
{
	fprintf(stderr, "usage: kill [-SIG | -s SIG] PID...\n       kill -l\n");
	return 2;
}

int
main(int argc, char **argv)
{
	int sig = SIGTERM, i = 1, status = 0;
	const char *name = NULL;

	if (argc == 2 && strcmp(argv[1], "-l") == 0) {
		for (int s = 1; s < NNAMES; s++)
			printf("%2d %s\n", s, names[s]);
		return 0;
	}
	if (argc > 2 && strcmp(argv[1], "-s") == 0) {
		name = argv[2];
		i = 3;
	} else if (argc > 1 && argv[1][0] == '-' && strcmp(argv[1], "--")) {
		name = argv[1] + 1;
		i = 2;
	}
	if (i < argc && strcmp(argv[i], "--") == 0)
		i++;			/* what follows may be -PGID */
	if (name && (sig = parse_signal(name)) < 0) {
		fprintf(stderr, "kill: unknown signal '%s'\n", name);
		return 2;
	}
	if (i >= argc)
		return usage();
	for (; i < argc; i++) {
		char *end;
		long pid = strtol(argv[i], &end, 10);

		if (*argv[i] == 0 || *end) {
			fprintf(stderr, "kill: '%s' is not a pid\n", argv[i]);
			status = 1;
		} else if (kill((pid_t)pid, sig) < 0) {
			fprintf(stderr, "kill: %ld: %s\n", pid, strerror(errno));
			status = 1;
		}
	}
	return status;
}
