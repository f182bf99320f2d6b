/*
 * t_libc_scan - the scanf family and GNU getopt_long, against the answers
 * glibc gives (the same file, built with glibc on Linux, passes: see
 * tests/libc_glibc.py).
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"

static void
test_sscanf_ints(void)
{
	int a = 0, b = 0, n = 0;
	unsigned u = 0;
	long l = 0;
	long long ll = 0;
	unsigned long ul = 0;
	unsigned long long ull = 0;
	short h = 0;
	char c = 0;

	CHECK_EQ(sscanf("12 -34", "%d %d", &a, &b), 2);
	CHECK_EQ(a, 12);
	CHECK_EQ(b, -34);
	CHECK_EQ(sscanf("0x1f 017 10", "%i %i %i", &a, &b, &n), 3);
	CHECK_EQ(a, 31);
	CHECK_EQ(b, 15);
	CHECK_EQ(n, 10);
	CHECK_EQ(sscanf("ff 777", "%x %o", &a, &b), 2);
	CHECK_EQ(a, 255);
	CHECK_EQ(b, 511);
	CHECK_EQ(sscanf("0XAb", "%x", &a), 1);
	CHECK_EQ(a, 0xab);
	CHECK_EQ(sscanf("-1", "%u", &u), 1);
	CHECK_EQ(u, UINT_MAX);
	CHECK_EQ(sscanf("-2147483648 4294967295", "%ld %lu", &l, &ul), 2);
	CHECK_EQ(l, LONG_MIN);
	CHECK_EQ(ul, 4294967295UL);
	CHECK_EQ(sscanf("-9223372036854775807 18446744073709551615",
			"%lld %llu", &ll, &ull), 2);
	CHECK_EQ(ll, -9223372036854775807LL);
	CHECK(ull == 18446744073709551615ULL);
	CHECK_EQ(sscanf("70000 300", "%hd %hhd", &h, &c), 2);
	CHECK_EQ(h, (short)70000);
	CHECK_EQ(c, (char)300);
	/* width, suppression, %n, literal text, %% */
	CHECK_EQ(sscanf("123456", "%3d%d", &a, &b), 2);
	CHECK_EQ(a, 123);
	CHECK_EQ(b, 456);
	CHECK_EQ(sscanf("skip 42", "%*s %d%n", &a, &n), 1);
	CHECK_EQ(a, 42);
	CHECK_EQ(n, 7);
	CHECK_EQ(sscanf("MemTotal:     1024 kB", "MemTotal: %lu kB", &ul), 1);
	CHECK_EQ(ul, 1024);
	CHECK_EQ(sscanf("50%", "%d%%", &a), 1);
	/* failures: matching failure 0, input failure EOF */
	CHECK_EQ(sscanf("abc", "%d", &a), 0);
	CHECK_EQ(sscanf("", "%d", &a), EOF);
	CHECK_EQ(sscanf("   ", "%d", &a), EOF);
	CHECK_EQ(sscanf("7 x", "%d %d", &a, &b), 1);
	CHECK_EQ(sscanf("7", "%d %d", &a, &b), 1);
	CHECK_EQ(sscanf("x7", "y%d", &a), 0);
	CHECK_EQ(sscanf("abc", "abc"), 0);
	CHECK_EQ(sscanf("-", "%d", &a), 0);
}

static void
test_sscanf_strings(void)
{
	char s[16], t[16], c3[3];
	int n = 0;

	CHECK_EQ(sscanf("  hello world", "%s %s", s, t), 2);
	CHECK(strcmp(s, "hello") == 0 && strcmp(t, "world") == 0);
	CHECK_EQ(sscanf("abcdef", "%3s", s), 1);
	CHECK(strcmp(s, "abc") == 0);
	CHECK_EQ(sscanf(" xyz", "%c", &c3[0]), 1);
	CHECK_EQ(c3[0], ' ');
	CHECK_EQ(sscanf("xyz", "%3c", c3), 1);
	CHECK(memcmp(c3, "xyz", 3) == 0);
	CHECK_EQ(sscanf("key=value;", "%[^=]=%[^;]", s, t), 2);
	CHECK(strcmp(s, "key") == 0 && strcmp(t, "value") == 0);
	CHECK_EQ(sscanf("a-b]c", "%[]a-z-]%n", s, &n), 1);
	CHECK(strcmp(s, "a-b]c") == 0);
	CHECK_EQ(n, 5);
	CHECK_EQ(sscanf("123abc", "%[0-9]", s), 1);
	CHECK(strcmp(s, "123") == 0);
	CHECK_EQ(sscanf("abc", "%[0-9]", s), 0);
}

