/* config.h - compile-time limits shared by the whole kernel. */
#ifndef KERNEL_CONFIG_H
#define KERNEL_CONFIG_H

#define MAX_CPUS	16	/* CPUs beyond this are reported and skipped */

/* The debug checks (make SCHED_DEBUG=0 turns them off, as `make bench`
 * does): the runqueue invariants on every schedule() and tick, the
 * policies' own structure checks, and spinlock misuse (taking a lock this
 * CPU holds, releasing one it does not). */
#ifndef SCHED_DEBUG
#define SCHED_DEBUG	1
#endif

#ifndef CONFIG_HZ
#define CONFIG_HZ	1000	/* default tick rate; "hz=" overrides at boot */
#endif

/* Exit values written to isa-debug-exit (QEMU exits with (v << 1) | 1).
 * 0..125 are the init program's own exit status (architecture contract 4). */
#define EXIT_PANIC	126	/* QEMU status 253: the kernel panicked */
#define EXIT_NOINIT	127	/* QEMU status 255: init could not be started */

#endif
