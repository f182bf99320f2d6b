/*
 * dlfcn.h - the dynamic loader's interface.  Quanta's programs are static
 * and there is no loader, so dlopen() always fails and dlerror() says why,
 * as a static glibc or musl program's dlopen of an absent library does;
 * code that probes for an optional library (rt-tests' vDSO getcpu) then
 * takes its fallback.
 */
#ifndef _DLFCN_H
#define _DLFCN_H

#define RTLD_LAZY	0x0001
#define RTLD_NOW	0x0002
#define RTLD_NOLOAD	0x0004
#define RTLD_GLOBAL	0x0100
#define RTLD_LOCAL	0
#define RTLD_NODELETE	0x1000
#define RTLD_DEFAULT	((void *)0)
#define RTLD_NEXT	((void *)-1l)

void *dlopen(const char *file, int mode);
void *dlsym(void *handle, const char *name);
int dlclose(void *handle);
char *dlerror(void);

#endif
