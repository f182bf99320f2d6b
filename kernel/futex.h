/*
 * futex.h - fast user-space locks (futex.c): the wait queues that
 * FUTEX_WAIT and FUTEX_WAKE use, hashed by user address.
 */
#ifndef KERNEL_FUTEX_H
#define KERNEL_FUTEX_H

/* Set up the hash buckets.  BSP, once, before the first user program. */
void futex_init(void);

#endif
