/*
 * syscall.c - system call dispatch and CPU-time accounting.
 *
 * "int $0x80" arrives at syscall_trap() with the number in eax and the
 * arguments in ebx, ecx, edx, esi, edi (uapi/syscall.h).  The result goes
 * back in eax.  Unknown numbers get -ENOSYS.
 */
#include <stdint.h>
#include "arch/x86/trap.h"
#include "arch/x86/x86.h"
#include "include/uapi/errno.h"
#include "include/uapi/syscall.h"
#include "kernel/cpu.h"
#include "kernel/panic.h"
#include "kernel/proc.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/time.h"
#include "kernel/upcall.h"

/* A number with no handler: Linux's sys_ni_syscall. */
static int32_t
sys_ni(const struct trapframe *tf)
{
	(void)tf;
	return -ENOSYS;
}

/* Every slot is filled first with sys_ni, then the numbers that have a
 * handler override it (Linux's syscall tables are built the same way and
 * compiled with -Wno-override-init): dispatch needs no NULL check. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
static const syscall_fn table[NSYSCALLS] = {
	[0 ... NSYSCALLS - 1] = sys_ni,
	[SYS_exit] = sys_exit, [SYS_fork] = sys_fork, [SYS_read] = sys_read,
	[SYS_write] = sys_write, [SYS_open] = sys_open,
	[SYS_close] = sys_close, [SYS_waitpid] = sys_waitpid,
	[SYS_execve] = sys_execve, [SYS_getpid] = sys_getpid,
	[SYS_getppid] = sys_getppid, [SYS_gettid] = sys_gettid,
	[SYS_kill] = sys_kill, [SYS_pipe] = sys_pipe, [SYS_dup] = sys_dup,
	[SYS_dup2] = sys_dup2, [SYS_fstat] = sys_fstat, [SYS_brk] = sys_brk,
	[SYS_nanosleep] = sys_nanosleep,
	[SYS_clock_nanosleep] = sys_clock_nanosleep,
	[SYS_clock_gettime] = sys_clock_gettime,
	[SYS_gettimeofday] = sys_gettimeofday,
	[SYS_sched_yield] = sys_sched_yield, [SYS_nice] = sys_nice,
	[SYS_getpriority] = sys_getpriority,
	[SYS_setpriority] = sys_setpriority,
	[SYS_sched_setaffinity] = sys_sched_setaffinity,
	[SYS_sched_getaffinity] = sys_sched_getaffinity,
	[SYS_sched_getcpu] = sys_sched_getcpu,
	[SYS_thread_create] = sys_thread_create,
	[SYS_thread_exit] = sys_thread_exit,
	[SYS_thread_join] = sys_thread_join, [SYS_futex] = sys_futex,
	[SYS_getrusage] = sys_getrusage, [SYS_times] = sys_times,
	[SYS_poll] = sys_poll, [SYS_uname] = sys_uname,
	[SYS_nprocs] = sys_nprocs, [SYS_getdents] = sys_getdents,
	[SYS_sysinfo] = sys_sysinfo, [SYS_taskinfo] = sys_taskinfo,
	[SYS_cpuinfo] = sys_cpuinfo, [SYS_tunable] = sys_tunable,
	[SYS_sched_dump] = sys_sched_dump, [SYS_signal] = sys_signal,
	[SYS_sched_setslice] = sys_sched_setslice,
	[SYS_sched_setscheduler] = sys_sched_setscheduler,
	[SYS_sched_getscheduler] = sys_sched_getscheduler,
	[SYS_sched_setparam] = sys_sched_setparam,
	[SYS_sched_getparam] = sys_sched_getparam,
	[SYS_sched_get_priority_max] = sys_sched_get_priority_max,
	[SYS_sched_get_priority_min] = sys_sched_get_priority_min,
	[SYS_sched_rr_get_interval] = sys_sched_rr_get_interval,
	/* signals, process groups, the terminal */
	[SYS_sigaction] = sys_sigaction, [SYS_sigprocmask] = sys_sigprocmask,
	[SYS_sigpending] = sys_sigpending, [SYS_sigsuspend] = sys_sigsuspend,
	[SYS_sigtimedwait] = sys_sigtimedwait,
	[SYS_sigreturn] = sys_sigreturn, [SYS_tgkill] = sys_tgkill,
	[SYS_pause] = sys_pause, [SYS_setitimer] = sys_setitimer,
	[SYS_getitimer] = sys_getitimer,
	[SYS_restart_syscall] = sys_restart_syscall,
	[SYS_setpgid] = sys_setpgid, [SYS_getpgid] = sys_getpgid,
	[SYS_setsid] = sys_setsid, [SYS_getsid] = sys_getsid,
	[SYS_ioctl] = sys_ioctl, [SYS_reboot] = sys_reboot,
	[SYS_trace] = sys_trace,
	[SYS_meminfo] = sys_meminfo,
	/* files and the name space */
	[SYS_lseek] = sys_lseek, [SYS_pread] = sys_pread,
	[SYS_pwrite] = sys_pwrite, [SYS_unlink] = sys_unlink,
	[SYS_rename] = sys_rename, [SYS_mkdir] = sys_mkdir,
	[SYS_rmdir] = sys_rmdir, [SYS_stat] = sys_stat,
	[SYS_lstat] = sys_stat, [SYS_truncate] = sys_truncate,
	[SYS_ftruncate] = sys_ftruncate, [SYS_chdir] = sys_chdir,
	[SYS_fchdir] = sys_fchdir, [SYS_getcwd] = sys_getcwd,
	[SYS_fsync] = sys_fsync, [SYS_fdatasync] = sys_fdatasync,
	[SYS_sync] = sys_sync, [SYS_access] = sys_access,
	[SYS_openat] = sys_openat, [SYS_unlinkat] = sys_unlinkat,
	/* POSIX timers */
	[SYS_timer_create] = sys_timer_create,
	[SYS_timer_settime] = sys_timer_settime,
	[SYS_timer_gettime] = sys_timer_gettime,
	[SYS_timer_getoverrun] = sys_timer_getoverrun,
	[SYS_timer_delete] = sys_timer_delete,
	[SYS_clock_getres] = sys_clock_getres,
	[SYS_syslog] = sys_syslog,
	/* sockets, descriptors, memory, limits */
	[SYS_socketpair] = sys_socketpair, [SYS_socket] = sys_socket,
	[SYS_bind] = sys_bind, [SYS_listen] = sys_listen,
	[SYS_accept4] = sys_accept4, [SYS_connect] = sys_connect,
	[SYS_shutdown] = sys_shutdown, [SYS_sendto] = sys_sendto,
	[SYS_recvfrom] = sys_recvfrom, [SYS_getsockopt] = sys_getsockopt,
	[SYS_setsockopt] = sys_setsockopt,
	[SYS_getsockname] = sys_getsockname,
	[SYS_getpeername] = sys_getpeername,
	[SYS_fcntl] = sys_fcntl, [SYS_dup3] = sys_dup3,
	[SYS_mmap] = sys_mmap, [SYS_munmap] = sys_munmap,
	[SYS_mprotect] = sys_mprotect, [SYS_madvise] = sys_madvise,
	[SYS_mlock] = sys_mlock, [SYS_munlock] = sys_munlock,
	[SYS_mlockall] = sys_mlockall, [SYS_munlockall] = sys_munlockall,
	[SYS_prlimit64] = sys_prlimit64, [SYS_prctl] = sys_prctl,
	[SYS_ppoll] = sys_ppoll,
};
#pragma GCC diagnostic pop

/*
 * int $0x80: entered from its own copy of alltraps (trapentry.asm).  What
 * trap() does for any trap from user mode, written out for the one that
 * happens most (every read and write), so that its pieces inline into one
 * function.  The kernel itself never makes system calls.
 */
void
syscall_trap(struct trapframe *tf)
{
	struct task *t = current;
	uint32_t n = tf->eax;
	int32_t ret = -ENOSYS;

	if (!trap_from_user(tf))
		panic_trap(tf, "system call from kernel mode");
	sti();
	if (n < NSYSCALLS)
		ret = table[n](tf);
	cli();
	tf->eax = (uint32_t)ret;
	if (t->sig_work || t->need_resched)
		proc_return_to_user(tf, (int)n);
}
