/* t_thread - threads with mutex, condition variable and join. */
#include <pthread.h>
#include <unistd.h>
#include "check.h"

#define NTHREADS	4
#define ROUNDS		2000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static long counter;
static int ready;

static void *
adder(void *arg)
{
	for (int i = 0; i < ROUNDS; i++) {
		pthread_mutex_lock(&lock);
		counter++;
		if (i % 100 == 0)
			sched_yield();		/* let others contend */
		pthread_mutex_unlock(&lock);
	}
	return arg;
}

static void *
waiter(void *arg)
{
	pthread_mutex_lock(&lock);
	while (!ready)
		pthread_cond_wait(&cond, &lock);
	pthread_mutex_unlock(&lock);
	return (void *)((long)arg + 1);
}

static void
test_mutex(void)
{
	pthread_t t[NTHREADS];
	void *ret;

	for (long i = 0; i < NTHREADS; i++)
		CHECK_EQ(pthread_create(&t[i], NULL, adder, (void *)i), 0);
	for (long i = 0; i < NTHREADS; i++) {
		CHECK_EQ(pthread_join(t[i], &ret), 0);
		CHECK_EQ((long)ret, i);
	}
	CHECK_EQ(counter, (long)NTHREADS * ROUNDS);
}

static void
test_cond(void)
{
	pthread_t t[NTHREADS];
	void *ret;

	for (long i = 0; i < NTHREADS; i++)
		pthread_create(&t[i], NULL, waiter, (void *)i);
	usleep(10000);
	pthread_mutex_lock(&lock);
	ready = 1;
	pthread_cond_broadcast(&cond);
	pthread_mutex_unlock(&lock);
	for (long i = 0; i < NTHREADS; i++) {
		pthread_join(t[i], &ret);
		CHECK_EQ((long)ret, i + 1);
	}
}

/* Threads share the address space: a write in one is seen by the other. */
static volatile int flag;

static void *
setter(void *arg)
{
	(void)arg;
	flag = 7;
	return NULL;
}

static void
test_shared_memory(void)
{
	pthread_t t;

	pthread_create(&t, NULL, setter, NULL);
	pthread_join(t, NULL);
	CHECK_EQ(flag, 7);
}

int
main(void)
{
	test_mutex();
	test_cond();
	test_shared_memory();
	check_done("t_thread");
}
