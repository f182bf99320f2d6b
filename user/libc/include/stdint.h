/*
 * stdint.h - GCC's own fixed-width types.
 *
 * GCC's <stdint.h> wants to #include_next the C library's copy when the
 * program is compiled hosted (programs are, so GCC may optimise calls into
 * the libc it knows); this libc has nothing more to add, so go straight to
 * GCC's freestanding definitions.
 */
#ifndef _STDINT_H
#define _STDINT_H
#include <stdint-gcc.h>
#endif
