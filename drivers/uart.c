/*
 * uart.c - 8250-compatible serial ports, polled for output and
 * interrupt-driven for input.
 *
 * Register offsets from the port base (the National 8250/16550 names):
 * THR/RBR data, IER interrupt enable, FCR FIFO control, LCR line control,
 * MCR modem control, LSR line status; with LCR.DLAB set, offsets 0 and 1 are
 * the divisor latch.
 */
#include <stdint.h>
#include "arch/x86/ioapic.h"
#include "arch/x86/lapic.h"
#include "arch/x86/trap.h"
#include "arch/x86/x86.h"
#include "drivers/uart.h"
#include "kernel/console.h"

#define THR	0
#define RBR	0
#define DLL	0
#define IER	1
#define  IER_RX		0x01
#define DLM	1
#define FCR	2
#define LCR	3
#define  LCR_8N1	0x03
#define  LCR_DLAB	0x80
#define MCR	4
#define  MCR_DTR_RTS_OUT2 0x0B	/* OUT2 gates the IRQ line on PCs */
#define LSR	5
#define  LSR_DR		0x01	/* data ready */
#define  LSR_THRE	0x20	/* transmit holding register empty */
#define UART_CLOCK	115200
#define COM1_IRQ	4

int
uart_init(uint16_t port, uint32_t baud)
{
	uint16_t div = (uint16_t)(UART_CLOCK / baud);

	if (inb(port + LSR) == 0xff)
		return -1;		/* nothing answers at this port */
	outb(port + IER, 0);
	outb(port + LCR, LCR_DLAB);
	outb(port + DLL, div & 0xff);
	outb(port + DLM, div >> 8);
	outb(port + LCR, LCR_8N1);
	outb(port + FCR, 0x05);		/* enable FIFOs, clear the transmit
					 * side only: input that arrived
					 * already stays */
	outb(port + MCR, MCR_DTR_RTS_OUT2);
	return 0;
}

void
uart_putc(uint16_t port, char c)
{
	for (int i = 0; i < 100000 && !(inb(port + LSR) & LSR_THRE); i++)
		cpu_relax();
	outb(port + THR, (uint8_t)c);
}

static void
uart_rx_interrupt(struct trapframe *tf)
{
	(void)tf;
	while (inb(COM1 + LSR) & LSR_DR)
		console_input((char)inb(COM1 + RBR));
}

void
uart_enable_rx(void)
{
	int vector = ioapic_enable_isa(COM1_IRQ, lapic_id());

	trap_register(vector, uart_rx_interrupt, "com1");
	outb(COM1 + IER, IER_RX);
	/* drain anything that arrived before the IRQ was routed */
	while (inb(COM1 + LSR) & LSR_DR)
		console_input((char)inb(COM1 + RBR));
}
