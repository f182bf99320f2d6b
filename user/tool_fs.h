/*
 * tool_fs.h - what cp, mv and rm share: the target path inside a
 * directory, "is it a directory", and copying one regular file.
 */
#ifndef USER_TOOL_FS_H
#define USER_TOOL_FS_H

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static inline int
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The last component of path ("a/b/" gives "b/", as basename would not
 * strip: callers pass paths without a trailing slash or accept it). */
static inline const char *
last_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s && s[1] ? s + 1 : path;
}

/* dir/name into buf; 0, or -1 after a message if it does not fit. */
static inline int
path_join(char *buf, size_t size, const char *prog, const char *dir,
	  const char *name)
{
	size_t n = strlen(dir);
	int len = snprintf(buf, size, "%s%s%s", dir,
			   n && dir[n - 1] == '/' ? "" : "/", name);

	if (len < 0 || (size_t)len >= size) {
		fprintf(stderr, "%s: %s/%s: %s\n", prog, dir, name,
			strerror(ENAMETOOLONG));
		return -1;
	}
	return 0;
}

/* Copy the regular file src to dst (created or truncated, with src's
 * permissions when created); 0, or -1 after a message. */
static inline int
copy_file(const char *prog, const char *src, const char *dst)
{
	char buf[4096];
	int in, out, r = 0;
	struct stat st;
	ssize_t n, w;

	if ((in = open(src, O_RDONLY)) < 0 || fstat(in, &st) < 0) {
		fprintf(stderr, "%s: cannot open '%s': %s\n", prog, src,
			strerror(errno));
		if (in >= 0)
			close(in);
		return -1;
	}
	if ((out = open(dst, O_WRONLY | O_CREAT | O_TRUNC,
			st.st_mode & 07777)) < 0) {
		fprintf(stderr, "%s: cannot create '%s': %s\n", prog, dst,
			strerror(errno));
		close(in);
		return -1;
	}
	while (r == 0 && (n = read(in, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			fprintf(stderr, "%s: reading '%s': %s\n", prog, src,
				strerror(errno));
			r = -1;
		}
		for (ssize_t done = 0; r == 0 && done < n; done += w) {
			if ((w = write(out, buf + done, n - done)) < 0) {
				fprintf(stderr, "%s: writing '%s': %s\n", prog,
					dst, strerror(errno));
				r = -1;
			}
		}
	}
	close(in);
	if (close(out) < 0 && r == 0) {
		fprintf(stderr, "%s: '%s': %s\n", prog, dst, strerror(errno));
		r = -1;
	}
	return r;
}

/*
 * cp's and mv's operands, argv[first..argc-1]: "SRC DST" where DST is not a
 * directory, or "SRC... DIR" (each SRC to DIR/its last name).  Calls
 * op(src, dst) for each; returns the exit status (1 if any failed).
 */
static inline int
each_operand(const char *prog, int argc, char **argv,
	     int (*op)(const char *src, const char *dst))
{
	const char *target = argv[argc - 1];
	char path[PATH_MAX];
	int status = 0, first = 1;

	if (argc > 1 && strcmp(argv[1], "--") == 0)
		first++;
	if (argc - first < 2) {
		fprintf(stderr, "usage: %s SRC DST | %s SRC... DIR\n", prog,
			prog);
		return 1;
	}
	if (!is_dir(target)) {
		if (argc - first > 2) {
			fprintf(stderr, "%s: target '%s' is not a directory\n",
				prog, target);
			return 1;
		}
		return op(argv[first], target);
	}
	for (int i = first; i < argc - 1; i++) {
		if (path_join(path, sizeof(path), prog, target,
			      last_name(argv[i])) < 0)
			status = 1;
		else
			status |= op(argv[i], path);
	}
	return status;
}

#endif
