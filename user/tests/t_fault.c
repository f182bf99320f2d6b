/*
 * t_fault - each kind of user-mode fault kills only the faulting process,
 * with the right signal, and its parent's wait sees it.
 */
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"

static volatile int zero;

static void
do_null(void)
{
	*(volatile int *)0 = 1;
}

static void
do_kernel(void)
{
	*(volatile int *)0xC0100000 = 1;	/* kernel memory: protection */
}

static void
do_text(void)
{
	*(volatile unsigned char *)do_text = 0x90;	/* text is read-only */
}

static void
do_divide(void)
{
	unsigned lo = 1, hi = 0;

	/* in assembly: C's 1 / 0 is undefined and GCC may not divide at all */
	__asm__ volatile("divl %2" : "+a"(lo), "+d"(hi) : "r"(zero));
}

static void
do_illegal(void)
{
	__asm__ volatile("ud2");
}

static void
do_breakpoint(void)
{
	__asm__ volatile("int3");
}

static void
do_gpf(void)
{
	__asm__ volatile("cli");		/* privileged in ring 3 */
}

static volatile int forever = 1;		/* hides the recursion from GCC */

static void
do_stack(void)
{
	volatile char big[4096];

	big[0] = 1;
	if (forever)
		do_stack();			/* into the guard page */
	(void)big[0];
}

struct fault {
	const char *name;
	void (*fn)(void);
	int sig;
};

static const struct fault faults[] = {
	{ "null pointer", do_null, SIGSEGV },
	{ "kernel address", do_kernel, SIGSEGV },
	{ "write to text", do_text, SIGSEGV },
	{ "divide error", do_divide, SIGFPE },
	{ "invalid opcode", do_illegal, SIGILL },
	{ "breakpoint", do_breakpoint, SIGTRAP },
	{ "general protection", do_gpf, SIGSEGV },
	{ "stack overflow", do_stack, SIGSEGV },
};

int
main(void)
{
	for (unsigned i = 0; i < sizeof(faults) / sizeof(faults[0]); i++) {
		int st = 0;
		pid_t pid = fork();
		if (pid == 0) {
			faults[i].fn();
			_exit(0);
		}
		CHECK_EQ(waitpid(pid, &st, 0), pid);
		CHECK(WIFSIGNALED(st));
		if (!WIFSIGNALED(st) || WTERMSIG(st) != faults[i].sig)
			printf("FAIL %s: status 0x%x\n", faults[i].name, st);
		CHECK_EQ(WTERMSIG(st), faults[i].sig);
	}
	check_done("t_fault");
}
