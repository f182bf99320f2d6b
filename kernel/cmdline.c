/*
 * cmdline.c - split the boot command line into words.
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "kernel/bootinfo.h"
#include "kernel/cmdline.h"
#include "kernel/lib/printf.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/tunable.h"

struct word {
	const char *key;
	const char *value;	/* "" for a bare flag */
};

static char buf[BOOT_CMDLINE_MAX];
static struct word words[CMDLINE_MAX_WORDS];
static int nwords;
static const char *init_args[CMDLINE_MAX_WORDS];
static int ninit_args;

/* Every key some part of the kernel reads.  Tunables ("sched.*") are
 * checked by the tunables registry instead. */
static const char *const known_keys[] = {
	"init", "hz", "trace", "acpi", "quiet", "test", "pipe_size",
	"trace_buf_size", "tmpfs_size", "highres", NULL,
};

static int
is_known(const char *key)
{
	for (int i = 0; known_keys[i]; i++)
		if (strcmp(key, known_keys[i]) == 0)
			return 1;
	return strncmp(key, "sched.", 6) == 0 && tunable_find(key + 6);
}

/* Bare words (no '=') the kernel understands. */
static int
is_flag(const char *w)
{
	return strcmp(w, "quiet") == 0;
}

/* Cut buf into NUL-terminated words; returns how many. */
static int
split(char *s, char **out, int max)
{
	int n = 0;

	while (*s && n < max) {
		while (*s == ' ' || *s == '\t')
			*s++ = 0;
		if (!*s)
			break;
		out[n++] = s;
		while (*s && *s != ' ' && *s != '\t')
			s++;
	}
	while (*s == ' ' || *s == '\t')	/* ends the last word kept */
		*s++ = 0;
	if (*s)
		printk("cmdline: more than %d words; ignoring everything from "
		       "'%.20s'\n", max, s);
	return n;
}

void
cmdline_parse(const char *line)
{
	char *w[CMDLINE_MAX_WORDS];
	int n, i = 0;

	strlcpy(buf, line, sizeof(buf));
	n = split(buf, w, CMDLINE_MAX_WORDS);
	if (n > 0 && !strchr(w[0], '=') && !is_flag(w[0]) && strcmp(w[0], "--"))
		i = 1;		/* QEMU's kernel path */
	for (; i < n; i++) {
		if (strcmp(w[i], "--") == 0) {
			for (i++; i < n; i++)
				init_args[ninit_args++] = w[i];
			break;
		}
		char *eq = strchr(w[i], '=');
		words[nwords].key = w[i];
		words[nwords].value = "";
		if (eq) {
			*eq = 0;
			words[nwords].value = eq + 1;
		}
		nwords++;
	}
}

const char *
cmdline_get(const char *key)
{
	const char *v = NULL;

	for (int i = 0; i < nwords; i++)	/* the last one wins */
		if (strcmp(words[i].key, key) == 0)
			v = words[i].value;
	return v;
}

int
cmdline_has(const char *key)
{
	return cmdline_get(key) != NULL;
}

int
cmdline_init_argc(void)
{
	return ninit_args;
}

const char *
cmdline_init_arg(int i)
{
	return (i >= 0 && i < ninit_args) ? init_args[i] : NULL;
}

void
cmdline_report_unknown(void)
{
	for (int i = 0; i < nwords; i++)
		if (!is_known(words[i].key))
			printk("cmdline: unknown parameter '%s' ignored%s\n",
			       words[i].key, strncmp(words[i].key, "sched.", 6) ?
			       "" : " (no such tunable; sysctl lists them)");
}

void
cmdline_reject(const char *key, const char *why)
{
	printk("cmdline: %s=%s rejected: %s\n", key, cmdline_get(key), why);
}

/* The multiplier of a size suffix, or 0 when c is none. */
static uint64_t
size_suffix(char c)
{
	switch (c) {
	case 'k': case 'K': return 1ull << 10;
	case 'm': case 'M': return 1ull << 20;
	case 'g': case 'G': return 1ull << 30;
	}
	return 0;
}

int
cmdline_number(const char *key, int64_t min, int64_t max, unsigned flags,
	       int64_t *out)
{
	const char *v = cmdline_get(key), *p;
	char *end, why[80];
	uint64_t n, mult = 1;
	int64_t x;
	int neg, percent = 0;

	if (!v)
		return 0;
	neg = (*v == '-');
	p = v + neg;
	if (*p < '0' || *p > '9') {
		cmdline_reject(key, "not a number");
		return -EINVAL;
	}
	n = strtoull(p, &end, 0);
	if ((flags & CMDLINE_SIZE) && size_suffix(*end))
		mult = size_suffix(*end++);
	else if ((flags & CMDLINE_PERCENT) && *end == '%')
		percent = 1, end++;
	if (*end) {
		cmdline_reject(key, "not a number");
		return -EINVAL;
	}
	if (percent) {
		min = 0;
		max = 100;
	}
	/* Multiply only what cannot overflow; anything beyond 2^63 is out
	 * of every range. */
	if (n > (1ull << 63) / mult || n * mult > (1ull << 63) - !neg ||
	    (x = (int64_t)(neg ? 0 - n * mult : n * mult)) < min ||
	    x > max) {
		snprintf(why, sizeof(why), "outside %lld..%lld", (long long)min,
			 (long long)max);
		cmdline_reject(key, why);
		return -ERANGE;
	}
	*out = x;
	return percent ? 2 : 1;
}
