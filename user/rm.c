/*
 * rm.c - /bin/rm: remove files (POSIX rm).
 *
 *   rm [-f] [-r|-R] FILE...   remove each FILE; -r a directory with all
 *                             it holds; -f no message and no error for a
 *                             FILE that does not exist (or no FILE)
 *
 * A directory without -r is refused ("Is a directory"), and so are "."
 * and ".." as the last component, and "/" with -r (GNU's
 * --preserve-root, the default).  rm never asks (Quanta has no
 * permissions to ask about).
 *
 * System calls: stat, unlink, rmdir, open, getdents (opendir, readdir),
 * close.
 */
#include <dirent.h>
#include <stdlib.h>
#include "tool_fs.h"

static int force, recursive;

static int remove_path(const char *path);

/* Remove everything in the directory path, then the directory. */
static int
remove_tree(const char *path)
{
	char child[PATH_MAX];
	struct dirent *e;
	int status = 0;
	DIR *d;

	if (!(d = opendir(path))) {
		fprintf(stderr, "rm: cannot open '%s': %s\n", path,
			strerror(errno));
		return 1;
	}
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (path_join(child, sizeof(child), "rm", path, e->d_name) < 0)
			status = 1;
		else
			status |= remove_path(child);
	}
	closedir(d);
	if (rmdir(path) < 0) {
		fprintf(stderr, "rm: cannot remove '%s': %s\n", path,
			strerror(errno));
		return 1;
	}
	return status;
}

static int
remove_path(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0) {
		if (force && errno == ENOENT)
			return 0;
		fprintf(stderr, "rm: cannot remove '%s': %s\n", path,
			strerror(errno));
		return 1;
	}
	if (S_ISDIR(st.st_mode)) {
		if (!recursive) {
			fprintf(stderr, "rm: cannot remove '%s': Is a "
				"directory\n", path);
			return 1;
		}
		return remove_tree(path);
	}
	if (unlink(path) < 0) {
		fprintf(stderr, "rm: cannot remove '%s': %s\n", path,
			strerror(errno));
		return 1;
	}
	return 0;
}

/* "." or ".." as the last component, or "/" (with -r). */
static int
refused(const char *path)
{
	const char *name = last_name(path);

	if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0 ||
	    strcmp(name, "./") == 0 || strcmp(name, "../") == 0) {
		fprintf(stderr, "rm: refusing to remove '.' or '..' directory: "
			"skipping '%s'\n", path);
		return 1;
	}
	if (recursive && path[strspn(path, "/")] == 0) {
		fprintf(stderr, "rm: it is dangerous to operate recursively on "
			"'/'\n");
		return 1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	int opt, status = 0;

	while ((opt = getopt(argc, argv, "frR")) != -1) {
		if (opt == 'f')
			force = 1;
		else if (opt == 'r' || opt == 'R')
			recursive = 1;
		else {
			fprintf(stderr, "usage: rm [-f] [-r] FILE...\n");
			return 1;
		}
	}
	if (optind == argc && !force) {
		fprintf(stderr, "rm: missing operand\n");
		return 1;
	}
	for (int i = optind; i < argc; i++)
		status |= refused(argv[i]) ? 1 : remove_path(argv[i]);
	return status;
}
