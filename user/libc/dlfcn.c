/*
 * dlfcn.c - no dynamic loading (see <dlfcn.h>).  dlerror() reports the
 * last failure once, then NULL, as POSIX says.
 */
#include <dlfcn.h>
#include <stddef.h>

static char *dl_last;

void *
dlopen(const char *file, int mode)
{
	(void)file;
	(void)mode;
	dl_last = "dlopen: dynamic loading is not supported "
		  "(static program)";
	return NULL;
}

void *
dlsym(void *handle, const char *name)
{
	(void)handle;
	(void)name;
	dl_last = "dlsym: no such symbol (static program)";
	return NULL;
}

int
dlclose(void *handle)
{
	(void)handle;
	dl_last = "dlclose: invalid handle";
	return -1;
}

char *
dlerror(void)
{
	char *e = dl_last;

	dl_last = NULL;
	return e;
}
