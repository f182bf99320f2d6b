/*
 * sh_exec.h - running commands: redirections, the PATH search, pipelines
 * as jobs, the "time" prefix, AND-OR lists.  Part of user/sh.c.
 */
#ifndef USER_SH_EXEC_H
#define USER_SH_EXEC_H

/* Apply c's redirections in order (so "> f 2>&1" and "2>&1 > f" differ,
 * as POSIX says); 0, or -1 after a message. */
static int
apply_redirs(struct cmd *c)
{
	for (int i = 0; i < c->nredir; i++) {
		struct redir *r = &c->redir[i];
		int fd, flags = O_RDONLY;

		if (r->op == OP_DUP) {
			if (r->dupfd < 0) {
				close(r->fd);
			} else if (dup2(r->dupfd, r->fd) < 0) {
				fprintf(stderr, "sh: %d: %s\n", r->dupfd,
					strerror(errno));
				return -1;
			}
			continue;
		}
		if (r->op == OP_OUT)
			flags = O_WRONLY | O_CREAT | O_TRUNC;
		else if (r->op == OP_APPEND)
			flags = O_WRONLY | O_CREAT | O_APPEND;
		if ((fd = open(r->file, flags, 0666)) < 0) {
			fprintf(stderr, "sh: %s: %s\n", r->file,
				strerror(errno));
			return -1;
		}
		if (fd != r->fd) {
			dup2(fd, r->fd);
			close(fd);
		}
	}
	return 0;
}

/* Exec argv[0], searched in $PATH (/bin if unset) unless it holds a '/';
 * returns only on failure, with the shell's status for it. */
static int
exec_path(char **argv, char **envp)
{
	const char *path = var_get("PATH", 4), *dir, *end;
	char file[PATH_MAX];
	int err = ENOENT;

	if (strchr(argv[0], '/')) {
		execve(argv[0], argv, envp);
		err = errno;
	} else {
		for (dir = path ? path : "/bin"; ; dir = end + 1) {
			end = strchr(dir, ':');
			if (!end)
				end = dir + strlen(dir);
			snprintf(file, sizeof(file), "%.*s%s%s",
				 (int)(end - dir), dir, end > dir ? "/" : "",
				 argv[0]);
			execve(file, argv, envp);
			if (errno != ENOENT)
				err = errno;	/* found, but it failed */
			if (!*end)
				break;
		}
	}
	if (err == ENOENT) {
		fprintf(stderr, "sh: %s: not found\n", argv[0]);
		return 127;
	}
	fprintf(stderr, "sh: %s: %s\n", argv[0], strerror(err));
	return 126;
}

/* In a child: redirect, apply prefixes, then become the command. */
static void
run_child(struct cmd *c)
{
	char **argv = c->argv, **envp;
	int st;

	if (script_fd > 2)
		close(script_fd);
	if (apply_redirs(c) < 0)
		_exit(1);
	if (!argv[0])
		_exit(0);		/* only redirections (or NAME=value) */
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
	if ((st = builtin(argv)) >= 0) {
		fflush(stdout);
		exit(st);
	}
	if (strcmp(argv[0], "kill") == 0 && !(argv = kill_job_args(argv)))
		_exit(1);
	if (!(envp = var_environ(c->assign))) {
		fprintf(stderr, "sh: out of memory\n");
		_exit(126);
	}
	fflush(stdout);
	_exit(exec_path(argv, envp));
}

/*
 * A command the shell runs itself: NAME=value words alone set shell
 * variables; a builtin runs with its redirections applied around it (the
 * shell's descriptors 0-2 saved and put back).  -1 if c is neither.
 */
static int
run_in_shell(struct cmd *c)
{
	int saved[3], st = 0;

	if (c->argv[0] && !is_builtin(c->argv[0]))
		return -1;
	for (int i = 0; c->assign[i]; i++)
		if (var_assign(c->assign[i], 0) < 0)
			st = 1;
	if (!c->argv[0] && c->nredir == 0)
		return st;
	for (int i = 0; i < 3; i++)
		saved[i] = dup(i);
	if (apply_redirs(c) < 0)
		st = 1;
	else if (c->argv[0])
		st = builtin(c->argv);
	fflush(stdout);
	fflush(stderr);
	for (int i = 0; i < 3; i++) {
		if (saved[i] < 0)
			continue;
		dup2(saved[i], i);
		close(saved[i]);
	}
	return st;
}

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

