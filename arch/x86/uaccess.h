/*
 * uaccess.h - kernel access to user memory through the MMU.
 *
 * The copies in usercopy.asm touch the user address directly; a page
 * fault there is resolved or turned into a short count by the page-fault
 * handler with the help of the exception table (usercopy.asm's header
 * says how).  kernel/mm.c wraps them with the range check that keeps them
 * in the user half: these functions do not check anything themselves.
 */
#ifndef ARCH_X86_UACCESS_H
#define ARCH_X86_UACCESS_H

#include <stddef.h>
#include <stdint.h>

struct trapframe;

/* One entry of the exception table (extable.inc's EXTABLE). */
struct extable_entry {
	uintptr_t insn;		/* an instruction that touches user memory */
	uintptr_t fixup;	/* where to resume when the access is bad */
	uint32_t flags;		/* EX_NOFAULT */
};
#define EX_NOFAULT	1	/* resolve nothing: the copier holds a lock */

/* The out-of-line copies (usercopy.asm), 4 bytes a step: n bytes between
 * dst and src, one of which is a user address the caller checked (the
 * range lies below KERNBASE).  Faults are resolved as a user-mode fault
 * would be (kernel/upcall.h, user_copy_fault); the _nofault one is for a
 * caller holding a spinlock, where every fault counts as bad, even one a
 * copy-on-write break or a new stack page would resolve.  Both return the
 * bytes not copied: 0, or the count from the first bad byte on. */
size_t arch_copy_user_long(void *dst, const void *src, size_t n);
size_t arch_copy_user_long_nofault(void *dst, const void *src, size_t n);

/*
 * A short copy is one inline "rep movsb" with its own table entry.  A
 * fault stops it with ecx holding the bytes left, and its fixup is the
 * instruction after it, so ecx is the result whether the copy finished or
 * not.  Most copies are short (a pipe round trip copies one byte four
 * times), and for them a call costs more than the copy.
 */
#define ARCH_COPY_SHORT		64	/* bytes; longer ones take the call */

#define ARCH_COPY_INLINE(name, flags)					\
static inline __attribute__((always_inline)) size_t			\
name(void *dst, const void *src, size_t n)				\
{									\
	__asm__ volatile("1:	rep movsb\n"				\
			 "2:\n"						\
			 ".pushsection __ex_table, \"a\"\n"		\
			 ".balign 4\n"					\
			 ".long 1b, 2b, " #flags "\n"			\
			 ".popsection"					\
			 : "+D"(dst), "+S"(src), "+c"(n) : : "memory");	\
	return n;							\
}
ARCH_COPY_INLINE(arch_copy_user_short, 0)
ARCH_COPY_INLINE(arch_copy_user_short_nofault, 1)	/* EX_NOFAULT */

/* Copy between kernel and (checked) user memory, short or long: the bytes
 * not copied. */
static inline __attribute__((always_inline)) size_t
arch_copy_user(void *dst, const void *src, size_t n)
{
	return n < ARCH_COPY_SHORT ? arch_copy_user_short(dst, src, n)
				   : arch_copy_user_long(dst, src, n);
}

/* The same for a caller holding a spinlock. */
static inline __attribute__((always_inline)) size_t
arch_copy_user_nofault(void *dst, const void *src, size_t n)
{
	return n < ARCH_COPY_SHORT ? arch_copy_user_short_nofault(dst, src, n)
				   : arch_copy_user_long_nofault(dst, src, n);
}

/* trap.c: a page fault in kernel mode.  1 if tf->eip is a listed user
 * access and the fault was dealt with (resolved, or tf->eip moved to the
 * fixup), 0 if it is a kernel bug. */
int extable_fixup(struct trapframe *tf);

#endif
