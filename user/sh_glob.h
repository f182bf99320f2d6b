/*
 * sh_glob.h - pathname expansion (POSIX 2.13): a word with an unquoted
 * '*', '?' or '[...]' becomes the sorted names that match it, read from
 * the directories with getdents (opendir/readdir); a word that matches
 * nothing stays as it is.  A name starting with '.' matches only a
 * pattern starting with '.', and '/' only a '/' in the pattern.  Part of
 * user/sh.c.
 *
 * The tokenizer marks a quoted or escaped '*', '?', '[' or '\' with
 * GLOB_LIT before it, so the matcher takes it literally; glob_unmark()
 * removes the marks from a word that is not expanded.
 */
#ifndef USER_SH_GLOB_H
#define USER_SH_GLOB_H

#include <dirent.h>

#define GLOB_LIT	'\001'		/* the next character is literal */
#define GLOB_ARENA	16384		/* bytes of matched names per line */

struct glob_out {
	char **argv;			/* matches go here ... */
	int n, max;			/* ... n of at most max */
	char *arena, *end;		/* their text */
	int overflow;
};

/* Remove GLOB_LIT marks from s, in place. */
static void
glob_unmark(char *s)
{
	char *o = s;

	for (; *s; s++) {
		if (*s == GLOB_LIT && s[1])
			s++;
		*o++ = *s;
	}
	*o = 0;
}

/* Match a bracket expression at p against c; returns where it ends (past
 * ']'), or NULL if p does not hold a complete one ('[' is then literal). */
static const char *
glob_bracket(const char *p, char c, int *matched)
{
	int negate = 0, ok = 0;
	const char *start;

	if (*p == '!' || *p == '^') {
		negate = 1;
		p++;
	}
	start = p;
	while (*p && (*p != ']' || p == start)) {
		char lo = *p, hi;
		if (lo == GLOB_LIT && p[1])
			lo = *++p;
		hi = lo;
		if (p[1] == '-' && p[2] && p[2] != ']') {
			p += 2;
			hi = (*p == GLOB_LIT && p[1]) ? *++p : *p;
		}
		if (c >= lo && c <= hi)
			ok = 1;
		p++;
	}
	if (*p != ']')
		return NULL;
	*matched = ok != negate;
	return p + 1;
}

/* Does name match the one-component pattern p? */
static int
glob_match(const char *p, const char *name)
{
	const char *next;
	int m;

	for (; *p; p++, name++) {
		switch (*p) {
		case '*':
			while (p[1] == '*')
				p++;
			for (const char *s = name; ; s++) {
				if (glob_match(p + 1, s))
					return 1;
				if (!*s)
					return 0;
			}
		case '?':
			if (!*name)
				return 0;
			break;
		case '[':
			if (*name && (next = glob_bracket(p + 1, *name, &m))) {
				if (!m)
					return 0;
				p = next - 1;
				break;
			}
			if (*name != '[')
				return 0;
			break;
		case GLOB_LIT:
			if (p[1])
				p++;
			/* fall through */
		default:
			if (*p != *name)
				return 0;
		}
	}
	return *name == 0;
}

/* Does the component [p, end) hold an unquoted glob character? */
static int
glob_magic(const char *p, const char *end)
{
	for (; p < end; p++) {
		if (*p == GLOB_LIT && p + 1 < end)
			p++;
		else if (*p == '*' || *p == '?' || *p == '[')
			return 1;
	}
	return 0;
}

static void
glob_add(struct glob_out *g, const char *path)
{
	size_t len = strlen(path) + 1;

	if (g->n == g->max || g->arena + len > g->end) {
		g->overflow = 1;
		return;
	}
	memcpy(g->arena, path, len);
	g->argv[g->n++] = g->arena;
	g->arena += len;
}

/* Expand pattern pat below the directory path (plen bytes of a buffer of
 * PATH_BUF); path "" is the current directory. */
#define PATH_BUF	256
static void
glob_dir(struct glob_out *g, char *path, size_t plen, const char *pat)
{
	const char *slash = strchr(pat, '/'), *end;
	size_t clen;
	struct dirent *e;
	DIR *d;

	end = slash ? slash : pat + strlen(pat);
	clen = end - pat;
	if (!glob_magic(pat, end)) {
		char lit[PATH_BUF];
		if (plen + clen + 2 > PATH_BUF)
			return;
		snprintf(lit, sizeof(lit), "%.*s", (int)clen, pat);
		glob_unmark(lit);
		plen += snprintf(path + plen, PATH_BUF - plen, "%s%s", lit,
				 slash ? "/" : "");
		if (slash)
			glob_dir(g, path, plen, slash + 1);
		else if (access(path, F_OK) == 0)
			glob_add(g, path);
		return;
	}
	if (plen > 1 && path[plen - 1] == '/')
		path[plen - 1] = 0;	/* "/bin", not "/bin/" */
	d = opendir(plen ? path : ".");
	if (plen > 1 && !path[plen - 1])
		path[plen - 1] = '/';
	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		char comp[PATH_BUF];
		size_t n;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (e->d_name[0] == '.' && *pat != '.')
			continue;
		snprintf(comp, sizeof(comp), "%.*s", (int)clen, pat);
		if (!glob_match(comp, e->d_name))
			continue;
		n = plen + (size_t)snprintf(path + plen, PATH_BUF - plen, "%s%s",
					    e->d_name, slash ? "/" : "");
		if (n >= PATH_BUF)
			continue;
		if (!slash)
			glob_add(g, path);
		else if (e->d_type == DT_DIR || e->d_type == DT_UNKNOWN)
			glob_dir(g, path, n, slash + 1);
	}
	closedir(d);
	path[plen] = 0;
}

static int
glob_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Expand word into g's argv (sorted); if nothing matches, the word itself
 * (unmarked).  0, or -1 if the matches do not fit. */
static int
glob_word(struct glob_out *g, char *word)
{
	char path[PATH_BUF];
	int first = g->n;
	size_t plen = 0;

	if (word[0] == '/')
		path[plen++] = '/';
	path[plen] = 0;
	glob_dir(g, path, plen, word + plen);
	if (g->overflow)
		return -1;
	if (g->n == first) {
		glob_unmark(word);
		if (g->n == g->max)
			return -1;
		g->argv[g->n++] = word;
	}
	qsort(g->argv + first, g->n - first, sizeof(char *), glob_cmp);
	return 0;
}

#endif
