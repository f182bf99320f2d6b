/*
 * getopt.c - POSIX getopt(): short options, stopping at the first
 * non-option or at "--" (no reordering of argv, unlike GNU's).
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

char *optarg;
int optind = 1, opterr = 1, optopt;

static int nextchar;		/* position inside a group like -abc */

int
getopt(int argc, char *const argv[], const char *optstring)
{
	const char *arg, *spec;
	int quiet = optstring[0] == ':';
	char c;

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
	arg = argv[optind];
	c = arg[nextchar++];
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
