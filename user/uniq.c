/*
 * uniq.c - /bin/uniq: drop repeated adjacent lines (POSIX uniq).
 *
 *   uniq [-c] [-d | -u] [INPUT [OUTPUT]]   one line of each run of equal
 *                                          adjacent lines; -c with the
 *                                          run's length before it ("%7d ",
 *                                          as GNU); -d only runs of two
 *                                          or more, -u only single lines
 *
 * System calls: open, read, write, close.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tool_io.h"

static int show_count, only_dups, only_single;

static void
emit(const char *line, long n)
{
	if ((only_dups && n < 2) || (only_single && n > 1))
		return;
	if (show_count)
		printf("%7ld ", n);
	printf("%s\n", line);
}

/* Make OUTPUT standard output; 0 after a message. */
static int
freopen_out(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);

	if (fd < 0) {
		fprintf(stderr, "uniq: %s: %s\n", path, strerror(errno));
		return 0;
	}
	dup2(fd, 1);
	close(fd);
	return 1;
}

int
main(int argc, char **argv)
{
	char *line = NULL, *prev = NULL;
	size_t cap = 0;
	ssize_t len;
	long run = 0;
	FILE *in;
	int opt;

	while ((opt = getopt(argc, argv, "cdu")) != -1) {
		if (opt == 'c')
			show_count = 1;
		else if (opt == 'd')
			only_dups = 1;
		else if (opt == 'u')
			only_single = 1;
		else {
			fprintf(stderr, "usage: uniq [-c] [-d | -u] "
				"[INPUT [OUTPUT]]\n");
			return 2;
		}
	}
	if (!(in = tool_open("uniq", optind < argc ? argv[optind] : NULL)))
		return 1;
	if (optind + 1 < argc && !freopen_out(argv[optind + 1]))
		return 1;
	while ((len = getline(&line, &cap, in)) >= 0) {
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = 0;
		if (prev && strcmp(prev, line) == 0) {
			run++;
			continue;
		}
		if (prev)
			emit(prev, run);
		free(prev);
		if (!(prev = strdup(line))) {
			fprintf(stderr, "uniq: out of memory\n");
			return 1;
		}
		run = 1;
	}
	if (prev)
		emit(prev, run);
	return 0;
}
