/*
 * clear.c - /bin/clear: clear the console.
 *
 *   clear     cursor home, erase the screen and the scrollback, with the
 *             ANSI (ECMA-48) sequences ncurses' clear sends to an xterm:
 *             CSI H, CSI 2 J, CSI 3 J
 *
 * System calls: write.
 */
#include <unistd.h>

int
main(void)
{
	static const char seq[] = "\033[H\033[2J\033[3J";

	return write(1, seq, sizeof(seq) - 1) == sizeof(seq) - 1 ? 0 : 1;
}
