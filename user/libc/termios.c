/*
 * termios.c - terminal modes and the foreground process group, through
 * ioctl() as in Linux.
 */
#include <errno.h>
#include <stdarg.h>
#include <termios.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include "internal.h"

int
ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	long arg;

	va_start(ap, req);
	arg = va_arg(ap, long);
	va_end(ap);
	return __sysret(__sys3(SYS_ioctl, fd, (long)req, arg));
}

int
tcgetattr(int fd, struct termios *t)
{
	return ioctl(fd, TCGETS, t);
}

int
tcsetattr(int fd, int when, const struct termios *t)
{
	static const unsigned long req[] = { TCSETS, TCSETSW, TCSETSF };

	if (when < TCSANOW || when > TCSAFLUSH) {
		errno = EINVAL;
		return -1;
	}
	return ioctl(fd, req[when], t);
}

/* As glibc's: no input processing, no echo, no signals, 8 bits. */
void
cfmakeraw(struct termios *t)
{
	t->c_iflag &= ~(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR |
			ICRNL | IXON);
	t->c_oflag &= ~OPOST;
	t->c_lflag &= ~(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
	t->c_cflag &= ~(CSIZE | PARENB);
	t->c_cflag |= CS8;
	t->c_cc[VMIN] = 1;
	t->c_cc[VTIME] = 0;
}

speed_t
cfgetispeed(const struct termios *t)
{
	(void)t;
	return B38400;
}

speed_t
cfgetospeed(const struct termios *t)
{
	(void)t;
	return B38400;
}

int
cfsetispeed(struct termios *t, speed_t s)
{
	(void)t;
	(void)s;
	return 0;
}

int
cfsetospeed(struct termios *t, speed_t s)
{
	(void)t;
	(void)s;
	return 0;
}

/* Input is flushed by setting the same modes with TCSAFLUSH; output is
 * never queued (the console writes synchronously). */
int
tcflush(int fd, int queue)
{
	struct termios t;

	if (queue == TCOFLUSH)
		return 0;
	if (tcgetattr(fd, &t) < 0)
		return -1;
	return tcsetattr(fd, TCSAFLUSH, &t);
}

int
tcdrain(int fd)
{
	struct termios t;

	return tcgetattr(fd, &t);
}

pid_t
tcgetpgrp(int fd)
{
	int pgrp;

	if (ioctl(fd, TIOCGPGRP, &pgrp) < 0)
		return -1;
	return pgrp;
}

int
tcsetpgrp(int fd, pid_t pgrp)
{
	int v = pgrp;

	return ioctl(fd, TIOCSPGRP, &v);
}
