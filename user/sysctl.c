/*
 * sysctl.c - /bin/sysctl: read and set the scheduler's tunables.
 *
 *   sysctl [-a]          list every tunable:
 *                        name = value unit  # what it does [min..max, default d]
 *   sysctl NAME          show one
 *   sysctl [-w] NAME=VALUE...
 *                        set each (VALUE may be decimal, 0x hex or
 *                        negative), as procps' sysctl -w does; -w only
 *                        insists that every argument is NAME=VALUE
 *
 * An error is reported once, here, on stderr (the kernel prints nothing
 * for a call that fails), and the exit status is 1.
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
	if (q_tunable_set(name, v) == 0)
		return show(name);
	if (errno == ENOENT) {
		fprintf(stderr, "sysctl: %s: no such tunable\n", name);
		return 1;
	}
	fprintf(stderr, "sysctl: %s=%s: %s", name, value, strerror(errno));
	if (errno == ERANGE && find(name, &t) == 0)
		fprintf(stderr, " (%lld..%lld)", (long long)t.min,
			(long long)t.max);
	fprintf(stderr, "\n");
	return 1;
}

int
main(int argc, char **argv)
{
	struct q_tunable t;
	int status = 0, write_only = 0, i = 1;

	if (argc == 1 || (argc == 2 && strcmp(argv[1], "-a") == 0)) {
		for (int k = 0; q_tunable_get(k, &t) == 0; k++)
			print_tunable(&t);
		return 0;
	}
	if (strcmp(argv[1], "-w") == 0) {
		write_only = 1;
		i++;
	}
	if (i == argc) {
		fprintf(stderr, "usage: sysctl [-a] | [-w] NAME=VALUE... | "
			"NAME...\n");
		return 2;
	}
	for (; i < argc; i++) {
		char *name = argv[i], *eq = strchr(name, '=');

		if (write_only && !eq) {
			fprintf(stderr, "sysctl: \"%s\" must be of the form "
				"name=value\n", name);
			status = 1;
			continue;
		}

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
