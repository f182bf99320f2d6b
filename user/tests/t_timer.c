/*
 * t_timer - timers that expire when asked: nanosleep, clock_nanosleep,
 * setitimer, POSIX timers, clock_getres, with their errors.
 *
 * Every time asserted is CLOCK_MONOTONIC in the det profile (virtual
 * time), with a tolerance: a wakeup is never early and is late by less
 * than LATE_NS, a quarter of the 1 ms tick, which a timer run from the
 * tick could not meet.  Counts of periodic expiries allow one either way.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "memsnap.h"
#include "../bench/bench_util.h"

#define MS		1000000LL
#define US		1000LL
#define LATE_NS		(250 * US)
#define BAD_PTR		((void *)0xc0001000)	/* kernel memory */

static volatile int hits;
static volatile int last_overrun;

static void
on_signal(int sig, siginfo_t *si, void *ctx)
{
	(void)sig;
	(void)ctx;
	hits++;
	if (si->si_code == SI_TIMER)
		last_overrun += si->si_overrun;
}

static void
handle(int sig, int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | flags;
	sigaction(sig, &sa, NULL);
}

static void
block(int sig, int how)
{
	sigset_t s;

	sigemptyset(&s);
	sigaddset(&s, sig);
	sigprocmask(how, &s, NULL);
}

static struct timespec
ts_of(long long ns)
{
	struct timespec ts = { ns / 1000000000LL, ns % 1000000000LL };

	return ts;
}

static long long
ns_of(struct timespec ts)
{
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long
realtime_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ns_of(ts);
}

/* Took at least want and at most want + LATE_NS since t0? */
#define CHECK_ON_TIME(t0, want)						\
	do {								\
		long long _d = now_ns() - (t0);				\
		CHECK(_d >= (want));					\
		CHECK(_d < (want) + LATE_NS);				\
		if (_d < (want) || _d >= (want) + LATE_NS)		\
			printf("  took %lld ns, wanted %lld\n", _d,	\
			       (long long)(want));			\
	} while (0)

static void
test_getres(void)
{
	struct timespec res;

	CHECK_EQ(clock_getres(CLOCK_MONOTONIC, &res), 0);
	CHECK(res.tv_sec == 0 && res.tv_nsec > 0 && res.tv_nsec < 1000);
	CHECK_EQ(clock_getres(CLOCK_REALTIME, &res), 0);
	CHECK(res.tv_sec == 0 && res.tv_nsec > 0 && res.tv_nsec < 1000);
	CHECK_EQ(clock_getres(CLOCK_MONOTONIC, NULL), 0);
	CHECK(clock_getres(99, &res) == -1 && errno == EINVAL);
	CHECK(clock_getres(CLOCK_MONOTONIC, BAD_PTR) == -1 && errno == EFAULT);
}

static void
test_sleep_errors(void)
{
	struct timespec big = { 0, 1000000000 }, neg = { -1, 0 };
	struct timespec ok = { 0, 1000 };

	CHECK(nanosleep(&big, NULL) == -1 && errno == EINVAL);
	CHECK(nanosleep(&neg, NULL) == -1 && errno == EINVAL);
	CHECK(nanosleep(BAD_PTR, NULL) == -1 && errno == EFAULT);
	CHECK_EQ(clock_nanosleep(CLOCK_MONOTONIC, 0, &big, NULL), EINVAL);
	CHECK_EQ(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &big, NULL),
		 EINVAL);
	CHECK_EQ(clock_nanosleep(99, 0, &ok, NULL), EINVAL);
	CHECK_EQ(clock_nanosleep(CLOCK_REALTIME, 0, BAD_PTR, NULL), EFAULT);
}

