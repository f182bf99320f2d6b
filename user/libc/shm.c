/*
 * shm.c - the named objects Quanta cannot make: POSIX shared memory
 * (shm_open), FIFOs (mkfifo) and device nodes (mknod).
 *
 * glibc's shm_open opens NAME under the tmpfs mounted at /dev/shm and
 * fails with ENOSYS when there is none; Quanta has no /dev/shm and its
 * mmap maps anonymous memory only, so the same answer is the honest one
 * (an object in /tmp could be opened but never mapped).  Names are still
 * checked first, as glibc does: one leading '/', no other.  FIFOs and
 * device nodes need file kinds the VFS does not have.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

static int
shm_name_ok(const char *name)
{
	while (*name == '/')
		name++;
	return *name && strchr(name, '/') == NULL && strlen(name) < 255;
}

int
shm_open(const char *name, int oflag, mode_t mode)
{
	(void)oflag;
	(void)mode;
	errno = shm_name_ok(name) ? ENOSYS : EINVAL;
	return -1;
}

int
shm_unlink(const char *name)
{
	errno = shm_name_ok(name) ? ENOSYS : EINVAL;
	return -1;
}

int
mkfifo(const char *path, mode_t mode)
{
	(void)path;
	(void)mode;
	errno = ENOSYS;
	return -1;
}

int
mknod(const char *path, mode_t mode, dev_t dev)
{
	(void)path;
	(void)mode;
	(void)dev;
	errno = ENOSYS;
	return -1;
}
