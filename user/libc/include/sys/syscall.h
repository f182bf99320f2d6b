/* sys/syscall.h - system call numbers, for syscall(2). */
#ifndef _SYS_SYSCALL_H
#define _SYS_SYSCALL_H
#include <uapi/syscall.h>
#endif
