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
int thread_create(uint32_t entry, uint32_t arg, uint32_t stack_top);
int thread_join(int tid, int *uvalue);
/* proc_return_to_user() and user_fault(): kernel/upcall.h */

extern int init_pid;

#endif
