/*
 * renice - change the nice value of running processes.
 *
 *   renice [-n] NICE PID...
 *
 * Sets every thread of each process to NICE with setpriority(2)
 * (PRIO_PROCESS), as util-linux renice does for a pid, and prints the old
 * and new values.  Watch the effect in top: PR follows the policy.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static int
renice_one(int pid, int nice)
{
	int old;

	errno = 0;
	old = getpriority(PRIO_PROCESS, pid);
	if (old == -1 && errno) {
		fprintf(stderr, "renice: %d: %s\n", pid, strerror(errno));
		return 1;
	}
	if (setpriority(PRIO_PROCESS, pid, nice) < 0) {
		fprintf(stderr, "renice: %d: %s\n", pid, strerror(errno));
		return 1;
	}
	printf("%d (process ID) old priority %d, new priority %d\n", pid, old,
	       nice);
	return 0;
}

int
main(int argc, char **argv)
{
	int i = 1, nice, status = 0;
	char *end;

	if (i < argc && strcmp(argv[i], "-n") == 0)
		i++;
	if (argc - i < 2) {
		fprintf(stderr, "usage: renice [-n] NICE PID...\n");
		return 2;
	}
	nice = (int)strtol(argv[i++], &end, 10);
	if (*end) {
		fprintf(stderr, "renice: bad nice value '%s'\n", argv[i - 1]);
		return 2;
	}
	for (; i < argc; i++) {
		int pid = (int)strtol(argv[i], &end, 10);
		if (*end || pid <= 0) {
			fprintf(stderr, "renice: bad pid '%s'\n", argv[i]);
			status = 1;
			continue;
		}
		status |= renice_one(pid, nice);
	}
	return status;
}
