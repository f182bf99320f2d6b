/*
 * mv.c - /bin/mv: move or rename files (POSIX mv).
 *
 *   mv SRC DST          rename SRC to DST (or move it into DST if that
 *                       is a directory)
 *   mv SRC... DIR       move each SRC into the directory DIR
 *
 * rename(2) does the work, replacing an existing DST.  Between file
 * systems (EXDEV: the initrd, /dev and /tmp are separate mounts) a
 * regular file is copied and the original removed, as POSIX says; a
 * directory is not (GNU copies it recursively; Quanta's mv reports it).
 *
 * System calls: rename, stat, open, read, write, close, unlink.
 */
#include "tool_fs.h"

static int
move_one(const char *src, const char *dst)
{
	if (rename(src, dst) == 0)
		return 0;
	if (errno != EXDEV || is_dir(src)) {
		fprintf(stderr, "mv: cannot move '%s' to '%s': %s\n", src, dst,
			strerror(errno));
		return 1;
	}
	if (copy_file("mv", src, dst) < 0)
		return 1;
	if (unlink(src) < 0) {
		fprintf(stderr, "mv: cannot remove '%s': %s\n", src,
			strerror(errno));
		return 1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	return each_operand("mv", argc, argv, move_one);
}
