/*
 * sched.h - yielding, CPU affinity, the current CPU.
 *
 * cpu_set_t is glibc's: 1024 bits in unsigned longs.  sched_setaffinity()
 * and sched_getaffinity() take the set's size in bytes and pass it to the
 * kernel unchanged; Quanta uses the bits of the CPUs it has.
 */
#ifndef _SCHED_H
#define _SCHED_H

#include <sys/types.h>

#define SCHED_OTHER	0
#define SCHED_FIFO	1
#define SCHED_RR	2
#define SCHED_BATCH	3
#define SCHED_IDLE	5

struct sched_param {
	int sched_priority;
};

#define CPU_SETSIZE	1024
#define __NCPUBITS	(8 * (int)sizeof(unsigned long))

typedef struct {
	unsigned long __bits[CPU_SETSIZE / __NCPUBITS];
} cpu_set_t;

static inline void
__cpu_zero_s(size_t bytes, cpu_set_t *s)
{
	size_t i;

	for (i = 0; i < bytes / sizeof(unsigned long); i++)
		s->__bits[i] = 0;
}

static inline void
__cpu_set_s(int cpu, size_t bytes, cpu_set_t *s)
{
	if (cpu >= 0 && (size_t)cpu < 8 * bytes)
		s->__bits[cpu / __NCPUBITS] |= 1UL << (cpu % __NCPUBITS);
}

static inline void
__cpu_clr_s(int cpu, size_t bytes, cpu_set_t *s)
{
	if (cpu >= 0 && (size_t)cpu < 8 * bytes)
		s->__bits[cpu / __NCPUBITS] &= ~(1UL << (cpu % __NCPUBITS));
}

static inline int
__cpu_isset_s(int cpu, size_t bytes, const cpu_set_t *s)
{
	if (cpu < 0 || (size_t)cpu >= 8 * bytes)
		return 0;
	return (s->__bits[cpu / __NCPUBITS] >> (cpu % __NCPUBITS)) & 1;
}

static inline int
__cpu_count_s(size_t bytes, const cpu_set_t *s)
{
	size_t i;
	int n = 0;

	for (i = 0; i < bytes / sizeof(unsigned long); i++)
		n += __builtin_popcountl(s->__bits[i]);
	return n;
}

static inline int
__cpu_equal_s(size_t bytes, const cpu_set_t *a, const cpu_set_t *b)
{
	size_t i;

	for (i = 0; i < bytes / sizeof(unsigned long); i++)
		if (a->__bits[i] != b->__bits[i])
			return 0;
	return 1;
}

#define CPU_ZERO_S(bytes, s)		__cpu_zero_s(bytes, s)
#define CPU_SET_S(cpu, bytes, s)	__cpu_set_s(cpu, bytes, s)
#define CPU_CLR_S(cpu, bytes, s)	__cpu_clr_s(cpu, bytes, s)
#define CPU_ISSET_S(cpu, bytes, s)	__cpu_isset_s(cpu, bytes, s)
#define CPU_COUNT_S(bytes, s)		__cpu_count_s(bytes, s)
#define CPU_EQUAL_S(bytes, a, b)	__cpu_equal_s(bytes, a, b)

#define CPU_ZERO(s)		CPU_ZERO_S(sizeof(cpu_set_t), s)
#define CPU_SET(cpu, s)		CPU_SET_S(cpu, sizeof(cpu_set_t), s)
#define CPU_CLR(cpu, s)		CPU_CLR_S(cpu, sizeof(cpu_set_t), s)
#define CPU_ISSET(cpu, s)	CPU_ISSET_S(cpu, sizeof(cpu_set_t), s)
#define CPU_COUNT(s)		CPU_COUNT_S(sizeof(cpu_set_t), s)
#define CPU_EQUAL(a, b)		CPU_EQUAL_S(sizeof(cpu_set_t), a, b)

/* Bytes for a set of count CPUs, as glibc rounds it. */
#define CPU_ALLOC_SIZE(count) \
	((((count) + __NCPUBITS - 1) / __NCPUBITS) * sizeof(unsigned long))

int sched_yield(void);
int sched_setaffinity(pid_t pid, size_t bytes, const cpu_set_t *set);
int sched_getaffinity(pid_t pid, size_t bytes, cpu_set_t *set);
int sched_getcpu(void);

/* SCHED_OTHER, SCHED_BATCH and SCHED_IDLE are the policy compiled into
 * the kernel; SCHED_FIFO and SCHED_RR (priorities 1..99) run above it. */
int sched_getscheduler(pid_t pid);
int sched_setscheduler(pid_t pid, int policy, const struct sched_param *p);
int sched_getparam(pid_t pid, struct sched_param *p);
int sched_setparam(pid_t pid, const struct sched_param *p);
int sched_get_priority_max(int policy);
int sched_get_priority_min(int policy);
int sched_rr_get_interval(pid_t pid, struct timespec *ts);

#endif