/* Shorter than a tick, relative and absolute, on both clocks. */
static void
test_sleeps(void)
{
	struct timespec ts = ts_of(200 * US);
	long long t0 = now_ns(), d;

	CHECK_EQ(nanosleep(&ts, NULL), 0);
	CHECK_ON_TIME(t0, 200 * US);
	t0 = now_ns();
	CHECK_EQ(clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL), 0);
	CHECK_ON_TIME(t0, 200 * US);
	t0 = now_ns();
	CHECK_EQ(clock_nanosleep(CLOCK_REALTIME, 0, &ts, NULL), 0);
	CHECK_ON_TIME(t0, 200 * US);

	t0 = now_ns();
	ts = ts_of(t0 + 300 * US);
	CHECK_EQ(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL), 0);
	CHECK_ON_TIME(t0, 300 * US);
	d = realtime_ns() + 300 * US;
	t0 = now_ns();
	ts = ts_of(d);
	CHECK_EQ(clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &ts, NULL), 0);
	CHECK(realtime_ns() >= d);
	CHECK_ON_TIME(t0, 290 * US);
	/* a deadline already past returns at once */
	ts = ts_of(1000);
	t0 = now_ns();
	CHECK_EQ(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL), 0);
	CHECK(now_ns() - t0 < 100 * US);
}

/* A handler interrupts a sleep: EINTR with the time left (relative), even
 * with SA_RESTART (Linux's nanosleep); plain EINTR when absolute. */
static void
test_sleep_eintr(void)
{
	struct itimerval it = { { 0, 0 }, { 0, 2000 } };
	struct timespec req = ts_of(50 * MS), rem = { 0, 0 };
	long long t0 = now_ns(), left;

	handle(SIGALRM, SA_RESTART);
	hits = 0;
	CHECK_EQ(setitimer(ITIMER_REAL, &it, NULL), 0);
	CHECK(nanosleep(&req, &rem) == -1 && errno == EINTR);
	CHECK_ON_TIME(t0, 2 * MS);
	left = ns_of(rem);
	CHECK(left > 47 * MS && left < 48 * MS + 100 * US);
	CHECK_EQ(hits, 1);

	t0 = now_ns();
	CHECK_EQ(setitimer(ITIMER_REAL, &it, NULL), 0);
	CHECK_EQ(clock_nanosleep(CLOCK_MONOTONIC, 0, &req, &rem), EINTR);
	CHECK_ON_TIME(t0, 2 * MS);
	CHECK(ns_of(rem) > 47 * MS && ns_of(rem) < 48 * MS + 100 * US);

	t0 = now_ns();
	req = ts_of(t0 + 50 * MS);
	CHECK_EQ(setitimer(ITIMER_REAL, &it, NULL), 0);
	CHECK_EQ(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &req, NULL),
		 EINTR);
	CHECK_ON_TIME(t0, 2 * MS);
	CHECK_EQ(hits, 3);
}

/* setitimer and alarm below the tick: one-shot and periodic. */
static void
test_itimer(void)
{
	struct itimerval it = { { 0, 0 }, { 0, 300 } }, cur;
	sigset_t none;
	long long t0;

	sigemptyset(&none);
	handle(SIGALRM, 0);
	block(SIGALRM, SIG_BLOCK);
	hits = 0;
	t0 = now_ns();
	CHECK_EQ(setitimer(ITIMER_REAL, &it, NULL), 0);
	sigsuspend(&none);
	CHECK_ON_TIME(t0, 300 * US);
	CHECK_EQ(hits, 1);
	CHECK_EQ(getitimer(ITIMER_REAL, &cur), 0);
	CHECK(cur.it_value.tv_sec == 0 && cur.it_value.tv_usec == 0);

	/* periodic, 500 us: 10 expiries in 5.25 ms */
	it.it_interval.tv_usec = 500;
	it.it_value.tv_usec = 500;
	hits = 0;
	t0 = now_ns();
	CHECK_EQ(setitimer(ITIMER_REAL, &it, NULL), 0);
	block(SIGALRM, SIG_UNBLOCK);
	while (now_ns() < t0 + 5250 * US)
		sleep_until(t0 + 5250 * US);
	it.it_value.tv_usec = 0;
	CHECK_EQ(setitimer(ITIMER_REAL, &it, NULL), 0);
	CHECK(hits >= 9 && hits <= 11);
	CHECK_EQ(alarm(0), 0);
	CHECK(setitimer(ITIMER_REAL, BAD_PTR, NULL) == -1 && errno == EFAULT);
	it.it_value.tv_usec = 1000000;
	CHECK(setitimer(ITIMER_REAL, &it, NULL) == -1 && errno == EINVAL);
}

