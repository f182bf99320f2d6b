/*
 * poweroff.c - /bin/poweroff: turn the machine off now (QEMU exits).
 *
 *   poweroff
 *
 * System calls: reboot (RB_POWER_OFF).
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
		fprintf(stderr, "usage: poweroff\n");
		return 2;
	}
	(void)argv;
	fflush(stdout);
	reboot(RB_POWER_OFF);
	fprintf(stderr, "poweroff: %s\n", strerror(errno));
	return 1;
}
