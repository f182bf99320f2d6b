/*
 * syscall.h - the system call layer.
 *
 * Each system call is a function of up to five 32-bit arguments returning
 * a value or -errno (syscall.c holds the table).  They run in the calling
 * task's context with interrupts on.
 */
#ifndef KERNEL_SYSCALL_H
#define KERNEL_SYSCALL_H

#include <stdint.h>
#include "arch/x86/trap.h"

typedef int32_t (*syscall_fn)(const struct trapframe *tf);

/* syscall_trap() and the crossing's accounting: kernel/upcall.h */

/*
 * A handler takes the trap frame and loads only the arguments it uses, as
 * Linux's x86 system calls take a struct pt_regs since 4.17 (its x86
 * syscall wrappers, SYSCALL_DEFINEx).  SYSCALL(name) { body }
 * defines the entry name(tf) and, after it, name_args(a1, ..., a5) with
 * the body; the entry passes it the five argument registers and the
 * compiler inlines it, so a register the body leaves unused is never
 * read, and the dispatcher does not copy five words for every call (about
 * 10 instructions a call; docs/performance.md).  SYSCALL_DECL declares an
 * entry.
 */
#define SYSCALL_DECL(name) int32_t name(const struct trapframe *tf)
#define SYSCALL(name)							\
	static inline __attribute__((always_inline)) int32_t		\
	name##_args(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t);	\
	SYSCALL_DECL(name)						\
	{								\
		return name##_args(SYSCALL_ARGS(tf));			\
	}								\
	static inline __attribute__((always_inline)) int32_t		\
	name##_args(uint32_t a1, uint32_t a2, uint32_t a3, uint32_t a4,	\
		    uint32_t a5)
#define UNUSED_ARGS5 (void)a1, (void)a2, (void)a3, (void)a4, (void)a5

