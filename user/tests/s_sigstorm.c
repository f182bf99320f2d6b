/*
 * s_sigstorm - thousands of signals between the threads of two processes
 * on every CPU, and nothing lost or leaked.
 *
 * Processes A and B each run two worker threads; worker i of A and worker
 * i of B play ping-pong with tgkill: A sends SIGUSR1, B takes it with
 * sigtimedwait and answers SIGUSR2.  Every signal must arrive: a wait
 * that times out (10 s) is a lost wakeup.  Meanwhile A's main thread
 * floods B with process-directed SIGALRMs, which only B's main thread
 * takes (the workers block it), in a handler that interrupts its pipe
 * read with SA_RESTART.  The whole storm runs twice; the free pages after
 * the second equal those after the first (the first fills the caches).
 *
 *   s_sigstorm [rounds]     (default 3000 per pair)
 */
#include <errno.h>
#include <pthread.h>
#include <quanta.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include "check.h"

#define WORKERS	2

static int rounds = 3000;
static int side;			/* 0: A (sends first), 1: B */
static pid_t peer_pid;
static pid_t peer_tid[WORKERS];
static volatile int alarms, flood_done;
static int lost;

static void
on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

static int
wait_for(int want)
{
	struct timespec ts = { 10, 0 };
	sigset_t s;
	int sig;

	sigemptyset(&s);
	sigaddset(&s, want);
	sig = sigtimedwait(&s, NULL, &ts);
	if (sig != want) {
		printf("lost wakeup: %s waited 10 s for signal %d (%s)\n",
		       side ? "B" : "A", want, sig < 0 ? strerror(errno) : "?");
		__atomic_add_fetch(&lost, 1, __ATOMIC_SEQ_CST);
		return -1;
	}
	return 0;
}

static volatile int go;

static void *
worker(void *arg)
{
	int i = (int)(long)arg;

	while (!go)
		usleep(1000);
	for (int r = 0; r < rounds; r++) {
		if (side == 0) {
			tgkill(peer_pid, peer_tid[i], SIGUSR1);
			if (wait_for(SIGUSR2) < 0)
				break;
		} else {
			if (wait_for(SIGUSR1) < 0)
				break;
			tgkill(peer_pid, peer_tid[i], SIGUSR2);
		}
	}
	return NULL;
}

/* One side: start the workers, trade tids with the peer, play. */
static int
run_side(int me, int tx, int rx, int flood_rx)
{
	pthread_t th[WORKERS];
	pid_t tids[WORKERS + 1];
	sigset_t s;
	struct sigaction sa;
	char c;

	side = me;
	/* the workers inherit this mask: only sigtimedwait takes USR1/USR2,
	 * and SIGALRM goes to the main thread */
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	sigaddset(&s, SIGUSR2);
	sigaddset(&s, SIGALRM);
	sigprocmask(SIG_BLOCK, &s, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);
	for (int i = 0; i < WORKERS; i++) {
		pthread_create(&th[i], NULL, worker, (void *)(long)i);
		tids[i] = (pid_t)th[i];
	}
	/* trade pids and worker tids with the peer, then both go */
	tids[WORKERS] = getpid();
	write(tx, tids, sizeof(tids));
	if (read(rx, tids, sizeof(tids)) != sizeof(tids))
		return 2;
	memcpy(peer_tid, tids, sizeof(peer_tid));
	peer_pid = tids[WORKERS];
	write(tx, "g", 1);
	read(rx, &c, 1);
	go = 1;
	if (me == 0) {
		for (int i = 0; i < rounds; i++)
			kill(peer_pid, SIGALRM);
	} else {
		sigemptyset(&s);
		sigaddset(&s, SIGALRM);
		sigprocmask(SIG_UNBLOCK, &s, NULL);
		/* sleeps in a pipe read the flood interrupts and restarts */
		read(flood_rx, &c, 1);
	}
	for (int i = 0; i < WORKERS; i++)
		pthread_join(th[i], NULL);
	if (me == 1)
		printf("B: %d SIGALRM handlers ran\n", alarms);
	return lost ? 1 : 0;
}

static void
storm(int pass)
{
	int ab[2], ba[2], flood[2], st;
	pid_t a, b;

	CHECK_EQ(pipe(ab), 0);
	CHECK_EQ(pipe(ba), 0);
	CHECK_EQ(pipe(flood), 0);
	if ((b = fork()) == 0)
		_exit(run_side(1, ba[1], ab[0], flood[0]));
	if ((a = fork()) == 0)
		_exit(run_side(0, ab[1], ba[0], flood[0]));
	CHECK_EQ(waitpid(a, &st, 0), a);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	write(flood[1], "e", 1);	/* B's main thread may finish */
	CHECK_EQ(waitpid(b, &st, 0), b);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	close(ab[0]), close(ab[1]), close(ba[0]), close(ba[1]);
	close(flood[0]), close(flood[1]);
	printf("pass %d: %d ping-pongs on each of %d thread pairs\n", pass,
	       rounds, WORKERS);
}

int
main(int argc, char **argv)
{
	struct q_sysinfo si;
	uint32_t free1, free2;

	if (argc > 1)
		rounds = atoi(argv[1]);
	storm(1);
	CHECK_EQ(q_sysinfo(&si), 0);
	free1 = si.free_pages;
	storm(2);
	CHECK_EQ(q_sysinfo(&si), 0);
	free2 = si.free_pages;
	printf("free pages: %u after the first storm, %u after the second\n",
	       free1, free2);
	CHECK_EQ(free2, free1);
	check_done("s_sigstorm");
}
