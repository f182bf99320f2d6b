/* uart.h - the 8250/16550 serial ports. */
#ifndef DRIVERS_UART_H
#define DRIVERS_UART_H

#include <stdint.h>

#define COM1	0x3F8
#define COM2	0x2F8

int uart_init(uint16_t port, uint32_t baud);	/* 0 ok, -1 no UART */
void uart_putc(uint16_t port, char c);
/* Route COM1's receive interrupt (IRQ 4) to the BSP; received bytes go to
 * console_input(). */
void uart_enable_rx(void);

/* 0xe9 debug console (QEMU -debugcon, Bochs port_e9_hack). */
void debugcon_write(const char *s, uint32_t n);

#endif
