/*
 * dirent.c - opendir/readdir/closedir over getdents().
 *
 * Assumes SYS_getdents fills the buffer with whole struct q_dirent
 * records, returns the bytes filled (0 at the end of the directory) and
 * moves the descriptor past them.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "internal.h"

#define DIR_BATCH 16

struct __dir {
	int fd;
	int pos;		/* next entry in buf */
	int count;		/* entries in buf */
	struct dirent buf[DIR_BATCH];
};

DIR *
opendir(const char *path)
{
	DIR *d;
	int fd;

	fd = open(path, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return NULL;
	d = malloc(sizeof(*d));
	if (d == NULL) {
		close(fd);
		return NULL;
	}
	d->fd = fd;
	d->pos = d->count = 0;
	return d;
}

struct dirent *
readdir(DIR *d)
{
	int n;

	if (d->pos == d->count) {
		n = getdents(d->fd, d->buf, sizeof(d->buf));
		if (n <= 0)
			return NULL;	/* the end, or an error (errno) */
		d->count = n / sizeof(struct dirent);
		d->pos = 0;
		if (d->count == 0)
			return NULL;
	}
	return &d->buf[d->pos++];
}

int
closedir(DIR *d)
{
	int r = close(d->fd);

	free(d);
	return r;
}

int
dirfd(DIR *d)
{
	return d->fd;
}
