/* pit.h - the 8253/8254 programmable interval timer, used only to
 * calibrate the TSC and the LAPIC timer at boot. */
#ifndef DRIVERS_PIT_H
#define DRIVERS_PIT_H

#include <stdint.h>

#define PIT_HZ	1193182u	/* input clock */

/* Channel 0, mode 0: raise IRQ 0 once, count ticks from now. */
void pit_oneshot(uint16_t count);

/* 1 once the count pit_oneshot() started has run out (channel 0's OUT pin
 * is high in mode 0), read with the 8254's read-back command; else 0. */
int pit_expired(void);

#endif