static void
test_sscanf_floats(void)
{
	float f = 0;
	double d = 0;
	long double ld = 0;
	int a = 0;
	char s[8];

	CHECK_EQ(sscanf("3.25 -1e3 0.5", "%f %lf %Lf", &f, &d, &ld), 3);
	CHECK(f == 3.25f);
	CHECK(d == -1000.0);
	CHECK(ld == 0.5L);
	CHECK_EQ(sscanf("1.5e+2x", "%lf%s", &d, s), 2);
	CHECK(d == 150.0);
	CHECK(strcmp(s, "x") == 0);
	CHECK_EQ(sscanf("inf nan", "%lf %f", &d, &f), 2);
	CHECK(d > 1e308 && f != f);
	CHECK_EQ(sscanf("0x1p4", "%lf", &d), 1);
	CHECK(d == 16.0);
	CHECK_EQ(sscanf("12.5", "%3lf%d", &d, &a), 2);
	CHECK(d == 12.0);
	CHECK_EQ(a, 5);
	CHECK_EQ(sscanf(".", "%lf", &d), 0);
}

/* fscanf from a real stream: a pipe, with push-back between calls. */
static void
test_fscanf(void)
{
	int fds[2], a = 0, b = 0;
	unsigned long long x = 0, y = 0, z = 0;
	char w[8];
	FILE *f;

	CHECK_EQ(pipe(fds), 0);
	CHECK(write(fds[1], "10 20 30\n7,8 end", 16) == 16);
	close(fds[1]);
	f = fdopen(fds[0], "r");
	CHECK(f != NULL);
	if (f == NULL)
		return;
	CHECK_EQ(fscanf(f, "%llu %llu %llu", &x, &y, &z), 3);
	CHECK(x == 10 && y == 20 && z == 30);
	CHECK_EQ(fscanf(f, "%d", &a), 1);
	CHECK_EQ(fgetc(f), ',');	/* the ',' was pushed back */
	CHECK_EQ(fscanf(f, "%d %7s", &b, w), 2);
	CHECK_EQ(a * 10 + b, 78);
	CHECK(strcmp(w, "end") == 0);
	CHECK_EQ(fscanf(f, "%d", &a), EOF);
	fclose(f);
}

static void
test_vsscanf_via(const char *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	CHECK_EQ(vsscanf(s, fmt, ap), 2);
	va_end(ap);
}

static void
test_vsscanf(void)
{
	int a = 0, b = 0;

	test_vsscanf_via("4:5", "%d:%d", &a, &b);
	CHECK_EQ(a * 10 + b, 45);
}

/* ---- getopt_long ---- */

static int flag;
static const struct option longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "interval", required_argument, NULL, 'i' },
	{ "loops", required_argument, NULL, 'l' },
	{ "level", optional_argument, NULL, 'v' },
	{ "verbose", no_argument, &flag, 7 },
	{ NULL, 0, NULL, 0 }
};

static void
reset(void)
{
	optind = 0;	/* glibc's full reset */
	opterr = 0;
}

static void
test_getopt_long_basic(void)
{
	char *argv[] = { "prog", "--interval=100", "-l", "5", "--verb",
			 "--level", "--level=3", "-h", NULL };
	int argc = 8, idx = -1;

	reset();
	CHECK_EQ(getopt_long(argc, argv, "hi:l:v::", longopts, &idx), 'i');
	CHECK(strcmp(optarg, "100") == 0);
	CHECK_EQ(idx, 1);
	CHECK_EQ(getopt_long(argc, argv, "hi:l:v::", longopts, &idx), 'l');
	CHECK(strcmp(optarg, "5") == 0);
	CHECK_EQ(getopt_long(argc, argv, "hi:l:v::", longopts, &idx), 0);
	CHECK_EQ(flag, 7);		/* --verb: unique prefix of verbose */
	CHECK_EQ(getopt_long(argc, argv, "hi:l:v::", longopts, &idx), 'v');
	CHECK(optarg == NULL);		/* optional: only with '=' */
	CHECK_EQ(getopt_long(argc, argv, "hi:l:v::", longopts, &idx), 'v');
	CHECK(optarg && strcmp(optarg, "3") == 0);
	CHECK_EQ(getopt_long(argc, argv, "hi:l:v::", longopts, &idx), 'h');
	CHECK_EQ(getopt_long(argc, argv, "hi:l:v::", longopts, &idx), -1);
	CHECK_EQ(optind, 8);
}

