/*
 * tool_io.h - what the text tools (head, tail, wc, sort, uniq) share:
 * opening an input ("-" is standard input, as POSIX says for utilities
 * that read files) and reading all its lines.
 */
#ifndef USER_TOOL_IO_H
#define USER_TOOL_IO_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Open name for reading (NULL or "-": stdin); NULL after a message. */
static inline FILE *
tool_open(const char *prog, const char *name)
{
	FILE *f;

	if (!name || strcmp(name, "-") == 0)
		return stdin;
	if (!(f = fopen(name, "r")))
		fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(errno));
	return f;
}

static inline void
tool_close(FILE *f)
{
	if (f && f != stdin)
		fclose(f);
}

/* Lines, each without its '\n' (a last line without one counts too). */
struct lines {
	char **v;
	size_t n, cap;
};

/* Append every line of f to l; 0, or -1 after a message. */
static inline int
lines_read(const char *prog, struct lines *l, FILE *f)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	while ((len = getline(&line, &cap, f)) >= 0) {
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = 0;
		if (l->n == l->cap) {
			size_t ncap = l->cap ? 2 * l->cap : 64;
			char **v = realloc(l->v, ncap * sizeof(*v));
			if (!v)
				goto nomem;
			l->v = v;
			l->cap = ncap;
		}
		if (!(l->v[l->n] = strdup(line)))
			goto nomem;
		l->n++;
	}
	free(line);
	return 0;
nomem:
	fprintf(stderr, "%s: out of memory\n", prog);
	free(line);
	return -1;
}

/* A count argument ("-n N"): N >= 0, or -1 after a message. */
static inline long
tool_count(const char *prog, const char *s)
{
	char *end;
	long n = strtol(s, &end, 10);

	if (!*s || *end || n < 0) {
		fprintf(stderr, "%s: invalid number of lines: '%s'\n", prog, s);
		return -1;
	}
	return n;
}

/* Run fn on each of files[0..n-1] (stdin if n is 0), each after a
 * "==> FILE <==" title when there are several, as head and tail do; the
 * exit status: 1 if a file could not be opened or fn failed. */
static inline int
tool_each_file(const char *prog, char **files, int n,
	       int (*fn)(FILE *f, long count), long count)
{
	int status = 0;

	if (n == 0)
		return fn(stdin, count) != 0;
	for (int i = 0; i < n; i++) {
		FILE *f = tool_open(prog, files[i]);
		if (!f) {
			status = 1;
			continue;
		}
		if (n > 1)
			printf("%s==> %s <==\n", i ? "\n" : "", files[i]);
		status |= fn(f, count) != 0;
		tool_close(f);
	}
	return status;
}

#endif
