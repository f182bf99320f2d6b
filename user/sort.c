/*
 * sort.c - /bin/sort: sort lines (POSIX sort, whole lines as keys).
 *
 *   sort [-n] [-r] [-u] [FILE]...   the lines of every FILE (or stdin),
 *                                   sorted by their bytes (the C locale);
 *                                   -n by the number each starts with
 *                                   (none counts as 0; equal numbers by
 *                                   their bytes, as GNU's last resort);
 *                                   -r reversed; -u one of equal lines
 *
 * System calls: open, read, write, close.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tool_io.h"

static int numeric, reverse;

/* The number a line starts with (after blanks), 0 if none. */
static double
leading_number(const char *s)
{
	return strtod(s, NULL);
}

static int
compare(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	int r = 0;

	if (numeric) {
		double dx = leading_number(x), dy = leading_number(y);
		r = dx < dy ? -1 : dx > dy;
	}
	if (r == 0)
		r = strcmp(x, y);
	return reverse ? -r : r;
}

int
main(int argc, char **argv)
{
	struct lines l = { 0 };
	int opt, status = 0, unique = 0;

	while ((opt = getopt(argc, argv, "nru")) != -1) {
		if (opt == 'n')
			numeric = 1;
		else if (opt == 'r')
			reverse = 1;
		else if (opt == 'u')
			unique = 1;
		else {
			fprintf(stderr, "usage: sort [-n] [-r] [-u] [FILE]...\n");
			return 2;
		}
	}
	if (optind == argc && lines_read("sort", &l, stdin) < 0)
		return 2;
	for (int i = optind; i < argc; i++) {
		FILE *f = tool_open("sort", argv[i]);
		if (!f)
			return 2;
		status = lines_read("sort", &l, f);
		tool_close(f);
		if (status < 0)
			return 2;
	}
	qsort(l.v, l.n, sizeof(char *), compare);
	for (size_t i = 0; i < l.n; i++)
		if (!unique || i == 0 || compare(&l.v[i - 1], &l.v[i]) != 0)
			printf("%s\n", l.v[i]);
	return 0;
}
