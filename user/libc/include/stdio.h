/*
 * stdio.h - buffered streams and formatted output.
 *
 * stdout is line buffered when it is the console and fully buffered
 * otherwise; stderr is unbuffered.  Every stream has a lock, so lines
 * printed by different threads do not interleave within one call.
 */
#ifndef _STDIO_H
#define _STDIO_H

#include <stddef.h>
#include <stdarg.h>
#include <sys/types.h>

typedef struct __file FILE;
typedef long fpos_t;

#define EOF		(-1)
#define BUFSIZ		1024
#define FILENAME_MAX	256
#define FOPEN_MAX	32

#define _IOFBF	0
#define _IOLBF	1
#define _IONBF	2

#define SEEK_SET	0
#define SEEK_CUR	1
#define SEEK_END	2

extern FILE *stdin;
extern FILE *stdout;
extern FILE *stderr;
#define stdin	stdin
#define stdout	stdout
#define stderr	stderr

#define __printf_like(f, a) __attribute__((__format__(__printf__, f, a)))

int printf(const char *fmt, ...) __printf_like(1, 2);
int fprintf(FILE *f, const char *fmt, ...) __printf_like(2, 3);
int dprintf(int fd, const char *fmt, ...) __printf_like(2, 3);
int sprintf(char *buf, const char *fmt, ...) __printf_like(2, 3);
int snprintf(char *buf, size_t size, const char *fmt, ...) __printf_like(3, 4);
int vprintf(const char *fmt, va_list ap) __printf_like(1, 0);
int vfprintf(FILE *f, const char *fmt, va_list ap) __printf_like(2, 0);
int vdprintf(int fd, const char *fmt, va_list ap) __printf_like(2, 0);
int vsprintf(char *buf, const char *fmt, va_list ap) __printf_like(2, 0);
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
	__printf_like(3, 0);

FILE *fopen(const char *path, const char *mode);
FILE *fdopen(int fd, const char *mode);
int fclose(FILE *f);
int fflush(FILE *f);
int fileno(FILE *f);
int setvbuf(FILE *f, char *buf, int mode, size_t size);
void setbuf(FILE *f, char *buf);
void setlinebuf(FILE *f);
int feof(FILE *f);
int ferror(FILE *f);
void clearerr(FILE *f);

int fputc(int c, FILE *f);
int putc(int c, FILE *f);
int putchar(int c);
int fputs(const char *s, FILE *f);
int puts(const char *s);
size_t fwrite(const void *p, size_t size, size_t n, FILE *f);

int fgetc(FILE *f);
int getc(FILE *f);
int getchar(void);
int ungetc(int c, FILE *f);
char *fgets(char *s, int n, FILE *f);
size_t fread(void *p, size_t size, size_t n, FILE *f);
ssize_t getdelim(char **line, size_t *cap, int delim, FILE *f);
ssize_t getline(char **line, size_t *cap, FILE *f);

void perror(const char *s);

/* files and positions (user/libc/stdio_seek.c, file.c) */
int remove(const char *path);
int rename(const char *old, const char *new);
int fseek(FILE *f, long off, int whence);
long ftell(FILE *f);
int fseeko(FILE *f, off_t off, int whence);
off_t ftello(FILE *f);
void rewind(FILE *f);
int fgetpos(FILE *f, fpos_t *pos);
int fsetpos(FILE *f, const fpos_t *pos);

#endif
