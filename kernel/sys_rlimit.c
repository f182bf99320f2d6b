/*
 * sys_rlimit.c - resource limits: prlimit64 (getrlimit and setrlimit are
 * the libc's, on top of it, as in glibc).
 *
 * Every process runs as root in Quanta, and root may raise a hard limit
 * (Linux's CAP_SYS_RESOURCE), so EPERM comes only where it comes for root
 * in Linux 6.1 (kernel/sys.c, do_prlimit): an RLIMIT_NOFILE above the
 * system's maximum (NR_OPEN here, fs.nr_open there).  What each limit
 * does in Quanta is in docs/syscalls.md; only RLIMIT_NOFILE is enforced,
 * the others are kept and reported, as root's RLIMIT_RTPRIO, RLIMIT_NPROC
 * and RLIMIT_MEMLOCK are not checked in Linux either.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/resource.h"
#include "kernel/file.h"
#include "kernel/lib/string.h"
#include "kernel/mm.h"
#include "kernel/rlimit.h"
#include "kernel/syscall.h"
#include "kernel/task.h"

#define INF	Q_RLIM64_INFINITY

/* Linux 6.1's INIT_RLIMITS (include/asm-generic/resource.h) with its
 * defaults for a machine of this size; NPROC and STACK are Quanta's
 * (MAX_TASKS tasks, a 1 MiB main stack). */
static const struct q_rlimit64 defaults[Q_RLIM_NLIMITS] = {
	[Q_RLIMIT_CPU] = { INF, INF },
	[Q_RLIMIT_FSIZE] = { INF, INF },
	[Q_RLIMIT_DATA] = { INF, INF },
	[Q_RLIMIT_STACK] = { USTACK_SIZE, USTACK_SIZE },
	[Q_RLIMIT_CORE] = { 0, INF },
	[Q_RLIMIT_RSS] = { INF, INF },
	[Q_RLIMIT_NPROC] = { MAX_TASKS, MAX_TASKS },
	[Q_RLIMIT_NOFILE] = { NOFILE_SOFT, NOFILE_HARD },
	[Q_RLIMIT_MEMLOCK] = { 8u << 20, 8u << 20 },	/* MLOCK_LIMIT */
	[Q_RLIMIT_AS] = { INF, INF },
	[Q_RLIMIT_LOCKS] = { INF, INF },
	[Q_RLIMIT_SIGPENDING] = { 0, 0 },	/* set from MAX_TASKS below */
	[Q_RLIMIT_MSGQUEUE] = { 819200, 819200 },	/* MQ_BYTES_MAX */
	[Q_RLIMIT_NICE] = { 0, 0 },
	[Q_RLIMIT_RTPRIO] = { 0, 0 },
	[Q_RLIMIT_RTTIME] = { INF, INF },
};

void
rlimit_fork(struct process *parent, struct process *p)
{
	if (parent) {
		spin_lock(&proc_lock);
		memcpy(p->rlim, parent->rlim, sizeof(p->rlim));
		spin_unlock(&proc_lock);
		return;
	}
	memcpy(p->rlim, defaults, sizeof(p->rlim));
	p->rlim[Q_RLIMIT_SIGPENDING].rlim_cur = MAX_TASKS;
	p->rlim[Q_RLIMIT_SIGPENDING].rlim_max = MAX_TASKS;
}

static int
check_new(unsigned res, const struct q_rlimit64 *old,
	  const struct q_rlimit64 *nw)
{
	(void)old;
	if (nw->rlim_cur > nw->rlim_max)
		return -EINVAL;
	if (res == Q_RLIMIT_NOFILE && nw->rlim_max > NR_OPEN)
		return -EPERM;
	return 0;
}

/* prlimit64(pid, resource, new, old): pid 0 is the caller. */
SYSCALL(sys_prlimit64)
{
	struct q_rlimit64 nw, old;
	struct process *p;
	unsigned res = a2;
	int err = 0;

	UNUSED_ARGS5;
	if (res >= Q_RLIM_NLIMITS)
		return -EINVAL;
	if (a3 && copy_from_user(&nw, (void *)a3, sizeof(nw)) < 0)
		return -EFAULT;
	spin_lock(&proc_lock);
	p = a1 == 0 ? current->proc : process_find((int)a1);
	if (!p || p->zombie)
		err = -ESRCH;
	else {
		old = p->rlim[res];
		if (a3 && (err = check_new(res, &old, &nw)) == 0)
			p->rlim[res] = nw;
	}
	if (err == 0 && a3 && res == Q_RLIMIT_NOFILE && p->files)
		files_set_max(p->files, (int)nw.rlim_cur);
	spin_unlock(&proc_lock);
	if (err == 0 && a4 && copy_to_user((void *)a4, &old, sizeof(old)) < 0)
		err = -EFAULT;
	return err;
}
