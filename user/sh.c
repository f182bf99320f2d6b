/*
 * sh.c - /bin/sh, Quanta's shell on the serial console.
 *
 *   sh              read commands from stdin, prompting with "$ "
 *   sh -c CMD       run CMD, exit with its status
 *   sh FILE         run the lines of FILE, exit with the last status
 *
 * A line holds pipelines separated by ';' or '&' (run in the background:
 * "[job] pgid" now, "[job] Done (status N)" before a later prompt).  A
 * pipeline is commands joined by '|'; a command is words with optional
 * "< FILE", "> FILE", "2> FILE" and "2>&1".  Quotes '...' and "..." group
 * words; $? is the status of the last pipeline (not inside '...'); a
 * backslash takes the next character literally (inside "..." only before
 * $ " \); '#' starts a comment.  A command without '/' is looked up in
 * /bin.
 *
 * On a terminal the shell does job control (POSIX 2.11): each pipeline is
 * a job in its own process group, given the console while it runs in the
 * foreground; Ctrl-Z stops it ("jobs", "fg", "bg" go on from there), and
 * the shell itself ignores the keyboard's signals.  Lines are typed with
 * the editor of sh_edit.h (arrows, Ctrl-A/E/U/W, history).
 *
 * Builtins: exit [N] (default 0, so init powers off), cd, help, jobs,
 * fg [%N], bg [%N], wait.  Prefixes: "time PIPELINE" measures it;
 * "nice [-n N] CMD" and "taskset MASK CMD" change the priority or the
 * allowed CPUs of CMD.
 *
 * System calls: read, write, open, close, pipe, dup2, fork, execve,
 * waitpid, clock_gettime, getrusage, nice, sched_setaffinity, setpgid,
 * ioctl (tcsetpgrp, tcgetattr, tcsetattr), sigaction, kill.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
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
#define MAXTOKENS	128	/* words and operators in one pipeline */
#define MAXARGS		32	/* words in one command */
#define MAXCMDS		8	/* commands in one pipeline */
#define MAXJOBS		16	/* background pipelines remembered */

#include "sh_edit.h"

/* A word (op == 0) or an operator: '|', '<', '>', 'a' (>>), 'e' (2>),
 * 'd' (2>&1). */
struct token {
	int op;
	char *word;
};

struct cmd {
	char *argv[MAXARGS + 1];	/* NULL-terminated */
	char *in, *out, *err;		/* redirections, or NULL */
	int err_to_out;			/* 2>&1 */
	int append;			/* >>: out opened O_APPEND */
};

static int last_status;			/* $? */
static int script_fd = -1;		/* a script; children close it */

/* A job: one pipeline, in its own process group when the shell runs
 * interactively (job control, POSIX 2.11). */
struct job {
	int id;				/* %id; 0: a free slot */
	pid_t pgid;
	pid_t pids[MAXCMDS];		/* 0 once that process is reaped */
	int npids, nlive;
	int status;			/* the last command's, as $? */
	int stopped;
	int told;			/* stopped, as last reported */
	char cmd[64];
};
static struct job jobtab[MAXJOBS];
static int job_control;			/* interactive on a terminal */
static pid_t shell_pgid;
static struct termios shell_modes;	/* the terminal as the shell wants it */
static const char *pipeline_text = "";	/* for "jobs" */

static const char help_text[] =
	"Quanta sh: words, 'quotes', \"quotes\", \\x, $?, # comments\n"
	"  a ; b      run a, then b        a & b    run a in the background\n"
	"  a | b      pipe a into b        < f  > f  >> f  2> f  2>&1 redirect\n"
	"builtins:\n"
	"  exit [N]               leave the shell (N = 0: init powers off)\n"
	"  jobs, fg [%N], bg [%N] job control (Ctrl-Z stops the foreground)\n"
	"  wait                   wait for every background job\n"
	"  cd                     (there are no directories to change to)\n"
	"  time PIPELINE          elapsed, user, sys, %CPU, context switches\n"
	"  nice [-n N] CMD...     run CMD with nice N (default 10)\n"
	"  taskset MASK CMD...    run CMD on the CPUs in hex MASK (0x3 = 0,1)\n"
	"  help                   this text\n"
	"commands are in /bin: ls /bin\n";

/* Turn a wait status into a shell status: the exit code, or 128 + signal. */
static int
shell_status(int st, int report)
{
	int sig;

	if (!WIFSIGNALED(st))
		return WEXITSTATUS(st);
	sig = WTERMSIG(st);
	if (report && sig == SIGINT)
		fputc('\n', stderr);		/* after the ^C echo */
	else if (report && sig != SIGPIPE)
		fprintf(stderr, "Killed by signal %d (%s)\n", sig,
			strsignal(sig));
	return 128 + sig;
}

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

