/*
 * fcntl.c - fcntl() and dup3().  fcntl's third argument is an int for
 * every command Quanta has.
 */
#include <fcntl.h>
#include <stdarg.h>
#include <unistd.h>
#include "internal.h"

int
fcntl(int fd, int cmd, ...)
{
	va_list ap;
	long arg;

	va_start(ap, cmd);
	arg = va_arg(ap, long);		/* unused words are harmless on i386 */
	va_end(ap);
	return __sysret(__sys3(SYS_fcntl, fd, cmd, arg));
}

int
dup3(int oldfd, int newfd, int flags)
{
	return __sysret(__sys3(SYS_dup3, oldfd, newfd, flags));
}
