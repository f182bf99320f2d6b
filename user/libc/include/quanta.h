/*
 * quanta.h - Quanta's own system calls: introspection for ps, top, vmstat
 * and sysctl, the scheduler's tunables, and the raw thread and futex calls
 * under pthreads.  The structures are in uapi/types.h.  Every function
 * returns -1 and sets errno on failure.
 */
#ifndef _QUANTA_H
#define _QUANTA_H

#include <sys/types.h>
#include <uapi/types.h>
#include <uapi/syscall.h>
#include <uapi/trace.h>

int q_sysinfo(struct q_sysinfo *si);
/* Memory by owner: Q_MEMINFO_PAGES fills one struct q_meminfo (max is
 * ignored); Q_MEMINFO_CALLERS and Q_MEMINFO_CLASSES fill up to max
 * entries (at most 128) and return how many. */
int q_meminfo(int op, void *buf, int max);
/* Fill up to max entries; return how many were filled. */
int q_taskinfo(struct q_taskinfo *tasks, int max);
int q_cpuinfo(struct q_cpuinfo *cpus, int max);
/* Tunable number index (0, 1, ... until it fails with EINVAL). */
int q_tunable_get(int index, struct q_tunable *t);
int q_tunable_set(const char *name, long long value);
/* Ask the kernel to print CPU cpu's runqueue on the console. */
int q_sched_dump(int cpu);
int q_nprocs(void);
/* The scheduler trace (uapi/trace.h): op Q_TRACE_*, st for STATUS. */
int q_trace(int op, unsigned arg, struct q_trace_status *st);
/* Task pid's (0: the caller's) own slice request in ns, Q_SLICE_MIN_NS ..
 * Q_SLICE_MAX_NS, or 0 for the policy's default.  EINVAL if the policy has
 * no per-task slice (only eevdf has one, as Linux 6.12's sched_runtime). */
int q_sched_setslice(int pid, unsigned ns);

/*
 * The raw thread calls.  The new thread starts at entry with esp =
 * stack_top and eax = arg, in this address space; it must end with
 * q_thread_exit().  Returns its tid.
 */
int q_thread_create(void (*entry)(void), void *arg, void *stack_top);
void q_thread_exit(int value) __attribute__((__noreturn__));
int q_thread_join(int tid, int *value);
/* Q_FUTEX_WAIT sleeps while *uaddr == val (rel: NULL or a timeout);
 * Q_FUTEX_WAKE wakes up to val sleepers and returns how many. */
int q_futex(int *uaddr, int op, int val, const struct timespec *rel);

#endif
