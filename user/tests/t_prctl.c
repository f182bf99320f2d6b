/*
 * t_prctl - task names and the futex calls the real benchmarks use:
 * prctl(PR_SET_NAME/PR_GET_NAME), pthread_setname_np/getname_np on the
 * caller and on another thread, the names as ps reads them (SYS_taskinfo),
 * sched_getcpu, and futex with FUTEX_PRIVATE_FLAG, FUTEX_WAIT_BITSET with
 * an absolute timeout and FUTEX_WAKE_BITSET waking only matching waiters.
 */
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <quanta.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

static long
futex(int *uaddr, int op, int val, const struct timespec *ts, int *uaddr2,
      int val3)
{
	return syscall(SYS_futex, uaddr, op, val, ts, uaddr2, val3);
}

/* The name ps shows for tid, or "" if it is not listed. */
static const char *
ps_name(int tid)
{
	static struct q_taskinfo ti[256];
	static char name[Q_COMM_LEN];
	int n = q_taskinfo(ti, 256);

	name[0] = 0;
	for (int i = 0; i < n; i++)
		if (ti[i].pid == tid)
			strcpy(name, ti[i].comm);
	return name;
}

/* Its state letter as ps reads it, or 0. */
static int
ps_state(int tid)
{
	static struct q_taskinfo ti[256];
	int n = q_taskinfo(ti, 256);

	for (int i = 0; i < n; i++)
		if (ti[i].pid == tid)
			return ti[i].state;
	return 0;
}

static volatile int go, started;
static int word;

static void *
named_thread(void *arg)
{
	char buf[16];
	int ok;

	(void)arg;
	/* a new thread starts with its creator's name */
	prctl(PR_GET_NAME, buf);
	ok = strcmp(buf, "main-renamed") == 0;
	started = 1;
	if (!ok)
		return (void *)1;
	while (!go)
		sched_yield();
	return NULL;
}

static void
test_names(void)
{
	char buf[32];
	pthread_t t;
	void *r;

	CHECK_EQ(prctl(PR_GET_NAME, buf), 0);
	CHECK_EQ(strcmp(buf, "t_prctl"), 0);
	CHECK_EQ(prctl(PR_SET_NAME, "main-renamed"), 0);
	CHECK_EQ(strcmp(ps_name(getpid()), "main-renamed"), 0);
	CHECK_EQ(pthread_create(&t, NULL, named_thread, NULL), 0);
	while (!started)
		sched_yield();
	CHECK_EQ(pthread_setname_np(t, "worker-1"), 0);
	CHECK_EQ(pthread_getname_np(t, buf, sizeof(buf)), 0);
	CHECK_EQ(strcmp(buf, "worker-1"), 0);
	CHECK_EQ(strcmp(ps_name((int)t), "worker-1"), 0);
	/* the main thread's name is the process's: unchanged */
	CHECK_EQ(strcmp(ps_name(getpid()), "main-renamed"), 0);
	CHECK_EQ(pthread_setname_np(t, "a-name-too-long-for-it"), ERANGE);
	CHECK_EQ(pthread_getname_np(t, buf, 8), ERANGE);
	go = 1;
	CHECK_EQ(pthread_join(t, &r), 0);
	CHECK(r == NULL);
	CHECK_EQ(pthread_setname_np(t, "gone"), ESRCH);
	/* longer names are cut to 15 bytes, as in Linux */
	CHECK_EQ(prctl(PR_SET_NAME, "0123456789abcdefgh"), 0);
	CHECK_EQ(prctl(PR_GET_NAME, buf), 0);
	CHECK_EQ(strcmp(buf, "0123456789abcde"), 0);
	CHECK_EQ(pthread_setname_np(pthread_self(), "t_prctl"), 0);
	CHECK_EQ(prctl(PR_SET_NAME, (char *)16), -1);
	CHECK_EQ(errno, EFAULT);
	CHECK_EQ(prctl(12345, 0), -1);
	CHECK_EQ(errno, EINVAL);
}

static void
test_getcpu(void)
{
	cpu_set_t one;
	int n = sysconf(_SC_NPROCESSORS_ONLN);

	for (int cpu = 0; cpu < n; cpu++) {
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		CHECK_EQ(sched_setaffinity(0, sizeof(one), &one), 0);
		CHECK_EQ(sched_getcpu(), cpu);
	}
}

static void *
bit_waiter(void *arg)
{
	/* waits for bit 2 only */
	return (void *)futex(&word, FUTEX_WAIT_BITSET_PRIVATE, 0, NULL, NULL,
			     (int)(long)arg);
}

static void
test_futex(void)
{
	struct timespec now, abs;
	pthread_t t;
	void *r;

	/* the private flag is accepted */
	CHECK_EQ(futex(&word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0), 0);
	CHECK_EQ(futex(&word, FUTEX_WAIT_PRIVATE, 1, NULL, NULL, 0), -1);
	CHECK_EQ(errno, EAGAIN);			/* the word is 0 */
	/* WAIT_BITSET's timeout is absolute, on CLOCK_MONOTONIC */
	clock_gettime(CLOCK_MONOTONIC, &now);
	abs = now;
	abs.tv_nsec += 20000000;
	if (abs.tv_nsec >= 1000000000) {
		abs.tv_sec++;
		abs.tv_nsec -= 1000000000;
	}
	CHECK_EQ(futex(&word, FUTEX_WAIT_BITSET_PRIVATE, 0, &abs, NULL,
		       FUTEX_BITSET_MATCH_ANY), -1);
	CHECK_EQ(errno, ETIMEDOUT);
	clock_gettime(CLOCK_MONOTONIC, &now);
	CHECK(now.tv_sec > abs.tv_sec ||
	      (now.tv_sec == abs.tv_sec && now.tv_nsec >= abs.tv_nsec));
	/* a deadline in the past times out at once */
	abs.tv_sec = 0;
	abs.tv_nsec = 1;
	CHECK_EQ(futex(&word, FUTEX_WAIT_BITSET, 0, &abs, NULL, 1), -1);
	CHECK_EQ(errno, ETIMEDOUT);
	/* a wake for other bits passes the waiter by */
	CHECK_EQ(pthread_create(&t, NULL, bit_waiter, (void *)4L), 0);
	while (ps_state((int)t) != Q_TASK_SLEEPING)
		sched_yield();			/* until it waits */
	CHECK_EQ(futex(&word, FUTEX_WAKE_BITSET_PRIVATE, 1, NULL, NULL, 1), 0);
	CHECK_EQ(futex(&word, FUTEX_WAKE_BITSET_PRIVATE, 1, NULL, NULL, 6), 1);
	CHECK_EQ(pthread_join(t, &r), 0);
	CHECK(r == NULL);
	/* errors: a zero bitset, an unknown operation */
	CHECK_EQ(futex(&word, FUTEX_WAIT_BITSET, 0, NULL, NULL, 0), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(futex(&word, 99, 0, NULL, NULL, 0), -1);
	CHECK_EQ(errno, ENOSYS);
	CHECK_EQ(futex((int *)((char *)&word + 1), FUTEX_WAKE, 1, NULL, NULL,
		       0), -1);
	CHECK_EQ(errno, EINVAL);
}

int
main(void)
{
	test_names();
	test_getcpu();
	test_futex();
	check_done("t_prctl");
}
