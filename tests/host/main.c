/*
 * main.c - run the scenarios of one policy: build/host/sched-<policy>.
 *
 *   sched-<policy> [-v] [-n] [-c "cmdline"] [-l] [scenario ...]
 *     -v  show kernel messages (printk)
 *     -n  no fork: run the first selected scenario in this process and
 *         abort() on a panic (for gdb)
 *     -c  kernel command line, e.g. "trace=sched sched.rr_timeslice_ms=10"
 *     -l  list the scenarios
 *
 * Every scenario runs in a child process, so each starts from a freshly
 * "booted" kernel (all kernel globals zero) and a crash fails only that
 * scenario.  Output: "PASS <policy>/<name>" or "FAIL <policy>/<name>:
 * <reason>" per scenario, "  # ..." lines with measurements, and a summary
 * line; the exit status is 1 if anything failed.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "kernel/sched/policy.h"
#include "kernel/sched/trace.h"
#include "tests/host/scenario.h"
#include "tests/host/sim.h"

#define WATCHDOG_S	30	/* host seconds; scenarios take milliseconds */

static char fullname[128];

/*
 * Known gaps: scenarios a policy ("*": every policy) does not meet yet,
 * or not by design.  They are reported as SKIPPED with the reason, never as passed; keep this
 * list short and in step with tests/cases.py's KNOWN_GAPS.
 */
static const struct {
	const char *policy, *scenario, *why;
} gaps[] = {
	{ "staircase", "pinned", "by design of v6.3: a sched_yield() loop "
	  "keeps the top stair with a fresh allowance, starving lower stairs "
	  "on its CPU (docs/policies/staircase.md)" },
};

static const char *
known_gap(const char *name)
{
	for (size_t i = 0; i < sizeof(gaps) / sizeof(gaps[0]); i++)
		if ((!strcmp(gaps[i].policy, "*") ||
		     !strcmp(gaps[i].policy, sched_policy.name)) &&
		    !strcmp(gaps[i].scenario, name))
			return gaps[i].why;
	return NULL;
}

static int
run_here(const struct scenario *s)
{
	snprintf(fullname, sizeof(fullname), "%s/%s", sched_policy.name,
		 s->name);
	sim_scenario_name = fullname;
	s->run();
	if (trace_on)
		trace_dump();
	if (sim_failed()) {
		printf("FAIL %s: %s\n", fullname, sim_failure());
		return 1;
	}
	printf("PASS %s\n", fullname);
	return 0;
}

static int
run_forked(const struct scenario *s)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(2);
	}
	if (pid == 0) {
		alarm(WATCHDOG_S);
		exit(run_here(s));
	}
	if (waitpid(pid, &status, 0) < 0) {
		perror("waitpid");
		exit(2);
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) <= 1)
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
		printf("FAIL %s/%s: no result after %d s (a livelock?)\n",
		       sched_policy.name, s->name, WATCHDOG_S);
	else
		printf("FAIL %s/%s: crashed (status 0x%x)\n", sched_policy.name,
		       s->name, status);
	return 1;
}

static int
selected(const char *name, int argc, char **argv)
{
	if (argc == 0)
		return 1;
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], name) == 0)
			return 1;
	return 0;
}

int
main(int argc, char **argv)
{
	const struct scenario *lists[3] = {
		generic_scenarios, rt_scenarios, policy_scenarios
	};
	int counts[3] = { generic_count, rt_count, policy_count };
	int opt, fork_each = 1, passed = 0, failed = 0, skipped = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt(argc, argv, "vnc:l")) != -1) {
		switch (opt) {
		case 'v':
			sim_verbose = 1;
			break;
		case 'n':
			fork_each = 0;
			sim_abort_on_panic = 1;
			break;
		case 'c':
			sim_cmdline = optarg;
			break;
		case 'l':
			for (int l = 0; l < 3; l++)
				for (int i = 0; i < counts[l]; i++)
					printf("%s\n", lists[l][i].name);
			return 0;
		default:
			fprintf(stderr, "usage: %s [-v] [-n] [-c cmdline] [-l] "
				"[scenario ...]\n", argv[0]);
			return 2;
		}
	}
	for (int l = 0; l < 3; l++) {
		for (int i = 0; i < counts[l]; i++) {
			const struct scenario *s = &lists[l][i];
			if (!selected(s->name, argc - optind, argv + optind))
				continue;
			if (!fork_each)	/* one "boot" per process: one only */
				return run_here(s);
			if (known_gap(s->name)) {
				printf("SKIP %s/%s: known gap: %s\n",
				       sched_policy.name, s->name,
				       known_gap(s->name));
				skipped++;
				continue;
			}
			if (run_forked(s))
				failed++;
			else
				passed++;
		}
	}
	printf("host %s: %d passed, %d failed", sched_policy.name, passed,
	       failed);
	printf(skipped ? ", %d skipped\n" : "\n", skipped);
	return failed ? 1 : 0;
}
