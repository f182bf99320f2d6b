/*
 * sys_log.c - syslog(2): the kernel log for dmesg.
 *
 * The log is printk's ring (kernel/printk.c), every stamped line the
 * console showed.  Two of Linux's actions are implemented, with Linux's
 * numbers and results, as Linux 6.6 include/linux/syslog.h defines them
 * and Linux 6.6 kernel/printk/printk.c (do_syslog()) implements them:
 *
 *   SYSLOG_ACTION_READ_ALL (3)     copy the newest len bytes of the log
 *                                  to buf, oldest first; returns the
 *                                  bytes copied; the log is unchanged
 *   SYSLOG_ACTION_SIZE_BUFFER (10) the size of the ring in bytes
 *
 * Linux copies whole records; Quanta's ring holds bytes, so a READ_ALL
 * shorter than the log (or of a ring that has wrapped) may begin in the
 * middle of a line, which dmesg drops.  Every other action is -EINVAL
 * (Linux's answer to an unknown one); Linux also asks for CAP_SYSLOG
 * when dmesg_restrict is set, and Quanta has no users to restrict.
 */
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/kmalloc.h"
#include "kernel/mm.h"
#include "kernel/printk.h"
#include "kernel/syscall.h"

SYSCALL(sys_syslog)
{
	int type = (int)a1, len = (int)a3;
	size_t n;
	char *tmp;
	int r;

	(void)a4, (void)a5;
	if (type == Q_SYSLOG_ACTION_SIZE_BUFFER)
		return (int32_t)printk_log_size;
	if (type != Q_SYSLOG_ACTION_READ_ALL)
		return -EINVAL;
	if (len < 0 || (len > 0 && !a2))
		return -EINVAL;
	if (len == 0)
		return 0;
	if ((size_t)len > printk_log_size)
		len = (int)printk_log_size;
	/* The copy is taken under the console lock, the user copy after it:
	 * a fault must not happen with the lock held. */
	if (!(tmp = kmalloc((size_t)len)))
		return -ENOMEM;
	n = printk_log_read(tmp, (size_t)len);
	r = copy_to_user((void *)a2, tmp, n);
	kfree(tmp);
	return r < 0 ? -EFAULT : (int32_t)n;
}
