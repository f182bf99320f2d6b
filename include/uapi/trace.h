/*
 * uapi/trace.h - the scheduler trace system call (SYS_trace).
 *
 *   trace(Q_TRACE_START, events_per_cpu, 0)  empty the rings and record
 *                                            (0: keep the current size;
 *                                            the rings are allocated on
 *                                            first use)
 *   trace(Q_TRACE_STOP, 0, 0)                stop recording, keep the rings
 *   trace(Q_TRACE_DUMP, 0, 0)                print the rings on the data
 *                                            channel (0xe9), oldest first
 *   trace(Q_TRACE_CLEAR, 0, 0)               empty the rings
 *   trace(Q_TRACE_STATUS, 0, &status)        fill struct q_trace_status
 *
 * Errors: -EINVAL (bad op or size), -ENOMEM (rings), -EBUSY (another
 * control call is running), -EFAULT (status pointer), -ENOENT (DUMP
 * before anything was recorded).
 */
#ifndef QUANTA_UAPI_TRACE_H
#define QUANTA_UAPI_TRACE_H

#include <stdint.h>

#define Q_TRACE_START	1
#define Q_TRACE_STOP	2
#define Q_TRACE_DUMP	3
#define Q_TRACE_CLEAR	4
#define Q_TRACE_STATUS	5

#define Q_TRACE_MAX_CPUS	16
#define Q_TRACE_MIN_EVENTS	16
#define Q_TRACE_MAX_EVENTS	(1 << 20)

struct q_trace_status {
	int32_t on;			/* recording now */
	int32_t ncpu;			/* rings (one per CPU) */
	uint32_t size;			/* events each ring holds */
	uint32_t event_bytes;		/* bytes per event */
	uint32_t recorded[Q_TRACE_MAX_CPUS];	/* since the last start/clear */
	uint32_t lost[Q_TRACE_MAX_CPUS];	/* overwritten by newer ones */
};

#endif
