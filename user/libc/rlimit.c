/*
 * rlimit.c - resource limits on top of prlimit64, as glibc does: the
 * 32-bit struct rlimit reads a limit too large for it as RLIM_INFINITY,
 * and RLIM_INFINITY written through it is the kernel's infinity.
 */
#include <sys/resource.h>
#include <unistd.h>
#include "internal.h"

int
prlimit64(pid_t pid, int resource, const struct rlimit64 *nw,
	  struct rlimit64 *old)
{
	return __sysret(__sys4(SYS_prlimit64, pid, resource, __A(nw),
			       __A(old)));
}

static rlim_t
narrow(rlim64_t v)
{
	return v >= RLIM_INFINITY ? RLIM_INFINITY : (rlim_t)v;
}

static rlim64_t
widen(rlim_t v)
{
	return v == RLIM_INFINITY ? RLIM64_INFINITY : v;
}

int
prlimit(pid_t pid, int resource, const struct rlimit *nw, struct rlimit *old)
{
	struct rlimit64 n64, o64;

	if (nw) {
		n64.rlim_cur = widen(nw->rlim_cur);
		n64.rlim_max = widen(nw->rlim_max);
	}
	if (prlimit64(pid, resource, nw ? &n64 : NULL, old ? &o64 : NULL) < 0)
		return -1;
	if (old) {
		old->rlim_cur = narrow(o64.rlim_cur);
		old->rlim_max = narrow(o64.rlim_max);
	}
	return 0;
}

int
getrlimit(int resource, struct rlimit *rl)
{
	return prlimit(0, resource, NULL, rl);
}

int
setrlimit(int resource, const struct rlimit *rl)
{
	return prlimit(0, resource, rl, NULL);
}

int
getrlimit64(int resource, struct rlimit64 *rl)
{
	return prlimit64(0, resource, NULL, rl);
}

int
setrlimit64(int resource, const struct rlimit64 *rl)
{
	return prlimit64(0, resource, rl, NULL);
}

int
getdtablesize(void)
{
	struct rlimit rl;

	return getrlimit(RLIMIT_NOFILE, &rl) < 0 ? 1024 : (int)rl.rlim_cur;
}
