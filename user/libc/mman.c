/*
 * mman.c - anonymous memory mappings.  mmap's sixth argument, the offset,
 * means nothing for anonymous memory; it is checked here (page-aligned,
 * as Linux wants) and not passed.
 */
#include <sys/mman.h>
#include "internal.h"

void *
mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	long r;

	if (off & 4095) {
		errno = EINVAL;
		return MAP_FAILED;
	}
	r = __sys5(SYS_mmap, __A(addr), len, prot, flags, fd);
	if (__SYS_IS_ERR(r)) {
		errno = (int)-r;
		return MAP_FAILED;
	}
	return (void *)r;
}

int
munmap(void *addr, size_t len)
{
	return __sysret(__sys2(SYS_munmap, __A(addr), len));
}

int
mprotect(void *addr, size_t len, int prot)
{
	return __sysret(__sys3(SYS_mprotect, __A(addr), len, prot));
}

int
madvise(void *addr, size_t len, int advice)
{
	return __sysret(__sys3(SYS_madvise, __A(addr), len, advice));
}

/* POSIX: the error comes back instead of going to errno. */
int
posix_madvise(void *addr, size_t len, int advice)
{
	long r = __sys3(SYS_madvise, __A(addr), len, advice);

	return __SYS_IS_ERR(r) ? (int)-r : 0;
}

int
mlock(const void *addr, size_t len)
{
	return __sysret(__sys2(SYS_mlock, __A(addr), len));
}

int
munlock(const void *addr, size_t len)
{
	return __sysret(__sys2(SYS_munlock, __A(addr), len));
}

int
mlockall(int flags)
{
	return __sysret(__sys1(SYS_mlockall, flags));
}

int
munlockall(void)
{
	return __sysret(__sys0(SYS_munlockall));
}
