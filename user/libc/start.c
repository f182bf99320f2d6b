/*
 * start.c - process start-up and exit: environ, constructors, main(),
 * atexit handlers, _exit() and abort().
 */
#include <stdlib.h>
#include <unistd.h>
#include <signal.h>
#include "internal.h"

char **environ;

/* Filled by user/user.ld around .init_array. */
extern void (*__init_array_start[])(int, char **, char **);
extern void (*__init_array_end[])(int, char **, char **);

int main(int argc, char **argv, char **envp);
void __libc_start(int argc, char **argv, char **envp)
	__attribute__((__noreturn__, __used__));

/*
 * Called by _start (crt0.asm) on the aligned initial stack.  Everything
 * the libc needs is statically initialised, so this only sets environ and
 * runs any constructors before main.
 */
void
__libc_start(int argc, char **argv, char **envp)
{
	size_t i, n;

	environ = envp;
	n = __init_array_end - __init_array_start;
	for (i = 0; i < n; i++)
		__init_array_start[i](argc, argv, envp);
	exit(main(argc, argv, envp));
}

#define ATEXIT_MAX 32
static void (*atexit_fns[ATEXIT_MAX])(void);
static int atexit_count;
static volatile int atexit_lock;

int
atexit(void (*fn)(void))
{
	int r = -1;

	__lock(&atexit_lock);
	if (atexit_count < ATEXIT_MAX) {
		atexit_fns[atexit_count++] = fn;
		r = 0;
	}
	__unlock(&atexit_lock);
	return r;
}

/*
 * Run the atexit handlers (last registered first, and handlers that
 * register more are honoured), flush stdio, and end the whole process.
 */
void
exit(int status)
{
	for (;;) {
		void (*fn)(void);

		__lock(&atexit_lock);
		if (atexit_count == 0) {
			__unlock(&atexit_lock);
			break;
		}
		fn = atexit_fns[--atexit_count];
		__unlock(&atexit_lock);
		fn();
	}
	__stdio_flush_all();
	_exit(status);
}

/* Ends every thread of the process, without flushing stdio. */
void
_exit(int status)
{
	for (;;)
		__sys1(SYS_exit, status);
}

void
_Exit(int status)
{
	_exit(status);
}

/*
 * Die of SIGABRT so that the parent's wait status says so.  Streams are
 * not flushed: abort means the program's state is not to be trusted.
 */
void
abort(void)
{
	__sys2(SYS_kill, __sys0(SYS_getpid), SIGABRT);
	_exit(128 + SIGABRT);
}