static void
test_getopt_long_errors(void)
{
	char *a1[] = { "prog", "--l", NULL };		/* level or loops? */
	char *a2[] = { "prog", "--nope", NULL };
	char *a3[] = { "prog", "--help=x", NULL };
	char *a4[] = { "prog", "--interval", NULL };
	char *a5[] = { "prog", "-x", NULL };

	reset();
	CHECK_EQ(getopt_long(2, a1, "h", longopts, NULL), '?');
	reset();
	CHECK_EQ(getopt_long(2, a2, "h", longopts, NULL), '?');
	CHECK_EQ(optopt, 0);
	reset();
	CHECK_EQ(getopt_long(2, a3, "h", longopts, NULL), '?');
	CHECK_EQ(optopt, 'h');
	reset();
	CHECK_EQ(getopt_long(2, a4, "h", longopts, NULL), '?');
	reset();
	CHECK_EQ(getopt_long(2, a4, ":h", longopts, NULL), ':');
	reset();
	CHECK_EQ(getopt_long(2, a5, "h", longopts, NULL), '?');
	CHECK_EQ(optopt, 'x');
}

/* GNU's permutation: options anywhere, the rest after them in order. */
static void
test_getopt_long_permute(void)
{
	char *argv[] = { "prog", "file1", "-l", "3", "file2", "-hi5",
			 "--", "-notopt", NULL };
	int argc = 8, seen = 0, c;

	reset();
	while ((c = getopt_long(argc, argv, "hi:l:", longopts, NULL)) != -1)
		seen = seen * 128 + c;
	CHECK_EQ(seen, ('l' * 128 + 'h') * 128 + 'i');
	CHECK_EQ(optind, 5);
	CHECK(strcmp(argv[1], "-l") == 0 && strcmp(argv[2], "3") == 0);
	CHECK(strcmp(argv[3], "-hi5") == 0 && strcmp(argv[4], "--") == 0);
	CHECK(strcmp(argv[5], "file1") == 0 && strcmp(argv[6], "file2") == 0);
	CHECK(strcmp(argv[7], "-notopt") == 0);

	/* '+': stop at the first non-option */
	char *b[] = { "prog", "-h", "x", "-l", "1", NULL };

	reset();
	CHECK_EQ(getopt_long(5, b, "+hl:", longopts, NULL), 'h');
	CHECK_EQ(getopt_long(5, b, "+hl:", longopts, NULL), -1);
	CHECK_EQ(optind, 2);

	/* '-': non-options in order, as option 1 */
	reset();
	CHECK_EQ(getopt_long(5, b, "-hl:", longopts, NULL), 'h');
	CHECK_EQ(getopt_long(5, b, "-hl:", longopts, NULL), 1);
	CHECK(strcmp(optarg, "x") == 0);
	CHECK_EQ(getopt_long(5, b, "-hl:", longopts, NULL), 'l');
	CHECK_EQ(getopt_long(5, b, "-hl:", longopts, NULL), -1);
}

static void
test_getopt_long_only(void)
{
	char *argv[] = { "prog", "-interval", "9", "-hl", "2", "-loops=4",
			 NULL };
	int argc = 6;

	reset();
	CHECK_EQ(getopt_long_only(argc, argv, "hl:", longopts, NULL), 'i');
	CHECK(strcmp(optarg, "9") == 0);
	/* -hl: no long option "hl", so the short group -h -l */
	CHECK_EQ(getopt_long_only(argc, argv, "hl:", longopts, NULL), 'h');
	CHECK_EQ(getopt_long_only(argc, argv, "hl:", longopts, NULL), 'l');
	CHECK(strcmp(optarg, "2") == 0);
	CHECK_EQ(getopt_long_only(argc, argv, "hl:", longopts, NULL), 'l');
	CHECK(strcmp(optarg, "4") == 0);
	CHECK_EQ(getopt_long_only(argc, argv, "hl:", longopts, NULL), -1);
}

int
main(void)
{
	test_sscanf_ints();
	test_sscanf_strings();
	test_sscanf_floats();
	test_fscanf();
	test_vsscanf();
	test_getopt_long_basic();
	test_getopt_long_errors();
	test_getopt_long_permute();
	test_getopt_long_only();
	check_done("t_libc_scan");
}
