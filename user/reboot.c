/*
 * reboot.c - /bin/reboot: restart the machine now (make run boots again).
 *
 *   reboot
 *
 * System calls: reboot (RB_AUTOBOOT).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/reboot.h>

int
main(int argc, char **argv)
{
	if (argc > 1) {
		fprintf(stderr, "usage: reboot\n");
		return 2;
	}
	(void)argv;
	fflush(stdout);
	reboot(RB_AUTOBOOT);
	fprintf(stderr, "reboot: %s\n", strerror(errno));
	return 1;
}
