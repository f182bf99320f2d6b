/*
 * sys_prctl.c - prctl(): a task's name (PR_SET_NAME, PR_GET_NAME).
 *
 * As in Linux 6.1 (kernel/sys.c), the name belongs to the calling thread,
 * is cut to 15 bytes, and the main thread's name is the process's (what
 * ps shows as its command).  Quanta adds two options for another thread's
 * name (uapi/prctl.h), for pthread_setname_np.  Other options answer
 * EINVAL, Linux's answer for an option it does not know.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/prctl.h"
#include "include/uapi/types.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/syscall.h"
#include "kernel/task.h"

/* The task tid of the caller's process (0: the caller).  Caller holds
 * proc_lock. */
static struct task *
thread_of(int tid)
{
	struct task *t = tid ? task_find(tid) : current;

	return t && t->proc == current->proc && t->state != TASK_ZOMBIE
	       ? t : NULL;
}

static int
set_name(int tid, uint32_t uname)
{
	struct task *t;
	char name[Q_COMM_LEN];
	int i;

	for (i = 0; i < Q_COMM_LEN - 1; i++) {
		if (copy_from_user(&name[i], (const char *)uname + i, 1) < 0)
			return -EFAULT;
		if (!name[i])
			break;
	}
	name[i] = 0;
	spin_lock(&proc_lock);		/* ps may be reading either name */
	if (!(t = thread_of(tid))) {
		spin_unlock(&proc_lock);
		return -ESRCH;
	}
	if (t->tid == t->proc->pid) {
		strlcpy(t->proc->comm, name, sizeof(t->proc->comm));
		t->comm[0] = 0;
	} else {
		strlcpy(t->comm, name, sizeof(t->comm));
	}
	spin_unlock(&proc_lock);
	return 0;
}

static int
get_name(int tid, uint32_t uname)
{
	char name[Q_COMM_LEN];
	struct task *t;

	spin_lock(&proc_lock);
	if ((t = thread_of(tid)))
		strlcpy(name, task_name(t), sizeof(name));
	spin_unlock(&proc_lock);
	if (!t)
		return -ESRCH;
	return copy_to_user((void *)uname, name, strlen(name) + 1);
}

SYSCALL(sys_prctl)
{
	UNUSED_ARGS5;
	switch (a1) {
	case Q_PR_SET_NAME:
		return set_name(0, a2);
	case Q_PR_GET_NAME:
		return get_name(0, a2);
	case Q_PR_SET_THREAD_NAME:
		return set_name((int)a2, a3);
	case Q_PR_GET_THREAD_NAME:
		return get_name((int)a2, a3);
	}
	return -EINVAL;
}
