/*
 * sysctl.c - /bin/sysctl: read and set the scheduler's tunables.
 *
 *   sysctl [-a]          list every tunable:
 *                        name = value unit  # what it does [min..max, default d]
 *   sysctl NAME          show one
 *   sysctl NAME=VALUE    set it (VALUE may be decimal, 0x hex or negative)
 *
 * NAME may carry the "sched." prefix that the boot command line uses
 * (sched.NAME=VALUE there sets the same tunable at boot).
 *
 * System calls: tunable (Quanta's: get by index, set by name), write.
 */
#include <errno.h>
#include <quanta.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
print_tunable(const struct q_tunable *t)
{
	printf("%s = %lld%s%s  # %s [%lld..%lld, default %lld]\n", t->name,
	       (long long)t->value, t->unit[0] ? " " : "", t->unit, t->desc,
	       (long long)t->min, (long long)t->max, (long long)t->def);
}

/* Find the tunable called name; 0 if found, -1 if not. */
static int
find(const char *name, struct q_tunable *t)
{
	for (int i = 0; q_tunable_get(i, t) == 0; i++)
		if (strcmp(t->name, name) == 0)
			return 0;
	return -1;
}

static int
show(const char *name)
{
	struct q_tunable t;

	if (find(name, &t) < 0) {
		fprintf(stderr, "sysctl: %s: no such tunable\n", name);
		return 1;
	}
	print_tunable(&t);
	return 0;
}

static int
set(const char *name, const char *value)
{
	struct q_tunable t;
	long long v;
	char *end;

	v = strtoll(value, &end, 0);
	if (*value == 0 || *end) {
		fprintf(stderr, "sysctl: %s: '%s' is not a number\n", name,
			value);
		return 1;
	}
	if (q_tunable_set(name, v) < 0) {
		fprintf(stderr, "sysctl: %s=%s: %s", name, value,
			strerror(errno));
		if (errno == ERANGE && find(name, &t) == 0)
			fprintf(stderr, " (%lld..%lld)", (long long)t.min,
				(long long)t.max);
		fprintf(stderr, "\n");
		return 1;
	}
	return show(name);
}

int
main(int argc, char **argv)
{
	struct q_tunable t;
	int status = 0;

	if (argc == 1 || (argc == 2 && strcmp(argv[1], "-a") == 0)) {
		for (int i = 0; q_tunable_get(i, &t) == 0; i++)
			print_tunable(&t);
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		char *name = argv[i], *eq = strchr(name, '=');

		if (strncmp(name, "sched.", 6) == 0)
			name += 6;
		if (eq) {
			*eq = 0;
			status |= set(name, eq + 1);
		} else {
			status |= show(name);
		}
	}
	return status;
}
