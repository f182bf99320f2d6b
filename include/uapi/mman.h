/*
 * uapi/mman.h - mmap, mprotect, mlock and madvise constants with Linux's
 * i386 values (Linux 6.1 include/uapi/asm-generic/mman-common.h, mman.h).
 */
#ifndef QUANTA_UAPI_MMAN_H
#define QUANTA_UAPI_MMAN_H

#define Q_PROT_NONE	0x0
#define Q_PROT_READ	0x1
#define Q_PROT_WRITE	0x2
#define Q_PROT_EXEC	0x4

#define Q_MAP_SHARED	0x01
#define Q_MAP_PRIVATE	0x02
#define Q_MAP_TYPE	0x0f
#define Q_MAP_FIXED	0x10
#define Q_MAP_ANONYMOUS	0x20
#define Q_MAP_NORESERVE	0x4000
#define Q_MAP_POPULATE	0x8000
#define Q_MAP_LOCKED	0x2000
#define Q_MAP_STACK	0x20000
#define Q_MAP_FIXED_NOREPLACE 0x100000

#define Q_MCL_CURRENT	1
#define Q_MCL_FUTURE	2
#define Q_MCL_ONFAULT	4

#define Q_MADV_NORMAL	0
#define Q_MADV_DONTNEED	4

#endif
