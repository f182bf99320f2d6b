/*
 * prctl.c - prctl(), and thread names on top of it: the caller's through
 * PR_SET_NAME/PR_GET_NAME, another thread's through Quanta's two options
 * (uapi/prctl.h) where glibc writes /proc/self/task/<tid>/comm.
 */
#include <pthread.h>
#include <stdarg.h>
#include <string.h>
#include <sys/prctl.h>
#include "internal.h"

#define NAME_LEN	16	/* Linux's TASK_COMM_LEN */

int
prctl(int option, ...)
{
	va_list ap;
	long a2, a3, a4, a5;

	va_start(ap, option);
	a2 = va_arg(ap, long);
	a3 = va_arg(ap, long);
	a4 = va_arg(ap, long);
	a5 = va_arg(ap, long);
	va_end(ap);
	return __sysret(__sys5(SYS_prctl, option, a2, a3, a4, a5));
}

/* Errors come back as the result, as for every pthread call. */
int
pthread_setname_np(pthread_t t, const char *name)
{
	long r;

	if (strlen(name) >= NAME_LEN)
		return ERANGE;
	if (t == pthread_self())
		r = __sys2(SYS_prctl, Q_PR_SET_NAME, __A(name));
	else
		r = __sys3(SYS_prctl, Q_PR_SET_THREAD_NAME, (long)t, __A(name));
	return __SYS_IS_ERR(r) ? (int)-r : 0;
}

int
pthread_getname_np(pthread_t t, char *buf, size_t len)
{
	char name[NAME_LEN];
	long r;

	if (len < NAME_LEN)
		return ERANGE;
	if (t == pthread_self())
		r = __sys2(SYS_prctl, Q_PR_GET_NAME, __A(name));
	else
		r = __sys3(SYS_prctl, Q_PR_GET_THREAD_NAME, (long)t, __A(name));
	if (__SYS_IS_ERR(r))
		return (int)-r;
	memcpy(buf, name, NAME_LEN);
	return 0;
}
