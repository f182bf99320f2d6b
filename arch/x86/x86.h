/*
 * x86.h - thin C wrappers around single x86 instructions.
 *
 * This file (with the rest of arch/x86/) is the only place in Quanta that
 * contains inline assembly.  Everything above arch/ calls these wrappers, so a
 * student reading kernel/ never has to parse an asm() statement.
 */
#ifndef ARCH_X86_X86_H
#define ARCH_X86_X86_H

#include <stdint.h>

/* EFLAGS bits we care about. */
#define FL_IF		0x00000200	/* interrupt enable */

/* CR0 / CR4 bits. */
#define CR0_PE		0x00000001
#define CR0_NE		0x00000020	/* x87 errors as #MF (vector 16) */
#define CR0_WP		0x00010000
#define CR0_PG		0x80000000
#define CR4_PSE		0x00000010
#define CR4_PGE		0x00000080

static inline uint8_t
inb(uint16_t port)
{
	uint8_t v;
	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline void
outb(uint16_t port, uint8_t v)
{
	__asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline uint16_t
inw(uint16_t port)
{
	uint16_t v;
	__asm__ volatile("inw %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline void
outw(uint16_t port, uint16_t v)
{
	__asm__ volatile("outw %0, %1" : : "a"(v), "Nd"(port));
}

static inline uint32_t
inl(uint16_t port)
{
	uint32_t v;
	__asm__ volatile("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline void
outl(uint16_t port, uint32_t v)
{
	__asm__ volatile("outl %0, %1" : : "a"(v), "Nd"(port));
}

static inline void cli(void) { __asm__ volatile("cli" ::: "memory"); }
static inline void sti(void) { __asm__ volatile("sti" ::: "memory"); }
static inline void hlt(void) { __asm__ volatile("hlt" ::: "memory"); }
static inline void cpu_relax(void) { __asm__ volatile("pause" ::: "memory"); }
/* The address of this instruction: where an inlined lock was taken. */
static inline __attribute__((always_inline)) uintptr_t
here_pc(void)
{
	uintptr_t pc;

	__asm__ volatile("1: movl $1b, %0" : "=r"(pc));
	return pc;
}

/* Enable interrupts and halt as one step: "sti" delays interrupt recognition
 * by one instruction, so no interrupt can slip in between and be missed. */
static inline void sti_hlt(void) { __asm__ volatile("sti; hlt" ::: "memory"); }

static inline uint32_t
read_eflags(void)
{
	uint32_t fl;
	__asm__ volatile("pushfl; popl %0" : "=r"(fl));
	return fl;
}

static inline uint32_t
read_cr0(void)
{
	uint32_t v;
	__asm__ volatile("movl %%cr0, %0" : "=r"(v));
	return v;
}

static inline uint32_t
read_cr2(void)
{
	uint32_t v;
	__asm__ volatile("movl %%cr2, %0" : "=r"(v));
	return v;
}

static inline uint32_t
read_cr3(void)
{
	uint32_t v;
	__asm__ volatile("movl %%cr3, %0" : "=r"(v));
	return v;
}

static inline void
write_cr3(uint32_t v)
{
	__asm__ volatile("movl %0, %%cr3" : : "r"(v) : "memory");
}

static inline uint32_t
read_cr4(void)
{
	uint32_t v;
	__asm__ volatile("movl %%cr4, %0" : "=r"(v));
	return v;
}

static inline void
write_cr4(uint32_t v)
{
	__asm__ volatile("movl %0, %%cr4" : : "r"(v) : "memory");
}

static inline uint32_t
read_ebp(void)
{
	uint32_t v;
	__asm__ volatile("movl %%ebp, %0" : "=r"(v));
	return v;
}

static inline uint32_t
read_esp(void)
{
	uint32_t v;
	__asm__ volatile("movl %%esp, %0" : "=r"(v));
	return v;
}

static inline void
invlpg(const void *va)
{
	__asm__ volatile("invlpg (%0)" : : "r"(va) : "memory");
}

static inline uint64_t
rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t
rdmsr(uint32_t msr)
{
	uint32_t lo, hi;
	__asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((uint64_t)hi << 32) | lo;
}

static inline void
wrmsr(uint32_t msr, uint64_t v)
{
	__asm__ volatile("wrmsr" : : "c"(msr), "a"((uint32_t)v),
			 "d"((uint32_t)(v >> 32)));
}

static inline void
cpuid(uint32_t leaf, uint32_t *a, uint32_t *b, uint32_t *c, uint32_t *d)
{
	__asm__ volatile("cpuid"
			 : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d)
			 : "a"(leaf), "c"(0));
}

/* Full memory barrier for MMIO ordering and SMP hand-offs. */
static inline void mb(void) { __asm__ volatile("lock; addl $0,0(%%esp)" ::: "memory"); }

#endif
