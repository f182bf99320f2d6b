/*
 * internal.h - what the libc's own files share and programs never see:
 * the system call trap, errno helpers, the spinlock, and the hooks that
 * tie stdio, malloc and pthreads to exit() and fork().
 */
#ifndef LIBC_INTERNAL_H
#define LIBC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <uapi/syscall.h>
#include <uapi/types.h>

/*
 * The trap.  Quanta follows Linux i386: "int $0x80" with the number in
 * eax and the arguments in ebx, ecx, edx, esi, edi; the result comes back
 * in eax and every other register is preserved.  No Quanta call has six
 * arguments, so ebp is never needed.  These return the raw result:
 * -4095..-1 is -errno.
 */
static inline long
__sys0(long n)
{
	long r;

	__asm__ volatile("int $0x80" : "=a"(r) : "a"(n) : "memory");
	return r;
}

static inline long
__sys1(long n, long a)
{
	long r;

	__asm__ volatile("int $0x80" : "=a"(r) : "a"(n), "b"(a) : "memory");
	return r;
}

static inline long
__sys2(long n, long a, long b)
{
	long r;

	__asm__ volatile("int $0x80" : "=a"(r) : "a"(n), "b"(a), "c"(b)
			 : "memory");
	return r;
}

static inline long
__sys3(long n, long a, long b, long c)
{
	long r;

	__asm__ volatile("int $0x80" : "=a"(r) : "a"(n), "b"(a), "c"(b),
			 "d"(c) : "memory");
	return r;
}

static inline long
__sys4(long n, long a, long b, long c, long d)
{
	long r;

	__asm__ volatile("int $0x80" : "=a"(r) : "a"(n), "b"(a), "c"(b),
			 "d"(c), "S"(d) : "memory");
	return r;
}

static inline long
__sys5(long n, long a, long b, long c, long d, long e)
{
	long r;

	__asm__ volatile("int $0x80" : "=a"(r) : "a"(n), "b"(a), "c"(b),
			 "d"(c), "S"(d), "D"(e) : "memory");
	return r;
}

/* Six arguments, the sixth in ebp (Linux i386).  ebp may be the frame
 * pointer, so it is saved on the stack around the trap and loaded from
 * there; the operand is read before esp moves. */
static inline long
__sys6(long n, long a, long b, long c, long d, long e, long f)
{
	long r;

	__asm__ volatile("pushl %7\n\tpushl %%ebp\n\tmovl 4(%%esp), %%ebp\n\t"
			 "int $0x80\n\tpopl %%ebp\n\taddl $4, %%esp"
			 : "=a"(r) : "a"(n), "b"(a), "c"(b), "d"(c), "S"(d),
			   "D"(e), "g"(f) : "memory");
	return r;
}

#define __SYS_IS_ERR(r)	((unsigned long)(r) > -4096UL)

/* The POSIX convention: a raw result in -4095..-1 becomes -1 and errno. */
static inline long
__sysret(long r)
{
	if (__SYS_IS_ERR(r)) {
		errno = (int)-r;
		return -1;
	}
	return r;
}

#define __A(x)	((long)(x))

/* Futex helpers: raw results (0 or -errno), errno untouched. */
static inline long
__futex_wait(int *uaddr, int val, const struct q_timespec *rel)
{
	return __sys4(SYS_futex, __A(uaddr), Q_FUTEX_WAIT, val, __A(rel));
}

static inline long
__futex_wake(int *uaddr, int n)
{
	return __sys4(SYS_futex, __A(uaddr), Q_FUTEX_WAKE, n, 0);
}

/*
 * A lock for short critical sections (malloc, the thread list, a stream):
 * 0 free, 1 held, 2 held with sleepers (Ulrich Drepper, "Futexes Are
 * Tricky", 2004, mutex 2).  A waiter spins a little, then sleeps on the
 * futex: a waiter that only yielded could keep the CPU from a preempted
 * holder for good under a policy whose yield keeps the yielder in front
 * (staircase v6.3, docs/policies/staircase.md).
 */
static inline void
__lock(volatile int *l)
{
	int c = 0;

	for (int spins = 0; spins < 64; spins++) {
		c = 0;
		if (__atomic_compare_exchange_n(l, &c, 1, 0, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return;
		__builtin_ia32_pause();
	}
	if (c != 2)
		c = __atomic_exchange_n(l, 2, __ATOMIC_ACQUIRE);
	while (c != 0) {
		__futex_wait((int *)l, 2, 0);
		c = __atomic_exchange_n(l, 2, __ATOMIC_ACQUIRE);
	}
}

static inline void
__unlock(volatile int *l)
{
	if (__atomic_exchange_n(l, 0, __ATOMIC_RELEASE) == 2)
		__futex_wake((int *)l, 1);
}

/* stdio.c: flush every stream (exit), hold every stream (fork). */
void __stdio_flush_all(void);
void __stdio_lock_all(void);
void __stdio_unlock_all(void);

/* malloc.c */
void __malloc_lock(void);
void __malloc_unlock(void);

/* pthread.c */
int *__thread_errno(void);
void __thread_lock_all(void);
void __thread_unlock_all(void);

/* time.c: a - b in a struct q_timespec, for timeouts */
void __timespec_sub(struct q_timespec *out, const struct q_timespec *a,
		    const struct q_timespec *b);
/* time.c: the kernel's clock for a libc clock id, or -1 (timer.c) */
int __kernel_clock(int clk);

/* strtod.c: v * 10^e in extended precision */
long double __scale10l(long double v, int e);

#endif
