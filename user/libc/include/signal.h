/*
 * signal.h - POSIX signals: Linux's numbers (1..31, no real-time
 * signals), sigaction with SA_RESTART, SA_SIGINFO, SA_NODEFER,
 * SA_RESETHAND, SA_NOCLDSTOP; per-thread masks; sigwait; kill, raise,
 * pthread_kill.  docs/syscalls.md says what differs from Linux.
 */
#ifndef _SIGNAL_H
#define _SIGNAL_H

#include <sys/types.h>
#include <uapi/types.h>

#define SIGHUP		Q_SIGHUP
#define SIGINT		Q_SIGINT
#define SIGQUIT		Q_SIGQUIT
#define SIGILL		Q_SIGILL
#define SIGTRAP		Q_SIGTRAP
#define SIGABRT		Q_SIGABRT
#define SIGIOT		SIGABRT
#define SIGBUS		Q_SIGBUS
#define SIGFPE		Q_SIGFPE
#define SIGKILL		Q_SIGKILL
#define SIGUSR1		Q_SIGUSR1
#define SIGSEGV		Q_SIGSEGV
#define SIGUSR2		Q_SIGUSR2
#define SIGPIPE		Q_SIGPIPE
#define SIGALRM		Q_SIGALRM
#define SIGTERM		Q_SIGTERM
#define SIGSTKFLT	Q_SIGSTKFLT
#define SIGCHLD		Q_SIGCHLD
#define SIGCLD		SIGCHLD
#define SIGCONT		Q_SIGCONT
#define SIGSTOP		Q_SIGSTOP
#define SIGTSTP		Q_SIGTSTP
#define SIGTTIN		Q_SIGTTIN
#define SIGTTOU		Q_SIGTTOU
#define SIGURG		Q_SIGURG
#define SIGXCPU		Q_SIGXCPU
#define SIGXFSZ		Q_SIGXFSZ
#define SIGVTALRM	Q_SIGVTALRM
#define SIGPROF		Q_SIGPROF
#define SIGWINCH	Q_SIGWINCH
#define SIGIO		Q_SIGIO
#define SIGPOLL		SIGIO
#define SIGPWR		Q_SIGPWR
#define SIGSYS		Q_SIGSYS
#define NSIG		Q_NSIG
#define _NSIG		Q_NSIG

typedef int sig_atomic_t;
typedef void (*sighandler_t)(int);
typedef q_sigset_t sigset_t;

#define SIG_DFL		((sighandler_t)0)
#define SIG_IGN		((sighandler_t)1)
#define SIG_ERR		((sighandler_t)-1)

#define SIG_BLOCK	Q_SIG_BLOCK
#define SIG_UNBLOCK	Q_SIG_UNBLOCK
#define SIG_SETMASK	Q_SIG_SETMASK

#define SA_NOCLDSTOP	Q_SA_NOCLDSTOP
#define SA_NOCLDWAIT	Q_SA_NOCLDWAIT
#define SA_SIGINFO	Q_SA_SIGINFO
#define SA_ONSTACK	Q_SA_ONSTACK
#define SA_RESTART	Q_SA_RESTART
#define SA_NODEFER	Q_SA_NODEFER
#define SA_RESETHAND	Q_SA_RESETHAND
#define SA_RESTORER	Q_SA_RESTORER
#define SA_NOMASK	SA_NODEFER
#define SA_ONESHOT	SA_RESETHAND

/* POSIX timers' notification: glibc's i386 layout (64 bytes), which is
 * the kernel's struct q_sigevent */
typedef union sigval {
	int sival_int;
	void *sival_ptr;
} sigval_t;
#define SIGEV_SIGNAL	Q_SIGEV_SIGNAL
#define SIGEV_NONE	Q_SIGEV_NONE
#define SIGEV_THREAD	Q_SIGEV_THREAD	/* not supported: EINVAL */
#define SIGEV_THREAD_ID	Q_SIGEV_THREAD_ID
typedef struct sigevent {
	sigval_t sigev_value;
	int sigev_signo;
	int sigev_notify;
	union {
		int _pad[13];
		pid_t _tid;		/* SIGEV_THREAD_ID */
		struct {
			void (*_function)(sigval_t);
			void *_attribute;
		} _sigev_thread;
	} _sigev_un;
} sigevent_t;
#define sigev_notify_thread_id	_sigev_un._tid
#define sigev_notify_function	_sigev_un._sigev_thread._function
#define sigev_notify_attributes	_sigev_un._sigev_thread._attribute

