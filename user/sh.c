/*
 * sh.c - /bin/sh, Quanta's shell on the serial console.
 *
 *   sh                  read commands from stdin, prompting with "$ "
 *   sh -c CMD           run CMD, exit with its status
 *   sh FILE [ARG]...    run the lines of FILE ($0 FILE, $1... the ARGs),
 *                       exit with the last status
 *
 * The language is a subset of the POSIX shell's (XCU chapter 2), parsed
 * and expanded as sh_parse.h describes: lists separated by ';', '&' or
 * newlines, AND-OR lists with && and ||, pipelines, redirections
 * (< > >> 2> 2>&1 >&2 ...), quoting ('...', "...", \), variables and
 * the environment (sh_vars.h), globbing (sh_glob.h), comments.  A command
 * without '/' is looked up in $PATH (/bin when unset).  Not there: command
 * substitution, here-documents, functions, if/while/for/case, ${NAME:-w}
 * and the other ${...} forms but the plain one, aliases.
 *
 * On a terminal the shell does job control (POSIX 2.11, sh_jobs.h): each
 * pipeline is a job in its own process group, given the console while it
 * runs in the foreground; Ctrl-Z stops it ("jobs", "fg", "bg" go on from
 * there), and the shell itself ignores the keyboard's signals.  Lines are
 * typed with the editor of sh_edit.h (arrows, Ctrl-A/E/U/W, history).
 *
 * Builtins (sh_builtin.h): exit [N], cd, pwd, export, unset, set, help,
 * jobs, fg [%N], bg [%N], wait [ID].  Prefixes: "time PIPELINE" measures
 * it; "nice [-n N] CMD", "taskset MASK CMD" and "chrt" change the
 * priority, the allowed CPUs or the policy of CMD (sh_prefix.h).
 *
 * System calls: read, write, open, close, pipe, dup, dup2, fork, execve,
 * waitpid, getdents, chdir, getcwd, clock_gettime, getrusage, nice,
 * sched_setaffinity, setpgid, ioctl (tcsetpgrp, tcgetattr, tcsetattr),
 * sigaction, kill.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "sh_prefix.h"

#define MAXLINE		1024	/* bytes in one line */

static pid_t shell_pid;			/* $$ */

#include "sh_edit.h"
#include "sh_vars.h"
#include "sh_glob.h"
#include "sh_parse.h"
#include "sh_jobs.h"
#include "sh_builtin.h"
#include "sh_exec.h"

/* ---- reading and cutting lines ---- */

/*
 * Read one line (without its '\n') from fd; -1 at the end of input.  One
 * byte per read(), so that commands reading the same input (a script
 * piped in) find the rest of it where the shell stopped.  The console
 * hands out whole lines anyway.
 */
static int
read_line(int fd, char *buf, int size)
{
	int n = 0, r, too_long = 0;
	char c;

	while ((r = read(fd, &c, 1)) == 1 && c != '\n') {
		if (n < size - 1)
			buf[n++] = c;
		else
			too_long = 1;
	}
	if (r <= 0 && n == 0)
		return -1;
	buf[n] = 0;
	if (too_long) {
		fprintf(stderr, "sh: line too long (max %d bytes)\n", size - 1);
		buf[0] = 0;
	}
	return n;
}

/* Run a line: lists separated by ';', '&' or newlines. */
static void
run_line(const char *s)
{
	static char list[MAXLINE];
	static char text[64];
	const char *end;
	int andor;

	if (strlen(s) >= MAXLINE) {
		fprintf(stderr, "sh: line too long (max %d)\n", MAXLINE - 1);
		last_status = 2;
		return;
	}
	if (!line_syntax_ok(s)) {
		last_status = 2;
		return;
	}
	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		end = list_end(s, &andor);
		snprintf(list, sizeof(list), "%.*s", (int)(end - s), s);
		snprintf(text, sizeof(text), "%.*s", (int)sizeof(text) - 1,
			 list);
		for (int k = (int)strlen(text) - 1; k >= 0 &&
		     strchr(" \t", text[k]); k--)
			text[k] = 0;
		pipeline_text = text;
		if (!list[strspn(list, " \t")]) {
			;	/* blank to the end (line_syntax_ok checked) */
		} else if (*end == '&' && andor) {
			run_list_bg(list);
		} else {
			run_andor(list, *end == '&');
		}
		s = *end ? end + 1 : end;
	}
}

/* Read and run lines from fd until its end. */
static void
run_file(int fd, int interactive)
{
	char line[MAXLINE];

	for (;;) {
		reap_jobs();
		if (interactive) {
			int r;
			fflush(stdout);
			r = edit_line("$ ", line, sizeof(line));
			if (r == -1)
				return;
			if (r >= 0) {
				run_line(line);
				continue;
			}
			printf("$ ");
			fflush(stdout);
		}
		if (read_line(fd, line, sizeof(line)) < 0)
			return;
		run_line(line);
	}
}

/*
 * "sh -c CMD".  On the boot command line (init=/bin/sh -- -c 'echo hi')
 * the kernel splits at every space and keeps the quotes, so CMD may come
 * as several words: join them, and drop one pair of quotes around it all.
 */
static char *
join_words(char **words)
{
	size_t len = 1, n;
	char *s;

	for (int i = 0; words[i]; i++)
		len += strlen(words[i]) + 1;
	if (!(s = calloc(len, 1)))
		return NULL;
	for (int i = 0; words[i]; i++) {
		if (i > 0)
			strcat(s, " ");
		strcat(s, words[i]);
	}
	n = strlen(s);
	if (words[1] && n >= 2 && (s[0] == '\'' || s[0] == '"') &&
	    s[n - 1] == s[0]) {
		s[n - 1] = 0;
		memmove(s, s + 1, n - 1);
	}
	return s;
}

/* An interactive shell leads its own process group, owns the terminal
 * while it reads, and ignores the signals of the keyboard. */
static void
start_job_control(void)
{
	shell_pgid = getpid();
	if (setpgid(0, shell_pgid) < 0 && getpgrp() != shell_pgid)
		return;
	signal(SIGINT, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	signal(SIGTSTP, SIG_IGN);
	signal(SIGTTIN, SIG_IGN);
	signal(SIGTTOU, SIG_IGN);
	if (tcsetpgrp(0, shell_pgid) < 0 || tcgetattr(0, &shell_modes) < 0)
		return;
	job_control = 1;
}

int
main(int argc, char **argv)
{
	char *cmd, cwd[PATH_MAX];

	shell_pid = getpid();
	shell_pgid = getpgrp();
	var_import(environ);
	if (getcwd(cwd, sizeof(cwd)))
		var_set("PWD", 3, cwd, 1);
	positional = argv;			/* $0 is sh ... */
	npositional = 1;
	if (argc >= 2 && strcmp(argv[1], "-c") != 0) {
		positional = argv + 1;		/* ... or FILE, then ARGs */
		npositional = argc - 1;
	}
	if (argc >= 2 && strcmp(argv[1], "-c") == 0) {
		if (argc < 3 || !(cmd = join_words(argv + 2))) {
			fprintf(stderr, "usage: sh -c COMMAND\n");
			return 2;
		}
		run_line(cmd);
		return last_status;
	}
	if (argc >= 2) {
		if ((script_fd = open(argv[1], O_RDONLY)) < 0) {
			fprintf(stderr, "sh: %s: %s\n", argv[1],
				strerror(errno));
			return 127;
		}
		run_file(script_fd, 0);
		return last_status;
	}
	if (isatty(0))
		start_job_control();
	run_file(0, isatty(0));
	return 0;
}
