/*
 * stdio_rw.c - reading and writing streams by character, line and block.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "internal.h"
#include "stdio_impl.h"

size_t
fwrite(const void *p, size_t size, size_t n, FILE *f)
{
	size_t bytes = size * n, done;

	if (bytes == 0)
		return 0;
	__lock(&f->lock);
	done = __fwrite_unlocked(f, p, bytes, 1);
	__unlock(&f->lock);
	return done == bytes ? n : done / size;
}

int
fputc(int c, FILE *f)
{
	unsigned char ch = c;

	return fwrite(&ch, 1, 1, f) == 1 ? ch : EOF;
}

int
putc(int c, FILE *f)
{
	return fputc(c, f);
}

int
putchar(int c)
{
	return fputc(c, stdout);
}

int
fputs(const char *s, FILE *f)
{
	size_t n = strlen(s);

	return fwrite(s, 1, n, f) == n ? 0 : EOF;
}

/* The line and its newline go out under one lock, as one line. */
int
puts(const char *s)
{
	size_t n = strlen(s);
	int r = 0;

	__lock(&stdout->lock);
	if (__fwrite_unlocked(stdout, s, n, 0) != n ||
	    __fwrite_unlocked(stdout, "\n", 1, 1) != 1)
		r = EOF;
	__unlock(&stdout->lock);
	return r;
}

/*
 * Fill the read buffer.  Reading the console first flushes stdout, so a
 * prompt printed without a newline shows before the program waits.
 * Returns 0, or EOF at end of file or on error (flag set).
 */
static int
refill(FILE *f)
{
	ssize_t n;

	if (!(f->flags & F_READ)) {
		f->flags |= F_ERR;
		errno = EBADF;
		return EOF;
	}
	if (f == stdin)
		fflush(stdout);
	__fflush_unlocked(f);
	do
		n = read(f->fd, RBUF(f), RSIZE(f));
	while (n < 0 && errno == EINTR);
	if (n <= 0) {
		f->flags |= n == 0 ? F_EOF : F_ERR;
		return EOF;
	}
	f->rpos = 0;
	f->rlen = n;
	return 0;
}

int
__fgetc_unlocked(FILE *f)
{
	int c;

	if (f->unget != EOF) {
		c = f->unget;
		f->unget = EOF;
		return c;
	}
	if (f->rpos == f->rlen && refill(f) == EOF)
		return EOF;
	return (unsigned char)RBUF(f)[f->rpos++];
}

int
fgetc(FILE *f)
{
	int c;

	__lock(&f->lock);
	c = __fgetc_unlocked(f);
	__unlock(&f->lock);
	return c;
}

int
getc(FILE *f)
{
	return fgetc(f);
}

int
getchar(void)
{
	return fgetc(stdin);
}

/* One byte of push-back, as C guarantees. */
int
ungetc(int c, FILE *f)
{
	if (c == EOF)
		return EOF;
	__lock(&f->lock);
	if (f->unget != EOF) {
		c = EOF;
	} else {
		f->unget = (unsigned char)c;
		f->flags &= ~F_EOF;
	}
	__unlock(&f->lock);
	return c == EOF ? EOF : (unsigned char)c;
}

char *
fgets(char *s, int n, FILE *f)
{
	int i = 0, c = 0;

	if (n <= 0)
		return NULL;
	__lock(&f->lock);
	while (i < n - 1 && (c = __fgetc_unlocked(f)) != EOF) {
		s[i++] = c;
		if (c == '\n')
			break;
	}
	__unlock(&f->lock);
	if (i == 0 && n > 1)
		return NULL;		/* end of file or error, nothing read */
	s[i] = '\0';
	return s;
}

/* Buffered bytes first, then straight into p for the rest. */
size_t
fread(void *p, size_t size, size_t n, FILE *f)
{
	size_t want = size * n, got = 0, k;
	char *d = p;

	if (want == 0)
		return 0;
	__lock(&f->lock);
	if (f->unget != EOF) {
		d[got++] = f->unget;
		f->unget = EOF;
	}
	while (got < want) {
		if (f->rpos == f->rlen && refill(f) == EOF)
			break;
		k = f->rlen - f->rpos;
		if (k > want - got)
			k = want - got;
		memcpy(d + got, RBUF(f) + f->rpos, k);
		f->rpos += k;
		got += k;
	}
	__unlock(&f->lock);
	return got / size;
}

/* Read up to and including delim into *line, growing it with realloc. */
ssize_t
getdelim(char **line, size_t *cap, int delim, FILE *f)
{
	size_t n = 0;
	int c = 0;
	char *p;

	if (line == NULL || cap == NULL) {
		errno = EINVAL;
		return -1;
	}
	__lock(&f->lock);
	while ((c = __fgetc_unlocked(f)) != EOF) {
		if (*line == NULL || n + 2 > *cap) {
			size_t ncap = *cap < 64 ? 128 : *cap * 2;

			p = realloc(*line, ncap);
			if (p == NULL) {
				__unlock(&f->lock);
				return -1;
			}
			*line = p;
			*cap = ncap;
		}
		(*line)[n++] = c;
		if (c == delim)
			break;
	}
	__unlock(&f->lock);
	if (n == 0)
		return -1;
	(*line)[n] = '\0';
	return n;
}

ssize_t
getline(char **line, size_t *cap, FILE *f)
{
	return getdelim(line, cap, '\n', f);
}
