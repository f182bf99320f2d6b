/*
 * power.c - power-off for emulators and for ACPI machines.
 */
#include "arch/x86/arch.h"
#include "arch/x86/platform.h"
#include "arch/x86/x86.h"
#include "drivers/power.h"
#include "kernel/printk.h"

#define QEMU_DEBUG_EXIT	0xf4	/* -device isa-debug-exit,iobase=0xf4 */
#define BOCHS_SHUTDOWN	0x8900
#define KBC_STATUS	0x64	/* 8042 keyboard controller command port */
#define KBC_RESET	0xfe	/* pulse the CPU reset line */

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

/*
 * Reset the machine: the keyboard controller's reset line (command 0xFE
 * to port 0x64), which PCs and QEMU honour; under QEMU's -no-reboot the
 * reset ends QEMU, and tools/qemu.py boots again when the data channel's
 * last line says so.
 */
void
machine_reboot(void)
{
	cli();
	data_write("quanta: reboot\n", 15);
	outb(KBC_STATUS, KBC_RESET);
	arch_halt_forever();
}
