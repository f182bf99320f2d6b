/*
 * sys/wait.h - waitpid() and the status macros, Linux's encoding (see
 * uapi/types.h): exit code in bits 15..8, terminating signal in bits 6..0;
 * stopped (sig << 8) | 0x7f (WUNTRACED), continued 0xffff (WCONTINUED).
 */
#ifndef _SYS_WAIT_H
#define _SYS_WAIT_H

#include <sys/types.h>
#include <signal.h>	/* as glibc's: programs name signals after wait */
#include <uapi/types.h>

#define WNOHANG		Q_WNOHANG
#define WUNTRACED	Q_WUNTRACED
#define WSTOPPED	WUNTRACED
#define WCONTINUED	Q_WCONTINUED

#define WEXITSTATUS(s)	(((s) >> 8) & 0xff)
#define WTERMSIG(s)	((s) & 0x7f)
#define WIFEXITED(s)	(WTERMSIG(s) == 0)
#define WIFSIGNALED(s)	(WTERMSIG(s) != 0 && WTERMSIG(s) != 0x7f)
#define WIFSTOPPED(s)	(((s) & 0xff) == 0x7f)
#define WSTOPSIG(s)	WEXITSTATUS(s)
#define WCOREDUMP(s)	((s) & 0x80)
#define WIFCONTINUED(s)	((s) == 0xffff)
#define W_EXITCODE(ret, sig)	((ret) << 8 | (sig))
#define W_STOPCODE(sig)	((sig) << 8 | 0x7f)

pid_t waitpid(pid_t pid, int *status, int options);
pid_t wait(int *status);

#endif
