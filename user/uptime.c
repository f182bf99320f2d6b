/*
 * uptime.c - /bin/uptime: the time, how long the system has been up, the
 * number of users and the load averages, in procps-ng's format:
 *
 *    10:04:51 up 3 min,  0 users,  load average: 0.00, 0.00, 0.00
 *
 *   uptime        that line ("up D day(s), H:MM" once it is an hour)
 *   uptime -p     "up 3 minutes" (pretty)
 *
 * The time is CLOCK_REALTIME in UTC (Quanta keeps no time zone); users
 * are 0 (there are no logins).  The load averages come from
 * /proc/loadavg when it exists, else from sysinfo(2)'s loads, which
 * Quanta does not keep (0).
 *
 * System calls: clock_gettime, sysinfo, open, read, close, write.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <time.h>
#include <unistd.h>

/* The three load averages: /proc/loadavg, or sysinfo's. */
static void
load_averages(const struct sysinfo *si, double load[3])
{
	char buf[128];
	int fd = open("/proc/loadavg", O_RDONLY), n = 0;
	char *p, *end;

	if (fd >= 0) {
		n = (int)read(fd, buf, sizeof(buf) - 1);
		close(fd);
	}
	if (n > 0) {
		buf[n] = 0;
		p = buf;
		for (int i = 0; i < 3; i++, p = end)
			load[i] = strtod(p, &end);
		return;
	}
	for (int i = 0; i < 3; i++)
		load[i] = si->loads[i] / 65536.0;
}

static void
pretty(long up)
{
	long d = up / 86400, h = up / 3600 % 24, m = up / 60 % 60;
	const char *sep = "";

	printf("up ");
	if (d) {
		printf("%ld day%s", d, d == 1 ? "" : "s");
		sep = ", ";
	}
	if (h) {
		printf("%s%ld hour%s", sep, h, h == 1 ? "" : "s");
		sep = ", ";
	}
	if (m || (!d && !h))
		printf("%s%ld minute%s", sep, m, m == 1 ? "" : "s");
	putchar('\n');
}

int
main(int argc, char **argv)
{
	struct timespec now;
	struct sysinfo si;
	double load[3];
	long up, t;

	if (argc > 2 || (argc == 2 && strcmp(argv[1], "-p") != 0)) {
		fprintf(stderr, "usage: uptime [-p]\n");
		return 2;
	}
	if (sysinfo(&si) < 0 || clock_gettime(CLOCK_REALTIME, &now) < 0) {
		perror("uptime");
		return 1;
	}
	up = si.uptime;
	if (argc == 2) {
		pretty(up);
		return 0;
	}
	t = (long)(now.tv_sec % 86400);
	printf(" %02ld:%02ld:%02ld up ", t / 3600, t / 60 % 60, t % 60);
	if (up >= 86400)
		printf("%ld day%s, ", up / 86400, up / 86400 == 1 ? "" : "s");
	if (up / 3600 % 24)
		printf("%2ld:%02ld, ", up / 3600 % 24, up / 60 % 60);
	else
		printf("%ld min, ", up / 60 % 60);
	load_averages(&si, load);
	printf(" 0 users,  load average: %.2f, %.2f, %.2f\n", load[0], load[1],
	       load[2]);
	return 0;
}
