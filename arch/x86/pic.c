/*
 * pic.c - switch off the legacy 8259 interrupt controllers.
 *
 * Quanta takes every interrupt through the LAPIC and IOAPIC, but the two
 * 8259s are still there after the BIOS.  They are remapped away from the
 * CPU exception vectors (otherwise a stray timer IRQ 0 would arrive on
 * vector 8 and look like a double fault) and then fully masked.
 */
#include "arch/x86/arch.h"
#include "arch/x86/trap.h"
#include "arch/x86/x86.h"

#define PIC1_CMD	0x20
#define PIC1_DATA	0x21
#define PIC2_CMD	0xA0
#define PIC2_DATA	0xA1
#define ICW1_INIT	0x11	/* edge, cascade, ICW4 follows */
#define ICW4_8086	0x01

void
pic_disable(void)
{
	outb(PIC1_DATA, 0xff);
	outb(PIC2_DATA, 0xff);
	outb(PIC1_CMD, ICW1_INIT);
	outb(PIC2_CMD, ICW1_INIT);
	outb(PIC1_DATA, T_PIC_BASE);		/* ICW2: vector base */
	outb(PIC2_DATA, T_PIC_BASE + 8);
	outb(PIC1_DATA, 1 << 2);		/* ICW3: slave on IRQ 2 */
	outb(PIC2_DATA, 2);
	outb(PIC1_DATA, ICW4_8086);
	outb(PIC2_DATA, ICW4_8086);
	outb(PIC1_DATA, 0xff);			/* mask everything */
	outb(PIC2_DATA, 0xff);
}
