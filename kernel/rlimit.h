/* rlimit.h - per-process resource limits (kernel/sys_rlimit.c). */
#ifndef KERNEL_RLIMIT_H
#define KERNEL_RLIMIT_H

struct process;

/* A new process's limits: its parent's, or (parent NULL: init) Linux's
 * defaults. */
void rlimit_fork(struct process *parent, struct process *p);

#endif