/* Take a pending sig (blocked) so it does not count later. */
static void
drain(int sig)
{
	struct timespec zero = { 0, 0 };
	sigset_t set;
	siginfo_t si;

	sigemptyset(&set);
	sigaddset(&set, sig);
	while (sigtimedwait(&set, &si, &zero) == sig)
		;
}

static timer_t
make_timer(int clk, int notify, int sig)
{
	struct sigevent ev;
	timer_t t = (timer_t)-1;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = notify;
	ev.sigev_signo = sig;
	ev.sigev_value.sival_int = 4242;
	CHECK_EQ(timer_create(clk, &ev, &t), 0);
	return t;
}

static int
arm(timer_t t, int flags, long long value, long long interval,
    struct itimerspec *old)
{
	struct itimerspec its = { ts_of(interval), ts_of(value) };

	return timer_settime(t, flags, &its, old);
}

/* One-shot, relative and absolute: SI_TIMER, the id, the value, on time. */
static void
test_oneshot(void)
{
	sigset_t set;
	siginfo_t si;
	struct itimerspec cur;
	timer_t t = make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1);
	long long t0;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	block(SIGUSR1, SIG_BLOCK);
	t0 = now_ns();
	CHECK_EQ(arm(t, 0, 500 * US, 0, NULL), 0);
	CHECK_EQ(timer_gettime(t, &cur), 0);
	CHECK(ns_of(cur.it_value) > 0 && ns_of(cur.it_value) <= 500 * US);
	CHECK_EQ(ns_of(cur.it_interval), 0);
	CHECK_EQ(sigwaitinfo(&set, &si), SIGUSR1);
	CHECK_ON_TIME(t0, 500 * US);
	CHECK_EQ(si.si_code, SI_TIMER);
	CHECK_EQ(si.si_timerid, (long)(intptr_t)t);
	CHECK_EQ(si.si_value.sival_int, 4242);
	CHECK_EQ(si.si_overrun, 0);
	CHECK_EQ(timer_gettime(t, &cur), 0);
	CHECK_EQ(ns_of(cur.it_value), 0);

	t0 = now_ns();
	CHECK_EQ(arm(t, TIMER_ABSTIME, t0 + 700 * US, 0, NULL), 0);
	CHECK_EQ(sigwaitinfo(&set, &si), SIGUSR1);
	CHECK_ON_TIME(t0, 700 * US);
	CHECK_EQ(timer_delete(t), 0);

	t = make_timer(CLOCK_REALTIME, SIGEV_SIGNAL, SIGUSR1);
	t0 = now_ns();
	CHECK_EQ(arm(t, TIMER_ABSTIME, realtime_ns() + 400 * US, 0, NULL), 0);
	CHECK_EQ(sigwaitinfo(&set, &si), SIGUSR1);
	CHECK_ON_TIME(t0, 400 * US);
	/* the old setting comes back, and a zero value disarms */
	CHECK_EQ(arm(t, 0, 100 * MS, 7 * MS, NULL), 0);
	CHECK_EQ(arm(t, 0, 0, 0, &cur), 0);
	CHECK(ns_of(cur.it_value) > 99 * MS && ns_of(cur.it_value) <= 100 * MS);
	CHECK_EQ(ns_of(cur.it_interval), 7 * MS);
	CHECK_EQ(timer_gettime(t, &cur), 0);
	CHECK_EQ(ns_of(cur.it_value), 0);
	CHECK_EQ(timer_delete(t), 0);
	block(SIGUSR1, SIG_UNBLOCK);
}

