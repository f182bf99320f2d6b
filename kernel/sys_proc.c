/*
 * sys_proc.c - system calls about processes and threads.
 */
#include <stdint.h>
#include "drivers/power.h"
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/mm.h"
#include "kernel/printk.h"
#include "kernel/posix_timer.h"
#include "kernel/proc.h"
#include "kernel/signal.h"
#include "kernel/syscall.h"
#include "kernel/task.h"

SYSCALL(sys_exit)
{
	UNUSED_ARGS5;
	proc_exit((int)a1);
}

SYSCALL(sys_fork)
{
	UNUSED_ARGS5;
	return proc_fork();
}

SYSCALL(sys_execve)
{
	UNUSED_ARGS5;
	int32_t r = proc_exec((const char *)a1, (const char *const *)a2,
			      (const char *const *)a3);

	if (r >= 0) {
		signal_exec(current->proc);	/* handlers are gone */
		posix_timers_free(current->proc);	/* so are timers */
	}
	return r;
}

SYSCALL(sys_waitpid)
{
	UNUSED_ARGS5;
	return proc_wait((int)a1, (int *)a2, (int)a3);
}

SYSCALL(sys_getpid)
{
	UNUSED_ARGS5;
	return current->proc->pid;
}

SYSCALL(sys_getppid)
{
	struct process *parent = current->proc->parent;

	UNUSED_ARGS5;
	return parent ? parent->pid : 0;
}

SYSCALL(sys_gettid)
{
	UNUSED_ARGS5;
	return current->tid;
}

SYSCALL(sys_thread_create)
{
	UNUSED_ARGS5;
	return thread_create(a1, a2, a3);
}

SYSCALL(sys_thread_exit)
{
	UNUSED_ARGS5;
	task_exit((int)a1);
}

SYSCALL(sys_thread_join)
{
	UNUSED_ARGS5;
	return thread_join((int)a1, (int *)a2);
}

SYSCALL(sys_brk)
{
	struct mm *mm = current->proc->mm;

	UNUSED_ARGS5;
	if (a1 == 0)
		return (int32_t)mm->brk;
	return (int32_t)mm_brk(mm, a1);
}

/* reboot(magic, magic2, cmd): Linux's magic numbers and commands; there is
 * nothing to sync (the initrd is read-only) and no privilege to check. */
SYSCALL(sys_reboot)
{
	UNUSED_ARGS5;
	if (a1 != Q_REBOOT_MAGIC1 || a2 != Q_REBOOT_MAGIC2)
		return -EINVAL;
	if (a3 == Q_REBOOT_CMD_POWER_OFF) {
		printk("reboot: Power down\n");
		machine_poweroff(0);
	}
	if (a3 == Q_REBOOT_CMD_RESTART) {
		printk("reboot: Restarting system\n");
		machine_reboot();
	}
	return -EINVAL;
}
