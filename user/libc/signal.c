/*
 * signal.c - signals: sigaction and signal(), masks, waiting for signals,
 * sending them, and the interval timer (alarm, setitimer).
 *
 * Every handler returns through __restore_rt, which the libc passes as
 * sa_restorer (SA_RESTORER), as glibc does.  sigset_t is one word: the
 * kernel's q_sigset_t, bit (sig - 1) for sig.
 */
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/time.h>
#include "internal.h"

#define STR2(x)	#x
#define STR(x)	STR2(x)

void __restore_rt(void);
__asm__(".text\n"
	".globl __restore_rt\n"
	".type __restore_rt, @function\n"
	"__restore_rt:\n"
	"\tmovl $" STR(SYS_sigreturn) ", %eax\n"
	"\tint $0x80\n"
	"\tud2\n");

int
sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	struct q_sigaction k, ko;
	long r;

	if (act) {
		k.handler = (uint32_t)act->sa_handler;
		k.flags = (uint32_t)act->sa_flags | Q_SA_RESTORER;
		k.restorer = (uint32_t)__restore_rt;
		k.mask = act->sa_mask;
	}
	r = __sys3(SYS_sigaction, sig, act ? __A(&k) : 0, old ? __A(&ko) : 0);
	if (r < 0)
		return __sysret(r);
	if (old) {
		old->sa_handler = (void (*)(int))ko.handler;
		old->sa_mask = ko.mask;
		old->sa_flags = (int)(ko.flags & ~Q_SA_RESTORER);
		old->sa_restorer = NULL;
	}
	return 0;
}

/* BSD and glibc semantics: the handler stays installed, interrupted calls
 * restart, the signal is blocked while its handler runs. */
sighandler_t
signal(int sig, sighandler_t handler)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESTART;
	if (sigaction(sig, &sa, &old) < 0)
		return SIG_ERR;
	return old.sa_handler;
}

/* System V's: one shot, no restart, not blocked in its handler. */
sighandler_t
sysv_signal(int sig, sighandler_t handler)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	if (sigaction(sig, &sa, &old) < 0)
		return SIG_ERR;
	return old.sa_handler;
}

/* The mask is the calling thread's in Quanta as in Linux, so both names
 * are the same call; pthread_sigmask returns the error instead. */
int
sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	return __sysret(__sys3(SYS_sigprocmask, how, __A(set), __A(old)));
}

int
pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	long r = __sys3(SYS_sigprocmask, how, __A(set), __A(old));

	return r < 0 ? (int)-r : 0;
}

int
sigpending(sigset_t *set)
{
	return __sysret(__sys1(SYS_sigpending, __A(set)));
}

int
sigsuspend(const sigset_t *mask)
{
	return __sysret(__sys1(SYS_sigsuspend, __A(mask)));
}

int
pause(void)
{
	return __sysret(__sys0(SYS_pause));
}

int
sigtimedwait(const sigset_t *set, siginfo_t *info,
	     const struct timespec *timeout)
{
	return __sysret(__sys3(SYS_sigtimedwait, __A(set), __A(info),
			       __A(timeout)));
}

int
sigwaitinfo(const sigset_t *set, siginfo_t *info)
{
	return sigtimedwait(set, info, NULL);
}

/* POSIX: sigwait does not fail with EINTR; it returns the error number. */
int
sigwait(const sigset_t *set, int *sig)
{
	long r;

	do
		r = __sys3(SYS_sigtimedwait, __A(set), 0, 0);
	while (r == -EINTR);
	if (r < 0)
		return (int)-r;
	*sig = (int)r;
	return 0;
}

static int
bad_signal(int sig)
{
	if (sig > 0 && sig < NSIG)
		return 0;
	errno = EINVAL;
	return -1;
}

int
sigemptyset(sigset_t *set)
{
	*set = 0;
	return 0;
}

int
sigfillset(sigset_t *set)
{
	*set = ~(sigset_t)0 >> (33 - NSIG);
	return 0;
}

int
sigaddset(sigset_t *set, int sig)
{
	if (bad_signal(sig))
		return -1;
	*set |= Q_SIGBIT(sig);
	return 0;
}

int
sigdelset(sigset_t *set, int sig)
{
	if (bad_signal(sig))
		return -1;
	*set &= ~Q_SIGBIT(sig);
	return 0;
}

int
sigismember(const sigset_t *set, int sig)
{
	if (bad_signal(sig))
		return -1;
	return (*set & Q_SIGBIT(sig)) != 0;
}

int
kill(pid_t pid, int sig)
{
	return __sysret(__sys2(SYS_kill, pid, sig));
}

int
killpg(pid_t pgrp, int sig)
{
	if (pgrp <= 1) {
		errno = EINVAL;
		return -1;
	}
	return kill(-pgrp, sig);
}

int
tgkill(pid_t tgid, pid_t tid, int sig)
{
	return __sysret(__sys3(SYS_tgkill, tgid, tid, sig));
}

/* To the calling thread, as POSIX wants of raise() in a threaded program. */
int
raise(int sig)
{
	return tgkill(getpid(), __sys0(SYS_gettid), sig);
}

int
pthread_kill(pthread_t thread, int sig)
{
	long r = __sys3(SYS_tgkill, getpid(), (long)thread, sig);

	return r < 0 ? (int)-r : 0;
}

/* ---- the interval timer ---- */

int
setitimer(int which, const struct itimerval *nv, struct itimerval *old)
{
	return __sysret(__sys3(SYS_setitimer, which, __A(nv), __A(old)));
}

int
getitimer(int which, struct itimerval *v)
{
	return __sysret(__sys2(SYS_getitimer, which, __A(v)));
}

/* Linux's alarm(): the seconds left of the previous alarm, rounded to the
 * nearest (and at least 1 if one was pending). */
unsigned int
alarm(unsigned int seconds)
{
	struct itimerval nv, old;
	unsigned int left;

	memset(&nv, 0, sizeof(nv));
	nv.it_value.tv_sec = seconds;
	if (setitimer(ITIMER_REAL, &nv, &old) < 0)
		return 0;
	left = (unsigned int)old.it_value.tv_sec;
	if (old.it_value.tv_usec >= 500000 ||
	    (left == 0 && old.it_value.tv_usec > 0))
		left++;
	return left;
}
