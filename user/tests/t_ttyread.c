/*
 * t_ttyread - a read of the console interrupted by SIGALRM after 0.2 s,
 * for the console test (tests/cases.py drives the keyboard).
 *
 *   t_ttyread intr       no SA_RESTART: prints "read: EINTR"
 *   t_ttyread restart    SA_RESTART: the read goes on and prints the
 *                        line typed afterwards, "read: got LINE"
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/time.h>

static volatile int alarms;

static void
on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

int
main(int argc, char **argv)
{
	struct sigaction sa;
	struct itimerval it;
	char buf[128];
	ssize_t n;

	if (argc != 2 || (strcmp(argv[1], "intr") && strcmp(argv[1], "restart"))) {
		fprintf(stderr, "usage: t_ttyread intr|restart\n");
		return 2;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sa.sa_flags = strcmp(argv[1], "restart") == 0 ? SA_RESTART : 0;
	sigaction(SIGALRM, &sa, NULL);
	memset(&it, 0, sizeof(it));
	it.it_value.tv_usec = 200000;
	setitimer(ITIMER_REAL, &it, NULL);
	printf("reading\n");
	fflush(stdout);
	n = read(0, buf, sizeof(buf) - 1);
	if (n < 0) {
		printf("read: %s after %d alarm(s)\n",
		       errno == EINTR ? "EINTR" : strerror(errno), alarms);
		return 1;
	}
	buf[n] = 0;
	buf[strcspn(buf, "\n")] = 0;
	printf("read: got %s after %d alarm(s)\n", buf, alarms);
	return 0;
}
