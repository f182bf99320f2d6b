/* sys/ioctl.h - ioctl() and the terminal requests (Linux's numbers). */
#ifndef _SYS_IOCTL_H
#define _SYS_IOCTL_H

#include <uapi/types.h>

#define TCGETS		Q_TCGETS
#define TCSETS		Q_TCSETS
#define TCSETSW		Q_TCSETSW
#define TCSETSF		Q_TCSETSF
#define TIOCGPGRP	Q_TIOCGPGRP
#define TIOCSPGRP	Q_TIOCSPGRP
#define TIOCGWINSZ	Q_TIOCGWINSZ
#define FIONREAD	Q_FIONREAD	/* int *: bytes ready to read */
#define FIONBIO		0x5421		/* int *: O_NONBLOCK on or off */
#define FIONCLEX	0x5450		/* clear FD_CLOEXEC */
#define FIOCLEX		0x5451		/* set FD_CLOEXEC */

struct winsize {
	unsigned short ws_row, ws_col, ws_xpixel, ws_ypixel;
};

int ioctl(int fd, unsigned long req, ...);

#endif
