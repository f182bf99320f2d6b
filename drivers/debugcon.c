/*
 * debugcon.c - the 0xe9 debug console: one byte per "out" instruction, no
 * status polling, so it is the cheap channel for machine-readable data
 * (traces, result dumps) that test runners capture to a file.
 */
#include <stdint.h>
#include "arch/x86/x86.h"
#include "drivers/uart.h"

#define DEBUGCON	0xE9

void
debugcon_write(const char *s, uint32_t n)
{
	while (n--)
		outb(DEBUGCON, (uint8_t)*s++);
}
