/*
 * printf.c - the printf family: where formatted text goes (a buffer, a
 * stream or a descriptor) around the engine in format.c; and perror and
 * assert's message.
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "internal.h"
#include "stdio_impl.h"
#include "format.h"

/* ---- into a buffer: snprintf and friends ---- */

struct buf_out {
	struct fmt_out o;
	char *buf;
	size_t size;		/* including the final NUL */
	size_t len;		/* stored so far, < size */
};

static void
buf_write(struct fmt_out *o, const char *s, size_t n)
{
	struct buf_out *b = (struct buf_out *)o;
	size_t room = b->size ? b->size - 1 - b->len : 0;

	if (n > room)
		n = room;
	memcpy(b->buf + b->len, s, n);
	b->len += n;
}

int
vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct buf_out b = { { buf_write, 0 }, buf, size, 0 };
	int r = __vformat(&b.o, fmt, ap);

	if (size)
		buf[b.len] = '\0';
	return r;
}

int
vsprintf(char *buf, const char *fmt, va_list ap)
{
	return vsnprintf(buf, (size_t)0x7fffffff, fmt, ap);
}

int
snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return r;
}

int
sprintf(char *buf, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsprintf(buf, fmt, ap);
	va_end(ap);
	return r;
}

/*
 * ---- into a stream or a descriptor ----
 * Unbuffered streams and descriptors collect the text in a local buffer
 * first, so that one printf is one write() when it fits (a line on stderr
 * is not split between threads or processes).
 */
struct stream_out {
	struct fmt_out o;
	FILE *f;		/* NULL: write to fd */
	int fd;
	int newline;		/* a '\n' went out: flush a line-buffered f */
	int failed;
	size_t len;
	char local[256];
};

static void
local_flush(struct stream_out *s)
{
	size_t done = 0;
	ssize_t k;

	if (s->f) {
		if (__fwrite_unlocked(s->f, s->local, s->len, 0) != s->len)
			s->failed = 1;
	} else {
		while (done < s->len) {
			k = write(s->fd, s->local + done, s->len - done);
			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0) {
				s->failed = 1;
				break;
			}
			done += k;
		}
	}
	s->len = 0;
}

static void
stream_write(struct fmt_out *o, const char *p, size_t n)
{
	struct stream_out *s = (struct stream_out *)o;
	size_t k;

	if (s->f && !s->newline && memchr(p, '\n', n))
		s->newline = 1;
	if (s->f && s->f->mode != _IONBF) {
		if (__fwrite_unlocked(s->f, p, n, 0) != n)
			s->failed = 1;
		return;
	}
	while (n > 0) {
		if (s->len == sizeof(s->local))
			local_flush(s);
		k = sizeof(s->local) - s->len;
		k = k < n ? k : n;
		memcpy(s->local + s->len, p, k);
		s->len += k;
		p += k;
		n -= k;
	}
}

int
vfprintf(FILE *f, const char *fmt, va_list ap)
{
	struct stream_out s;
	int r;

	s.o.write = stream_write;
	s.o.count = 0;
	s.f = f;
	s.fd = -1;
	s.newline = s.failed = 0;
	s.len = 0;
	__lock(&f->lock);
	__fdecide_mode(f);
	r = __vformat(&s.o, fmt, ap);
	if (s.len)
		local_flush(&s);
	if (s.newline && f->mode == _IOLBF && __fflush_unlocked(f) < 0)
		s.failed = 1;
	__unlock(&f->lock);
	return s.failed ? -1 : r;
}

int
vdprintf(int fd, const char *fmt, va_list ap)
{
	struct stream_out s;
	int r;

	s.o.write = stream_write;
	s.o.count = 0;
	s.f = NULL;
	s.fd = fd;
	s.newline = s.failed = 0;
	s.len = 0;
	r = __vformat(&s.o, fmt, ap);
	if (s.len)
		local_flush(&s);
	return s.failed ? -1 : r;
}

int
vprintf(const char *fmt, va_list ap)
{
	return vfprintf(stdout, fmt, ap);
}

int
printf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfprintf(stdout, fmt, ap);
	va_end(ap);
	return r;
}

int
fprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vfprintf(f, fmt, ap);
	va_end(ap);
	return r;
}

int
dprintf(int fd, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vdprintf(fd, fmt, ap);
	va_end(ap);
	return r;
}

void
perror(const char *s)
{
	const char *msg = strerror(errno);

	if (s && *s)
		fprintf(stderr, "%s: %s\n", s, msg);
	else
		fprintf(stderr, "%s\n", msg);
}

void
__assert_fail(const char *expr, const char *file, int line, const char *func)
{
	fprintf(stderr, "%s:%d: %s: Assertion `%s' failed.\n", file, line,
		func, expr);
	abort();
}

/* GNU asprintf: the output in a malloc'd string; -1 (and *out
 * unspecified, here NULL) when memory runs out. */
int
vasprintf(char **out, const char *fmt, va_list ap)
{
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	*out = n < 0 ? NULL : malloc((size_t)n + 1);
	if (*out == NULL) {
		va_end(again);
		return -1;
	}
	vsnprintf(*out, (size_t)n + 1, fmt, again);
	va_end(again);
	return n;
}

int
asprintf(char **out, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vasprintf(out, fmt, ap);
	va_end(ap);
	return r;
}
