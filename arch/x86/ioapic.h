/* ioapic.h - routing device interrupts (ISA IRQs) to CPUs. */
#ifndef ARCH_X86_IOAPIC_H
#define ARCH_X86_IOAPIC_H

#include <stdint.h>

void ioapic_init(void);		/* BSP: map it, mask every input */
/* Route ISA IRQ irq (after firmware overrides) to vector T_IRQ0 + gsi on
 * the CPU with the given APIC id.  Returns the vector. */
int ioapic_enable_isa(int irq, uint32_t dest_apic_id);
void ioapic_disable_isa(int irq);

#endif
