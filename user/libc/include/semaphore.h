/* semaphore.h - unnamed POSIX semaphores on futexes. */
#ifndef _SEMAPHORE_H
#define _SEMAPHORE_H

#include <sys/types.h>
#include <time.h>

typedef struct {
	int value;		/* futex word: the count, never negative */
	int waiters;		/* threads asleep or about to sleep */
} sem_t;

#define SEM_VALUE_MAX	__INT_MAX__

int sem_init(sem_t *s, int pshared, unsigned int value);
int sem_destroy(sem_t *s);
int sem_wait(sem_t *s);
int sem_trywait(sem_t *s);
int sem_timedwait(sem_t *s, const struct timespec *abstime);
int sem_post(sem_t *s);
int sem_getvalue(sem_t *s, int *value);

#endif
