/*
 * vmstat.c - /bin/vmstat: run queue, free memory, interrupts, context
 * switches and CPU use, like Linux's vmstat.
 *
 *   vmstat                    one line: averages since boot
 *   vmstat INTERVAL [COUNT]   that line, then one line every INTERVAL
 *                             seconds, COUNT lines in all (default: forever)
 *
 *   r     tasks running or waiting for a CPU (sum of nr_running)
 *   b     tasks waiting for I/O (procps reads /proc/stat's procs_blocked,
 *         Linux's nr_iowait(): Quanta has no I/O wait, so 0)
 *   free  free memory in KiB
 *   in    interrupts per second, all CPUs
 *   cs    context switches per second, all CPUs
 *   us sy id   % of all CPUs' time in user mode, in the kernel, idle
 *
 * System calls: sysinfo, cpuinfo (Quanta's), nanosleep, write.
 */
#include <errno.h>
#include <quanta.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXCPUS	32

/* The sums over all CPUs. */
struct totals {
	uint64_t uptime_ns, irqs, switches;
	uint64_t user_ns, system_ns, idle_ns;
	unsigned int running, free_kib;
};

static void
sample(struct totals *t)
{
	struct q_cpuinfo cpu[MAXCPUS];
	struct q_sysinfo si;
	int n;

	if (q_sysinfo(&si) < 0 || (n = q_cpuinfo(cpu, MAXCPUS)) < 0) {
		fprintf(stderr, "vmstat: %s\n", strerror(errno));
		exit(1);
	}
	memset(t, 0, sizeof(*t));
	t->uptime_ns = si.uptime_ns;
	t->free_kib = si.free_pages * 4;
	for (int i = 0; i < n; i++) {
		t->running += cpu[i].nr_running;
		t->irqs += cpu[i].irqs;
		t->switches += cpu[i].switches;
		t->user_ns += cpu[i].user_ns;
		t->system_ns += cpu[i].system_ns;
		t->idle_ns += cpu[i].idle_ns;
	}
}

/* One line for what happened between old and now (old zero: since boot). */
static void
print_line(const struct totals *now, const struct totals *old)
{
	uint64_t ns = now->uptime_ns - old->uptime_ns;
	uint64_t us = now->user_ns - old->user_ns;
	uint64_t sy = now->system_ns - old->system_ns;
	uint64_t all = us + sy + (now->idle_ns - old->idle_ns);
	uint64_t in = now->irqs - old->irqs;
	uint64_t cs = now->switches - old->switches;
	unsigned int pus = all ? us * 100 / all : 0;
	unsigned int psy = all ? sy * 100 / all : 0;

	if (ns == 0)
		ns = 1;
	printf("%2u %2u %9u %6llu %6llu %2u %2u %3u\n", now->running, 0u,
	       now->free_kib, in * 1000000000 / ns, cs * 1000000000 / ns,
	       pus, psy, all ? 100 - pus - psy : 100);
}

int
main(int argc, char **argv)
{
	struct totals now, old;
	struct timespec delay;
	double seconds = 0;
	long count = 0;
	char *end1 = "", *end2 = "";

	if (argc > 1)
		seconds = strtod(argv[1], &end1);
	if (argc > 2)
		count = strtol(argv[2], &end2, 10);
	if (argc > 3 || *end1 || *end2 || seconds < 0 || count < 0) {
		fprintf(stderr, "usage: vmstat [INTERVAL [COUNT]]\n");
		return 2;
	}
	delay.tv_sec = (time_t)seconds;
	delay.tv_nsec = (long)((seconds - delay.tv_sec) * 1e9);

	printf(" r  b      free     in     cs us sy  id\n");
	memset(&old, 0, sizeof(old));
	sample(&now);
	print_line(&now, &old);
	for (long i = 1; seconds > 0 && (count == 0 || i < count); i++) {
		old = now;
		fflush(stdout);
		nanosleep(&delay, NULL);
		sample(&now);
		print_line(&now, &old);
	}
	return 0;
}
