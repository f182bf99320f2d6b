/*
 * pit.c - one-shot use of PIT channel 0.
 */
#include <stdint.h>
#include "arch/x86/x86.h"
#include "drivers/pit.h"

#define PIT_CH0		0x40
#define PIT_CMD		0x43
#define CMD_CH0_LOHI_MODE0	0x30	/* channel 0, lo/hi byte, mode 0, binary */
#define CMD_READBACK_STATUS0	0xe2	/* read-back: status, not count, ch 0 */
#define STATUS_OUT		0x80	/* the status byte's OUT pin */

void
pit_oneshot(uint16_t count)
{
	outb(PIT_CMD, CMD_CH0_LOHI_MODE0);
	outb(PIT_CH0, count & 0xff);
	outb(PIT_CH0, count >> 8);	/* counting starts with this byte */
}

int
pit_expired(void)
{
	outb(PIT_CMD, CMD_READBACK_STATUS0);
	return (inb(PIT_CH0) & STATUS_OUT) != 0;
}
