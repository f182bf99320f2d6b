/*
 * signal.h - signal numbers (Linux's) and kill().
 *
 * Quanta's signals terminate or are ignored: signal() takes SIG_DFL or
 * SIG_IGN (SYS_signal) and fails with ENOSYS for a handler function.
 * There are no masks and no sigaction.
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
#define NSIG		Q_NSIG

typedef int sig_atomic_t;
typedef void (*sighandler_t)(int);

#define SIG_DFL		((sighandler_t)0)
#define SIG_IGN		((sighandler_t)1)
#define SIG_ERR		((sighandler_t)-1)

int kill(pid_t pid, int sig);
int raise(int sig);
sighandler_t signal(int sig, sighandler_t handler);

#endif
