/*
 * ap_boot.c - starting the application processors (APs).
 *
 * For each CPU firmware listed, one at a time (Intel MP spec 1.4, B.4):
 * fill the trampoline's slots (page directory, stack, entry, CPU number),
 * send INIT, wait 10 ms, send STARTUP with the trampoline's page, wait
 * 200 us, send a second STARTUP if the AP has not checked in, then wait up
 * to AP_TIMEOUT_NS for it to come online.  The BSP waits by halting (its
 * tick is running), so under QEMU -icount the waits cost no host time.
 *
 * An AP that misses its deadline is reported and skipped.  It must not
 * wake up later and use a CPU number meanwhile given to another CPU, so an
 * AP first claims its start-up ticket, unique to each attempt; a ticket
 * the BSP has withdrawn makes the late AP halt for good.
 */
#include <stdint.h>
#include "arch/x86/arch.h"
#include "arch/x86/lapic.h"
#include "arch/x86/mmu.h"
#include "arch/x86/paging.h"
#include "arch/x86/platform.h"
#include "kernel/cpu.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/time.h"
#include "kernel/upcall.h"

#define TRAMPOLINE	0x8000
#define AP_TIMEOUT_NS	200000000ull	/* 200 ms */
#define TICKET_TAKEN	-2
#define TICKET_VOID	-1
#define TICKET(attempt, id)	(((attempt) << 8) | (id))

extern char trampoline_start[], trampoline_end[];

struct trampoline_slots {		/* at TRAMPOLINE + 4, see trampoline.asm */
	uint32_t cr3;
	uint32_t stack;
	uint32_t entry;
	uint32_t arg;
};

static volatile int ticket = TICKET_VOID;	/* attempt being started */
static int attempts;

static void __attribute__((noreturn))
ap_entry(int my_ticket)
{
	int expect = my_ticket, id = my_ticket & 0xff;

	if (!__atomic_compare_exchange_n(&ticket, &expect, TICKET_TAKEN, 0,
					 __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		arch_halt_forever();	/* too late: the BSP gave up on us */
	cpu_tables_init(&cpus[id]);
	idt_load();
	kmain_ap(&cpus[id]);
	panic("kmain_ap returned");
}

static int
wait_online(struct cpu *c, uint64_t ns)
{
	uint64_t end = sched_clock() + ns;

	while (!c->online && sched_clock() < end)
		delay_ns(100000);
	return c->online;
}

/* Withdraw the ticket; if the AP took it already, it is past the point of
 * no return and must come up. */
static int
give_up(struct cpu *c, int my_ticket)
{
	int expect = my_ticket;

	if (__atomic_compare_exchange_n(&ticket, &expect, TICKET_VOID, 0,
					__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		return 0;
	if (!wait_online(c, 10 * AP_TIMEOUT_NS))
		panic("cpu%d started but never finished its bring-up", c->id);
	return 1;
}

static int
start_one(int id, uint32_t apic_id)
{
	struct trampoline_slots *slots = P2V(TRAMPOLINE + 4);
	struct cpu *c = &cpus[id];
	uintptr_t stack = kstack_alloc();
	int my_ticket = TICKET(++attempts, id);

	if (!stack)
		panic("smp: no memory for cpu%d's stack", id);
	memset(c, 0, sizeof(*c));
	c->id = id;
	c->apic_id = apic_id;
	c->idle_stack_top = stack + KSTACK_SIZE;
	slots->cr3 = paging_kernel_pgdir_phys();
	slots->stack = c->idle_stack_top;
	slots->entry = (uint32_t)ap_entry;
	slots->arg = (uint32_t)my_ticket;
	__atomic_store_n(&ticket, my_ticket, __ATOMIC_SEQ_CST);

	lapic_init_ipi(apic_id);
	delay_ns(10000000);
	lapic_startup_ipi(apic_id, TRAMPOLINE);
	delay_ns(200000);
	if (ticket == my_ticket)
		lapic_startup_ipi(apic_id, TRAMPOLINE);
	if (wait_online(c, AP_TIMEOUT_NS) || give_up(c, my_ticket))
		return 1;
	/* The stack stays allocated: a late AP may still be standing on it. */
	printk("smp: cpu with apic id %u did not answer; skipped\n", apic_id);
	return 0;
}

int
smp_start_aps(void)
{
	memcpy(P2V(TRAMPOLINE), trampoline_start,
	       (size_t)(trampoline_end - trampoline_start));
	for (int i = 1; i < platform.ncpu; i++)
		if (start_one(ncpu, platform.apic_id[i]))
			ncpu++;
	return ncpu;
}
