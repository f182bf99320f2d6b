/*
 * exec.h - loading a program image (exec.c).  execve() itself is
 * proc_exec() in proc.h; this is the entry the kernel uses for init.
 */
#ifndef KERNEL_EXEC_H
#define KERNEL_EXEC_H

struct process;
struct trapframe;

/* Load path from the initrd into process p, which has no image yet, with
 * argv[0..argc-1] as its arguments, and point tf at its entry (for process
 * 1: proc_start_init).  Returns 0 or a negative errno; the image is built
 * completely before it is installed, so p is unchanged on failure. */
int exec_first(struct process *p, struct trapframe *tf, const char *path,
	       int argc, const char *const argv[]);

#endif
