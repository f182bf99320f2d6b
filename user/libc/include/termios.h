/*
 * termios.h - the console's modes (POSIX general terminal interface).
 *
 * struct termios is Linux's kernel one (NCCS 19), which TCGETS/TCSETS
 * carry unconverted; there are no line speeds (the cfget/cfset calls
 * accept and report B38400).
 */
#ifndef _TERMIOS_H
#define _TERMIOS_H

#include <sys/types.h>
#include <uapi/types.h>

typedef unsigned char cc_t;
typedef unsigned int speed_t;
typedef unsigned int tcflag_t;

#define NCCS		Q_NCCS
struct termios {
	tcflag_t c_iflag, c_oflag, c_cflag, c_lflag;
	cc_t c_line;
	cc_t c_cc[NCCS];
};

#define VINTR		Q_VINTR
#define VQUIT		Q_VQUIT
#define VERASE		Q_VERASE
#define VKILL		Q_VKILL
#define VEOF		Q_VEOF
#define VTIME		Q_VTIME
#define VMIN		Q_VMIN
#define VSTART		Q_VSTART
#define VSTOP		Q_VSTOP
#define VSUSP		Q_VSUSP
#define VEOL		Q_VEOL
#define VREPRINT	Q_VREPRINT
#define VDISCARD	Q_VDISCARD
#define VWERASE		Q_VWERASE
#define VLNEXT		Q_VLNEXT
#define VEOL2		Q_VEOL2

#define IGNBRK		0000001
#define BRKINT		0000002
#define IGNPAR		0000004
#define PARMRK		0000010
#define INPCK		0000020
#define ISTRIP		0000040
#define INLCR		Q_INLCR
#define IGNCR		Q_IGNCR
#define ICRNL		Q_ICRNL
#define IXON		Q_IXON
#define IXANY		0004000
#define IXOFF		0010000

#define OPOST		Q_OPOST
#define ONLCR		Q_ONLCR

#define CSIZE		0000060
#define CS8		Q_CS8
#define CSTOPB		0000100
#define CREAD		Q_CREAD
#define PARENB		0000400
#define HUPCL		0002000
#define CLOCAL		0004000
#define B0		0000000
#define B9600		0000015
#define B38400		Q_B38400

#define ISIG		Q_ISIG
#define ICANON		Q_ICANON
#define ECHO		Q_ECHO
#define ECHOE		Q_ECHOE
#define ECHOK		Q_ECHOK
#define ECHONL		Q_ECHONL
#define NOFLSH		Q_NOFLSH
#define TOSTOP		Q_TOSTOP
#define ECHOCTL		Q_ECHOCTL
#define ECHOKE		Q_ECHOKE
#define IEXTEN		Q_IEXTEN

#define TCSANOW		0
#define TCSADRAIN	1
#define TCSAFLUSH	2
#define TCIFLUSH	0
#define TCOFLUSH	1
#define TCIOFLUSH	2

int tcgetattr(int fd, struct termios *t);
int tcsetattr(int fd, int when, const struct termios *t);
void cfmakeraw(struct termios *t);
speed_t cfgetispeed(const struct termios *t);
speed_t cfgetospeed(const struct termios *t);
int cfsetispeed(struct termios *t, speed_t s);
int cfsetospeed(struct termios *t, speed_t s);
int tcflush(int fd, int queue);
int tcdrain(int fd);

#endif
