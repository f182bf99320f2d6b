/*
 * brk.c - the program break.
 *
 * SYS_brk(0) returns the current break; SYS_brk(addr) moves it and
 * returns the new break, or the old one if it could not.  A kernel that
 * rounds the break up to a page returns more than was asked for, which
 * counts as success: the libc's break is what it asked for.
 */
#include <unistd.h>
#include "internal.h"

static char *cur_brk;		/* the break as the libc last set it */
static volatile int brk_lock;

/*
 * Growing fails when the kernel's answer is short of addr (or is an error,
 * should a kernel return -errno).  Shrinking cannot hurt the libc, so it
 * counts as done whatever the kernel says.  Caller holds brk_lock.
 */
/* Ask the kernel where the break is, once.  Caller holds brk_lock. */
static int
init_brk(void)
{
	long r;

	if (cur_brk)
		return 0;
	r = __sys1(SYS_brk, 0);
	if (__SYS_IS_ERR(r) || r == 0) {
		errno = ENOMEM;
		return -1;
	}
	cur_brk = (char *)r;
	return 0;
}

static int
set_brk(char *addr)
{
	long r;

	if (init_brk() < 0)
		return -1;
	r = __sys1(SYS_brk, __A(addr));
	if (addr > cur_brk && (__SYS_IS_ERR(r) || (char *)r < addr)) {
		errno = ENOMEM;
		return -1;
	}
	cur_brk = addr;
	return 0;
}

int
brk(void *addr)
{
	int r;

	__lock(&brk_lock);
	r = set_brk(addr);
	__unlock(&brk_lock);
	return r;
}

/* Returns the old break, the start of the inc new bytes. */
void *
sbrk(intptr_t inc)
{
	char *old;

	__lock(&brk_lock);
	if (init_brk() < 0) {
		old = (char *)-1;
	} else {
		old = cur_brk;
		/* growing past the top of the address space is no growth */
		if (inc > 0 && (uintptr_t)old + inc < (uintptr_t)old) {
			errno = ENOMEM;
			old = (char *)-1;
		} else if (inc != 0 && set_brk(old + inc) < 0) {
			old = (char *)-1;
		}
	}
	__unlock(&brk_lock);
	return old;
}
