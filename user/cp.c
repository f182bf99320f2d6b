/*
 * cp.c - /bin/cp: copy files (POSIX cp, without -R).
 *
 *   cp SRC DST          copy the file SRC to DST (or into DST if it is a
 *                       directory)
 *   cp SRC... DIR       copy each SRC into the directory DIR
 *
 * A new file gets SRC's permission bits; an existing DST is truncated and
 * overwritten.  A directory SRC is skipped with a message (there is no -r),
 * and copying a file onto itself is refused, as GNU cp does.
 *
 * System calls: open, fstat, read, write, close, stat.
 */
#include "tool_fs.h"

static int
same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static int
copy_one(const char *src, const char *dst)
{
	if (is_dir(src)) {
		fprintf(stderr, "cp: -r not specified; omitting directory "
			"'%s'\n", src);
		return 1;
	}
	if (same_file(src, dst)) {
		fprintf(stderr, "cp: '%s' and '%s' are the same file\n", src,
			dst);
		return 1;
	}
	return copy_file("cp", src, dst) < 0;
}

int
main(int argc, char **argv)
{
	return each_operand("cp", argc, argv, copy_one);
}
