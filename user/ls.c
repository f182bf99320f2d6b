/*
 * ls.c - /bin/ls: list directories of the initrd.
 *
 *   ls [-l] [PATH]...    no PATH: "/"; -l adds the type, permissions
 *                        and size of each entry
 *
 * Names are sorted.  A PATH that is a file is listed as itself.
 *
 * System calls: open, getdents (opendir, readdir), stat (open + fstat),
 * close, write.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAXNAMES	512

static int long_format;

/* "drwxr-xr-x" for a mode */
static void
mode_string(unsigned int mode, char *s)
{
	const char *rwx = "rwxrwxrwx";

	s[0] = S_ISDIR(mode) ? 'd' : S_ISCHR(mode) ? 'c' :
	       S_ISFIFO(mode) ? 'p' : '-';
	for (int i = 0; i < 9; i++)
		s[i + 1] = (mode >> (8 - i)) & 1 ? rwx[i] : '-';
	s[10] = 0;
}

/* One entry; path is where to stat it, name what to show. */
static void
print_entry(const char *path, const char *name)
{
	struct stat st;
	char mode[11];

	if (!long_format) {
		printf("%s\n", name);
		return;
	}
	if (stat(path, &st) < 0) {
		printf("?????????? %8s %s\n", "?", name);
		return;
	}
	mode_string(st.st_mode, mode);
	printf("%s %8ld %s%s\n", mode, (long)st.st_size, name,
	       S_ISDIR(st.st_mode) ? "/" : "");
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* List the directory dir; 0, or 1 after a message. */
static int
list_dir(const char *dir)
{
	static char *names[MAXNAMES];
	char path[256];
	struct dirent *d;
	DIR *dp;
	int n = 0;

	if (!(dp = opendir(dir))) {
		fprintf(stderr, "ls: %s: %s\n", dir, strerror(errno));
		return 1;
	}
	while ((d = readdir(dp)) && n < MAXNAMES)
		if (strcmp(d->d_name, ".") && strcmp(d->d_name, ".."))
			names[n++] = strdup(d->d_name);
	closedir(dp);
	qsort(names, n, sizeof(names[0]), by_name);
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s%s%s", dir,
			 dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
		print_entry(path, names[i]);
		free(names[i]);
	}
	return 0;
}

/* List path: a directory's entries (under a "path:" title if there are
 * many to list), or a file itself. */
static int
list(const char *path, int many)
{
	static int printed;		/* something is on the screen already */
	struct stat st;

	if (stat(path, &st) < 0) {
		fprintf(stderr, "ls: %s: %s\n", path, strerror(errno));
		return 1;
	}
	if (!S_ISDIR(st.st_mode)) {
		print_entry(path, path);
		printed = 1;
		return 0;
	}
	if (many)
		printf("%s%s:\n", printed ? "\n" : "", path);
	printed = 1;
	return list_dir(path);
}

int
main(int argc, char **argv)
{
	int i = 1, status = 0, many;

	if (argc > 1 && strcmp(argv[1], "-l") == 0) {
		long_format = 1;
		i++;
	}
	if (i == argc)
		return list("/", 0);
	many = argc - i > 1;
	for (; i < argc; i++)
		status |= list(argv[i], many);
	return status;
}
