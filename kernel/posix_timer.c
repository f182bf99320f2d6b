/*
 * posix_timer.c - POSIX per-process timers: timer_create, timer_settime,
 * timer_gettime, timer_getoverrun, timer_delete (POSIX.1-2017, "Timers";
 * Linux 6.1 kernel/time/posix-timers.c for the Linux-specific parts).
 *
 * A timer is a kernel timer (timer.c, which fires when due) plus what to
 * do on expiry: send sigev_signo to the process (SIGEV_SIGNAL) or to one
 * of its threads (SIGEV_THREAD_ID), or nothing (SIGEV_NONE, whose expiry
 * timer_gettime() works out and which is never armed, as in Linux).  The
 * signal carries SI_TIMER, the timer's id, its sigev_value and its
 * overrun count.
 *
 * Overruns.  A timer's signal is queued at most once: an expiry while it
 * is still pending adds one to the pending siginfo's overrun count (the
 * standard signals do not queue), and delivery (signal_dequeue_set calls
 * posix_timer_delivered) makes that count what timer_getoverrun() says.
 * Expiries a periodic timer could not fire (interrupts off, or an interval
 * under TIMER_REARM_MIN_NS) are overruns too, the count Linux's
 * hrtimer_forward() keeps.
 *
 * Locking: a process's timers, and every field below but the kernel
 * timer, are under proc_lock, which the expiry takes in interrupt context.
 * The kernel timer is cancelled without it (timer_cancel waits for a
 * running callback, which may be spinning on proc_lock).  Timers are
 * freed at exec and when the process is freed.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/hrtimer.h"
#include "kernel/kmalloc.h"
#include "kernel/mm.h"
#include "kernel/posix_timer.h"
#include "kernel/signal.h"
#include "kernel/syscall.h"
#include "kernel/task.h"
#include "kernel/time.h"
#include "kernel/timer.h"

#define NS		1000000000ull
#define TIMERS_MAX	32	/* per process; then EAGAIN */

struct posix_timer {
	struct list node;		/* in process->timers */
	struct timer timer;
	struct process *proc;
	int id;
	int clock;			/* Q_CLOCK_* */
	int notify;			/* Q_SIGEV_* */
	int signo;
	int tid;			/* Q_SIGEV_THREAD_ID: the thread */
	uint32_t value;			/* sigev_value */
	uint64_t expires;		/* sched_clock() ns; 0: disarmed */
	uint64_t interval;		/* ns; 0: one-shot */
	int32_t overrun_last;		/* of the last delivered signal */
	int deleted;			/* timer_delete: fire no more */
};

void
posix_timers_init(struct process *p)
{
	list_init(&p->timers);
	p->ntimers = 0;
	p->timer_next_id = 0;
}

/* p's timer id, or NULL (proc_lock held). */
static struct posix_timer *
find_timer(struct process *p, int id)
{
	struct list *pos;

	list_for_each(pos, &p->timers) {
		struct posix_timer *pt = list_entry(pos, struct posix_timer,
						    node);
		if (pt->id == id)
			return pt;
	}
	return NULL;
}

/* The live thread tid of p, or NULL (proc_lock held). */
static struct task *
find_thread(struct process *p, int tid)
{
	struct list *pos;

	list_for_each(pos, &p->tasks) {
		struct task *t = list_entry(pos, struct task, thread_node);
		if (t->tid == tid && t->state != TASK_ZOMBIE &&
		    t->state != TASK_NEW)
			return t;
	}
	return NULL;
}

/* The siginfo slot of pt's signal while it is pending from pt, or NULL
 * (proc_lock held). */
static struct sig_kinfo *
pending_slot(struct posix_timer *pt, struct task *tt)
{
	struct process *p = pt->proc;
	q_sigset_t pending = tt ? tt->sig_pending : p->sig_pending;
	struct sig_kinfo *ki = tt ? &tt->sig_info[pt->signo] :
		&p->sig_info[pt->signo];

	if (!(pending & Q_SIGBIT(pt->signo)) || ki->code != Q_SI_TIMER ||
	    ki->timerid != pt->id)
		return NULL;
	return ki;
}

/* count expiries of pt happened (proc_lock held): a signal, or overruns
 * of the one still pending. */
static void
expire(struct posix_timer *pt, uint32_t count)
{
	struct task *tt = NULL;
	struct sig_kinfo *slot, ki = { .code = Q_SI_TIMER };

	if (pt->notify == Q_SIGEV_NONE)
		return;
	if (pt->notify == Q_SIGEV_THREAD_ID &&
	    !(tt = find_thread(pt->proc, pt->tid)))
		return;		/* the thread is gone: Linux drops it too */
	if ((slot = pending_slot(pt, tt))) {
		uint64_t o = (uint64_t)(uint32_t)slot->overrun + count;
		slot->overrun = o > INT32_MAX ? INT32_MAX : (int32_t)o;
		return;
	}
	ki.timerid = pt->id;
	ki.value = pt->value;
	ki.overrun = count - 1 > INT32_MAX ? INT32_MAX : (int32_t)(count - 1);
	signal_send(pt->proc, tt, pt->signo, &ki);
}

