/*
 * env.c - /bin/env: show the environment, or run a command in a changed
 * one (POSIX env).
 *
 *   env                          print NAME=value, one a line
 *   env [-i] [-u NAME] [NAME=value]... [CMD [ARG]...]
 *                                -i starts from an empty environment,
 *                                -u removes NAME, NAME=value sets it;
 *                                then CMD runs in it (found in /bin),
 *                                or the result is printed
 *
 * Exit status: CMD's; 127 if CMD is not found, 126 if it cannot run,
 * 125 for a bad option.
 *
 * System calls: execve, write.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *empty[1];

int
main(int argc, char **argv)
{
	int i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "-i") == 0 || strcmp(argv[i], "-") == 0) {
			environ = empty;
		} else if (strcmp(argv[i], "-u") == 0 && i + 1 < argc) {
			unsetenv(argv[++i]);
		} else if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		} else {
			fprintf(stderr, "usage: env [-i] [-u NAME] "
				"[NAME=value]... [CMD [ARG]...]\n");
			return 125;
		}
	}
	for (; i < argc && strchr(argv[i], '='); i++) {
		if (putenv(argv[i]) < 0) {
			fprintf(stderr, "env: %s: %s\n", argv[i],
				strerror(errno));
			return 125;
		}
	}
	if (i == argc) {
		for (char **e = environ; e && *e; e++)
			printf("%s\n", *e);
		return 0;
	}
	execvp(argv[i], argv + i);
	fprintf(stderr, "env: %s: %s\n", argv[i], strerror(errno));
	return errno == ENOENT ? 127 : 126;
}
