/*
 * getopt.c - command-line options.
 *
 * getopt() is POSIX's: short options, stopping at the first non-option or
 * at "--", argv left in its order.  getopt_long() and getopt_long_only()
 * are GNU's: "--name", "--name=value" and unambiguous abbreviations of a
 * name, and by default the options are taken from anywhere in argv, whose
 * elements are permuted so that the non-options end up after them, in
 * their order, with optind at the first of them.  An optstring starting
 * with '+' (or POSIXLY_CORRECT in the environment) stops at the first
 * non-option instead; one starting with '-' returns each non-option as the
 * argument of option 1.  The messages are glibc 2.36's, word for word,
 * because scripts and tests compare them.  GNU's "W;" extension (-W name
 * as --name) is not supported.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *optarg;
int optind = 1, opterr = 1, optopt;

static int nextchar;		/* position inside a group like -abc */
static int pend_start = -1;	/* getopt_long: first non-option skipped
				 * before the group being parsed */

/* Whether the option text starts with ':' (quiet), after a '+' or '-'. */
static int
quiet_mode(const char *optstring)
{
	return optstring[0] == ':';
}

/*
 * The next character of the group at argv[optind][nextchar] as a short
 * option.  Caller has made nextchar point into a group.
 */
static int
short_option(int argc, char *const argv[], const char *optstring)
{
	const char *arg = argv[optind], *spec;
	int quiet = quiet_mode(optstring);
	char c = arg[nextchar++];

	spec = c == ':' ? NULL : strchr(optstring + quiet, c);
	if (arg[nextchar] == '\0') {
		optind++;
		nextchar = 0;
	}
	if (spec == NULL) {
		optopt = c;
		if (opterr && !quiet)
			fprintf(stderr, "%s: invalid option -- '%c'\n",
				argv[0], c);
		return '?';
	}
	if (spec[1] != ':')
		return c;
	if (nextchar != 0) {		/* -oVALUE */
		optarg = (char *)arg + nextchar;
		optind++;
		nextchar = 0;
	} else if (spec[2] == ':') {	/* optional: only -oVALUE */
		optarg = NULL;
	} else if (optind < argc) {	/* -o VALUE */
		optarg = argv[optind++];
	} else {
		optopt = c;
		if (quiet)
			return ':';
		if (opterr)
			fprintf(stderr, "%s: option requires an argument "
				"-- '%c'\n", argv[0], c);
		return '?';
	}
	return c;
}

int
getopt(int argc, char *const argv[], const char *optstring)
{
	optarg = NULL;
	if (optind == 0) {		/* a caller's request to start over */
		optind = 1;
		nextchar = 0;
	}
	if (nextchar == 0) {
		if (optind >= argc || argv[optind] == NULL ||
		    argv[optind][0] != '-' || argv[optind][1] == '\0')
			return -1;
		if (strcmp(argv[optind], "--") == 0) {
			optind++;
			return -1;
		}
		nextchar = 1;
	}
	return short_option(argc, argv, optstring);
}

/* ---- GNU long options ---- */

static int
is_option(const char *arg)
{
	return arg != NULL && arg[0] == '-' && arg[1] != '\0';
}

/*
 * Move argv[mid..end) in front of argv[start..mid), keeping the order
 * within each block (a rotation by three reversals).
 */
static void
reverse(char **v, int a, int b)
{
	while (a < --b) {
		char *t = v[a];

		v[a++] = v[b];
		v[b] = t;
	}
}

static void
rotate(char **v, int start, int mid, int end)
{
	reverse(v, start, mid);
	reverse(v, mid, end);
	reverse(v, start, end);
}

/* The option in `long_opts` that `name` (len chars) names, or -1 (none)
 * or -2 (ambiguous, after the message). */
static int
find_long(const struct option *long_opts, const char *name, size_t len,
	  const char *prefix, char *const argv[])
{
	int found = -1, ambiguous = 0;

	for (int i = 0; long_opts[i].name != NULL; i++) {
		const struct option *o = &long_opts[i];

		if (strncmp(o->name, name, len) != 0)
			continue;
		if (strlen(o->name) == len)
			return i;		/* exact beats any abbreviation */
		if (found < 0)
			found = i;
		else if (o->has_arg != long_opts[found].has_arg ||
			 o->flag != long_opts[found].flag ||
			 o->val != long_opts[found].val)
			ambiguous = 1;
	}
	if (!ambiguous)
		return found;
	if (opterr) {
		fprintf(stderr, "%s: option '%s%.*s' is ambiguous; "
			"possibilities:", argv[0], prefix, (int)len, name);
		for (int i = 0; long_opts[i].name != NULL; i++)
			if (strncmp(long_opts[i].name, name, len) == 0)
				fprintf(stderr, " '%s%s'", prefix,
					long_opts[i].name);
		fprintf(stderr, "\n");
	}
	return -2;
}

/*
 * The long option at argv[optind] + skip ("--" or, for getopt_long_only,
 * "-" before the name).  Returns what getopt_long returns, or -3 when
 * nothing matched and the caller may still try a short option.
 */
