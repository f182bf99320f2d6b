/*
 * check.h - tiny test helpers for the user-mode test programs.
 *
 * CHECK(cond) prints a FAIL line with the location and counts a failure;
 * every test program ends with check_done(), which prints
 * "<name>: N checks, M failed" and exits 0 only when nothing failed.  The
 * QEMU runner boots each program as init and reads its exit status.
 */
#ifndef USER_TESTS_CHECK_H
#define USER_TESTS_CHECK_H

#include <stdio.h>
#include <stdlib.h>

static int check_count, check_failed;

#define CHECK(cond)							\
	do {								\
		check_count++;						\
		if (!(cond)) {						\
			check_failed++;					\
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__,	\
			       #cond);					\
		}							\
	} while (0)

#define CHECK_EQ(a, b)							\
	do {								\
		long long _a = (long long)(a), _b = (long long)(b);	\
		check_count++;						\
		if (_a != _b) {						\
			check_failed++;					\
			printf("FAIL %s:%d: %s == %lld, expected %lld\n",\
			       __FILE__, __LINE__, #a, _a, _b);		\
		}							\
	} while (0)

static inline void
check_done(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, check_count, check_failed);
	fflush(stdout);
	exit(check_failed ? 1 : 0);
}

#endif
