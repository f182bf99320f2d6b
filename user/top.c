/*
 * top.c - /bin/top: the busiest tasks and the CPUs' load, refreshed
 * every interval.
 *
 *   top [-b] [-d SECONDS] [-n ITERATIONS]
 *
 *   -d SECONDS     the interval, default 1; fractions such as 0.5 work
 *   -n ITERATIONS  stop after this many screens (default: never)
 *   -b             batch mode: screens one after the other (otherwise each
 *                  is redrawn in place, within the console's height)
 *
 * Every figure is a difference between two samples one interval apart:
 * a CPU's %us %sy %id split the user_ns, system_ns and idle_ns it
 * gained; a task's %CPU is the CPU time (utime + stime) it gained as a
 * share of the interval, so one task that never stops shows 100 and the
 * sum over all tasks can reach 100 times the number of CPUs.  PR is the
 * policy's priority for the task, TIME+ its CPU time as m:ss.cc.
 *
 * System calls: sysinfo, cpuinfo, taskinfo (Quanta's), nanosleep, poll, read,
 * ioctl (termios), sigaction, write.
 */
#include <errno.h>
#include <poll.h>
#include <quanta.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define MAXCPUS		32
#define MAXTASKS	1024	/* the kernel's MAX_TASKS: all of them */

struct sample {
	struct q_sysinfo si;
	struct q_cpuinfo cpu[MAXCPUS];
	struct q_taskinfo task[MAXTASKS];
	int ncpu, ntask;
};

struct row {
	const struct q_taskinfo *t;
	unsigned int tenths;		/* %CPU times 10 */
};

static struct sample samples[2];
static struct row rows[MAXTASKS];

static void
take_sample(struct sample *s)
{
	if (q_sysinfo(&s->si) < 0 ||
	    (s->ncpu = q_cpuinfo(s->cpu, MAXCPUS)) < 0 ||
	    (s->ntask = q_taskinfo(s->task, MAXTASKS)) < 0) {
		fprintf(stderr, "top: %s\n", strerror(errno));
		exit(1);
	}
}

/* part / whole in tenths of a percent */
static unsigned int
tenths(uint64_t part, uint64_t whole)
{
	return whole ? (unsigned int)(part * 1000 / whole) : 0;
}

/* CPU time of t at the previous sample: 0 if t is new since then. */
static uint64_t
old_time(const struct sample *old, const struct q_taskinfo *t)
{
	for (int i = 0; i < old->ntask; i++) {
		const struct q_taskinfo *o = &old->task[i];
		if (o->pid == t->pid && o->start_ns == t->start_ns)
			return o->utime_ns + o->stime_ns;
	}
	return 0;
}

/*
 * The screen, redrawn in place: each frame starts at the top left (CSI H),
 * each line erases what an older, longer one left (CSI K), the frame stops
 * a line short of the console's height so that it never scrolls, and CSI
 * J erases below it.  In batch mode lines are printed as they are.
 */
static int in_place, screen_rows, frame_rows;

static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void
put(const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	for (char *line = buf, *nl; *line; line = nl + 1) {
		if (in_place && frame_rows >= screen_rows - 1)
			return;
		if (!(nl = strchr(line, '\n'))) {
			fputs(line, stdout);
			return;
		}
		printf("%.*s%s\n", (int)(nl - line), line,
		       in_place ? "\033[K" : "");
		frame_rows++;
	}
}

static void
frame_begin(void)
{
	struct winsize ws;

	frame_rows = 0;
	if (!in_place)
		return;
	screen_rows = 24;
	if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 2)
		screen_rows = ws.ws_row;
	fputs("\033[H", stdout);
}

static void
frame_end(void)
{
	if (in_place)
		fputs("\033[J", stdout);
	fflush(stdout);
}

static void
print_header(const struct sample *now, const struct sample *old)
{
	uint64_t up = now->si.uptime_ns / 1000000000;
	int count[3] = { 0, 0, 0 };

	put("top - up %llu:%02llu:%02llu, policy %s, HZ %u, %u CPUs\n",
	       up / 3600, up / 60 % 60, up % 60, now->si.sched, now->si.hz,
	       now->si.ncpu);
	for (int i = 0; i < now->ntask; i++)
		count[now->task[i].state == Q_TASK_RUNNING ? 0 :
		      now->task[i].state == Q_TASK_ZOMBIE ? 2 : 1]++;
	put("Tasks: %3d total, %3d running, %3d sleeping, %3d zombie\n",
	       now->ntask, count[0], count[1], count[2]);
	for (int i = 0; i < now->ncpu && i < old->ncpu; i++) {
		const struct q_cpuinfo *c = &now->cpu[i], *o = &old->cpu[i];
		uint64_t us = c->user_ns - o->user_ns;
		uint64_t sy = c->system_ns - o->system_ns;
		uint64_t id = c->idle_ns - o->idle_ns;
		unsigned int u = tenths(us, us + sy + id);
		unsigned int s = tenths(sy, us + sy + id);
		unsigned int d = tenths(id, us + sy + id);

		put("%%Cpu%-2d: %3u.%u us, %3u.%u sy, %3u.%u id\n", c->cpu,
		       u / 10, u % 10, s / 10, s % 10, d / 10, d % 10);
	}
	put("KiB Mem: %8u total, %8u free\n\n", now->si.total_pages * 4,
	       now->si.free_pages * 4);
}

