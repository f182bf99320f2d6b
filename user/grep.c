/*
 * grep.c - /bin/grep: print the lines that match a pattern.
 *
 *   grep [-EFcinqvH] PATTERN [FILE]...     no FILE: standard input
 *
 * PATTERN is a POSIX basic regular expression (BRE) of the common kind:
 * literal characters, '.', '[set]' and '[^set]' with ranges, '*' after
 * any of them, '^' at the start and '$' at the end, '\' quoting the next
 * character.  -E adds ERE's '+' and '?' (no alternation or groups: they
 * are reported as unsupported); -F takes PATTERN as a fixed string.
 *   -i ignore case   -v print non-matching lines   -c print counts
 *   -n line numbers  -q quiet (status only)        -H name the file
 * Exit status 0 if a line was selected, 1 if none, 2 on an error (as
 * POSIX grep).  Lines longer than 4095 bytes are cut into pieces.
 *
 * System calls: open, read, write, close.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define LINE	4096

static int opt_i, opt_v, opt_c, opt_n, opt_q, opt_H, opt_F, opt_E;

/* One element of a compiled pattern: a character class and how many. */
struct atom {
	unsigned char set[32];		/* bitmap of the bytes it matches */
	char rep;			/* 0 once, '*', '+', '?' */
};

static struct atom prog[256];
static int nprog, anchor_start, anchor_end;
static char fixed[LINE];

static void
set_add(struct atom *a, int c)
{
	a->set[(unsigned char)c >> 3] |= 1 << (c & 7);
	if (opt_i && isalpha(c)) {
		int o = islower(c) ? toupper(c) : tolower(c);
		a->set[o >> 3] |= 1 << (o & 7);
	}
}

static int
set_has(const struct atom *a, int c)
{
	return a->set[(unsigned char)c >> 3] & (1 << (c & 7));
}

static void
die(const char *msg, const char *arg)
{
	fprintf(stderr, "grep: %s%s\n", msg, arg);
	exit(2);
}

/* "[...]" starting after the '['; returns the position after ']'. */
static const char *
compile_set(struct atom *a, const char *p)
{
	int neg = 0;

	if (*p == '^') {
		neg = 1;
		p++;
	}
	if (*p == ']')			/* a leading ']' is literal */
		set_add(a, *p++);
	while (*p && *p != ']') {
		int lo = (unsigned char)*p++;
		if (*p == '-' && p[1] && p[1] != ']') {
			int hi = (unsigned char)p[1];
			for (int c = lo; c <= hi; c++)
				set_add(a, c);
			p += 2;
		} else {
			set_add(a, lo);
		}
	}
	if (*p != ']')
		die("unterminated [ in the pattern", "");
	if (neg)
		for (int i = 0; i < 32; i++)
			a->set[i] = (unsigned char)~a->set[i];
	return p + 1;
}

static void
compile(const char *p)
{
	if (*p == '^') {
		anchor_start = 1;
		p++;
	}
	while (*p) {
		struct atom *a;
		if (*p == '$' && p[1] == 0) {
			anchor_end = 1;
			break;
		}
		if (opt_E && strchr("|()", *p))
			die("unsupported in this grep: ", "alternation and groups");
		if (nprog == (int)(sizeof(prog) / sizeof(prog[0])))
			die("pattern too long", "");
		a = &prog[nprog++];
		memset(a, 0, sizeof(*a));
		if (*p == '.') {
			memset(a->set, 0xff, sizeof(a->set));
			p++;
		} else if (*p == '[') {
			p = compile_set(a, p + 1);
		} else {
			if (*p == '\\' && p[1])
				p++;
			set_add(a, (unsigned char)*p++);
		}
		if (*p == '*' || (opt_E && (*p == '+' || *p == '?')))
			a->rep = *p++;
	}
}

/* Does prog[i..] match at s (to the end if anchored)? */
static int
match_here(int i, const char *s)
{
	if (i == nprog)
		return !anchor_end || *s == 0;
	if (prog[i].rep == 0)
		return *s && set_has(&prog[i], (unsigned char)*s) &&
		       match_here(i + 1, s + 1);
	if (prog[i].rep == '?')
		return (*s && set_has(&prog[i], (unsigned char)*s) &&
			match_here(i + 1, s + 1)) || match_here(i + 1, s);
	{
		/* '*' and '+': longest run first, then shorter */
		const char *t = s;
		while (*t && set_has(&prog[i], (unsigned char)*t))
			t++;
		for (; t >= s + (prog[i].rep == '+'); t--)
			if (match_here(i + 1, t))
				return 1;
		return 0;
	}
}

static int
match_line(const char *s)
{
	if (opt_F) {
		if (!opt_i)
			return strstr(s, fixed) != NULL;
		for (; *s; s++)
			if (strncasecmp(s, fixed, strlen(fixed)) == 0)
				return 1;
		return fixed[0] == 0;
	}
	if (anchor_start)
		return match_here(0, s);
	do {
		if (match_here(0, s))
			return 1;
	} while (*s++);
	return 0;
}

/* grep one open file; the number of lines selected. */
static long
grep_fd(FILE *f, const char *name)
{
	char line[LINE];
	long count = 0, lineno = 0;

	while (fgets(line, sizeof(line), f)) {
		size_t n = strlen(line);
		if (n && line[n - 1] == '\n')
			line[--n] = 0;
		lineno++;
		if (match_line(line) == opt_v)
			continue;
		count++;
		if (opt_q)
			return count;
		if (opt_c)
			continue;
		if (opt_H)
			printf("%s:", name);
		if (opt_n)
			printf("%ld:", lineno);
		printf("%s\n", line);
	}
	if (opt_c) {
		if (opt_H)
			printf("%s:", name);
		printf("%ld\n", count);
	}
	return count;
}

int
main(int argc, char **argv)
{
	int opt, errors = 0;
	long selected = 0;

	while ((opt = getopt(argc, argv, "EFcinqvHh")) != -1) {
		switch (opt) {
		case 'E': opt_E = 1; break;
		case 'F': opt_F = 1; break;
		case 'c': opt_c = 1; break;
		case 'i': opt_i = 1; break;
		case 'n': opt_n = 1; break;
		case 'q': opt_q = 1; break;
		case 'v': opt_v = 1; break;
		case 'H': opt_H = 1; break;
		default:
			fprintf(stderr, "usage: grep [-EFcinqvH] PATTERN "
				"[FILE]...\n");
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "usage: grep [-EFcinqvH] PATTERN [FILE]...\n");
		return 2;
	}
	if (opt_F)
		snprintf(fixed, sizeof(fixed), "%s", argv[optind]);
	else
		compile(argv[optind]);
	optind++;
	if (argc - optind > 1)
		opt_H = 1;
	if (optind == argc)
		selected = grep_fd(stdin, "(standard input)");
	for (int i = optind; i < argc && !(opt_q && selected); i++) {
		FILE *f = fopen(argv[i], "r");
		if (!f) {
			fprintf(stderr, "grep: %s: %s\n", argv[i],
				strerror(errno));
			errors++;
			continue;
		}
		selected += grep_fd(f, argv[i]);
		fclose(f);
	}
	fflush(stdout);
	if (selected)
		return 0;
	return errors ? 2 : 1;
}
