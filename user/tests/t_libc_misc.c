/*
 * t_libc_misc - setjmp/longjmp and sigsetjmp/siglongjmp (also out of a
 * signal handler), the calendar in UTC (gmtime, mktime, strftime, ctime),
 * asprintf, dlopen's failure, and the ABI sizes of glibc on i386.  The
 * same file passes against glibc on Linux (tests/libc_glibc.py) with TZ
 * unset, where glibc's local time is UTC too.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/time.h>
#include <sys/types.h>
#include "check.h"

static jmp_buf jb;
static sigjmp_buf sjb;

static volatile int depth;

static void __attribute__((noinline))
deep(int n)
{
	depth = n;
	if (n > 0)
		deep(n - 1);
	if (depth == 0)
		longjmp(jb, 42);
}

static void
test_setjmp(void)
{
	volatile int calls = 0;
	int r;

	r = setjmp(jb);
	calls++;
	if (r == 0)
		deep(10);
	CHECK_EQ(r, 42);
	CHECK_EQ(calls, 2);
	r = setjmp(jb);
	if (r == 0)
		longjmp(jb, 0);		/* 0 becomes 1 */
	CHECK_EQ(r, 1);
}

static void
on_usr1(int sig)
{
	(void)sig;
	siglongjmp(sjb, 5);
}

static void
on_usr2(int sig)
{
	(void)sig;
	longjmp(jb, 6);
}

static int
blocked(int sig)
{
	sigset_t cur;

	sigprocmask(SIG_BLOCK, NULL, &cur);
	return sigismember(&cur, sig);
}

static void
test_sigsetjmp(void)
{
	struct sigaction sa;
	sigset_t set;
	int r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	CHECK_EQ(sigaction(SIGUSR1, &sa, NULL), 0);
	sa.sa_handler = on_usr2;
	CHECK_EQ(sigaction(SIGUSR2, &sa, NULL), 0);

	/* sigsetjmp(, 1): the mask of the setjmp comes back */
	r = sigsetjmp(sjb, 1);
	if (r == 0) {
		raise(SIGUSR1);
		CHECK(0);		/* not reached */
	}
	CHECK_EQ(r, 5);
	CHECK_EQ(blocked(SIGUSR1), 0);

	/* setjmp saves no mask: the handler's mask stays, as glibc's */
	r = setjmp(jb);
	if (r == 0) {
		raise(SIGUSR2);
		CHECK(0);
	}
	CHECK_EQ(r, 6);
	CHECK_EQ(blocked(SIGUSR2), 1);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_UNBLOCK, &set, NULL);

	/* sigsetjmp(, 0) does not restore a mask changed afterwards */
	r = sigsetjmp(sjb, 0);
	if (r == 0) {
		sigprocmask(SIG_BLOCK, &set, NULL);
		siglongjmp(sjb, 3);
	}
	CHECK_EQ(r, 3);
	CHECK_EQ(blocked(SIGUSR2), 1);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

