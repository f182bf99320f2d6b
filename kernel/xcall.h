/*
 * xcall.h - asking other CPUs to do things.
 *
 * smp_call() runs a function on another CPU through the call-function IPI
 * and waits until it has run.  While waiting, the caller keeps serving calls
 * addressed to itself, so two CPUs calling each other cannot deadlock.
 * smp_resched() sends the reschedule IPI.
 */
#ifndef KERNEL_XCALL_H
#define KERNEL_XCALL_H

#include "kernel/upcall.h"	/* smp_fn_t, smp_call_others() */

void smp_init(void);				/* BSP: install the handlers */
void smp_call(int cpu, smp_fn_t fn, void *arg);	/* cpu may be ourselves */
void smp_resched(int cpu);

#endif
