/*
 * weight.h - load weights of nice levels, shared by the weight-based
 * policies (cfs, eevdf).
 *
 * Linux 2.6.23 introduced these tables (kernel/sched.c prio_to_weight and
 * prio_to_wmult; sched_prio_to_weight/wmult in 4.x and 6.6): each nice
 * step scales the weight by about 1.25, so one nice level is about 10 % of
 * CPU between two tasks at any absolute level.  wmult = 2^32 / weight turns
 * a division by a weight into a multiply and a shift.
 */
#ifndef KERNEL_LIB_WEIGHT_H
#define KERNEL_LIB_WEIGHT_H

#include <stdint.h>

#define NICE_0_LOAD	1024
#define WMULT_CONST	0xffffffffull	/* 32-bit kernels: ~0UL */
#define WMULT_SHIFT	32

extern const uint32_t sched_prio_to_weight[40];	/* index: nice + 20 */
extern const uint32_t sched_prio_to_wmult[40];

/* About 2^32 / w, as 2.6.35 calc_delta_mine() computes it for a runqueue's
 * load: it divides by w + 1, so the result is low by about 1 / (w + 1),
 * 20 % for two SCHED_IDLE tasks (w = 4).  2.6.24 has no use for it: its
 * slices divide exactly and its tasks' inverses come from the table. */
uint32_t weight_inverse(uint32_t w);
/* delta * weight / W, where inv = weight_inverse(W) (or a wmult entry):
 * calc_delta_mine of 2.6.24 and 2.6.35, with rounded shifts and a split
 * multiply when delta * weight exceeds 32 bits. */
uint64_t weight_scale(uint64_t delta, uint32_t weight, uint32_t inv);

#endif
