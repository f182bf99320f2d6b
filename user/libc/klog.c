/* klog.c - klogctl(), the kernel log (<sys/klog.h>). */
#include <sys/klog.h>
#include "internal.h"

int
klogctl(int type, char *buf, int len)
{
	return __sysret(__sys3(SYS_syslog, type, __A(buf), len));
}
