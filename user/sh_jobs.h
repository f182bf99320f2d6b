/*
 * sh_jobs.h - the shell's jobs (POSIX 2.11): each pipeline, or each list
 * run with '&', is a job in its own process group when the shell does job
 * control; the builtins jobs, fg, bg and wait.  Part of user/sh.c.
 */
#ifndef USER_SH_JOBS_H
#define USER_SH_JOBS_H

#define MAXJOBS		16	/* background pipelines remembered */

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
static int script_fd = -1;		/* a script; children close it */

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

static struct job *job_find(const char *spec);
static int job_wait(char **argv);

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

/* The job that holds process pid, or NULL. */
static struct job *
job_of_pid(pid_t pid)
{
	for (int i = 0; i < MAXJOBS; i++)
		for (int k = 0; jobtab[i].id && k < jobtab[i].npids; k++)
			if (jobtab[i].pids[k] == pid)
				return &jobtab[i];
	return NULL;
}

/*
 * "wait": wait for every running background job, status 0.  "wait ID...":
 * for each job (%N or a process id), the status of the last one; 127 for
 * one the shell does not know (POSIX 2.14 wait).  Stopped jobs are not
 * waited for.
 */
static int
job_wait(char **argv)
{
	struct job *j;
	int status = 0;

	if (!argv[1]) {
		while ((j = job_find(NULL)) != NULL && !j->stopped)
			wait_fg(j);
		return 0;
	}
	for (int i = 1; argv[i]; i++) {
		j = argv[i][0] == '%' ? job_find(argv[i]) :
		    job_of_pid((pid_t)atoi(argv[i]));
		if (!j) {
			fprintf(stderr, "wait: %s: no such job\n", argv[i]);
			status = 127;
		} else {
			status = j->stopped ? 128 + SIGTSTP : wait_fg(j);
		}
	}
	return status;
}

/*
 * "kill %N": bash's kill is a builtin that takes job IDs; /bin/kill takes
 * process IDs, and -PGID for a group.  In the command's child (whose job
 * table is a copy of the shell's) each %N becomes its job's -PGID or,
 * without job control (the jobs are then in the shell's own group), the
 * job's live process IDs.  A "--" goes first if %N is the first argument,
 * so that -PGID is not read as a signal.  NULL after a message.
 */
static char **
kill_job_args(char **argv)
{
	static char *out[MAXARGS + 2];
	static char text[MAXARGS][16];
	int k = 0, t = 0;

	out[k++] = argv[0];
	if (argv[1] && argv[1][0] == '%')
		out[k++] = "--";
	for (int i = 1; argv[i]; i++) {
		struct job *j;
		if (argv[i][0] != '%') {
			if (k > MAXARGS)
				goto too_many;
			out[k++] = argv[i];
			continue;
		}
		if (!(j = job_find(argv[i]))) {
			fprintf(stderr, "kill: %s: no such job\n", argv[i]);
			return NULL;
		}
		for (int p = 0; p < (job_control ? 1 : j->npids); p++) {
			pid_t id = job_control ? -j->pgid : j->pids[p];
			if (!id)
				continue;	/* reaped */
			if (k > MAXARGS || t == MAXARGS)
				goto too_many;
			snprintf(text[t], sizeof(text[t]), "%d", (int)id);
			out[k++] = text[t++];
		}
	}
	out[k] = NULL;
	return out;
too_many:
	fprintf(stderr, "kill: too many arguments\n");
	return NULL;
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
	if (strcmp(argv[0], "wait") == 0)
		return job_wait(argv);
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

#endif
