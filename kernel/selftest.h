/*
 * selftest.h - built-in tests selected with "test=<name>" on the command
 * line.  Each prints "TEST <name>: PASS" or "TEST <name>: FAIL <reason>" and
 * powers off with 0 (pass) or 1 (fail); some end in a deliberate panic.
 * tests/cases.py lists what the runner expects of each.
 */
#ifndef KERNEL_SELFTEST_H
#define KERNEL_SELFTEST_H

/* Body of the kernel thread that runs the test named by arg. */
void selftest_thread(void *arg) __attribute__((noreturn));

#endif
