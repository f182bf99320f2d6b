/*
 * itimer.c - ITIMER_REAL: a per-process kernel timer that sends SIGALRM,
 * once or every interval (setitimer, getitimer; alarm is the libc's).
 *
 * The timer fires when it is due (timer.c), on the CPU that armed it; a
 * periodic one re-arms itself from its own callback (timer_arm allows
 * that) at the last expiry plus the interval, so the periods do not
 * drift; an expiry already past, or closer than TIMER_REARM_MIN_NS (a
 * long interrupt-off stretch, a tiny interval), is skipped rather than
 * fired in a burst.  Survives exec, not
 * fork.  The state is under proc_lock; the timer itself is cancelled
 * without it, since timer_cancel() waits for a running callback that may
 * be spinning on that lock.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/itimer.h"
#include "kernel/mm.h"
#include "kernel/signal.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/time.h"
#include "kernel/timer.h"

#define NS	1000000000ull

static void
itimer_fire(void *arg)
{
	struct process *p = arg;
	struct sig_kinfo ki = { .code = Q_SI_KERNEL };

	spin_lock(&proc_lock);
	if (!p->zombie && p->itimer_expires) {
		signal_send(p, NULL, Q_SIGALRM, &ki);
		if (p->itimer_interval) {
			uint64_t now = sched_clock() + TIMER_REARM_MIN_NS;
			p->itimer_expires += p->itimer_interval;
			if (p->itimer_expires < now)	/* overrun: skip */
				p->itimer_expires += ((now - p->itimer_expires) /
						      p->itimer_interval + 1) *
						     p->itimer_interval;
			timer_arm(&p->itimer, p->itimer_expires);
		} else {
			p->itimer_expires = 0;
		}
	}
	spin_unlock(&proc_lock);
}

void
itimer_init(struct process *p)
{
	timer_setup(&p->itimer, itimer_fire, p);
}

void
itimer_cancel(struct process *p)
{
	timer_cancel(&p->itimer);
}

static void
ns_to_timeval(uint64_t ns, struct q_timeval *tv)
{
	tv->tv_sec = (int64_t)(ns / NS);
	tv->tv_usec = (int32_t)(ns % NS / 1000);
}

static int
timeval_to_ns(const struct q_timeval *tv, uint64_t *ns)
{
	if (tv->tv_sec < 0 || tv->tv_usec < 0 || tv->tv_usec >= 1000000)
		return -EINVAL;
	*ns = (uint64_t)tv->tv_sec * NS + (uint64_t)tv->tv_usec * 1000;
	return 0;
}

static void
itimer_get(struct process *p, struct q_itimerval *v)
{
	uint64_t now = sched_clock(), left = 0;

	if (p->itimer_expires)
		left = p->itimer_expires > now ? p->itimer_expires - now : 1000;
	ns_to_timeval(p->itimer_interval, &v->it_interval);
	ns_to_timeval(left, &v->it_value);
}

SYSCALL(sys_getitimer)
{
	struct q_itimerval v;

	UNUSED_ARGS5;
	if (a1 != Q_ITIMER_REAL)
		return -EINVAL;
	spin_lock(&proc_lock);
	itimer_get(current->proc, &v);
	spin_unlock(&proc_lock);
	return copy_to_user((void *)a2, &v, sizeof(v));
}

SYSCALL(sys_setitimer)
{
	struct process *p = current->proc;
	struct q_itimerval nv, ov;
	uint64_t value, interval;
	int err;

	UNUSED_ARGS5;
	if (a1 != Q_ITIMER_REAL)
		return -EINVAL;
	if (copy_from_user(&nv, (void *)a2, sizeof(nv)) < 0)
		return -EFAULT;
	if ((err = timeval_to_ns(&nv.it_value, &value)) < 0 ||
	    (err = timeval_to_ns(&nv.it_interval, &interval)) < 0)
		return err;
	timer_cancel(&p->itimer);
	spin_lock(&proc_lock);
	itimer_get(p, &ov);
	p->itimer_interval = value ? interval : 0;
	p->itimer_expires = value ? sched_clock() + value : 0;
	spin_unlock(&proc_lock);
	if (value)
		timer_arm(&p->itimer, p->itimer_expires);
	if (a3 && copy_to_user((void *)a3, &ov, sizeof(ov)) < 0)
		return -EFAULT;
	return 0;
}

