/*
 * tail.c - /bin/tail: the last lines of files (POSIX tail).
 *
 *   tail [-n N | -n +N | -N] [FILE]...   the last N lines (default 10)
 *                            of each FILE or of stdin; +N: from line N
 *                            on; with several FILEs, each after a
 *                            "==> FILE <==" line
 *
 * The whole input is read (stdin may be a pipe, which cannot seek back).
 *
 * System calls: open, read, write, close.
 */
#include <stdio.h>
#include <string.h>
#include "tool_io.h"

static int from_start;		/* -n +N */

/* Print f's lines from the n'th on (from_start), or its last n; 0, or 1
 * after a message. */
static int
tail(FILE *f, long n)
{
	struct lines l = { 0 };
	size_t first;

	if (lines_read("tail", &l, f) < 0)
		return 1;
	if (from_start)
		first = n > 0 ? (size_t)n - 1 : 0;
	else
		first = l.n > (size_t)n ? l.n - (size_t)n : 0;
	for (size_t i = first; i < l.n; i++)
		printf("%s\n", l.v[i]);
	for (size_t i = 0; i < l.n; i++)
		free(l.v[i]);
	free(l.v);
	return 0;
}

int
main(int argc, char **argv)
{
	const char *count = NULL;
	int i = 1;
	long n = 10;

	if (i < argc && strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
		count = argv[i + 1];
		i += 2;
	} else if (i < argc && strncmp(argv[i], "-n", 2) == 0 && argv[i][2]) {
		count = argv[i++] + 2;
	} else if (i < argc && argv[i][0] == '-' && argv[i][1] >= '0' &&
		   argv[i][1] <= '9') {
		count = argv[i++] + 1;
	}
	if (count) {
		if ((from_start = *count == '+'))
			count++;
		else if (*count == '-')
			count++;
		if ((n = tool_count("tail", count)) < 0)
			return 1;
	}
	if (i < argc && strcmp(argv[i], "--") == 0)
		i++;
	return tool_each_file("tail", argv + i, argc - i, tail, n);
}
