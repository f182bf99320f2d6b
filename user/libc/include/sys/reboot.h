/* sys/reboot.h - reboot(): power off or restart the machine (glibc's). */
#ifndef _SYS_REBOOT_H
#define _SYS_REBOOT_H

#include <uapi/types.h>

#define RB_AUTOBOOT	Q_REBOOT_CMD_RESTART
#define RB_POWER_OFF	Q_REBOOT_CMD_POWER_OFF

int reboot(int cmd);

#endif
