/*
 * trap.h - the saved machine state of an interrupt, and the vector map.
 *
 * trapentry.asm builds a struct trapframe on the kernel stack for every
 * interrupt, exception and system call: the CPU pushes ss/esp (only when
 * coming from user mode), eflags, cs, eip and sometimes an error code; the
 * stub pushes the vector; alltraps pushes the data segments and pushad.
 */
#ifndef ARCH_X86_TRAP_H
#define ARCH_X86_TRAP_H

#include <stdint.h>

struct trapframe {
	/* pushad, lowest address first */
	uint32_t edi, esi, ebp, oesp, ebx, edx, ecx, eax;
	uint32_t gs, fs, es, ds;
	uint32_t trapno;
	uint32_t err;
	/* pushed by the CPU */
	uint32_t eip, cs, eflags;
	uint32_t esp, ss;	/* only valid when cs is a user selector */
};

/* int $0x80's arguments, in the order of the i386 Linux ABI: ebx, ecx,
 * edx, esi, edi (the number is in eax).  kernel/syscall.h. */
#define SYSCALL_ARGS(tf) (tf)->ebx, (tf)->ecx, (tf)->edx, (tf)->esi, (tf)->edi

/* CPU exceptions (Intel SDM vol. 3A, 6.15). */
#define T_DIVIDE	0
#define T_DEBUG		1
#define T_NMI		2
#define T_BRKPT		3
#define T_OFLOW		4
#define T_BOUND		5
#define T_ILLOP		6
#define T_DEVICE	7
#define T_DBLFLT	8
#define T_TSS		10
#define T_SEGNP		11
#define T_STACK		12
#define T_GPFLT		13
#define T_PGFLT		14
#define T_FPERR		16
#define T_ALIGN		17
#define T_MCHK		18
#define T_SIMDERR	19

/* Interrupt vectors.  The LAPIC serves higher vectors first (priority class
 * = vector >> 4), so IPIs and the timer sit above device interrupts. */
#define T_PIC_BASE	0x20	/* legacy 8259, remapped and fully masked */
#define T_IRQ0		0x30	/* IOAPIC: GSI n arrives on vector 0x30 + n */
#define T_SYSCALL	0x80
#define T_TIMER		0xEF	/* LAPIC timer (Linux's LOCAL_TIMER_VECTOR) */
#define T_CALLFUNC	0xFB	/* run a function on another CPU */
#define T_RESCHED	0xFC	/* "please call schedule()" */
#define T_APIC_ERROR	0xFE
#define T_SPURIOUS	0xFF

typedef void (*trap_handler_t)(struct trapframe *tf);

/* Install the C handler for an interrupt vector (not for exceptions). */
void trap_register(int vector, trap_handler_t fn, const char *name);
/* Every trap but int $0x80, from alltraps (trapentry.asm). */
void trap(struct trapframe *tf);
const char *trap_name(int trapno);
void trap_dump(const struct trapframe *tf);

static inline int
trap_from_user(const struct trapframe *tf)
{
	return (tf->cs & 3) != 0;
}

/* The interrupted kernel code's stack pointer: a trap within the kernel
 * pushes no esp and ss, so its stack goes on where they would be.  From
 * user mode, the end of the frame (nothing of the kernel's above it). */
static inline uintptr_t
trap_kernel_esp(const struct trapframe *tf)
{
	return trap_from_user(tf) ? (uintptr_t)(tf + 1) : (uintptr_t)&tf->esp;
}

#endif
