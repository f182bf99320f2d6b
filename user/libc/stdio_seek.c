/*
 * stdio_seek.c - stream positions: fseek, ftell, rewind, fgetpos.
 *
 * A stream's position is the descriptor's, less what is read ahead in the
 * buffer (and a pushed-back byte), plus what waits to be written.
 * Seeking writes out what waits, drops what was read ahead and the
 * pushed-back byte, and clears end of file, as C says.
 */
#include <errno.h>
#include <unistd.h>
#include "internal.h"
#include "stdio_impl.h"

/* Bytes the program has not yet read that the descriptor is past. */
static off_t
read_ahead(const FILE *f)
{
	return (off_t)(f->rlen - f->rpos) + (f->unget != EOF);
}

int
fseeko(FILE *f, off_t off, int whence)
{
	int r = 0;

	__lock(&f->lock);
	if (whence == SEEK_CUR)
		off -= read_ahead(f);
	if (__fflush_unlocked(f) < 0 || lseek(f->fd, off, whence) < 0) {
		r = -1;
	} else {
		f->rpos = f->rlen = 0;
		f->unget = EOF;
		f->flags &= ~F_EOF;
	}
	__unlock(&f->lock);
	return r;
}

int
fseek(FILE *f, long off, int whence)
{
	return fseeko(f, off, whence);
}

off_t
ftello(FILE *f)
{
	off_t pos;

	__lock(&f->lock);
	pos = lseek(f->fd, 0, SEEK_CUR);
	if (pos >= 0)
		pos = pos - read_ahead(f) + (off_t)f->wlen;
	__unlock(&f->lock);
	return pos;
}

long
ftell(FILE *f)
{
	return ftello(f);
}

void
rewind(FILE *f)
{
	fseeko(f, 0, SEEK_SET);
	__lock(&f->lock);
	f->flags &= ~F_ERR;
	__unlock(&f->lock);
}

int
fgetpos(FILE *f, fpos_t *pos)
{
	off_t p = ftello(f);

	if (p < 0)
		return -1;
	*pos = p;
	return 0;
}

int
fsetpos(FILE *f, const fpos_t *pos)
{
	return fseeko(f, *pos, SEEK_SET);
}
