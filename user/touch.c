/*
 * touch.c - /bin/touch: create files (POSIX touch, its common use).
 *
 *   touch [-c] FILE...   create each FILE that does not exist, empty;
 *                        -c: create none
 *
 * POSIX touch also sets an existing file's access and modification times
 * to now; Quanta has no call that sets a file's times (no utimensat), so
 * an existing FILE is left as it is.
 *
 * System calls: stat, open, close.
 */
#include "tool_fs.h"

int
main(int argc, char **argv)
{
	int opt, no_create = 0, status = 0, fd;
	struct stat st;

	while ((opt = getopt(argc, argv, "c")) != -1) {
		if (opt != 'c') {
			fprintf(stderr, "usage: touch [-c] FILE...\n");
			return 1;
		}
		no_create = 1;
	}
	if (optind == argc) {
		fprintf(stderr, "touch: missing file operand\n");
		return 1;
	}
	for (int i = optind; i < argc; i++) {
		if (no_create || stat(argv[i], &st) == 0)
			continue;	/* see above: its times stay */
		if ((fd = open(argv[i], O_WRONLY | O_CREAT, 0666)) < 0) {
			fprintf(stderr, "touch: cannot touch '%s': %s\n",
				argv[i], strerror(errno));
			status = 1;
			continue;
		}
		close(fd);
	}
	return status;
}
