/*
 * slice - give a task its own scheduling slice (eevdf only).
 *
 *   slice US PID...          set the slice of running tasks
 *   slice US CMD [ARG...]    run CMD with that slice (inherited by its
 *                            children and threads)
 *
 * US is in microseconds, 100 .. 100000, or 0 for the policy's default.
 * Under EEVDF a task's slice is the length of its requests: a shorter one
 * gives earlier virtual deadlines, so the task is picked sooner after a
 * wakeup, in exchange for being preempted sooner (Linux 6.12 sets it with
 * sched_setattr's sched_runtime).  Other policies have no per-task slice
 * and the call fails with EINVAL.  `ps -c` shows the SLICE column.
 */
#include <errno.h>
#include <quanta.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int
all_digits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

static int
set_slice(int pid, unsigned ns)
{
	if (q_sched_setslice(pid, ns) < 0) {
		fprintf(stderr, "slice: %d: %s%s\n", pid, strerror(errno),
			errno == EINVAL ? " (this policy has no per-task "
					  "slice, or the value is out of range)"
					: "");
		return 1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	unsigned long us;
	unsigned ns;
	char *end;
	int status = 0;

	if (argc < 3) {
		fprintf(stderr, "usage: slice US PID... | slice US CMD [ARG...]"
				"\n  US: 100 .. 100000 microseconds, 0 = the "
				"policy's default\n");
		return 2;
	}
	us = strtoul(argv[1], &end, 10);
	if (*end || (us != 0 && (us * 1000 < Q_SLICE_MIN_NS ||
				 us * 1000 > Q_SLICE_MAX_NS))) {
		fprintf(stderr, "slice: bad slice '%s' (100 .. 100000 us, or "
				"0)\n", argv[1]);
		return 2;
	}
	ns = (unsigned)(us * 1000);
	if (!all_digits(argv[2])) {
		if (set_slice(0, ns))
			return 1;
		execvp(argv[2], argv + 2);
		fprintf(stderr, "slice: %s: %s\n", argv[2], strerror(errno));
		return 127;
	}
	for (int i = 2; i < argc; i++) {
		if (!all_digits(argv[i])) {
			fprintf(stderr, "slice: bad pid '%s'\n", argv[i]);
			status = 1;
			continue;
		}
		status |= set_slice(atoi(argv[i]), ns);
	}
	return status;
}
