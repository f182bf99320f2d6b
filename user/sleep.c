/*
 * sleep.c - /bin/sleep: pause for a while.
 *
 *   sleep SECONDS...    the sum of the arguments; fractions such as 0.25
 *                       work
 *
 * System calls: nanosleep.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int
main(int argc, char **argv)
{
	struct timespec ts, rem;
	double seconds = 0, s;
	char *end;

	if (argc < 2) {
		fprintf(stderr, "usage: sleep SECONDS...\n");
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		s = strtod(argv[i], &end);
		if (*argv[i] == 0 || *end || s < 0) {
			fprintf(stderr, "sleep: invalid time '%s'\n", argv[i]);
			return 1;
		}
		seconds += s;
	}
	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &rem) < 0) {
		if (errno != EINTR) {
			perror("sleep");
			return 1;
		}
		ts = rem;		/* woken early: sleep the rest */
	}
	return 0;
}
