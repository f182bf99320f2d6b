/*
 * sys/klog.h - the kernel log, as glibc's klogctl() (the syslog(2) system
 * call; the name syslog() belongs to the C library's logging function).
 */
#ifndef _SYS_KLOG_H
#define _SYS_KLOG_H

#include <uapi/types.h>

#define SYSLOG_ACTION_READ_ALL		Q_SYSLOG_ACTION_READ_ALL
#define SYSLOG_ACTION_SIZE_BUFFER	Q_SYSLOG_ACTION_SIZE_BUFFER

/* READ_ALL: copy the newest len bytes of the log to buf, return the bytes
 * copied; SIZE_BUFFER: return the log's size.  -1 and errno on error
 * (EINVAL: another action, len < 0, or no buffer). */
int klogctl(int type, char *buf, int len);

#endif
