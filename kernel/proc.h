/*
 * proc.h - the life of processes: fork, exec, exit, wait, kill, threads.
 */
#ifndef KERNEL_PROC_H
#define KERNEL_PROC_H

#include <stdint.h>

struct trapframe;
struct task;

/* Start the first user process from path with argv; 0 or -errno. */
int proc_start_init(const char *path, int argc, const char *const argv[]);
int proc_fork(void);
int proc_exec(const char *upath, const char *const *uargv,
	      const char *const *uenvp);
void proc_exit(int status) __attribute__((noreturn));	/* whole process */
int proc_wait(int pid, int *ustatus, int options);
/* Send sig to process pid (Linux's kill(2) targets); 0 or -errno. */
static inline int
proc_kill(int pid, int sig)
{
	int signal_kill(int pid, int sig);

	return signal_kill(pid, sig);
}
/* A new thread of the caller's process, entering user mode at entry with
 * eax = arg on stack_top, made runnable.  Its tid; -EFAULT (a kernel
 * address), -EAGAIN (no task slot or memory). */
int thread_create(uint32_t entry, uint32_t arg, uint32_t stack_top);
/* Wait until thread tid of the caller's process exits, store its value in
 * *uvalue (a user pointer, may be NULL) and free it.  0; -ESRCH (no such
 * thread, or already joined), -EDEADLK (itself), -EFAULT. */
int thread_join(int tid, int *uvalue);
/* proc_return_to_user() and user_fault(): kernel/upcall.h */

extern int init_pid;

#endif
