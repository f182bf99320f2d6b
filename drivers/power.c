/*
 * power.c - power-off for emulators and for ACPI machines.
 */
#include "arch/x86/arch.h"
#include "arch/x86/platform.h"
#include "arch/x86/x86.h"
#include "drivers/power.h"

#define QEMU_DEBUG_EXIT	0xf4	/* -device isa-debug-exit,iobase=0xf4 */
#define BOCHS_SHUTDOWN	0x8900

void
machine_poweroff(int v)
{
	const char *s = "Shutdown";

	cli();
	outb(QEMU_DEBUG_EXIT, (uint8_t)v);
	/* Still here: not QEMU with isa-debug-exit.  Bochs quits when it
	 * reads "Shutdown" on this port (its exit status is always 1). */
	while (*s)
		outb(BOCHS_SHUTDOWN, (uint8_t)*s++);
	acpi_poweroff();
	arch_halt_forever();
}
