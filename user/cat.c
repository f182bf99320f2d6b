/*
 * cat.c - /bin/cat: copy files (or stdin) to stdout.
 *
 *   cat [FILE]...    no FILE, or "-": standard input
 *
 * System calls: open, read, write, close.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Copy fd to stdout; 0, or -1 after a message. */
static int
copy(int fd, const char *name)
{
	char buf[4096];
	ssize_t n, done, w;

	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		for (done = 0; done < n; done += w) {
			if ((w = write(1, buf + done, n - done)) < 0) {
				perror("cat: write");
				return -1;
			}
		}
	}
	if (n < 0) {
		fprintf(stderr, "cat: %s: %s\n", name, strerror(errno));
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	int status = 0, fd;

	if (argc == 1)
		return copy(0, "stdin") < 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-") == 0) {
			status |= copy(0, "stdin") < 0;
			continue;
		}
		if ((fd = open(argv[i], O_RDONLY)) < 0) {
			fprintf(stderr, "cat: %s: %s\n", argv[i],
				strerror(errno));
			status = 1;
			continue;
		}
		status |= copy(fd, argv[i]) < 0;
		close(fd);
	}
	return status;
}
