/*
 * getopt.h - GNU long options (getopt_long, getopt_long_only), and
 * POSIX getopt() as <unistd.h> declares it.  Semantics in user/libc/getopt.c.
 */
#ifndef _GETOPT_H
#define _GETOPT_H

struct option {
	const char *name;
	int has_arg;		/* no_argument, required_argument, optional_argument */
	int *flag;		/* NULL: return val; else *flag = val, return 0 */
	int val;
};

#define no_argument		0
#define required_argument	1
#define optional_argument	2

extern char *optarg;
extern int optind, opterr, optopt;

int getopt(int argc, char *const argv[], const char *optstring);
int getopt_long(int argc, char *const argv[], const char *optstring,
		const struct option *longopts, int *longindex);
int getopt_long_only(int argc, char *const argv[], const char *optstring,
		     const struct option *longopts, int *longindex);

#endif