/* Periodic: expiries counted by signals plus overruns. */
static void
test_periodic(void)
{
	sigset_t set;
	siginfo_t si;
	struct itimerspec cur;
	timer_t t = make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1);
	long long t0, total;

	/* blocked for 10.5 periods: one signal, nine overruns */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	block(SIGUSR1, SIG_BLOCK);
	t0 = now_ns();
	CHECK_EQ(arm(t, 0, 1 * MS, 1 * MS, NULL), 0);
	sleep_until(t0 + 10500 * US);
	CHECK_EQ(timer_gettime(t, &cur), 0);
	CHECK_EQ(ns_of(cur.it_interval), 1 * MS);
	CHECK(ns_of(cur.it_value) > 0 && ns_of(cur.it_value) <= 1 * MS);
	CHECK_EQ(sigwaitinfo(&set, &si), SIGUSR1);
	CHECK(si.si_overrun >= 8 && si.si_overrun <= 10);
	CHECK_EQ(timer_getoverrun(t), si.si_overrun);
	CHECK_EQ(arm(t, 0, 0, 0, NULL), 0);
	drain(SIGUSR1);

	/* with a handler: 20 expiries in 20.5 ms, each one on time */
	handle(SIGUSR1, 0);
	hits = 0;
	last_overrun = 0;
	t0 = now_ns();
	CHECK_EQ(arm(t, 0, 1 * MS, 1 * MS, NULL), 0);
	block(SIGUSR1, SIG_UNBLOCK);
	while (now_ns() < t0 + 20500 * US)
		sleep_until(t0 + 20500 * US);
	total = hits + last_overrun;
	CHECK(total >= 19 && total <= 21);
	CHECK(hits >= 19);	/* each delivered, none merged */

	/* timer_delete stops it */
	CHECK_EQ(timer_delete(t), 0);
	hits = 0;
	sleep_until(now_ns() + 5 * MS);
	CHECK_EQ(hits, 0);
	CHECK(timer_delete(t) == -1 && errno == EINVAL);
}

/* SIGEV_NONE: nothing is sent; timer_gettime follows the period. */
static void
test_none(void)
{
	struct itimerspec cur;
	timer_t t = make_timer(CLOCK_MONOTONIC, SIGEV_NONE, 0);

	CHECK_EQ(arm(t, 0, 2 * MS, 3 * MS, NULL), 0);
	sleep_until(now_ns() + 3 * MS);		/* into the second period */
	CHECK_EQ(timer_gettime(t, &cur), 0);
	CHECK(ns_of(cur.it_value) > 1500 * US && ns_of(cur.it_value) <= 2 * MS);
	CHECK_EQ(timer_delete(t), 0);
}

static volatile int thread_tid, thread_sig, thread_code;

static void *
waiter(void *arg)
{
	sigset_t set;
	siginfo_t si;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	thread_tid = gettid();
	if (sigwaitinfo(&set, &si) == SIGUSR2) {
		thread_sig = si.si_signo;
		thread_code = si.si_code;
	}
	return NULL;
}

/* SIGEV_THREAD_ID: the named thread takes it; the process does not. */
static void
test_thread_id(void)
{
	struct sigevent ev;
	pthread_t th;
	sigset_t pend;
	timer_t t;

	block(SIGUSR2, SIG_BLOCK);	/* the thread inherits the mask */
	thread_tid = 0;
	CHECK_EQ(pthread_create(&th, NULL, waiter, NULL), 0);
	while (!thread_tid)
		sleep_until(now_ns() + 100 * US);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = SIGUSR2;
	ev.sigev_notify_thread_id = thread_tid;
	CHECK_EQ(timer_create(CLOCK_MONOTONIC, &ev, &t), 0);
	CHECK_EQ(arm(t, 0, 300 * US, 0, NULL), 0);
	CHECK_EQ(pthread_join(th, NULL), 0);
	CHECK_EQ(thread_sig, SIGUSR2);
	CHECK_EQ(thread_code, SI_TIMER);
	CHECK_EQ(sigpending(&pend), 0);
	CHECK(!sigismember(&pend, SIGUSR2));
	CHECK_EQ(timer_delete(t), 0);
	/* a thread that is not ours */
	ev.sigev_notify_thread_id = 99999;
	CHECK(timer_create(CLOCK_MONOTONIC, &ev, &t) == -1 && errno == EINVAL);
	block(SIGUSR2, SIG_UNBLOCK);
}

