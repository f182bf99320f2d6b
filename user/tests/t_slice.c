/*
 * t_slice - sched_setslice, a task's own slice: accepted by eevdf (the one
 * policy with per-task slices), shown by taskinfo, inherited across fork,
 * reset with 0; every other policy refuses it with EINVAL; out-of-range
 * values and unknown pids fail cleanly under every policy.
 */
#include <errno.h>
#include <quanta.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"

static struct q_taskinfo tasks[64];

/* The slice taskinfo reports for pid, or -1 if pid is not found. */
static long long
slice_of(int pid)
{
	int n = q_taskinfo(tasks, 64);

	for (int i = 0; i < n; i++)
		if (tasks[i].pid == pid)
			return tasks[i].slice_ns;
	return -1;
}

static int
fails_with(int r, int err)
{
	return r == -1 && errno == err;
}

int
main(void)
{
	struct q_sysinfo si;
	int eevdf, status = -1;
	pid_t child;

	CHECK_EQ(q_sysinfo(&si), 0);
	eevdf = strcmp(si.sched, "eevdf") == 0;
	CHECK(fails_with(q_sched_setslice(0, Q_SLICE_MIN_NS - 1), EINVAL));
	CHECK(fails_with(q_sched_setslice(0, Q_SLICE_MAX_NS + 1), EINVAL));
	CHECK(fails_with(q_sched_setslice(99999, Q_SLICE_MIN_NS), ESRCH));
	if (!eevdf) {
		CHECK(fails_with(q_sched_setslice(0, 300000), EINVAL));
		CHECK_EQ(slice_of(getpid()), 0);
		check_done("t_slice");
	}
	CHECK_EQ(q_sched_setslice(0, 300000), 0);
	CHECK_EQ(slice_of(getpid()), 300000);
	child = fork();
	if (child == 0)
		_exit(slice_of(getpid()) == 300000 ? 0 : 1);
	CHECK(child > 0);
	CHECK_EQ(waitpid(child, &status, 0), child);
	CHECK_EQ(status, 0);		/* the child inherited it */
	CHECK_EQ(q_sched_setslice(0, 0), 0);
	CHECK_EQ(slice_of(getpid()), 0);
	check_done("t_slice");
}
