/*
 * dmesg.c - /bin/dmesg: print the kernel log.
 *
 *   dmesg          every line the kernel printed that its ring still
 *                  holds, oldest first, as the console showed them
 *                  ("[seconds.micros] cpuN: text")
 *
 * The ring keeps the newest bytes (docs/syscalls.md, syslog); once it is
 * full it has usually wrapped and its oldest line is a tail, so the first
 * line of a full ring is left out (util-linux's dmesg shows whole records
 * only).
 *
 * System calls: syslog (SYSLOG_ACTION_SIZE_BUFFER, then READ_ALL), write.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	int size, n;
	char *buf, *start;

	if (argc > 1) {
		fprintf(stderr, "usage: dmesg\n");
		return 2;
	}
	if ((size = klogctl(SYSLOG_ACTION_SIZE_BUFFER, NULL, 0)) < 0 ||
	    !(buf = malloc(size))) {
		perror("dmesg");
		return 1;
	}
	if ((n = klogctl(SYSLOG_ACTION_READ_ALL, buf, size)) < 0) {
		perror("dmesg: read kernel buffer failed");
		return 1;
	}
	start = buf;
	if (n == size) {		/* full: the ring may have wrapped */
		char *nl = memchr(buf, '\n', n);
		start = nl ? nl + 1 : buf + n;
	}
	fwrite(start, 1, buf + n - start, stdout);
	return 0;
}
