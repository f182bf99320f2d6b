/*
 * stdio.c - streams: the three standard ones, opening, closing, flushing
 * and buffering modes, and the unlocked write path under fwrite, fputs
 * and printf.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "internal.h"
#include "stdio_impl.h"

static char stdin_buf[BUFSIZ], stdout_buf[BUFSIZ];

/* stdout's mode is chosen at its first use (line-buffered on the console). */
static struct __file std_streams[3] = {
	{ .fd = 0, .flags = F_READ | F_STATIC | F_MODESET, .mode = _IOLBF,
	  .buf = stdin_buf, .size = BUFSIZ, .unget = EOF,
	  .next = &std_streams[1] },
	{ .fd = 1, .flags = F_WRITE | F_STATIC, .mode = _IOFBF,
	  .buf = stdout_buf, .size = BUFSIZ, .unget = EOF,
	  .next = &std_streams[2] },
	{ .fd = 2, .flags = F_WRITE | F_STATIC | F_MODESET, .mode = _IONBF,
	  .unget = EOF },
};

FILE *stdin = &std_streams[0];
FILE *stdout = &std_streams[1];
FILE *stderr = &std_streams[2];

static struct __file *all_files = &std_streams[0];
static volatile int files_lock;

/* Line-buffer a stream that turns out to be the console; keep errno. */
void
__fdecide_mode(FILE *f)
{
	int saved = errno;

	if (f->flags & F_MODESET)
		return;
	f->flags |= F_MODESET;
	if (isatty(f->fd))
		f->mode = _IOLBF;
	errno = saved;
}

