/*
 * t_sigpause - the shape of every benchmark's timer: a SIGALRM handler
 * and a loop in pause().  Runs under every policy: ten alarms 5 ms apart
 * each wake the pause, and the handler ran once per wakeup.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/time.h>
#include "check.h"

static volatile sig_atomic_t alarms;

static void
on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

int
main(void)
{
	struct sigaction sa;
	struct itimerval it;
	int wakeups = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	CHECK_EQ(sigaction(SIGALRM, &sa, NULL), 0);
	memset(&it, 0, sizeof(it));
	it.it_value.tv_usec = 5000;
	it.it_interval.tv_usec = 5000;
	CHECK_EQ(setitimer(ITIMER_REAL, &it, NULL), 0);
	while (alarms < 10) {
		CHECK_EQ(pause(), -1);
		CHECK_EQ(errno, EINTR);
		wakeups++;
	}
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	CHECK_EQ(wakeups, 10);
	CHECK_EQ(alarms, 10);
	/* alarm(): whole seconds, the same path */
	alarms = 0;
	alarm(1);
	CHECK_EQ(pause(), -1);
	CHECK_EQ(alarms, 1);
	check_done("t_sigpause");
}