static int
long_option(int argc, char *const argv[], const char *optstring,
	    const struct option *long_opts, int *longindex, int skip,
	    int short_fallback)
{
	const char *arg = argv[optind], *name = arg + skip;
	const char *prefix = skip == 2 ? "--" : "-";
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	int quiet = quiet_mode(optstring), i;
	const struct option *o;

	i = find_long(long_opts, name, len, prefix, argv);
	if (i == -1 && short_fallback && strchr(optstring, name[0]))
		return -3;
	optind++;
	nextchar = 0;
	if (i == -2) {
		optopt = 0;
		return '?';
	}
	if (i == -1) {
		if (opterr)
			fprintf(stderr, "%s: unrecognized option '%s%s'\n",
				argv[0], prefix, name);
		optopt = 0;
		return '?';
	}
	o = &long_opts[i];
	if (eq != NULL) {
		if (o->has_arg == no_argument) {
			if (opterr)
				fprintf(stderr, "%s: option '%s%s' doesn't "
					"allow an argument\n", argv[0],
					prefix, o->name);
			optopt = o->val;
			return '?';
		}
		optarg = (char *)eq + 1;
	} else if (o->has_arg == required_argument) {
		if (optind >= argc) {
			if (opterr && !quiet)
				fprintf(stderr, "%s: option '%s%s' requires "
					"an argument\n", argv[0], prefix,
					o->name);
			optopt = o->val;
			return quiet ? ':' : '?';
		}
		optarg = argv[optind++];
	}
	if (longindex != NULL)
		*longindex = i;
	if (o->flag != NULL) {
		*o->flag = o->val;
		return 0;
	}
	return o->val;
}

/* One option at argv[optind], which is one (nextchar == 0 on entry). */
static int
parse_at(int argc, char *const argv[], const char *optstring,
	 const struct option *long_opts, int *longindex, int long_only)
{
	const char *arg = argv[optind];
	int r;

	if (nextchar == 0 && arg[1] == '-')
		return long_option(argc, argv, optstring, long_opts,
				   longindex, 2, 0);
	if (nextchar == 0 && long_only &&
	    (arg[2] != '\0' || strchr(optstring, arg[1]) == NULL)) {
		/* -name is a long option; if none matches and its first
		 * letter is a short one, it is a group of short options */
		r = long_option(argc, argv, optstring, long_opts, longindex,
				1, 1);
		if (r != -3)
			return r;
	}
	if (nextchar == 0)
		nextchar = 1;
	return short_option(argc, argv, optstring);
}

/* The element(s) argv[at..optind) just parsed go in front of the
 * non-options argv[start..at) that were skipped to reach them. */
static void
move_parsed(char **v, int start, int at)
{
	int end = optind;

	rotate(v, start, at, end);
	optind = start + (end - at);
}

static int
getopt_gnu(int argc, char *const argv[], const char *optstring,
	   const struct option *long_opts, int *longindex, int long_only)
{
	char **v = (char **)argv;	/* GNU permutes the caller's argv */
	int permute = 1, in_order = 0, start, at, r;

	optarg = NULL;
	if (optind == 0) {
		optind = 1;
		nextchar = 0;
		pend_start = -1;
	}
	if (optstring[0] == '+' || optstring[0] == '-') {
		permute = 0;
		in_order = optstring[0] == '-';
		optstring++;
	} else if (getenv("POSIXLY_CORRECT") != NULL) {
		permute = 0;
	}
	if (nextchar != 0) {
		at = optind;
		r = short_option(argc, argv, optstring);
		if (nextchar == 0 && pend_start >= 0) {
			move_parsed(v, pend_start, at);
			pend_start = -1;
		}
		return r;
	}
	if (optind >= argc || argv[optind] == NULL)
		return -1;
	start = optind;
	at = optind;
	while (permute && at < argc && !is_option(argv[at]))
		at++;
	if (at >= argc)
		return -1;		/* only non-options left: optind at them */
	if (!is_option(argv[at])) {
		if (!in_order)
			return -1;
		optarg = argv[optind++];
		return 1;
	}
	if (strcmp(argv[at], "--") == 0) {
		rotate(v, start, at, at + 1);
		optind = start + 1;
		return -1;
	}
	optind = at;
	r = parse_at(argc, argv, optstring, long_opts, longindex, long_only);
	if (at > start) {
		if (nextchar != 0)
			pend_start = start;	/* moved when the group ends */
		else
			move_parsed(v, start, at);
	}
	return r;
}

int
getopt_long(int argc, char *const argv[], const char *optstring,
	    const struct option *longopts, int *longindex)
{
	return getopt_gnu(argc, argv, optstring, longopts, longindex, 0);
}

int
getopt_long_only(int argc, char *const argv[], const char *optstring,
		 const struct option *longopts, int *longindex)
{
	return getopt_gnu(argc, argv, optstring, longopts, longindex, 1);
}