static void
posix_timer_fire(void *arg)
{
	struct posix_timer *pt = arg;
	uint64_t now = sched_clock(), missed = 0;

	spin_lock(&proc_lock);
	if (pt->deleted || !pt->expires || pt->proc->zombie)
		goto out;
	if (now < pt->expires) {	/* armed by a settime since replaced */
		timer_arm(&pt->timer, pt->expires);
		goto out;
	}
	if (!pt->interval) {
		pt->expires = 0;
		expire(pt, 1);
		goto out;
	}
	pt->expires += pt->interval;
	if (pt->expires < now + TIMER_REARM_MIN_NS) {
		missed = (now + TIMER_REARM_MIN_NS - pt->expires) /
			 pt->interval + 1;
		pt->expires += missed * pt->interval;
	}
	expire(pt, (uint32_t)(missed > INT32_MAX ? INT32_MAX : missed) + 1);
	timer_arm(&pt->timer, pt->expires);
out:
	spin_unlock(&proc_lock);
}

void
posix_timer_delivered(struct process *p, const struct sig_kinfo *ki)
{
	struct posix_timer *pt = find_timer(p, ki->timerid);

	if (pt)
		pt->overrun_last = ki->overrun;
}

/* A user's sigevent (NULL: SIGEV_SIGNAL, SIGALRM, the id as the value),
 * checked as Linux's good_sigevent() does; 0 or -errno. */
static int
get_sigevent(uint32_t uevp, struct posix_timer *pt)
{
	struct q_sigevent ev;

	if (!uevp) {			/* the id is the value: set later */
		pt->notify = Q_SIGEV_SIGNAL;
		pt->signo = Q_SIGALRM;
		return 0;
	}
	if (copy_from_user(&ev, (const void *)uevp, sizeof(ev)) < 0)
		return -EFAULT;
	pt->notify = ev.sigev_notify;
	pt->signo = ev.sigev_signo;
	pt->value = ev.sigev_value;
	pt->tid = ev.sigev_tid;
	switch (ev.sigev_notify) {
	case Q_SIGEV_NONE:
		return 0;
	case Q_SIGEV_THREAD_ID:
		spin_lock(&proc_lock);
		if (!find_thread(current->proc, ev.sigev_tid)) {
			spin_unlock(&proc_lock);
			return -EINVAL;
		}
		spin_unlock(&proc_lock);
		/* fall through */
	case Q_SIGEV_SIGNAL:
	case Q_SIGEV_THREAD:	/* to the kernel a signal, as in Linux */
		return ev.sigev_signo > 0 && ev.sigev_signo < Q_NSIG ? 0 :
		       -EINVAL;
	default:
		return -EINVAL;
	}
}

/* Unlink pt (proc_lock held); the caller then calls timer_free(). */
static void
timer_unlink(struct process *p, struct posix_timer *pt)
{
	pt->deleted = 1;
	list_del(&pt->node);
	p->ntimers--;
}

static void
timer_free(struct posix_timer *pt)
{
	timer_cancel(&pt->timer);
	kfree(pt);
}

SYSCALL(sys_timer_create)
{
	struct process *p = current->proc;
	struct posix_timer *pt;
	int err, id;

	UNUSED_ARGS5;
	if (a1 != Q_CLOCK_REALTIME && a1 != Q_CLOCK_MONOTONIC)
		return -EINVAL;
	if (!(pt = kzalloc(sizeof(*pt))))
		return -EAGAIN;
	pt->clock = (int)a1;
	pt->proc = p;
	timer_setup(&pt->timer, posix_timer_fire, pt);
	if ((err = get_sigevent(a2, pt)) < 0) {
		kfree(pt);
		return err;
	}
	spin_lock(&proc_lock);
	if (p->ntimers >= TIMERS_MAX) {		/* Linux: EAGAIN */
		spin_unlock(&proc_lock);
		kfree(pt);
		return -EAGAIN;
	}
	pt->id = id = p->timer_next_id;
	p->timer_next_id = id == INT32_MAX ? 0 : id + 1;
	if (!a2)
		pt->value = (uint32_t)id;
	p->ntimers++;
	list_insert(&pt->node, p->timers.prev, &p->timers);
	spin_unlock(&proc_lock);
	if (copy_to_user((void *)a3, &id, sizeof(id)) < 0) {
		/* as Linux: no id to give back, so no timer */
		spin_lock(&proc_lock);
		timer_unlink(p, pt);
		spin_unlock(&proc_lock);
		timer_free(pt);
		return -EFAULT;
	}
	return 0;
}

static int
get_timespec_ns(const struct q_timespec *ts, uint64_t *ns)
{
	if (ts->tv_sec < 0 || ts->tv_nsec < 0 || ts->tv_nsec >= (int32_t)NS)
		return -EINVAL;
	*ns = (uint64_t)ts->tv_sec * NS + (uint64_t)ts->tv_nsec;
	return 0;
}

