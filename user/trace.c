/*
 * trace.c - /bin/trace: record the scheduler's events from the shell.
 *
 *   trace start [-b EVENTS]   empty the per-CPU rings and record (-b: ring
 *                             size in events per CPU)
 *   trace stop                stop recording; the rings are kept
 *   trace dump                print the rings on the data channel (0xe9,
 *                             build/data.log under make run)
 *   trace clear               empty the rings
 *   trace status              recording or not, events kept and lost per CPU
 *   trace record [-b EVENTS] CMD [ARG...]
 *                             start, run CMD, stop, dump: the trace of one
 *                             command (like perf sched record); exits with
 *                             CMD's status
 *   trace rq CPU              the policy's own dump of CPU's runqueue, on the
 *                             console (what gdb's k-rq shows, from inside)
 *
 * The host side turns a dump into pictures and reports: tools/trace/
 * (docs/tracing.md).  System calls: trace (Quanta's, uapi/trace.h), fork,
 * execve, waitpid, sched_dump.
 */
#include <errno.h>
#include <quanta.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void
usage(void)
{
	fprintf(stderr, "usage: trace start [-b EVENTS] | stop | dump | clear | "
			"status\n       trace record [-b EVENTS] CMD [ARG...]\n"
			"       trace rq CPU\n");
}

static int
call(const char *what, int op, unsigned arg, struct q_trace_status *st)
{
	if (q_trace(op, arg, st) == 0)
		return 0;
	fprintf(stderr, "trace %s: %s%s\n", what, strerror(errno),
		errno == ENOENT ? " (nothing recorded yet: trace start)" : "");
	return 1;
}

static int
status(void)
{
	struct q_trace_status st;

	if (call("status", Q_TRACE_STATUS, 0, &st))
		return 1;
	printf("trace: %s, %d rings of %u events (%u bytes each)\n",
	       st.on ? "recording" : "stopped", (int)st.ncpu, st.size,
	       st.event_bytes);
	for (int i = 0; i < st.ncpu && i < Q_TRACE_MAX_CPUS; i++)
		printf("  cpu%d: %u recorded, %u kept, %u lost\n", i,
		       st.recorded[i], st.recorded[i] - st.lost[i], st.lost[i]);
	return 0;
}

/* Run argv[0] with its arguments between start and stop; its status.
 * Ctrl-C and Ctrl-\ go to the whole foreground job: only the command is
 * to die of them, the trace of its last moments still to be stopped and
 * dumped, so this process ignores them while it waits (as time(1) and
 * system() do) and the command gets them back. */
static int
record(char **argv, unsigned events)
{
	int pid, wstatus = 0, code;
	void (*old_int)(int), (*old_quit)(int);

	if (call("start", Q_TRACE_START, events, NULL))
		return 1;
	old_int = signal(SIGINT, SIG_IGN);
	old_quit = signal(SIGQUIT, SIG_IGN);
	pid = fork();
	if (pid < 0) {
		perror("trace: fork");
		q_trace(Q_TRACE_STOP, 0, NULL);
		signal(SIGINT, old_int);
		signal(SIGQUIT, old_quit);
		return 1;
	}
	if (pid == 0) {
		signal(SIGINT, old_int);
		signal(SIGQUIT, old_quit);
		execvp(argv[0], argv);
		fprintf(stderr, "trace: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &wstatus, 0) < 0)
		if (errno != EINTR) {
			perror("trace: waitpid");
			break;
		}
	signal(SIGINT, old_int);
	signal(SIGQUIT, old_quit);
	call("stop", Q_TRACE_STOP, 0, NULL);
	if (call("dump", Q_TRACE_DUMP, 0, NULL))
		return 1;
	code = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) :
	       128 + WTERMSIG(wstatus);
	fprintf(stderr, "trace: %s exited with status %d; the trace is on the "
			"data channel\n", argv[0], code);
	return code;
}

/* -b EVENTS at argv[*i]; 0 if absent, -1 if bad. */
static long
events_opt(int argc, char **argv, int *i)
{
	char *end;
	long n;

	if (*i >= argc || strcmp(argv[*i], "-b") != 0)
		return 0;
	if (*i + 1 >= argc)
		return -1;
	n = strtol(argv[*i + 1], &end, 0);
	*i += 2;
	if (*end || n < Q_TRACE_MIN_EVENTS || n > Q_TRACE_MAX_EVENTS) {
		fprintf(stderr, "trace: -b takes %d .. %d events\n",
			Q_TRACE_MIN_EVENTS, Q_TRACE_MAX_EVENTS);
		return -1;
	}
	return n;
}

int
main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";
	int i = 2;
	long events;

	if (strcmp(cmd, "start") == 0 || strcmp(cmd, "record") == 0) {
		events = events_opt(argc, argv, &i);
		if (events < 0)
			return 2;
		if (cmd[0] == 's' && i == argc)
			return call("start", Q_TRACE_START, (unsigned)events, NULL);
		if (cmd[0] == 'r' && i < argc)
			return record(argv + i, (unsigned)events);
	} else if (argc == 2 && strcmp(cmd, "stop") == 0) {
		return call("stop", Q_TRACE_STOP, 0, NULL);
	} else if (argc == 2 && strcmp(cmd, "dump") == 0) {
		return call("dump", Q_TRACE_DUMP, 0, NULL);
	} else if (argc == 2 && strcmp(cmd, "clear") == 0) {
		return call("clear", Q_TRACE_CLEAR, 0, NULL);
	} else if (argc == 2 && strcmp(cmd, "status") == 0) {
		return status();
	} else if (argc == 3 && strcmp(cmd, "rq") == 0) {
		if (q_sched_dump(atoi(argv[2])) == 0)
			return 0;
		fprintf(stderr, "trace rq: cpu %s: %s\n", argv[2],
			strerror(errno));
		return 1;
	}
	usage();
	return 2;
}