/* Copy the word at s to *out (quotes removed, $? expanded); returns
 * where it ends, or NULL on an unterminated quote. */
static const char *
scan_word(const char *s, char **out, char *end)
{
	char *o = *out, num[12];
	int quote = 0;

	for (; *s; s++) {
		if (*s == '\\' && s[1] && quote != '\'' &&
		    (!quote || strchr("$\"\\", s[1]))) {
			if (o < end)		/* \x is x itself */
				*o++ = *++s;
		} else if (quote && *s == quote) {
			quote = 0;
		} else if (!quote && (*s == '\'' || *s == '"')) {
			quote = *s;
		} else if (!quote && strchr(" \t\n|;&<>", *s)) {
			break;
		} else if (quote != '\'' && s[0] == '$' && s[1] == '?') {
			snprintf(num, sizeof(num), "%d", last_status);
			for (char *p = num; *p && o < end; p++)
				*o++ = *p;
			s++;
		} else if (o < end) {
			*o++ = *s;
		}
	}
	if (quote) {
		fprintf(stderr, "sh: missing closing %c\n", quote);
		return NULL;
	}
	*o++ = 0;
	*out = o;
	return s;
}

/* An operator at s: its token code, and how many characters it takes. */
static int
scan_op(const char *s, int *len)
{
	*len = 1;
	if (s[0] == '>' && s[1] == '>') {
		*len = 2;
		return 'a';		/* >> FILE */
	}
	if (s[0] == '|' || s[0] == '<' || s[0] == '>')
		return s[0];
	if (s[0] == '2' && s[1] == '>' && s[2] == '&' && s[3] == '1') {
		*len = 4;
		return 'd';		/* 2>&1 */
	}
	if (s[0] == '2' && s[1] == '>') {
		*len = 2;
		return 'e';		/* 2> FILE */
	}
	return 0;
}

/*
 * Cut the next pipeline off *sp into tokens, copying words into buf
 * (2 * MAXLINE bytes).  Stops after ';', '&', a newline or the end and
 * stores which in *sep (0 for the end).  Returns the number of tokens, or
 * -1 after printing an error.
 */
static int
tokenize(const char **sp, struct token *tok, char *buf, int *sep)
{
	const char *s = *sp;
	char *out = buf;
	int n = 0, op, len;

	*sep = 0;
	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '#')
			while (*s && *s != '\n')
				s++;
		if (*s == 0)
			break;
		if ((s[0] == '&' || s[0] == '|') && s[1] == s[0]) {
			fprintf(stderr, "sh: %.2s is not supported\n", s);
			return -1;
		}
		if (*s == ';' || *s == '&' || *s == '\n') {
			*sep = *s++;
			break;
		}
		if (n == MAXTOKENS) {
			fprintf(stderr, "sh: too many words\n");
			return -1;
		}
		tok[n].word = NULL;
		if ((op = scan_op(s, &len)) != 0) {
			tok[n++].op = op;
			s += len;
			continue;
		}
		tok[n].op = 0;
		tok[n++].word = out;
		if (!(s = scan_word(s, &out, buf + 2 * MAXLINE - 1)))
			return -1;
	}
	*sp = s;
	return n;
}

/* ---- from tokens to commands ---- */

static int
syntax_error(const char *what)
{
	fprintf(stderr, "sh: syntax error: %s\n", what);
	return -1;
}

/* Remember "< FILE", "> FILE" or "2> FILE" for c. */
static void
set_redirect(struct cmd *c, int op, char *file)
{
	if (op == '<')
		c->in = file;
	else if (op == '>' || op == 'a')
		c->out = file, c->append = op == 'a';
	else
		c->err = file;
}

/* Fill cmds from a pipeline's tokens; returns how many, or -1. */
static int
parse_pipeline(struct token *tok, int n, struct cmd *cmds)
{
	struct cmd *c = &cmds[0];
	int nc = 0, argc = 0;

	memset(c, 0, sizeof(*c));
	for (int i = 0; i < n; i++) {
		int op = tok[i].op;

		if (op == 0) {
			if (argc == MAXARGS)
				return syntax_error("too many arguments");
			c->argv[argc++] = tok[i].word;
		} else if (op == 'd') {
			c->err_to_out = 1;
		} else if (op != '|') {
			if (i + 1 == n || tok[i + 1].op)
				return syntax_error("no file after < or >");
			set_redirect(c, op, tok[++i].word);
		} else if (argc == 0 || i + 1 == n) {
			return syntax_error("empty command in a pipeline");
		} else if (++nc == MAXCMDS) {
			return syntax_error("too many commands in a pipeline");
		} else {
			c = &cmds[nc];
			memset(c, 0, sizeof(*c));
			argc = 0;
		}
	}
	if (argc == 0)
		return syntax_error("missing command");
	return nc + 1;
}

