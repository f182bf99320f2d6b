/*
 * truncate.c - /bin/truncate: set the size of files (GNU coreutils'
 * truncate, its -s and -c options).
 *
 *   truncate [-c] -s SIZE FILE...   make each FILE SIZE bytes long,
 *                                   creating it unless -c is given
 *
 * SIZE is a number with an optional K, M or G (powers of 1024) or KB, MB,
 * GB (powers of 1000), as coreutils reads it; a leading + or - grows or
 * shrinks by SIZE.  A file grown this way is sparse on /tmp: its new
 * bytes read as zeros and take no memory until written, which is how the
 * realbench lab gives interbench its 1 GB read file (docs/realbench.md).
 *
 * System calls: open, ftruncate, fstat, close.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

/* SIZE into *out; the sign ('+', '-' or 0) into *rel.  -1 if bad. */
static int
parse_size(const char *s, long long *out, char *rel)
{
	char *end;
	long long v, unit = 1;

	*rel = (*s == '+' || *s == '-') ? *s++ : 0;
	if (*s < '0' || *s > '9')
		return -1;
	v = strtoll(s, &end, 10);
	if (*end) {
		const char *u = "KMG", *p = strchr(u, end[0]);
		int thousand = end[1] == 'B' && end[2] == '\0';

		if (p == NULL || (end[1] && !thousand))
			return -1;
		for (int i = 0; i <= p - u; i++)
			unit *= thousand ? 1000 : 1024;
	}
	*out = v * unit;
	return 0;
}

static int
truncate_one(const char *path, long long size, char rel, int no_create)
{
	int fd = open(path, O_WRONLY | (no_create ? 0 : O_CREAT), 0644);
	struct stat st;
	long long len = size;

	if (fd < 0) {
		if (no_create && errno == ENOENT)
			return 0;
		fprintf(stderr, "truncate: cannot open '%s' for writing: %s\n",
			path, strerror(errno));
		return 1;
	}
	if (rel && fstat(fd, &st) == 0)
		len = rel == '+' ? st.st_size + size :
		      (st.st_size > size ? st.st_size - size : 0);
	if (len > 0x7fffffffLL || ftruncate(fd, (off_t)len) < 0) {
		fprintf(stderr, "truncate: failed to truncate '%s' at %lld "
			"bytes: %s\n", path, len,
			len > 0x7fffffffLL ? strerror(EFBIG) : strerror(errno));
		close(fd);
		return 1;
	}
	close(fd);
	return 0;
}

int
main(int argc, char **argv)
{
	int opt, no_create = 0, have_size = 0, status = 0;
	long long size = 0;
	char rel = 0;

	while ((opt = getopt(argc, argv, "cs:")) != -1) {
		if (opt == 'c') {
			no_create = 1;
		} else if (opt == 's' && parse_size(optarg, &size, &rel) == 0) {
			have_size = 1;
		} else {
			if (opt == 's')
				fprintf(stderr, "truncate: invalid number: "
					"'%s'\n", optarg);
			fprintf(stderr, "usage: truncate [-c] -s SIZE FILE...\n");
			return 1;
		}
	}
	if (!have_size || optind == argc) {
		fprintf(stderr, "truncate: %s\nusage: truncate [-c] -s SIZE "
			"FILE...\n", have_size ? "missing file operand" :
			"you must specify '-s'");
		return 1;
	}
	for (int i = optind; i < argc; i++)
		status |= truncate_one(argv[i], size, rel, no_create);
	return status;
}
