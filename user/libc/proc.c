/*
 * proc.c - processes: fork, exec, wait, ids and nice values (signals are
 * in signal.c).
 */
#include <stdarg.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
#include <sys/wait.h>
#include <sys/reboot.h>
#include <sys/resource.h>
#include "internal.h"

/*
 * The child gets a copy of the whole address space but only the calling
 * thread.  Holding every libc lock across the call means no lock is copied
 * in the "held" state by a thread that does not exist in the child.
 * Order: streams, then malloc, then the thread list (the order the libc
 * nests them everywhere else).
 */
pid_t
fork(void)
{
	long r;

	__stdio_lock_all();
	__malloc_lock();
	__thread_lock_all();
	r = __sys0(SYS_fork);
	__thread_unlock_all();
	__malloc_unlock();
	__stdio_unlock_all();
	return __sysret(r);
}

int
execve(const char *path, char *const argv[], char *const envp[])
{
	return __sysret(__sys3(SYS_execve, __A(path), __A(argv), __A(envp)));
}

int
execv(const char *path, char *const argv[])
{
	return execve(path, argv, environ);
}

/*
 * A name without a slash is looked for in /bin, then as given.  There is
 * no PATH walk: everything Quanta runs lives in /bin.
 */
int
execvp(const char *file, char *const argv[])
{
	char path[PATH_MAX];
	size_t n = strlen(file);

	if (strchr(file, '/') == NULL && n + 6 <= sizeof(path)) {
		memcpy(path, "/bin/", 5);
		memcpy(path + 5, file, n + 1);
		execve(path, argv, environ);
		if (errno != ENOENT)
			return -1;
	}
	return execve(file, argv, environ);
}

/* Collect execl's NULL-terminated arguments into argv; *envp too for execle. */
static int
exec_list(const char *path, const char *arg, va_list ap, int mode)
{
	va_list count;
	int n = 1, i;
	char **envp = environ;

	va_copy(count, ap);
	while (va_arg(count, char *) != NULL)
		n++;
	va_end(count);
	{
		char *argv[n + 1];

		argv[0] = (char *)arg;
		for (i = 1; i <= n; i++)
			argv[i] = va_arg(ap, char *);
		if (mode == 'e')
			envp = va_arg(ap, char **);
		if (mode == 'p')
			return execvp(path, argv);
		return execve(path, argv, envp);
	}
}

int
execl(const char *path, const char *arg, ...)
{
	va_list ap;
	int r;

	va_start(ap, arg);
	r = exec_list(path, arg, ap, 0);
	va_end(ap);
	return r;
}

int
execlp(const char *file, const char *arg, ...)
{
	va_list ap;
	int r;

	va_start(ap, arg);
	r = exec_list(file, arg, ap, 'p');
	va_end(ap);
	return r;
}

int
execle(const char *path, const char *arg, ...)
{
	va_list ap;
	int r;

	va_start(ap, arg);
	r = exec_list(path, arg, ap, 'e');
	va_end(ap);
	return r;
}

pid_t
waitpid(pid_t pid, int *status, int options)
{
	return __sysret(__sys3(SYS_waitpid, pid, __A(status), options));
}

pid_t
wait(int *status)
{
	return waitpid(-1, status, 0);
}

pid_t
getpid(void)
{
	return __sys0(SYS_getpid);
}

pid_t
getppid(void)
{
	return __sys0(SYS_getppid);
}

/* Weak: programs written before glibc 2.30 had gettid() define their own
 * (rt-tests still does), which a static glibc lets them do because its
 * gettid is an archive member of its own. */
__attribute__((weak)) pid_t
gettid(void)
{
	return __sys0(SYS_gettid);
}

/* Quanta has no users: everything runs as root. */
uid_t
getuid(void)
{
	return 0;
}

uid_t
geteuid(void)
{
	return 0;
}

gid_t
getgid(void)
{
	return 0;
}

gid_t
getegid(void)
{
	return 0;
}

int
setpgid(pid_t pid, pid_t pgid)
{
	return __sysret(__sys2(SYS_setpgid, pid, pgid));
}

pid_t
getpgid(pid_t pid)
{
	return __sysret(__sys1(SYS_getpgid, pid));
}

pid_t
getpgrp(void)
{
	return getpgid(0);
}

int
setpgrp(void)
{
	return setpgid(0, 0);
}

pid_t
setsid(void)
{
	return __sysret(__sys0(SYS_setsid));
}

pid_t
getsid(pid_t pid)
{
	return __sysret(__sys1(SYS_getsid, pid));
}

int
reboot(int cmd)
{
	return __sysret(__sys3(SYS_reboot, (long)Q_REBOOT_MAGIC1,
			       (long)Q_REBOOT_MAGIC2, cmd));
}

/* The kernel answers 20 - nice (1..40), so no success looks like -errno. */
int
getpriority(int which, id_t who)
{
	long r = __sysret(__sys2(SYS_getpriority, which, who));

	return r < 0 ? -1 : 20 - (int)r;
}

int
setpriority(int which, id_t who, int prio)
{
	return __sysret(__sys3(SYS_setpriority, which, who, prio));
}

/*
 * POSIX nice() returns the new nice value, which may be -1: callers that
 * care clear errno first, so errno is only touched on failure.
 */
int
nice(int inc)
{
	if (__sysret(__sys1(SYS_nice, inc)) < 0)
		return -1;
	return getpriority(PRIO_PROCESS, 0);
}

/*
 * syscall(number, ...): up to six arguments, the sixth in ebp as on Linux
 * i386 (only futex's bitset calls read it).  Reading six whatever the
 * caller passed is safe with the i386 stack convention (the extra words
 * are the caller's frame) and the kernel ignores the ones it does not use.
 */
long
syscall(long number, ...)
{
	va_list ap;
	long a, b, c, d, e, f;

	va_start(ap, number);
	a = va_arg(ap, long);
	b = va_arg(ap, long);
	c = va_arg(ap, long);
	d = va_arg(ap, long);
	e = va_arg(ap, long);
	f = va_arg(ap, long);
	va_end(ap);
	return __sysret(__sys6(number, a, b, c, d, e, f));
}
