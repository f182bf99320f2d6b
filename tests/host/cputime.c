/*
 * cputime.c - kernel/lib/cputime_split.c on its own: build/host/cputime-test.
 *
 * The split of an exact CPU time by tick samples (Linux's cputime_adjust()),
 * checked against 128-bit arithmetic:
 *   - a first read gives system time floor(rtime * sticks / total), to the
 *     nanosecond while the samples total at most 2^32 (a task's own), and
 *     within sticks / 2^20 + 2 ns beyond (a process's sums), for rtime up
 *     to 2^63 ns;
 *   - no sample of kernel mode: all user time; no sample of user mode: all
 *     system time;
 *   - over a random history (runtime growing in uneven steps, the samples'
 *     ratio changing phase after phase) neither side ever shrinks, the two
 *     add up to rtime whenever rtime grew past the last answer, and a read
 *     that finds no new time repeats the last answer;
 *   - while the ratio does not move against a side, that side is the
 *     128-bit answer exactly (the floor only clamps, it does not drift).
 * Exit status 0 if all hold; the first failure is printed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include "kernel/lib/cputime_split.h"

typedef unsigned __int128 u128;

static unsigned long checks;

#define FAIL(...)							\
	do {								\
		printf("FAIL cputime: " __VA_ARGS__);			\
		exit(1);						\
	} while (0)

static uint64_t
exact_stime(uint64_t rtime, uint64_t uticks, uint64_t sticks)
{
	return (uint64_t)((u128)rtime * sticks / ((u128)uticks + sticks));
}

/* A fresh prev: the answer is the 128-bit one. */
static void
check_first(uint64_t rtime, uint64_t uticks, uint64_t sticks)
{
	struct prev_cputime prev = { 0, 0 };
	uint64_t ut, st, want;

	cputime_split(rtime, uticks, sticks, &prev, &ut, &st);
	uint64_t slack = 0;

	if (sticks == 0)
		want = 0;
	else if (uticks == 0)
		want = rtime;
	else
		want = exact_stime(rtime, uticks, sticks);
	if ((u128)uticks + sticks > ((u128)1 << 32))
		slack = (sticks >> 20) + 2;
	if (st + slack < want || st > want + slack || ut != rtime - st)
		FAIL("rtime %" PRIu64 " ticks %" PRIu64 ":%" PRIu64 ": user %"
		     PRIu64 " system %" PRIu64 ", want system %" PRIu64 "\n",
		     rtime, uticks, sticks, ut, st, want);
	checks++;
}

static uint64_t
rnd64(void)
{
	return (uint64_t)random() << 33 ^ (uint64_t)random() << 2 ^
	       (uint64_t)random();
}

static void
edges(void)
{
	check_first(0, 0, 0);
	check_first(1000, 0, 0);
	check_first(1000, 5, 0);
	check_first(1000, 0, 5);
	check_first(1000, 1, 2);
	check_first(999999999, 3, 7);
	check_first(UINT64_MAX >> 1, 1, 0xffffffffu);
	check_first(UINT64_MAX >> 1, 0xffffffffu, 1);
	check_first(UINT64_MAX >> 1, 0xfffffffeu, 0xffffffffu);
	check_first(UINT64_MAX >> 1, 0x7fffffffu, 0x80000001u);
	/* a process's sums: past 2^32 samples */
	check_first(UINT64_MAX >> 1, 1ull << 40, 1ull << 41);
	check_first((UINT64_MAX >> 1) - 12345, 0x123456789ull, 0xfedcba987ull);
	check_first(1ull << 50, 3ull << 33, 5ull << 33);
	for (int i = 0; i < 100000; i++) {
		uint64_t r = rnd64() >> (random() % 64);
		uint64_t u = rnd64() >> (random() % 64 | 24);
		uint64_t s = rnd64() >> (random() % 64 | 24);

		check_first(r >> 1, u, s);
	}
}

/* One task's history: rtime and the samples grow, the split is read. */
static void
history(unsigned seed)
{
	struct prev_cputime prev = { 0, 0 };
	uint64_t rtime = 0, uticks = 0, sticks = 0, ut0 = 0, st0 = 0;
	int user_pct = 50;

	srandom(seed);
	for (int i = 0; i < 20000; i++) {
		uint64_t ut, st, last = ut0 + st0;
		uint64_t step = random() % 4 ? (uint64_t)(random() % 3000000) : 0;

		if (i % 500 == 0)	/* a new phase: another ratio */
			user_pct = random() % 101;
		rtime += step;
		for (uint64_t t = step / 1000000; t; t--) {
			if ((int)(random() % 100) < user_pct)
				uticks++;
			else
				sticks++;
		}
		cputime_split(rtime, uticks, sticks, &prev, &ut, &st);
		if (ut < ut0 || st < st0)
			FAIL("history %u step %d: user %" PRIu64 " -> %" PRIu64
			     ", system %" PRIu64 " -> %" PRIu64 "\n", seed, i,
			     ut0, ut, st0, st);
		if (rtime > last && ut + st != rtime)
			FAIL("history %u step %d: user %" PRIu64 " + system %"
			     PRIu64 " != rtime %" PRIu64 "\n", seed, i, ut, st,
			     rtime);
		if (rtime <= last && (ut != ut0 || st != st0))
			FAIL("history %u step %d: no new time, but the answer "
			     "moved\n", seed, i);
		if (rtime > last && sticks && uticks) {
			uint64_t want = exact_stime(rtime, uticks, sticks);
			/* unclamped unless a side would have shrunk */
			if (want >= st0 && rtime - want >= ut0 && st != want)
				FAIL("history %u step %d: system %" PRIu64
				     ", want %" PRIu64 "\n", seed, i, st, want);
		}
		ut0 = ut;
		st0 = st;
		checks++;
	}
}

int
main(void)
{
	edges();
	for (unsigned seed = 1; seed <= 20; seed++)
		history(seed);
	printf("PASS cputime: %lu splits checked against 128-bit arithmetic\n",
	       checks);
	return 0;
}