static void
ns_to_timespec(uint64_t ns, struct q_timespec *ts)
{
	ts->tv_sec = (int64_t)(ns / NS);
	ts->tv_nsec = (int32_t)(ns % NS);
}

/* What timer_gettime() reports (proc_lock held).  A SIGEV_NONE timer is
 * moved on to its next expiry here, since nothing fires it; an armed one
 * past its expiry reads 1 ns, as in Linux. */
static void
timer_get(struct posix_timer *pt, struct q_itimerspec *v)
{
	uint64_t now = sched_clock(), left = 0;

	if (pt->notify == Q_SIGEV_NONE && pt->expires && now >= pt->expires) {
		if (pt->interval)
			pt->expires += ((now - pt->expires) / pt->interval + 1) *
				       pt->interval;
		else
			pt->expires = 0;
	}
	if (pt->expires)
		left = pt->expires > now ? pt->expires - now : 1;
	ns_to_timespec(pt->interval, &v->it_interval);
	ns_to_timespec(left, &v->it_value);
}

SYSCALL(sys_timer_settime)
{
	struct process *p = current->proc;
	struct q_itimerspec nv, ov;
	struct posix_timer *pt;
	uint64_t value, interval, expires = 0;
	int err;

	UNUSED_ARGS5;
	if (copy_from_user(&nv, (const void *)a3, sizeof(nv)) < 0)
		return -EFAULT;
	if ((err = get_timespec_ns(&nv.it_value, &value)) < 0 ||
	    (err = get_timespec_ns(&nv.it_interval, &interval)) < 0)
		return err;
	spin_lock(&proc_lock);
	if (!(pt = find_timer(p, (int)a1))) {
		spin_unlock(&proc_lock);
		return -EINVAL;
	}
	timer_get(pt, &ov);
	if (value && (a2 & Q_TIMER_ABSTIME)) {
		uint64_t base = pt->clock == Q_CLOCK_REALTIME ?
			realtime_base_ns : 0;
		expires = value > base ? value - base : 0;
		if (!expires)
			expires = 1;	/* long past: due now */
	} else if (value) {
		expires = sched_clock() + value;
	}
	pt->expires = expires;
	pt->interval = expires ? interval : 0;
	spin_unlock(&proc_lock);
	/* Cancelled and armed without proc_lock; the callback re-checks
	 * pt->expires under it, so an arm that loses a race with another
	 * settime only makes it re-arm for the winner's expiry. */
	timer_cancel(&pt->timer);
	if (expires && pt->notify != Q_SIGEV_NONE)
		timer_arm(&pt->timer, expires);
	if (a4 && copy_to_user((void *)a4, &ov, sizeof(ov)) < 0)
		return -EFAULT;
	return 0;
}

SYSCALL(sys_timer_gettime)
{
	struct q_itimerspec v;
	struct posix_timer *pt;

	UNUSED_ARGS5;
	spin_lock(&proc_lock);
	if (!(pt = find_timer(current->proc, (int)a1))) {
		spin_unlock(&proc_lock);
		return -EINVAL;
	}
	timer_get(pt, &v);
	spin_unlock(&proc_lock);
	return copy_to_user((void *)a2, &v, sizeof(v));
}

SYSCALL(sys_timer_getoverrun)
{
	struct posix_timer *pt;
	int32_t n;

	UNUSED_ARGS5;
	spin_lock(&proc_lock);
	pt = find_timer(current->proc, (int)a1);
	n = pt ? pt->overrun_last : -EINVAL;
	spin_unlock(&proc_lock);
	return n;
}

SYSCALL(sys_timer_delete)
{
	struct process *p = current->proc;
	struct posix_timer *pt;

	UNUSED_ARGS5;
	spin_lock(&proc_lock);
	if (!(pt = find_timer(p, (int)a1))) {
		spin_unlock(&proc_lock);
		return -EINVAL;
	}
	timer_unlink(p, pt);
	spin_unlock(&proc_lock);
	timer_free(pt);
	return 0;
}

void
posix_timers_free(struct process *p)
{
	for (;;) {
		struct posix_timer *pt = NULL;

		spin_lock(&proc_lock);
		if (!list_empty(&p->timers)) {
			pt = list_first(&p->timers, struct posix_timer, node);
			timer_unlink(p, pt);
		}
		spin_unlock(&proc_lock);
		if (!pt)
			return;
		timer_free(pt);
	}
}

SYSCALL(sys_clock_getres)
{
	struct q_timespec ts = { 0, (int32_t)hrtimer_resolution_ns() };

	UNUSED_ARGS5;
	if (a1 != Q_CLOCK_REALTIME && a1 != Q_CLOCK_MONOTONIC)
		return -EINVAL;
	if (a2 && copy_to_user((void *)a2, &ts, sizeof(ts)) < 0)
		return -EFAULT;
	return 0;
}