/* pid, just forked, is the next process of job j. */
static void
job_add(struct job *j, pid_t pid)
{
	if (!j->pgid)
		j->pgid = job_control ? pid : shell_pgid;
	if (job_control)
		setpgid(pid, j->pgid);	/* as the child does: no race */
	j->pids[j->npids++] = pid;
	j->nlive++;
}

/* A background job started: say so, remember $!. */
static int
job_started(struct job *j)
{
	last_bg_pid = j->pids[j->npids - 1];
	if (job_control)
		printf("[%d] %d\n", j->id, (int)last_bg_pid);
	return 0;
}

/* Start cmds[0] | cmds[1] | ... as a job; wait for it unless bg. */
static int
run_pipeline(struct cmd *cmds, int n, int bg)
{
	int in = -1, fds[2], st;
	struct job *j;
	pid_t pid;

	if (n == 1 && !bg && (st = run_in_shell(&cmds[0])) >= 0)
		return st;
	if (!(j = job_new())) {
		fprintf(stderr, "sh: too many jobs (%d)\n", MAXJOBS);
		return 1;
	}
	for (int i = 0; i < n; i++) {
		fds[0] = fds[1] = -1;
		if (i < n - 1 && pipe(fds) < 0) {
			fprintf(stderr, "sh: pipe: %s\n", strerror(errno));
			break;
		}
		fflush(stdout);
		if ((pid = fork()) < 0)
			fprintf(stderr, "sh: fork: %s\n", strerror(errno));
		if (pid == 0) {
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
		if (pid > 0)
			job_add(j, pid);
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
	if (bg)
		return job_started(j);
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
	static struct cmd cmds[MAXCMDS];
	static char arena[GLOB_ARENA];
	struct glob_out g = { .arena = arena, .end = arena + sizeof(arena) };
	int timed = 0, nc;

	if (tok[0].op == 0 && !tok[0].assign &&
	    strcmp(tok[0].word, "time") == 0) {
		timed = !bg;
		tok++;
		n--;
	}
	if (n == 0) {
		fprintf(stderr, "usage: time CMD [ARG]...\n");
		return 2;
	}
	if ((nc = parse_pipeline(tok, n, cmds, &g)) < 0)
		return 2;
	return timed ? run_timed(cmds, nc) : run_pipeline(cmds, nc, bg);
}

/*
 * Run an AND-OR list (POSIX 2.9.3): each pipeline after && runs if the
 * last one run succeeded, after || if it failed; $? is the last one run.
 * bg: the list is a single pipeline to start in the background.
 */
static void
run_andor(const char *s, int bg)
{
	static char words[4 * MAXLINE];
	static struct token tok[MAXTOKENS];
	int n, next, op = 0;

	for (;;) {
		int skip = (op == OP_AND && last_status != 0) ||
			   (op == OP_OR && last_status == 0);

		if ((n = tokenize(&s, tok, words, sizeof(words), &next)) < 0) {
			last_status = 2;
			return;
		}
		if (n == 0 && (next || op)) {
			syntax_error("&& and || need a command on each side");
			last_status = 2;
			return;
		}
		if (n > 0 && !skip)
			last_status = run_tokens(tok, n, bg);
		if (!next)
			return;
		op = next;
	}
}

/* "LIST &" with && or || in it: a subshell runs the list as one job. */
static void
run_list_bg(const char *s)
{
	struct job *j = job_new();
	pid_t pid;

	if (!j) {
		fprintf(stderr, "sh: too many jobs (%d)\n", MAXJOBS);
		last_status = 1;
		return;
	}
	fflush(stdout);
	if ((pid = fork()) < 0) {
		fprintf(stderr, "sh: fork: %s\n", strerror(errno));
		j->id = 0;
		last_status = 1;
		return;
	}
	if (pid == 0) {
		child_job_setup(j, 1);
		job_control = 0;
		memset(jobtab, 0, sizeof(jobtab));
		run_andor(s, 0);
		fflush(stdout);
		exit(last_status);
	}
	job_add(j, pid);
	last_status = job_started(j);
}

#endif