/* ---- builtins and prefixes ---- */

static int job_builtin(char **argv);

/* Builtins; -1 if argv[0] is not one. */
static int
builtin(char **argv)
{
	int r;

	if ((r = job_builtin(argv)) >= 0)
		return r;
	if (strcmp(argv[0], "exit") == 0) {
		fflush(stdout);
		exit(argv[1] ? atoi(argv[1]) : 0);
	}
	if (strcmp(argv[0], "cd") == 0) {
		fprintf(stderr, "cd: no directories to change to\n");
		return 1;
	}
	if (strcmp(argv[0], "help") == 0) {
		fputs(help_text, stdout);
		return 0;
	}
	return -1;
}

/* Open path as fd target (0, 1 or 2); -1 after a message. */
static int
redirect(const char *path, int flags, int target)
{
	int fd = open(path, flags, 0644);

	if (fd < 0) {
		fprintf(stderr, "sh: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (fd != target) {
		dup2(fd, target);
		close(fd);
	}
	return 0;
}

/* In a child: redirect, apply prefixes, then become the command. */
static void
run_child(struct cmd *c)
{
	int wr = O_WRONLY | O_CREAT | O_TRUNC;
	char **argv = c->argv, path[128];
	int st;

	if (script_fd > 2)
		close(script_fd);
	if ((c->in && redirect(c->in, O_RDONLY, 0) < 0) ||
	    (c->out && redirect(c->out, c->append ? O_WRONLY | O_CREAT |
				O_APPEND : wr, 1) < 0) ||
	    (c->err && redirect(c->err, wr, 2) < 0))
		_exit(1);
	if (c->err_to_out)
		dup2(1, 2);
	for (;;) {
		if (strcmp(argv[0], "nice") == 0)
			argv = prefix_nice(argv + 1);
		else if (strcmp(argv[0], "taskset") == 0)
			argv = prefix_taskset(argv + 1);
		else if (strcmp(argv[0], "chrt") == 0)
			argv = prefix_chrt(argv + 1);
		else
			break;
	}
	if ((st = builtin(argv)) >= 0)
		exit(st);
	snprintf(path, sizeof(path), "%s%s",
		 strchr(argv[0], '/') ? "" : "/bin/", argv[0]);
	execv(path, argv);
	if (errno == ENOENT) {
		fprintf(stderr, "sh: %s: not found\n", argv[0]);
		_exit(127);
	}
	fprintf(stderr, "sh: %s: %s\n", argv[0], strerror(errno));
	_exit(126);
}

/* ---- jobs ---- */

static struct job *
job_new(void)
{
	int id = 1;

	for (int i = 0; i < MAXJOBS; i++)
		if (jobtab[i].id >= id)
			id = jobtab[i].id + 1;
	for (int i = 0; i < MAXJOBS; i++) {
		if (jobtab[i].id == 0) {
			memset(&jobtab[i], 0, sizeof(jobtab[i]));
			jobtab[i].id = id;
			snprintf(jobtab[i].cmd, sizeof(jobtab[i].cmd), "%s",
				 pipeline_text);
			return &jobtab[i];
		}
	}
	return NULL;
}

/* waitpid said st about pid: update its job. */
static void
job_update(pid_t pid, int st, int report)
{
	for (int i = 0; i < MAXJOBS; i++) {
		struct job *j = &jobtab[i];
		for (int k = 0; j->id && k < j->npids; k++) {
			if (j->pids[k] != pid)
				continue;
			if (WIFSTOPPED(st)) {
				j->stopped = 1;
			} else if (WIFCONTINUED(st)) {
				j->stopped = 0;
			} else {
				j->pids[k] = 0;
				j->nlive--;
				if (k == j->npids - 1)
					j->status = shell_status(st, report);
			}
			return;
		}
	}
}

/* Give the terminal to pgid (job control only). */
static void
give_terminal(pid_t pgid)
{
	if (job_control)
		tcsetpgrp(0, pgid);
}

/* Wait for job j in the foreground: until it ends or stops. */
static int
wait_fg(struct job *j)
{
	int st, status;
	pid_t pid;

	while (j->nlive > 0 && !j->stopped) {
		pid = waitpid(-1, &st, WUNTRACED);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		job_update(pid, st, 1);
	}
	if (job_control) {
		give_terminal(shell_pgid);
		tcsetattr(0, TCSADRAIN, &shell_modes);
	}
	if (j->stopped) {
		printf("\n[%d]+  Stopped\t\t%s\n", j->id, j->cmd);
		j->told = 1;
		return 128 + SIGTSTP;
	}
	status = j->status;
	j->id = 0;
	return status;
}

/* Collect finished children; report the background jobs among them. */
static void
reap_jobs(void)
{
	pid_t pid;
	int st;

	while ((pid = waitpid(-1, &st, WNOHANG | WUNTRACED | WCONTINUED)) > 0)
		job_update(pid, st, 0);
	for (int i = 0; i < MAXJOBS; i++) {
		struct job *j = &jobtab[i];
		if (j->id && j->nlive == 0) {
			printf("[%d]   Done (status %d)\t%s\n", j->id, j->status,
			       j->cmd);
			j->id = 0;
		} else if (j->id && j->stopped != j->told) {
			printf("[%d]+  %s\t\t%s\n", j->id, j->stopped ?
			       "Stopped" : "Running", j->cmd);
		}
		j->told = j->stopped;
	}
}

/* %N, or the newest job when spec is NULL. */
static struct job *
job_find(const char *spec)
{
	struct job *best = NULL;

	for (int i = 0; i < MAXJOBS; i++) {
		struct job *j = &jobtab[i];
		if (!j->id)
			continue;
		if (spec && atoi(spec + (*spec == '%')) == j->id)
			return j;
		if (!spec && (!best || j->id > best->id))
			best = j;
	}
	return best;
}

/* jobs, fg, bg, wait; -1 if argv[0] is none of them. */
static int
job_builtin(char **argv)
{
	struct job *j;
	int fg;

	if (strcmp(argv[0], "jobs") == 0) {
		reap_jobs();
		for (int i = 0; i < MAXJOBS; i++)
			if (jobtab[i].id)
				printf("[%d]  %s\t\t%s\n", jobtab[i].id,
				       jobtab[i].stopped ? "Stopped" :
				       "Running", jobtab[i].cmd);
		return 0;
	}
	if (strcmp(argv[0], "wait") == 0) {
		while ((j = job_find(NULL)) != NULL && !j->stopped)
			wait_fg(j);
		return 0;
	}
	fg = strcmp(argv[0], "fg") == 0;
	if (!fg && strcmp(argv[0], "bg") != 0)
		return -1;
	if (!(j = job_find(argv[1]))) {
		fprintf(stderr, "%s: %s: no such job\n", argv[0],
			argv[1] ? argv[1] : "current");
		return 1;
	}
	if (fg)
		printf("%s\n", j->cmd);
	else
		printf("[%d]+ %s &\n", j->id, j->cmd);
	fflush(stdout);
	if (fg)
		give_terminal(j->pgid);
	j->stopped = j->told = 0;
	if (kill(-j->pgid, SIGCONT) < 0)
		fprintf(stderr, "%s: %s\n", argv[0], strerror(errno));
	return fg ? wait_fg(j) : 0;
}

/* ---- running pipelines ---- */

/* In a new child of job j: its group, the terminal, default signals. */
static void
child_job_setup(struct job *j, int bg)
{
	if (!job_control)
		return;
	setpgid(0, j->pgid);
	if (!bg)
		tcsetpgrp(0, j->pgid ? j->pgid : getpid());
	signal(SIGINT, SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	signal(SIGTSTP, SIG_DFL);
	signal(SIGTTIN, SIG_DFL);
	signal(SIGTTOU, SIG_DFL);
}

/* Start cmds[0] | cmds[1] | ... as a job; wait for it unless bg. */
static int
run_pipeline(struct cmd *cmds, int n, int bg)
{
	pid_t *pids;
	int in = -1, fds[2], st;
	struct job *j;

	if (n == 1 && !bg && !cmds[0].in && !cmds[0].out && !cmds[0].err &&
	    (st = builtin(cmds[0].argv)) >= 0)
		return st;
	if (!(j = job_new())) {
		fprintf(stderr, "sh: too many jobs (%d)\n", MAXJOBS);
		return 1;
	}
	pids = j->pids;
	for (int i = 0; i < n; i++) {
		fds[0] = fds[1] = -1;
		if (i < n - 1 && pipe(fds) < 0) {
			fprintf(stderr, "sh: pipe: %s\n", strerror(errno));
			n = i;
			break;
		}
		fflush(stdout);
		if ((pids[i] = fork()) < 0)
			fprintf(stderr, "sh: fork: %s\n", strerror(errno));
		if (pids[i] == 0) {
			child_job_setup(j, bg);
			if (in >= 0) {
				dup2(in, 0);
				close(in);
			}
			if (fds[1] >= 0) {
				dup2(fds[1], 1);
				close(fds[1]);
				close(fds[0]);
			}
			run_child(&cmds[i]);
		}
		if (pids[i] > 0) {
			if (!j->pgid)
				j->pgid = job_control ? pids[i] : shell_pgid;
			if (job_control)
				setpgid(pids[i], j->pgid);  /* as the child does */
			j->npids = i + 1;
			j->nlive++;
		}
		if (in >= 0)
			close(in);
		if (fds[1] >= 0)
			close(fds[1]);
		in = fds[0];
	}
	if (in >= 0)
		close(in);
	if (j->nlive == 0) {
		j->id = 0;
		return 1;
	}
	if (bg) {
		printf("[%d] %d\n", j->id, j->pgid);
		return 0;
	}
	give_terminal(j->pgid);
	return wait_fg(j);
}

static long long
timeval_us(struct timeval tv)
{
	return (long long)tv.tv_sec * 1000000 + tv.tv_usec;
}

static void
print_seconds(const char *label, long long us)
{
	fprintf(stderr, "%lld.%02lld %s  ", us / 1000000, us % 1000000 / 10000,
		label);
}

/* "time PIPELINE": run it, then report like GNU time. */
static int
run_timed(struct cmd *cmds, int n)
{
	struct timespec t0, t1;
	struct rusage r0, r1;
	long long real, user, sys;
	int status;

	getrusage(RUSAGE_CHILDREN, &r0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	status = run_pipeline(cmds, n, 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	getrusage(RUSAGE_CHILDREN, &r1);
	real = (t1.tv_sec - t0.tv_sec) * 1000000LL +
	       (t1.tv_nsec - t0.tv_nsec) / 1000;
	user = timeval_us(r1.ru_utime) - timeval_us(r0.ru_utime);
	sys = timeval_us(r1.ru_stime) - timeval_us(r0.ru_stime);
	print_seconds("real", real);
	print_seconds("user", user);
	print_seconds("sys", sys);
	fprintf(stderr, "%lld%% CPU  %ld vol  %ld invol ctxsw\n",
		real > 0 ? (user + sys) * 100 / real : 0,
		r1.ru_nvcsw - r0.ru_nvcsw, r1.ru_nivcsw - r0.ru_nivcsw);
	return status;
}

/* Run one pipeline's tokens: "[time] cmd [| cmd]...". */
static int
run_tokens(struct token *tok, int n, int bg)
{
	struct cmd cmds[MAXCMDS];
	int timed = 0, nc;

	if (tok[0].op == 0 && strcmp(tok[0].word, "time") == 0) {
		timed = !bg;
		tok++;
		n--;
	}
	if (n == 0) {
		fprintf(stderr, "usage: time CMD [ARG]...\n");
		return 2;
	}
	if ((nc = parse_pipeline(tok, n, cmds)) < 0)
		return 2;
	return timed ? run_timed(cmds, nc) : run_pipeline(cmds, nc, bg);
}

/* Run a line: pipelines separated by ';', '&' or newlines. */
static void
run_line(const char *s)
{
	static char words[2 * MAXLINE];
	struct token tok[MAXTOKENS];
	int n, sep;

	if (strlen(s) >= MAXLINE) {
		fprintf(stderr, "sh: line too long (max %d)\n", MAXLINE - 1);
		last_status = 2;
		return;
	}
	while (*s) {
		const char *start = s;
		static char text[64];

		while (*start == ' ')
			start++;
		if ((n = tokenize(&s, tok, words, &sep)) < 0) {
			last_status = 2;
			return;
		}
		snprintf(text, sizeof(text), "%.*s", (int)(s - start), start);
		for (int k = (int)strlen(text) - 1; k >= 0 &&
		     strchr(" ;&\n", text[k]); k--)
			text[k] = 0;
		pipeline_text = text;
		if (n > 0) {
			last_status = run_tokens(tok, n, sep == '&');
		} else if (sep == ';' || sep == '&') {
			syntax_error(sep == ';' ? "nothing before ;" :
				     "nothing before &");
			last_status = 2;
			return;
		}
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
	char *cmd;

	shell_pgid = getpgrp();
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