static void
test_calendar(void)
{
	time_t t = 1700000000;		/* 2023-11-14 22:13:20 UTC, a Tuesday */
	struct tm tm, *p;
	char buf[128];

	p = gmtime_r(&t, &tm);
	CHECK(p == &tm);
	CHECK_EQ(tm.tm_year, 123);
	CHECK_EQ(tm.tm_mon, 10);
	CHECK_EQ(tm.tm_mday, 14);
	CHECK_EQ(tm.tm_hour, 22);
	CHECK_EQ(tm.tm_min, 13);
	CHECK_EQ(tm.tm_sec, 20);
	CHECK_EQ(tm.tm_wday, 2);
	CHECK_EQ(tm.tm_yday, 317);
	CHECK_EQ(tm.tm_isdst, 0);
	CHECK_EQ(mktime(&tm), t);
	CHECK_EQ(timegm(&tm), t);
	p = localtime(&t);
	CHECK(p && p->tm_hour == 22 && p->tm_mday == 14);
	CHECK(strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S %a %b %j %u %w",
		       &tm) > 0);
	CHECK(strcmp(buf, "2023-11-14 22:13:20 Tue Nov 318 2 2") == 0);
	strftime(buf, sizeof(buf), "%A %B %e %D %T %I %p %y %C %%", &tm);
	CHECK(strcmp(buf, "Tuesday November 14 11/14/23 22:13:20 10 PM 23 20 %")
	      == 0);
	strftime(buf, sizeof(buf), "%U %W %V %G %s", &tm);
	CHECK(strcmp(buf, "46 46 46 2023 1700000000") == 0);
	strftime(buf, sizeof(buf), "%c", &tm);
	CHECK(strcmp(buf, "Tue Nov 14 22:13:20 2023") == 0);
	CHECK_EQ(strftime(buf, 5, "%Y-%m", &tm), 0);	/* does not fit */
	CHECK(strcmp(ctime(&t), "Tue Nov 14 22:13:20 2023\n") == 0);

	/* ISO weeks at the turn of the year: 2021-01-03 is week 53 of 2020 */
	t = 1609632000;
	gmtime_r(&t, &tm);
	strftime(buf, sizeof(buf), "%F %V %G %g", &tm);
	CHECK(strcmp(buf, "2021-01-03 53 2020 20") == 0);
	/* 2024-12-30 is week 1 of 2025 */
	t = 1735516800;
	gmtime_r(&t, &tm);
	strftime(buf, sizeof(buf), "%F %V %G", &tm);
	CHECK(strcmp(buf, "2024-12-30 01 2025") == 0);

	/* before 1970, and a leap day */
	t = -86400 * 365;
	gmtime_r(&t, &tm);
	CHECK(tm.tm_year == 69 && tm.tm_mon == 0 && tm.tm_mday == 1);
	CHECK_EQ(tm.tm_wday, 3);
	t = 951782400;			/* 2000-02-29 */
	gmtime_r(&t, &tm);
	CHECK(tm.tm_mon == 1 && tm.tm_mday == 29 && tm.tm_yday == 59);

	/* mktime normalizes: month 13, day 0, second 3600 */
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = 99;
	tm.tm_mon = 12;
	tm.tm_mday = 0;
	tm.tm_sec = 3600;
	CHECK_EQ(mktime(&tm), 946598400 + 3600);	/* 1999-12-31 01:00 */
	CHECK(tm.tm_year == 99 && tm.tm_mon == 11 && tm.tm_mday == 31);
	CHECK(tm.tm_hour == 1 && tm.tm_sec == 0 && tm.tm_wday == 5);
	CHECK(time(NULL) > 946684799 - 1);
}

static void
test_asprintf_dlopen(void)
{
	char *s = NULL;

	CHECK_EQ(asprintf(&s, "%d-%s-%.2f", 7, "x", 1.5), 8);
	CHECK(s && strcmp(s, "7-x-1.50") == 0);
	free(s);
	CHECK(dlopen("libquanta-missing.so.7", RTLD_LAZY) == NULL);
	CHECK(dlerror() != NULL);
	CHECK(dlerror() == NULL);	/* reported once */
}

/* glibc i386 without _TIME_BITS=64 or _FILE_OFFSET_BITS=64 */
static void
test_abi_sizes(void)
{
	struct timeval tv;
	char buf[32];

	CHECK_EQ(sizeof(time_t), 4);
	CHECK_EQ(sizeof(suseconds_t), 4);
	CHECK_EQ(sizeof(off_t), 4);
	CHECK_EQ(sizeof(clock_t), 4);
	CHECK_EQ(sizeof(struct timespec), 8);
	CHECK_EQ(sizeof(struct timeval), 8);
	CHECK_EQ(sizeof(pid_t), 4);
	CHECK_EQ(sizeof(size_t), 4);
	CHECK_EQ(sizeof(struct tm), 44);
	gettimeofday(&tv, NULL);
	snprintf(buf, sizeof(buf), "%ld.%06ld|", tv.tv_sec, tv.tv_usec);
	CHECK(strchr(buf, '|') != NULL && atol(buf) == tv.tv_sec);
}

int
main(void)
{
	test_setjmp();
	test_sigsetjmp();
	test_calendar();
	test_asprintf_dlopen();
	test_abi_sizes();
	check_done("t_libc_misc");
}