/* Busiest first; equal ones by pid. */
static int
by_cpu(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	if (x->tenths != y->tenths)
		return x->tenths > y->tenths ? -1 : 1;
	return x->t->pid < y->t->pid ? -1 : x->t->pid > y->t->pid;
}

static void
print_tasks(const struct sample *now, const struct sample *old)
{
	uint64_t interval = now->si.uptime_ns - old->si.uptime_ns;

	for (int i = 0; i < now->ntask; i++) {
		const struct q_taskinfo *t = &now->task[i];
		rows[i].t = t;
		rows[i].tenths = tenths(t->utime_ns + t->stime_ns -
					old_time(old, t), interval);
	}
	qsort(rows, now->ntask, sizeof(rows[0]), by_cpu);
	put("  PID USER      PR  NI S  %%CPU     TIME+ CPU COMMAND\n");
	for (int i = 0; i < now->ntask; i++) {
		const struct q_taskinfo *t = rows[i].t;
		uint64_t cs = (t->utime_ns + t->stime_ns) / 10000000;

		put("%5d root     %3d %3d %c %3u.%u %3llu:%02llu.%02llu "
		       "%3d %.*s\n", t->pid, t->prio, t->nice, t->state,
		       rows[i].tenths / 10, rows[i].tenths % 10,
		       cs / 6000, cs / 100 % 60, cs % 100, t->cpu,
		       Q_COMM_LEN, t->comm);
	}
}

/* Interactive: the terminal in raw mode (keys without Enter, no echo;
 * Ctrl-C still works), put back however top ends. */
static struct termios saved_modes;
static int raw_mode;

static void
restore_modes(void)
{
	if (raw_mode)
		tcsetattr(0, TCSANOW, &saved_modes);
	raw_mode = 0;
}

static void
on_signal(int sig)
{
	restore_modes();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void enter_raw_mode(void);

/* Ctrl-Z: give the shell its modes back, stop, and on fg or bg take raw
 * mode again (from whatever modes the terminal has then) and redraw from
 * a clean screen.  SIGTSTP is blocked while its handler runs: unblocked
 * here, so that the raise() stops top now, inside the handler. */
static void
on_stop(int sig)
{
	sigset_t set;
	int was_raw = raw_mode;

	restore_modes();
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	/* continued */
	signal(sig, on_stop);
	if (was_raw) {
		enter_raw_mode();
		write(1, "\033[H\033[2J", 7);
	}
}

static void
enter_raw_mode(void)
{
	struct termios raw;

	if (tcgetattr(0, &saved_modes) < 0)
		return;
	raw = saved_modes;
	raw.c_lflag &= ~(ICANON | ECHO);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	if (tcsetattr(0, TCSANOW, &raw) < 0)
		return;
	raw_mode = 1;
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGQUIT, on_signal);
	signal(SIGTSTP, on_stop);
}

/* Wait for the next refresh; 1 if 'q' was typed meanwhile. */
static int
wait_or_quit(const struct timespec *delay)
{
	struct pollfd p = { .fd = 0, .events = POLLIN };
	int ms = (int)(delay->tv_sec * 1000 + delay->tv_nsec / 1000000);
	char c;

	if (!raw_mode) {
		nanosleep(delay, NULL);
		return 0;
	}
	while (poll(&p, 1, ms) == 1) {
		if (read(0, &c, 1) == 1 && (c == 'q' || c == 'Q'))
			return 1;
		ms = 0;		/* other keys: refresh now */
	}
	return 0;
}

static void
usage(void)
{
	fprintf(stderr, "usage: top [-b] [-d SECONDS] [-n ITERATIONS]\n"
		"  interactive: q quits, any other key refreshes now\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	struct timespec delay;
	double seconds = 1;
	int opt, batch = 0, iterations = 0;
	char *end;

	while ((opt = getopt(argc, argv, "bd:n:")) != -1) {
		if (opt == 'b')
			batch = 1;
		else if (opt == 'd')
			seconds = strtod(optarg, &end);
		else if (opt == 'n')
			iterations = atoi(optarg);
		else
			usage();
		if (opt == 'd' && (*end || seconds <= 0 || seconds > 3600))
			usage();
	}
	delay.tv_sec = (time_t)seconds;
	delay.tv_nsec = (long)((seconds - delay.tv_sec) * 1e9);

	if (!batch) {
		enter_raw_mode();
		in_place = 1;
		fputs("\033[H\033[2J", stdout);	/* the first frame: a clean screen */
	}
	take_sample(&samples[0]);
	for (int i = 0; iterations == 0 || i < iterations; i++) {
		struct sample *old = &samples[i % 2];
		struct sample *now = &samples[1 - i % 2];

		if (wait_or_quit(&delay))
			break;
		take_sample(now);
		if (batch && i > 0)
			printf("\n");
		frame_begin();
		print_header(now, old);
		print_tasks(now, old);
		frame_end();
	}
	restore_modes();
	return 0;
}