/* siginfo_t: the kernel's struct q_siginfo, byte for byte (Linux i386) */
typedef struct {
	int si_signo;
	int si_errno;
	int si_code;
	union {
		struct {
			pid_t si_pid;
			uid_t si_uid;
			int si_status;
			clock_t si_utime, si_stime;
		} __kill;
		void *si_addr;
		struct {
			int si_tid;
			int si_overrun;
			sigval_t si_sigval;
		} __timer;
		int __pad[29];
	} __u;
} siginfo_t;
#define si_timerid	__u.__timer.si_tid
#define si_overrun	__u.__timer.si_overrun
#define si_value	__u.__timer.si_sigval
#define si_int		si_value.sival_int
#define si_ptr		si_value.sival_ptr
#define si_pid		__u.__kill.si_pid
#define si_uid		__u.__kill.si_uid
#define si_status	__u.__kill.si_status
#define si_utime	__u.__kill.si_utime
#define si_stime	__u.__kill.si_stime
#define si_addr		__u.si_addr

#define SI_USER		Q_SI_USER
#define SI_KERNEL	Q_SI_KERNEL
#define SI_TIMER	Q_SI_TIMER
#define SI_TKILL	Q_SI_TKILL
#define ILL_ILLOPN	Q_ILL_ILLOPN
#define FPE_INTDIV	Q_FPE_INTDIV
#define FPE_FLTINV	Q_FPE_FLTINV
#define SEGV_MAPERR	Q_SEGV_MAPERR
#define SEGV_ACCERR	Q_SEGV_ACCERR
#define BUS_ADRALN	Q_BUS_ADRALN
#define TRAP_BRKPT	Q_TRAP_BRKPT
#define TRAP_TRACE	Q_TRAP_TRACE
#define CLD_EXITED	Q_CLD_EXITED
#define CLD_KILLED	Q_CLD_KILLED
#define CLD_DUMPED	Q_CLD_DUMPED
#define CLD_STOPPED	Q_CLD_STOPPED
#define CLD_CONTINUED	Q_CLD_CONTINUED

/* glibc's field order */
struct sigaction {
	union {
		void (*sa_handler)(int);
		void (*sa_sigaction)(int, siginfo_t *, void *);
	} __sa;
	sigset_t sa_mask;
	int sa_flags;
	void (*sa_restorer)(void);
};
#define sa_handler	__sa.sa_handler
#define sa_sigaction	__sa.sa_sigaction

int sigaction(int sig, const struct sigaction *act, struct sigaction *old);
sighandler_t signal(int sig, sighandler_t handler);
sighandler_t sysv_signal(int sig, sighandler_t handler);
int sigprocmask(int how, const sigset_t *set, sigset_t *old);
int pthread_sigmask(int how, const sigset_t *set, sigset_t *old);
int sigpending(sigset_t *set);
int sigsuspend(const sigset_t *mask);
int sigwait(const sigset_t *set, int *sig);
int sigwaitinfo(const sigset_t *set, siginfo_t *info);
struct timespec;
int sigtimedwait(const sigset_t *set, siginfo_t *info,
		 const struct timespec *timeout);
int sigemptyset(sigset_t *set);
int sigfillset(sigset_t *set);
int sigaddset(sigset_t *set, int sig);
int sigdelset(sigset_t *set, int sig);
int sigismember(const sigset_t *set, int sig);
int kill(pid_t pid, int sig);
int killpg(pid_t pgrp, int sig);
int raise(int sig);
int pthread_kill(pthread_t thread, int sig);
int tgkill(pid_t tgid, pid_t tid, int sig);

#endif
