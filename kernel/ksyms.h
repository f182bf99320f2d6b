/*
 * ksyms.h - the kernel's own symbol table, for symbolized backtraces.
 *
 * The build links the kernel twice: tools/mksyms.py reads the function
 * symbols of the first link and emits them into the .ksyms section of the
 * second (see linker.ld for why no other address moves).
 */
#ifndef KERNEL_KSYMS_H
#define KERNEL_KSYMS_H

#include <stdint.h>

/* Name of the function containing addr and the offset into it, or NULL. */
const char *ksym_lookup(uintptr_t addr, uintptr_t *offset);

#endif
