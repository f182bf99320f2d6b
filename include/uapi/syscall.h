/*
 * uapi/syscall.h - Quanta's system call numbers.
 *
 * Calling convention (Linux i386 style): "int $0x80" with the number in
 * eax and arguments in ebx, ecx, edx, esi, edi, ebp.  The result comes back
 * in eax; a value in [-4095, -1] is -errno.  docs/syscalls.md describes each
 * call.  Shared by the kernel and user/libc: change both together.
 */
#ifndef QUANTA_UAPI_SYSCALL_H
#define QUANTA_UAPI_SYSCALL_H

#define SYS_exit		1	/* (int status) - the whole process */
#define SYS_fork		2	/* () */
#define SYS_read		3	/* (int fd, void *buf, size_t n) */
#define SYS_write		4	/* (int fd, const void *buf, size_t n) */
#define SYS_open		5	/* (const char *path, int flags, mode_t mode) */
#define SYS_close		6	/* (int fd) */
#define SYS_waitpid		7	/* (int pid, int *status, int options) */
#define SYS_execve		8	/* (path, char *const argv[], char *const envp[]) */
#define SYS_getpid		9
#define SYS_getppid		10
#define SYS_gettid		11
#define SYS_kill		12	/* (int pid, int sig): pid > 0, 0, -1, -pgid */
#define SYS_pipe		13	/* (int fds[2]) */
#define SYS_dup			14	/* (int fd) */
#define SYS_dup2		15	/* (int oldfd, int newfd) */
#define SYS_fstat		16	/* (int fd, struct stat *st) */
#define SYS_brk			17	/* (void *addr) -> new break; 0 asks */
#define SYS_nanosleep		18	/* (const struct timespec *req, rem) */
#define SYS_clock_nanosleep	19	/* (clockid, int flags, req, rem) */
#define SYS_clock_gettime	20	/* (clockid, struct timespec *) */
#define SYS_gettimeofday	21	/* (struct timeval *, void *tz) */
#define SYS_sched_yield		22
#define SYS_nice		23	/* (int inc) -> 0 */
#define SYS_getpriority		24	/* (which, who) -> 20 - nice (1..40) */
#define SYS_setpriority		25	/* (which, who, int nice) */
#define SYS_sched_setaffinity	26	/* (pid, size_t len, const cpu_set_t *) */
#define SYS_sched_getaffinity	27	/* (pid, size_t len, cpu_set_t *) -> bytes */
#define SYS_sched_getcpu	28
#define SYS_thread_create	29	/* (entry, void *arg, void *stack_top) -> tid */
#define SYS_thread_exit		30	/* (int value) - this thread only */
#define SYS_thread_join		31	/* (int tid, int *value) */
#define SYS_futex		32	/* (int *uaddr, int op, int val, const struct timespec *rel) */
#define SYS_getrusage		33	/* (int who, struct rusage *) */
#define SYS_times		34	/* (struct tms *) -> ticks since boot */
#define SYS_poll		35	/* (struct pollfd *, nfds, int timeout_ms) */
#define SYS_uname		36	/* (struct utsname *) */
#define SYS_nprocs		37	/* () -> CPUs online */
#define SYS_getdents		38	/* (int fd, struct dirent *, size_t bytes) */
#define SYS_sysinfo		39	/* (struct q_sysinfo *) */
#define SYS_taskinfo		40	/* (struct q_taskinfo *, int max) -> count */
#define SYS_cpuinfo		41	/* (struct q_cpuinfo *, int max) -> count */
#define SYS_tunable		42	/* (int op, int index, struct q_tunable *) */
#define SYS_sched_dump		43	/* (int cpu) -> dump to the console */
#define SYS_signal		44	/* (int sig, int action) 0 SIG_DFL, 1 SIG_IGN; kept
					 * for old binaries, sigaction does more */
#define SYS_sched_setslice	45	/* (pid, uint32_t ns): the task's own slice, 0 = default */
#define SYS_sched_setscheduler	46	/* (pid, int policy, const struct q_sched_param *) */
#define SYS_sched_getscheduler	47	/* (pid) -> policy */
#define SYS_sched_setparam	48	/* (pid, const struct q_sched_param *) */
#define SYS_sched_getparam	49	/* (pid, struct q_sched_param *) */
#define SYS_sched_get_priority_max 50	/* (int policy) */
#define SYS_sched_get_priority_min 51	/* (int policy) */
#define SYS_sched_rr_get_interval 52	/* (pid, struct q_timespec *) */

/* Signals, process groups and the terminal (docs/syscalls.md) */
#define SYS_sigaction		60	/* (sig, const q_sigaction *, q_sigaction *old) */
#define SYS_sigprocmask		61	/* (how, const q_sigset_t *, q_sigset_t *old) */
#define SYS_sigpending		62	/* (q_sigset_t *) */
#define SYS_sigsuspend		63	/* (const q_sigset_t *mask) */
#define SYS_sigtimedwait	64	/* (const q_sigset_t *, q_siginfo *, const timespec *) */
#define SYS_sigreturn		65	/* () - from a handler's return path only */
#define SYS_tgkill		66	/* (int tgid, int tid, int sig) */
#define SYS_pause		67	/* () */
#define SYS_setitimer		68	/* (which, const q_itimerval *, q_itimerval *old) */
#define SYS_getitimer		69	/* (which, q_itimerval *) */
#define SYS_restart_syscall	70	/* () - the kernel's restart of a sleep */
#define SYS_setpgid		71	/* (pid, pgid) */
#define SYS_getpgid		72	/* (pid) */
#define SYS_setsid		73	/* () */
#define SYS_getsid		74	/* (pid) */
#define SYS_ioctl		75	/* (fd, request, arg): the console's termios */
#define SYS_reboot		76	/* (magic, magic2, cmd) */
#define SYS_trace		100	/* (int op, uint32_t arg, struct q_trace_status *) uapi/trace.h */
#define SYS_meminfo		110	/* (int op, void *buf, int max): pages and kmalloc blocks by owner */

/* Files and the name space (docs/syscalls.md, "Files") */
#define SYS_lseek		120	/* (int fd, off_t off, int whence) -> new offset */
#define SYS_pread		121	/* (int fd, void *buf, size_t n, off_t off) */
#define SYS_pwrite		122	/* (int fd, const void *buf, size_t n, off_t off) */
#define SYS_unlink		123	/* (const char *path) */
#define SYS_rename		124	/* (const char *old, const char *new) */
#define SYS_mkdir		125	/* (const char *path, mode_t mode) */
#define SYS_rmdir		126	/* (const char *path) */
#define SYS_stat		127	/* (const char *path, struct q_stat *) */
#define SYS_lstat		128	/* (const char *path, struct q_stat *): = stat */
#define SYS_truncate		129	/* (const char *path, off_t len) */
#define SYS_ftruncate		130	/* (int fd, off_t len) */
#define SYS_chdir		131	/* (const char *path) */
#define SYS_fchdir		132	/* (int fd) */
#define SYS_getcwd		133	/* (char *buf, size_t size) -> bytes with the NUL */
#define SYS_fsync		134	/* (int fd) */
#define SYS_fdatasync		135	/* (int fd) */
#define SYS_sync		136	/* () */
#define SYS_access		137	/* (const char *path, int mode) */
#define SYS_openat		138	/* (int dirfd, const char *path, int flags, mode_t mode) */
#define SYS_unlinkat		139	/* (int dirfd, const char *path, int flags) */
#define NSYSCALLS		140

#endif