SYSCALL_DECL(sys_exit); SYSCALL_DECL(sys_fork); SYSCALL_DECL(sys_read);
SYSCALL_DECL(sys_write); SYSCALL_DECL(sys_open); SYSCALL_DECL(sys_close);
SYSCALL_DECL(sys_waitpid); SYSCALL_DECL(sys_execve); SYSCALL_DECL(sys_getpid);
SYSCALL_DECL(sys_getppid); SYSCALL_DECL(sys_gettid); SYSCALL_DECL(sys_kill);
SYSCALL_DECL(sys_pipe); SYSCALL_DECL(sys_dup); SYSCALL_DECL(sys_dup2);
SYSCALL_DECL(sys_fstat); SYSCALL_DECL(sys_brk); SYSCALL_DECL(sys_nanosleep);
SYSCALL_DECL(sys_clock_nanosleep); SYSCALL_DECL(sys_clock_gettime);
SYSCALL_DECL(sys_gettimeofday); SYSCALL_DECL(sys_sched_yield);
SYSCALL_DECL(sys_nice); SYSCALL_DECL(sys_getpriority);
SYSCALL_DECL(sys_setpriority); SYSCALL_DECL(sys_sched_setaffinity);
SYSCALL_DECL(sys_sched_getaffinity); SYSCALL_DECL(sys_sched_getcpu);
SYSCALL_DECL(sys_thread_create); SYSCALL_DECL(sys_thread_exit);
SYSCALL_DECL(sys_thread_join); SYSCALL_DECL(sys_futex);
SYSCALL_DECL(sys_getrusage); SYSCALL_DECL(sys_times); SYSCALL_DECL(sys_poll);
SYSCALL_DECL(sys_uname); SYSCALL_DECL(sys_nprocs); SYSCALL_DECL(sys_getdents);
SYSCALL_DECL(sys_sysinfo); SYSCALL_DECL(sys_taskinfo);
SYSCALL_DECL(sys_cpuinfo); SYSCALL_DECL(sys_tunable);
SYSCALL_DECL(sys_sched_dump); SYSCALL_DECL(sys_signal);
SYSCALL_DECL(sys_sched_setslice); SYSCALL_DECL(sys_sched_setscheduler);
SYSCALL_DECL(sys_sched_getscheduler); SYSCALL_DECL(sys_sched_setparam);
SYSCALL_DECL(sys_sched_getparam); SYSCALL_DECL(sys_sched_get_priority_max);
SYSCALL_DECL(sys_sched_get_priority_min);
SYSCALL_DECL(sys_sched_rr_get_interval); SYSCALL_DECL(sys_sigaction);
SYSCALL_DECL(sys_sigprocmask); SYSCALL_DECL(sys_sigpending);
SYSCALL_DECL(sys_sigsuspend); SYSCALL_DECL(sys_sigtimedwait);
SYSCALL_DECL(sys_sigreturn); SYSCALL_DECL(sys_tgkill); SYSCALL_DECL(sys_pause);
SYSCALL_DECL(sys_setitimer); SYSCALL_DECL(sys_getitimer);
SYSCALL_DECL(sys_restart_syscall); SYSCALL_DECL(sys_setpgid);
SYSCALL_DECL(sys_getpgid); SYSCALL_DECL(sys_setsid); SYSCALL_DECL(sys_getsid);
SYSCALL_DECL(sys_ioctl); SYSCALL_DECL(sys_reboot);
SYSCALL_DECL(sys_trace);		/* kernel/sys_trace.c */
SYSCALL_DECL(sys_meminfo);
/* kernel/sys_fs.c: files and the name space */
SYSCALL_DECL(sys_lseek); SYSCALL_DECL(sys_pread); SYSCALL_DECL(sys_pwrite);
SYSCALL_DECL(sys_unlink); SYSCALL_DECL(sys_rename); SYSCALL_DECL(sys_mkdir);
SYSCALL_DECL(sys_rmdir); SYSCALL_DECL(sys_stat); SYSCALL_DECL(sys_truncate);
SYSCALL_DECL(sys_ftruncate); SYSCALL_DECL(sys_chdir); SYSCALL_DECL(sys_fchdir);
SYSCALL_DECL(sys_getcwd); SYSCALL_DECL(sys_fsync); SYSCALL_DECL(sys_fdatasync);
SYSCALL_DECL(sys_sync); SYSCALL_DECL(sys_access); SYSCALL_DECL(sys_openat);
SYSCALL_DECL(sys_unlinkat);
/* open(at)'s common part: an fd or -errno */
int32_t fs_openat(int dirfd, uint32_t upath, int flags, uint32_t mode);
SYSCALL_DECL(sys_timer_create); SYSCALL_DECL(sys_timer_settime);
SYSCALL_DECL(sys_timer_gettime); SYSCALL_DECL(sys_timer_getoverrun);
SYSCALL_DECL(sys_timer_delete); SYSCALL_DECL(sys_clock_getres);
SYSCALL_DECL(sys_syslog);		/* kernel/sys_log.c */
/* sockets (sys_socket.c), descriptors (sys_fcntl.c), memory (sys_mman.c),
 * limits (sys_rlimit.c), prctl (sys_prctl.c), ppoll (sys_file.c) */
SYSCALL_DECL(sys_socketpair); SYSCALL_DECL(sys_socket); SYSCALL_DECL(sys_bind);
SYSCALL_DECL(sys_listen); SYSCALL_DECL(sys_accept4); SYSCALL_DECL(sys_connect);
SYSCALL_DECL(sys_shutdown); SYSCALL_DECL(sys_sendto);
SYSCALL_DECL(sys_recvfrom); SYSCALL_DECL(sys_getsockopt);
SYSCALL_DECL(sys_setsockopt); SYSCALL_DECL(sys_getsockname);
SYSCALL_DECL(sys_getpeername); SYSCALL_DECL(sys_fcntl); SYSCALL_DECL(sys_dup3);
SYSCALL_DECL(sys_mmap); SYSCALL_DECL(sys_munmap); SYSCALL_DECL(sys_mprotect);
SYSCALL_DECL(sys_madvise); SYSCALL_DECL(sys_mlock); SYSCALL_DECL(sys_munlock);
SYSCALL_DECL(sys_mlockall); SYSCALL_DECL(sys_munlockall);
SYSCALL_DECL(sys_prlimit64); SYSCALL_DECL(sys_prctl); SYSCALL_DECL(sys_ppoll);

#endif
