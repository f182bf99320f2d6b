/*
 * scenario.h - the tests: generic ones (scenarios.c, every policy) and the
 * policy's own (policy_<name>.c, or policy_none.c when it has none).
 *
 * rt_scenarios.c tests the real-time classes above whichever policy.
 *
 * A scenario boots the simulated machine (sim_boot), starts tasks, runs
 * virtual time forward and judges with sim_fail(); the kernel's own
 * invariant checks (SCHED_DEBUG) and the simulator's run all along.
 */
#ifndef TESTS_HOST_SCENARIO_H
#define TESTS_HOST_SCENARIO_H

struct scenario {
	const char *name;
	void (*run)(void);
};

extern const struct scenario generic_scenarios[];
extern const int generic_count;
extern const struct scenario rt_scenarios[];	/* rt.c: every policy */
extern const int rt_count;
extern const struct scenario policy_scenarios[];
extern const int policy_count;

#endif
