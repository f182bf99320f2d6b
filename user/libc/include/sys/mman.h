/*
 * sys/mman.h - anonymous memory mappings (uapi/mman.h, Linux's values).
 * Only MAP_ANONYMOUS mappings exist; mlock and friends succeed and do
 * nothing, since Quanta never pages memory out (docs/syscalls.md).
 */
#ifndef _SYS_MMAN_H
#define _SYS_MMAN_H

#include <sys/types.h>
#include <uapi/mman.h>

#define PROT_NONE	Q_PROT_NONE
#define PROT_READ	Q_PROT_READ
#define PROT_WRITE	Q_PROT_WRITE
#define PROT_EXEC	Q_PROT_EXEC

#define MAP_SHARED	Q_MAP_SHARED
#define MAP_PRIVATE	Q_MAP_PRIVATE
#define MAP_SHARED_VALIDATE 0x03
#define MAP_TYPE	Q_MAP_TYPE
#define MAP_FIXED	Q_MAP_FIXED
#define MAP_ANONYMOUS	Q_MAP_ANONYMOUS
#define MAP_ANON	MAP_ANONYMOUS
#define MAP_NORESERVE	Q_MAP_NORESERVE
#define MAP_POPULATE	Q_MAP_POPULATE
#define MAP_LOCKED	Q_MAP_LOCKED
#define MAP_STACK	Q_MAP_STACK
#define MAP_FIXED_NOREPLACE Q_MAP_FIXED_NOREPLACE
#define MAP_FAILED	((void *)-1)

#define MCL_CURRENT	Q_MCL_CURRENT
#define MCL_FUTURE	Q_MCL_FUTURE
#define MCL_ONFAULT	Q_MCL_ONFAULT

#define MADV_NORMAL	0
#define MADV_RANDOM	1
#define MADV_SEQUENTIAL	2
#define MADV_WILLNEED	3
#define MADV_DONTNEED	Q_MADV_DONTNEED
#define POSIX_MADV_NORMAL	0
#define POSIX_MADV_RANDOM	1
#define POSIX_MADV_SEQUENTIAL	2
#define POSIX_MADV_WILLNEED	3
#define POSIX_MADV_DONTNEED	4

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
int munmap(void *addr, size_t len);
int mprotect(void *addr, size_t len, int prot);
int madvise(void *addr, size_t len, int advice);
int posix_madvise(void *addr, size_t len, int advice);
int mlock(const void *addr, size_t len);
int munlock(const void *addr, size_t len);
int mlockall(int flags);
int munlockall(void);

/* POSIX shared memory objects: glibc keeps them in a tmpfs at /dev/shm
 * and fails with ENOSYS where none is mounted, as on Quanta, whose mmap
 * maps no files (user/libc/shm.c). */
int shm_open(const char *name, int oflag, mode_t mode);
int shm_unlink(const char *name);

#endif
