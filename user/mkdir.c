/*
 * mkdir.c - /bin/mkdir: make directories (POSIX mkdir).
 *
 *   mkdir [-p] DIR...   make each DIR; -p also its missing parents, and
 *                       no error if DIR already is a directory
 *
 * The mode is 0777 (Quanta has no umask and never checks permissions).
 *
 * System calls: mkdir, stat.
 */
#include "tool_fs.h"

/* mkdir -p: each prefix of path ending before a '/', then path. */
static int
make_parents(const char *path)
{
	char buf[PATH_MAX];
	size_t len = strlen(path);

	if (len >= sizeof(buf)) {
		fprintf(stderr, "mkdir: %s: %s\n", path,
			strerror(ENAMETOOLONG));
		return 1;
	}
	memcpy(buf, path, len + 1);
	for (char *p = buf + 1; ; p++) {
		if (*p != '/' && *p != 0)
			continue;
		char c = *p;
		*p = 0;
		if (mkdir(buf, 0777) < 0 && (errno != EEXIST || !is_dir(buf))) {
			fprintf(stderr, "mkdir: cannot create directory "
				"'%s': %s\n", buf, strerror(errno));
			return 1;
		}
		*p = c;
		while (*p == '/' && p[1] == '/')
			p++;
		if (!c || !p[1])
			return 0;
	}
}

int
main(int argc, char **argv)
{
	int opt, parents = 0, status = 0;

	while ((opt = getopt(argc, argv, "p")) != -1) {
		if (opt != 'p') {
			fprintf(stderr, "usage: mkdir [-p] DIR...\n");
			return 1;
		}
		parents = 1;
	}
	if (optind == argc) {
		fprintf(stderr, "mkdir: missing operand\n");
		return 1;
	}
	for (int i = optind; i < argc; i++) {
		if (parents) {
			status |= make_parents(argv[i]);
		} else if (mkdir(argv[i], 0777) < 0) {
			fprintf(stderr, "mkdir: cannot create directory '%s': "
				"%s\n", argv[i], strerror(errno));
			status = 1;
		}
	}
	return status;
}
