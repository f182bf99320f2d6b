/*
 * stdio_impl.h - the FILE structure and the unlocked primitives that
 * stdio.c, stdio_rw.c and printf.c share.
 *
 * Locking rule: every public function takes f->lock around its work and
 * calls only the __f*_unlocked helpers inside, so a stream's lock is
 * never taken twice by one thread.
 */
#ifndef LIBC_STDIO_IMPL_H
#define LIBC_STDIO_IMPL_H

#include <stdio.h>

#define F_READ		0x01	/* opened for reading */
#define F_WRITE		0x02	/* opened for writing */
#define F_EOF		0x04
#define F_ERR		0x08
#define F_MYBUF		0x10	/* buf was malloc'd by stdio */
#define F_STATIC	0x20	/* stdin/stdout/stderr: not freed */
#define F_MODESET	0x40	/* buffering decided (setvbuf or first use) */

struct __file {
	int fd;
	int flags;
	int mode;		/* _IOFBF, _IOLBF or _IONBF */
	char *buf;
	size_t size;		/* buf's capacity */
	size_t rpos, rlen;	/* reading: next byte, bytes valid in buf */
	size_t wlen;		/* writing: bytes waiting in buf */
	int unget;		/* a byte pushed back by ungetc, or EOF */
	char onebyte;		/* the read buffer of an unbuffered stream */
	volatile int lock;
	struct __file *next;	/* every open stream, for fflush(NULL) */
};

/* Where buffered input is: unbuffered streams read a byte at a time. */
#define RBUF(f)	((f)->size ? (f)->buf : &(f)->onebyte)
#define RSIZE(f) ((f)->size ? (f)->size : 1)

void __fdecide_mode(FILE *f);
int __fflush_unlocked(FILE *f);
size_t __fwrite_unlocked(FILE *f, const char *p, size_t n, int line_flush);
int __fgetc_unlocked(FILE *f);

#endif