/* write() all of p, through short writes and EINTR. */
static int
write_all(int fd, const char *p, size_t n)
{
	ssize_t k;

	while (n > 0) {
		k = write(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= k;
	}
	return 0;
}

int
__fflush_unlocked(FILE *f)
{
	size_t n = f->wlen;

	if (n == 0)
		return 0;
	f->wlen = 0;
	if (write_all(f->fd, f->buf, n) < 0) {
		f->flags |= F_ERR;
		return EOF;
	}
	return 0;
}

/*
 * Queue n bytes (or write them straight through when unbuffered or when
 * they would not fit anyway).  line_flush: flush a line-buffered stream
 * if p holds a newline; printf passes 0 and flushes once at its end.
 * Returns the bytes accepted (n unless an error).
 */
size_t
__fwrite_unlocked(FILE *f, const char *p, size_t n, int line_flush)
{
	if (!(f->flags & F_WRITE)) {
		f->flags |= F_ERR;
		errno = EBADF;
		return 0;
	}
	__fdecide_mode(f);
	if (f->rlen > f->rpos)		/* "r+": write where the reader is */
		lseek(f->fd, -(off_t)(f->rlen - f->rpos), SEEK_CUR);
	f->rpos = f->rlen = 0;		/* read-ahead is void once writing */
	if (f->mode == _IONBF || f->size == 0 || n >= f->size) {
		if (__fflush_unlocked(f) < 0 || write_all(f->fd, p, n) < 0) {
			f->flags |= F_ERR;
			return 0;
		}
		return n;
	}
	if (f->wlen + n > f->size && __fflush_unlocked(f) < 0)
		return 0;
	memcpy(f->buf + f->wlen, p, n);
	f->wlen += n;
	if (line_flush && f->mode == _IOLBF && memchr(p, '\n', n) &&
	    __fflush_unlocked(f) < 0)
		return 0;
	return n;
}

int
fflush(FILE *f)
{
	int r;

	if (f == NULL) {
		__stdio_flush_all();
		return 0;
	}
	__lock(&f->lock);
	r = __fflush_unlocked(f);
	__unlock(&f->lock);
	return r;
}

void
__stdio_flush_all(void)
{
	FILE *f;

	__lock(&files_lock);
	for (f = all_files; f; f = f->next) {
		__lock(&f->lock);
		__fflush_unlocked(f);
		__unlock(&f->lock);
	}
	__unlock(&files_lock);
}

/* For fork(): the list, then every stream, in list order. */
void
__stdio_lock_all(void)
{
	FILE *f;

	__lock(&files_lock);
	for (f = all_files; f; f = f->next)
		__lock(&f->lock);
}

void
__stdio_unlock_all(void)
{
	FILE *f;

	for (f = all_files; f; f = f->next)
		__unlock(&f->lock);
	__unlock(&files_lock);
}

/* "r", "w", "a", each with an optional "+" ('b' and 'e' are ignored). */
static int
parse_mode(const char *mode, int *oflags, int *fflags)
{
	int plus = strchr(mode, '+') != NULL;

	switch (mode[0]) {
	case 'r':
		*oflags = plus ? O_RDWR : O_RDONLY;
		*fflags = F_READ | (plus ? F_WRITE : 0);
		return 0;
	case 'w':
		*oflags = (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_TRUNC;
		*fflags = F_WRITE | (plus ? F_READ : 0);
		return 0;
	case 'a':
		*oflags = (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_APPEND;
		*fflags = F_WRITE | (plus ? F_READ : 0);
		return 0;
	default:
		errno = EINVAL;
		return -1;
	}
}

/* A stream for fd, its buffer allocated with it, on the list. */
static FILE *
new_stream(int fd, int fflags)
{
	FILE *f = malloc(sizeof(*f) + BUFSIZ);

	if (f == NULL)
		return NULL;
	memset(f, 0, sizeof(*f));
	f->fd = fd;
	f->flags = fflags;
	f->mode = _IOFBF;
	f->buf = (char *)(f + 1);
	f->size = BUFSIZ;
	f->unget = EOF;
	__lock(&files_lock);
	f->next = all_files;
	all_files = f;
	__unlock(&files_lock);
	return f;
}

FILE *
fopen(const char *path, const char *mode)
{
	int oflags, fflags, fd;
	FILE *f;

	if (parse_mode(mode, &oflags, &fflags) < 0)
		return NULL;
	fd = open(path, oflags);
	if (fd < 0)
		return NULL;
	f = new_stream(fd, fflags);
	if (f == NULL)
		close(fd);
	return f;
}

FILE *
fdopen(int fd, const char *mode)
{
	int oflags, fflags;

	if (parse_mode(mode, &oflags, &fflags) < 0)
		return NULL;
	return new_stream(fd, fflags);
}

/* Flush, close the descriptor, and free the stream (the standard three
 * stay allocated but closed). */
int
fclose(FILE *f)
{
	FILE **pp;
	int r;

	__lock(&f->lock);
	r = __fflush_unlocked(f);
	if (close(f->fd) < 0)
		r = EOF;
	f->flags &= ~(F_READ | F_WRITE);
	if (f->flags & F_MYBUF)
		free(f->buf);
	f->flags &= ~F_MYBUF;
	f->buf = NULL;
	f->size = f->wlen = f->rlen = f->rpos = 0;
	__unlock(&f->lock);
	if (f->flags & F_STATIC)
		return r;
	__lock(&files_lock);
	for (pp = &all_files; *pp; pp = &(*pp)->next)
		if (*pp == f) {
			*pp = f->next;
			break;
		}
	__unlock(&files_lock);
	free(f);
	return r;
}

int
fileno(FILE *f)
{
	return f->fd;
}

/*
 * Choose the buffering.  With buf NULL, a stream without a buffer gets a
 * malloc'd one of size bytes (BUFSIZ if 0).
 */
int
setvbuf(FILE *f, char *buf, int mode, size_t size)
{
	int r = 0;

	if (mode != _IOFBF && mode != _IOLBF && mode != _IONBF)
		return -1;
	__lock(&f->lock);
	__fflush_unlocked(f);
	f->mode = mode;
	f->flags |= F_MODESET;
	if (buf && size) {
		if (f->flags & F_MYBUF)
			free(f->buf);
		f->flags &= ~F_MYBUF;
		f->buf = buf;
		f->size = size;
	} else if (f->buf == NULL && mode != _IONBF) {
		size = size ? size : BUFSIZ;
		f->buf = malloc(size);
		if (f->buf) {
			f->size = size;
			f->flags |= F_MYBUF;
		} else {
			f->mode = _IONBF;
			r = -1;
		}
	}
	f->rpos = f->rlen = 0;
	__unlock(&f->lock);
	return r;
}

void
setbuf(FILE *f, char *buf)
{
	setvbuf(f, buf, buf ? _IOFBF : _IONBF, BUFSIZ);
}

void
setlinebuf(FILE *f)
{
	setvbuf(f, NULL, _IOLBF, 0);
}

int
feof(FILE *f)
{
	return (f->flags & F_EOF) != 0;
}

int
ferror(FILE *f)
{
	return (f->flags & F_ERR) != 0;
}

void
clearerr(FILE *f)
{
	__lock(&f->lock);
	f->flags &= ~(F_EOF | F_ERR);
	__unlock(&f->lock);
}