static void
test_timer_errors(void)
{
	struct sigevent ev;
	struct itimerspec its = { { 0, 0 }, { 0, 1000000000 } };
	timer_t t, many[40];
	int n;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGUSR1;
	CHECK(timer_create(99, &ev, &t) == -1 && errno == EINVAL);
	/* the libc reads sigev_notify (SIGEV_THREAD is its own) and writes
	 * the id, so the kernel's checks are reached by the raw call */
	CHECK(syscall(SYS_timer_create, CLOCK_MONOTONIC, BAD_PTR, &n) == -1 &&
	      errno == EFAULT);
	CHECK(syscall(SYS_timer_create, CLOCK_MONOTONIC, &ev, BAD_PTR) == -1 &&
	      errno == EFAULT);
	ev.sigev_signo = 0;
	CHECK(timer_create(CLOCK_MONOTONIC, &ev, &t) == -1 && errno == EINVAL);
	ev.sigev_signo = 64;
	CHECK(timer_create(CLOCK_MONOTONIC, &ev, &t) == -1 && errno == EINVAL);
	ev.sigev_signo = SIGUSR1;
	ev.sigev_notify = 77;
	CHECK(timer_create(CLOCK_MONOTONIC, &ev, &t) == -1 && errno == EINVAL);

	/* NULL sevp: SIGALRM with the id as the value */
	CHECK_EQ(timer_create(CLOCK_MONOTONIC, NULL, &t), 0);
	CHECK(timer_settime(t, 0, &its, NULL) == -1 && errno == EINVAL);
	CHECK(timer_settime(t, 0, BAD_PTR, NULL) == -1 && errno == EFAULT);
	CHECK(timer_gettime(t, BAD_PTR) == -1 && errno == EFAULT);
	CHECK_EQ(timer_getoverrun(t), 0);
	CHECK_EQ(timer_delete(t), 0);
	CHECK(timer_settime(t, 0, &its, NULL) == -1 && errno == EINVAL);
	CHECK(timer_gettime(t, &its) == -1 && errno == EINVAL);
	CHECK(timer_getoverrun(t) == -1 && errno == EINVAL);

	/* a process has a bounded number: EAGAIN, and nothing lost */
	ev.sigev_notify = SIGEV_SIGNAL;
	for (n = 0; n < 40; n++)
		if (timer_create(CLOCK_MONOTONIC, &ev, &many[n]) < 0)
			break;
	CHECK(n > 0 && n < 40 && errno == EAGAIN);
	if (!(n > 0 && n < 40 && errno == EAGAIN))
		printf("  %d timers, then errno %d\n", n, errno);
	while (n--)
		CHECK_EQ(timer_delete(many[n]), 0);
}

/* Armed timers of a process that exits are freed with it. */
static void
test_freed_at_exit(void)
{
	struct memsnap a, b;
	int status;
	pid_t pid;

	CHECK_EQ(memsnap_take(&a, 1), 0);
	pid = fork();
	if (pid == 0) {
		signal(SIGUSR1, SIG_IGN);
		for (int i = 0; i < 8; i++) {
			timer_t t = make_timer(CLOCK_MONOTONIC,
					       i & 1 ? SIGEV_NONE : SIGEV_SIGNAL,
					       SIGUSR1);
			arm(t, 0, (i + 1) * MS, MS, NULL);
		}
		sleep_until(now_ns() + 3 * MS);
		_exit(0);
	}
	CHECK(pid > 0);
	CHECK_EQ(waitpid(pid, &status, 0), pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CHECK_EQ(memsnap_take(&b, 1), 0);
	CHECK_EQ(memsnap_diff("after a child with 8 timers", &a, &b, 0), 0);
}

int
main(void)
{
	test_getres();
	test_sleep_errors();
	test_sleeps();
	test_sleep_eintr();
	test_itimer();
	test_oneshot();
	test_periodic();
	test_none();
	test_thread_id();
	test_timer_errors();
	test_freed_at_exit();
	check_done("t_timer");
}
