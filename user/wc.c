/*
 * wc.c - /bin/wc: count lines, words and bytes (POSIX wc).
 *
 *   wc [-l] [-w] [-c] [FILE]...   newlines, words (runs of non-blanks),
 *                                 bytes of each FILE or of stdin, in that
 *                                 order, then the FILE's name; a "total"
 *                                 line after several FILEs.  No option:
 *                                 all three.
 *
 * Columns are as wide as GNU wc makes them: one count of one input is
 * printed bare ("3 /tmp/out"); otherwise the width fits the total size of
 * regular files, at least 7 when an input is a pipe or the console.
 *
 * System calls: open, read, fstat, write, close.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tool_io.h"

struct counts {
	unsigned long lines, words, bytes;
};

static int show_lines, show_words, show_bytes, width;

static void
count(FILE *f, struct counts *c)
{
	int ch, in_word = 0;

	while ((ch = getc(f)) != EOF) {
		c->bytes++;
		if (ch == '\n')
			c->lines++;
		if (isspace(ch)) {
			in_word = 0;
		} else if (!in_word) {
			in_word = 1;
			c->words++;
		}
	}
}

static void
print(const struct counts *c, const char *name)
{
	const char *sep = "";

	if (show_lines) {
		printf("%*lu", width, c->lines);
		sep = " ";
	}
	if (show_words) {
		printf("%s%*lu", sep, width, c->words);
		sep = " ";
	}
	if (show_bytes)
		printf("%s%*lu", sep, width, c->bytes);
	if (name)
		printf(" %s", name);
	putchar('\n');
}

/* GNU's column width: digits of the regular files' total size, at least 7
 * if an input is not a regular file, 1 for a single count of one input. */
static int
column_width(char **files, int nfiles)
{
	unsigned long total = 0;
	int w = 1, min = 1;
	struct stat st;

	if (nfiles <= 1 && show_lines + show_words + show_bytes == 1)
		return 1;
	if (nfiles == 0)
		return 7;
	for (int i = 0; i < nfiles; i++) {
		if (strcmp(files[i], "-") == 0 || stat(files[i], &st) < 0 ||
		    !S_ISREG(st.st_mode))
			min = 7;
		else
			total += (unsigned long)st.st_size;
	}
	for (; total >= 10; total /= 10)
		w++;
	return w < min ? min : w;
}

int
main(int argc, char **argv)
{
	struct counts total = { 0 }, c;
	int opt, status = 0, nfiles;

	while ((opt = getopt(argc, argv, "lwc")) != -1) {
		if (opt == 'l')
			show_lines = 1;
		else if (opt == 'w')
			show_words = 1;
		else if (opt == 'c')
			show_bytes = 1;
		else {
			fprintf(stderr, "usage: wc [-l] [-w] [-c] [FILE]...\n");
			return 2;
		}
	}
	if (!show_lines && !show_words && !show_bytes)
		show_lines = show_words = show_bytes = 1;
	nfiles = argc - optind;
	width = column_width(argv + optind, nfiles);
	if (nfiles == 0) {
		memset(&c, 0, sizeof(c));
		count(stdin, &c);
		print(&c, NULL);
		return 0;
	}
	for (int i = optind; i < argc; i++) {
		FILE *f = tool_open("wc", argv[i]);
		if (!f) {
			status = 1;
			continue;
		}
		memset(&c, 0, sizeof(c));
		count(f, &c);
		tool_close(f);
		print(&c, argv[i]);
		total.lines += c.lines;
		total.words += c.words;
		total.bytes += c.bytes;
	}
	if (nfiles > 1)
		print(&total, "total");
	return status;
}
