/* strerror.c - messages for error and signal numbers, glibc's wording. */
#include <string.h>
#include <errno.h>
#include <signal.h>
#include "internal.h"

static const char *const errors[] = {
	[0] = "Success",
	[EPERM] = "Operation not permitted",
	[ENOENT] = "No such file or directory",
	[ESRCH] = "No such process",
	[EINTR] = "Interrupted system call",
	[EIO] = "Input/output error",
	[E2BIG] = "Argument list too long",
	[ENOEXEC] = "Exec format error",
	[EBADF] = "Bad file descriptor",
	[ECHILD] = "No child processes",
	[EAGAIN] = "Resource temporarily unavailable",
	[ENOMEM] = "Cannot allocate memory",
	[EACCES] = "Permission denied",
	[EFAULT] = "Bad address",
	[EBUSY] = "Device or resource busy",
	[EEXIST] = "File exists",
	[EXDEV] = "Invalid cross-device link",
	[ENOTDIR] = "Not a directory",
	[EISDIR] = "Is a directory",
	[EINVAL] = "Invalid argument",
	[ENFILE] = "Too many open files in system",
	[EMFILE] = "Too many open files",
	[ENOTTY] = "Inappropriate ioctl for device",
	[EFBIG] = "File too large",
	[ENOSPC] = "No space left on device",
	[ESPIPE] = "Illegal seek",
	[EROFS] = "Read-only file system",
	[EPIPE] = "Broken pipe",
	[EDOM] = "Numerical argument out of domain",
	[ERANGE] = "Numerical result out of range",
	[EDEADLK] = "Resource deadlock avoided",
	[ENAMETOOLONG] = "File name too long",
	[ENOSYS] = "Function not implemented",
	[ENOTEMPTY] = "Directory not empty",
	[EOVERFLOW] = "Value too large for defined data type",
	[ENOTSUP] = "Operation not supported",
	[ETIMEDOUT] = "Connection timed out",
};

static const char *const signals[] = {
	[SIGHUP] = "Hangup",
	[SIGINT] = "Interrupt",
	[SIGQUIT] = "Quit",
	[SIGILL] = "Illegal instruction",
	[SIGTRAP] = "Trace/breakpoint trap",
	[SIGABRT] = "Aborted",
	[SIGBUS] = "Bus error",
	[SIGFPE] = "Floating point exception",
	[SIGKILL] = "Killed",
	[SIGUSR1] = "User defined signal 1",
	[SIGSEGV] = "Segmentation fault",
	[SIGUSR2] = "User defined signal 2",
	[SIGPIPE] = "Broken pipe",
	[SIGALRM] = "Alarm clock",
	[SIGTERM] = "Terminated",
};

/* "prefix N" into buf, for numbers without a message. */
static char *
unknown(char *buf, size_t size, const char *prefix, int n)
{
	char digits[12], *d = digits + sizeof(digits);
	unsigned int u = n < 0 ? -(unsigned int)n : (unsigned int)n;

	*--d = '\0';
	do {
		*--d = '0' + u % 10;
		u /= 10;
	} while (u);
	if (n < 0)
		*--d = '-';
	strlcpy(buf, prefix, size);
	strncat(buf, d, size - strlen(buf) - 1);
	return buf;
}

static const char *
error_text(int err)
{
	if (err >= 0 && err < (int)(sizeof(errors) / sizeof(errors[0])))
		return errors[err];
	return NULL;
}

/* Not thread-safe for unknown numbers (shared buffer), as POSIX allows. */
char *
strerror(int err)
{
	static char buf[32];
	const char *s = error_text(err);

	return s ? (char *)s : unknown(buf, sizeof(buf), "Unknown error ", err);
}

int
strerror_r(int err, char *buf, size_t size)
{
	const char *s = error_text(err);

	if (size == 0)
		return ERANGE;
	if (s == NULL) {
		unknown(buf, size, "Unknown error ", err);
		return EINVAL;
	}
	return strlcpy(buf, s, size) >= size ? ERANGE : 0;
}

char *
strsignal(int sig)
{
	static char buf[32];

	if (sig > 0 && sig < (int)(sizeof(signals) / sizeof(signals[0])) &&
	    signals[sig])
		return (char *)signals[sig];
	return unknown(buf, sizeof(buf), "Unknown signal ", sig);
}
