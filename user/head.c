/*
 * head.c - /bin/head: the first lines of files (POSIX head).
 *
 *   head [-n N | -N] [FILE]...   the first N lines (default 10) of each
 *                                FILE, or of stdin; with several FILEs,
 *                                each after a "==> FILE <==" line
 *
 * System calls: open, read, write, close.
 */
#include <stdio.h>
#include <string.h>
#include "tool_io.h"

/* Copy the first n lines of f to stdout; 0. */
static int
head(FILE *f, long n)
{
	int c;

	while (n > 0 && (c = getc(f)) != EOF) {
		putchar(c);
		if (c == '\n')
			n--;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	long n = 10;
	int i = 1;

	if (i < argc && strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
		n = tool_count("head", argv[i + 1]);
		i += 2;
	} else if (i < argc && argv[i][0] == '-' && argv[i][1] >= '0' &&
		   argv[i][1] <= '9') {
		n = tool_count("head", argv[i++] + 1);
	} else if (i < argc && strncmp(argv[i], "-n", 2) == 0 && argv[i][2]) {
		n = tool_count("head", argv[i++] + 2);
	}
	if (n < 0)
		return 1;
	if (i < argc && strcmp(argv[i], "--") == 0)
		i++;
	return tool_each_file("head", argv + i, argc - i, head, n);
}
