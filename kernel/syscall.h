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

struct trapframe;

typedef int32_t (*syscall_fn)(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t);

/* syscall_trap() and the crossing's accounting: kernel/upcall.h */

#define SYSCALL(name) int32_t name(uint32_t a1, uint32_t a2, uint32_t a3, \
				   uint32_t a4, uint32_t a5)
#define UNUSED_ARGS5 (void)a1, (void)a2, (void)a3, (void)a4, (void)a5

SYSCALL(sys_exit); SYSCALL(sys_fork); SYSCALL(sys_read); SYSCALL(sys_write);
SYSCALL(sys_open); SYSCALL(sys_close); SYSCALL(sys_waitpid);
SYSCALL(sys_execve); SYSCALL(sys_getpid); SYSCALL(sys_getppid);
SYSCALL(sys_gettid); SYSCALL(sys_kill); SYSCALL(sys_pipe); SYSCALL(sys_dup);
SYSCALL(sys_dup2); SYSCALL(sys_fstat); SYSCALL(sys_brk);
SYSCALL(sys_nanosleep); SYSCALL(sys_clock_nanosleep);
SYSCALL(sys_clock_gettime); SYSCALL(sys_gettimeofday);
SYSCALL(sys_sched_yield); SYSCALL(sys_nice); SYSCALL(sys_getpriority);
SYSCALL(sys_setpriority); SYSCALL(sys_sched_setaffinity);
SYSCALL(sys_sched_getaffinity); SYSCALL(sys_sched_getcpu);
SYSCALL(sys_thread_create); SYSCALL(sys_thread_exit);
SYSCALL(sys_thread_join); SYSCALL(sys_futex); SYSCALL(sys_getrusage);
SYSCALL(sys_times); SYSCALL(sys_poll); SYSCALL(sys_uname);
SYSCALL(sys_nprocs); SYSCALL(sys_getdents); SYSCALL(sys_sysinfo);
SYSCALL(sys_taskinfo); SYSCALL(sys_cpuinfo); SYSCALL(sys_tunable);
SYSCALL(sys_sched_dump); SYSCALL(sys_signal);
SYSCALL(sys_sched_setslice);
SYSCALL(sys_sched_setscheduler); SYSCALL(sys_sched_getscheduler);
SYSCALL(sys_sched_setparam); SYSCALL(sys_sched_getparam);
SYSCALL(sys_sched_get_priority_max); SYSCALL(sys_sched_get_priority_min);
SYSCALL(sys_sched_rr_get_interval);
SYSCALL(sys_sigaction); SYSCALL(sys_sigprocmask); SYSCALL(sys_sigpending);
SYSCALL(sys_sigsuspend); SYSCALL(sys_sigtimedwait); SYSCALL(sys_sigreturn);
SYSCALL(sys_tgkill); SYSCALL(sys_pause); SYSCALL(sys_setitimer);
SYSCALL(sys_getitimer); SYSCALL(sys_restart_syscall); SYSCALL(sys_setpgid);
SYSCALL(sys_getpgid); SYSCALL(sys_setsid); SYSCALL(sys_getsid);
SYSCALL(sys_ioctl); SYSCALL(sys_reboot);
SYSCALL(sys_trace);		/* kernel/sys_trace.c */
SYSCALL(sys_meminfo);
/* kernel/sys_fs.c: files and the name space */
SYSCALL(sys_lseek); SYSCALL(sys_pread); SYSCALL(sys_pwrite);
SYSCALL(sys_unlink); SYSCALL(sys_rename); SYSCALL(sys_mkdir);
SYSCALL(sys_rmdir); SYSCALL(sys_stat); SYSCALL(sys_truncate);
SYSCALL(sys_ftruncate); SYSCALL(sys_chdir); SYSCALL(sys_fchdir);
SYSCALL(sys_getcwd); SYSCALL(sys_fsync); SYSCALL(sys_fdatasync);
SYSCALL(sys_sync); SYSCALL(sys_access); SYSCALL(sys_openat);
SYSCALL(sys_unlinkat);
/* open(at)'s common part: an fd or -errno */
int32_t fs_openat(int dirfd, uint32_t upath, int flags, uint32_t mode);

#endif
