/*
 * weight.c - the nice-to-weight tables and the inverse-weight multiply.
 */
#include <stdint.h>
#include "kernel/lib/weight.h"

const uint32_t sched_prio_to_weight[40] = {
	88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916,
	9548, 7620, 6100, 4904, 3906, 3121, 2501, 1991, 1586, 1277,
	1024, 820, 655, 526, 423, 335, 272, 215, 172, 137,
	110, 87, 70, 56, 45, 36, 29, 23, 18, 15,
};

const uint32_t sched_prio_to_wmult[40] = {
	48388, 59856, 76040, 92818, 118348, 147320, 184698, 229616, 287308,
	360437, 449829, 563644, 704093, 875809, 1099582, 1376151, 1717300,
	2157191, 2708050, 3363326, 4194304, 5237765, 6557202, 8165337,
	10153587, 12820798, 15790321, 19976592, 24970740, 31350126, 39045157,
	49367440, 61356676, 76695844, 95443717, 119304647, 148102320,
	186737708, 238609294, 286331153,
};

/* 2.6.35 kernel/sched.c calc_delta_mine()'s rounding, divisor w + 1;
 * 2.6.24's form, never needed here, divided by w (weight.h). */
uint32_t
weight_inverse(uint32_t w)
{
	return (uint32_t)(1 + (WMULT_CONST - w / 2) / (w + 1));
}

uint64_t
weight_scale(uint64_t delta, uint32_t weight, uint32_t inv)
{
	uint64_t tmp = delta * weight;

	if (tmp > WMULT_CONST)
		return (((tmp + (1u << 15)) >> 16) * inv + (1u << 15)) >> 16;
	return (tmp * inv + (1ull << 31)) >> WMULT_SHIFT;
}
