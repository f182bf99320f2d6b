/*
 * sys_ppoll.c - ppoll(): poll with a timespec timeout and a signal mask
 * that holds only while it waits, swapped in and out atomically with
 * respect to signal delivery (as sigsuspend does, sys_signal.c).  As in
 * Linux 6.1 (fs/select.c), the caller's mask comes back at once unless a
 * signal interrupted the wait, in which case it comes back after the
 * handler, so a signal unblocked only for the wait is the one handled.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/file.h"
#include "kernel/mm.h"
#include "kernel/signal.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/time.h"

#define NS		1000000000ull
#define UNBLOCKABLE	(Q_SIGBIT(Q_SIGKILL) | Q_SIGBIT(Q_SIGSTOP))

/* The deadline of a relative timeout (NULL: none): 0, or -errno. */
static int
ppoll_deadline(uint32_t uts, uint64_t *deadline, int *timed)
{
	struct q_timespec ts;

	*deadline = 0;
	*timed = uts != 0;
	if (!uts)
		return 0;
	if (copy_from_user(&ts, (void *)uts, sizeof(ts)) < 0)
		return -EFAULT;
	if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= (int32_t)NS)
		return -EINVAL;
	if (ts.tv_sec || ts.tv_nsec)
		*deadline = sched_clock() + (uint64_t)ts.tv_sec * NS +
			    (uint64_t)ts.tv_nsec;
	return 0;
}

/* ppoll(fds, nfds, timeout, sigmask, sigsetsize): the mask is Linux's
 * 8-byte kernel sigset (Quanta's 31 signals in its low word) or
 * Quanta's own 4 bytes. */
SYSCALL(sys_ppoll)
{
	struct task *t = current;
	q_sigset_t mask[2];
	uint64_t deadline;
	int timed, err;

	UNUSED_ARGS5;
	if ((err = ppoll_deadline(a3, &deadline, &timed)) < 0)
		return err;
	if (a4) {
		if (a5 != 4 && a5 != 8)
			return -EINVAL;
		if (copy_from_user(mask, (void *)a4, a5) < 0)
			return -EFAULT;
		spin_lock(&proc_lock);
		t->sig_saved_mask = t->sig_blocked;
		t->sig_restore_mask = 1;
		t->sig_blocked = mask[0] & ~UNBLOCKABLE;
		signal_recalc(t);
		spin_unlock(&proc_lock);
	}
	err = poll_wait_fds(a1, a2, deadline, timed);
	if (a4 && err != -ERESTARTNOHAND) {
		spin_lock(&proc_lock);
		if (t->sig_restore_mask) {
			t->sig_blocked = t->sig_saved_mask;
			t->sig_restore_mask = 0;
		}
		signal_recalc(t);
		spin_unlock(&proc_lock);
	}
	return err;
}
