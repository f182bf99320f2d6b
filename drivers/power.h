/* power.h - turning the machine off with a status for the test runner. */
#ifndef DRIVERS_POWER_H
#define DRIVERS_POWER_H

/*
 * Power off, reporting v (0..127): under QEMU through isa-debug-exit at port
 * 0xf4, so QEMU exits with status (v << 1) | 1 (architecture contract 4);
 * under Bochs through its shutdown port; elsewhere ACPI S5; failing all of
 * those, halt.
 */
void machine_poweroff(int v) __attribute__((noreturn));
/* Reset the machine (the reboot system call). */
void machine_reboot(void) __attribute__((noreturn));

#endif
