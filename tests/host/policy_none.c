/* policy_none.c - for a policy without tests/host/policy_<name>.c yet. */
#include "tests/host/scenario.h"

const struct scenario policy_scenarios[] = { { 0, 0 } };
const int policy_count = 0;
