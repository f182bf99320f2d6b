/*
 * sys_prctl.c - prctl(): a task's name (PR_SET_NAME, PR_GET_NAME).
 *
 * As in Linux 6.1 (kernel/sys.c), the name belongs to the calling thread,
 * is cut to 15 bytes, and the main thread's name is the process's (what
 * ps shows as its command).  Other options answer EINVAL, Linux's answer
 * for an option it does not know.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/prctl.h"
#include "include/uapi/types.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/syscall.h"
#include "kernel/task.h"

static int
set_name(uint32_t uname)
{
	struct task *t = current;
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
get_name(uint32_t uname)
{
	char name[Q_COMM_LEN];

	spin_lock(&proc_lock);
	strlcpy(name, task_name(current), sizeof(name));
	spin_unlock(&proc_lock);
	return copy_to_user((void *)uname, name, strlen(name) + 1);
}

SYSCALL(sys_prctl)
{
	UNUSED_ARGS5;
	switch (a1) {
	case Q_PR_SET_NAME:
		return set_name(a2);
	case Q_PR_GET_NAME:
		return get_name(a2);
	}
	return -EINVAL;
}
