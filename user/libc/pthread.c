/*
 * pthread.c - creating, ending and joining threads; thread-specific data
 * and per-thread errno.
 *
 * A pthread is a kernel thread (SYS_thread_create) on a stack from
 * malloc, with its struct uthread at the top of that stack.  pthread_t is
 * the kernel's tid.  The libc finds the calling thread's block by looking
 * up the stack pointer in the thread list, which is how errno and
 * pthread_getspecific work without any TLS support from the kernel; the
 * main thread is the one whose stack is on no list.
 *
 * A detached thread cannot free the stack it is running on, so it only
 * marks itself finished; the next pthread_create or pthread_detach
 * collects it with SYS_thread_join and frees the stack.
 */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "pthread_impl.h"

#define DESTRUCTOR_ROUNDS 4

void __thread_entry(void);			/* crt0.asm */
void __thread_start(struct uthread *t)
	__attribute__((__noreturn__, __used__));

static struct uthread *threads;
static volatile int threads_lock;

static void *main_keys[PTHREAD_KEYS_MAX];
static void (*key_dtor[PTHREAD_KEYS_MAX])(void *);
static unsigned char key_used[PTHREAD_KEYS_MAX];
static volatile int keys_lock;

/* The calling thread's block, or NULL in the main thread. */
static struct uthread *
self(void)
{
	struct uthread *t;
	char here;

	if (__atomic_load_n(&threads, __ATOMIC_ACQUIRE) == NULL)
		return NULL;
	__lock(&threads_lock);
	for (t = threads; t; t = t->next)
		if (&here >= t->stack && &here < t->stack_end)
			break;
	__unlock(&threads_lock);
	return t;
}

int *
__thread_errno(void)
{
	struct uthread *t = self();

	return t ? &t->err : NULL;
}

void
__thread_lock_all(void)
{
	__lock(&threads_lock);
}

void
__thread_unlock_all(void)
{
	__unlock(&threads_lock);
}

/* Caller holds threads_lock. */
static struct uthread *
find_tid(int tid)
{
	struct uthread *t;

	for (t = threads; t; t = t->next)
		if (t->tid == tid)
			return t;
	return NULL;
}

/* Caller holds threads_lock. */
static void
unlink_thread(struct uthread *t)
{
	struct uthread **pp;

	for (pp = &threads; *pp; pp = &(*pp)->next)
		if (*pp == t) {
			*pp = t->next;
			return;
		}
}

/* Wait for the kernel thread to be gone; returns its value or -errno. */
static long
kernel_join(int tid, int *value)
{
	long r;

	do
		r = __sys2(SYS_thread_join, tid, __A(value));
	while (r == -EINTR);
	return r;
}

/* Free the stacks of detached threads that have finished. */
static void
reap_detached(void)
{
	struct uthread *t;
	int value;

	for (;;) {
		__lock(&threads_lock);
		for (t = threads; t; t = t->next)
			if (t->detached && t->tid &&
			    __atomic_load_n(&t->finished, __ATOMIC_ACQUIRE))
				break;
		if (t)
			unlink_thread(t);
		__unlock(&threads_lock);
		if (t == NULL)
			return;
		kernel_join(t->tid, &value);
		if (!t->own_stack)
			free(t->stack);
	}
}

/* Where a new thread goes after crt0.asm's __thread_entry.  A thread
 * created with explicit scheduling waits until its creator has given it
 * its class, so that its first instruction of user code runs in it. */
void
__thread_start(struct uthread *t)
{
	while (__atomic_load_n(&t->held, __ATOMIC_ACQUIRE))
		__futex_wait(&t->held, 1, 0);
	pthread_exit(t->start(t->arg));
}

int
pthread_create(pthread_t *thread, const pthread_attr_t *attr,
	       void *(*start)(void *), void *arg)
{
	size_t size = PTHREAD_STACK_DEFAULT;
	struct uthread *t;
	char *stack;
	long tid;
	int err, held = attr && attr->inheritsched == PTHREAD_EXPLICIT_SCHED;

	reap_detached();
	if (attr && attr->stackaddr) {
		stack = attr->stackaddr;
		size = attr->stacksize;
	} else {
		if (attr && attr->stacksize)
			size = (attr->stacksize + 15) & ~(size_t)15;
		stack = malloc(size);
		if (stack == NULL)
			return EAGAIN;
	}
	/* The block sits at the top; the stack grows down from it. */
	t = (struct uthread *)((uintptr_t)(stack + size - sizeof(*t)) & ~15u);
	memset(t, 0, sizeof(*t));
	t->start = start;
	t->arg = arg;
	t->stack = stack;
	t->stack_end = stack + size;
	t->own_stack = attr && attr->stackaddr;
	t->detached = attr && attr->detachstate == PTHREAD_CREATE_DETACHED;
	t->held = held;
	__lock(&threads_lock);
	t->next = threads;
	__atomic_store_n(&threads, t, __ATOMIC_RELEASE);
	__unlock(&threads_lock);

	tid = __sys3(SYS_thread_create, __A(__thread_entry), __A(t), __A(t));

	__lock(&threads_lock);
	if (__SYS_IS_ERR(tid))
		unlink_thread(t);
	else
		t->tid = tid;
	__unlock(&threads_lock);
	if (__SYS_IS_ERR(tid)) {
		if (!(attr && attr->stackaddr))
			free(stack);
		return tid == -ENOMEM ? EAGAIN : (int)-tid;
	}
	*thread = tid;
	if (!held)	/* t may be gone already: a detached thread that
			 * ended is freed by the next reap_detached() */
		return 0;
	err = __pthread_apply_sched(tid, attr);
	/* released even if that failed: the thread exists, and runs with
	 * its creator's class (the error is still reported) */
	__atomic_store_n(&t->held, 0, __ATOMIC_RELEASE);
	__futex_wake(&t->held, 1);
	return err;
}

int
pthread_join(pthread_t thread, void **retval)
{
	struct uthread *t;
	int value = 0;
	long r;

	__lock(&threads_lock);
	t = find_tid(thread);
	if (t && (t->detached || t->joining)) {
		__unlock(&threads_lock);
		return EINVAL;
	}
	if (t)
		t->joining = 1;
	__unlock(&threads_lock);
	/* A tid not on the list (made with q_thread_create): kernel only. */
	r = kernel_join(thread, &value);
	if (r < 0) {
		if (t) {
			__lock(&threads_lock);
			t->joining = 0;
			__unlock(&threads_lock);
		}
		return (int)-r;
	}
	if (t) {
		__lock(&threads_lock);
		unlink_thread(t);
		__unlock(&threads_lock);
		if (!t->own_stack)
			free(t->stack);
	}
	if (retval)
		*retval = (void *)(intptr_t)value;
	return 0;
}

/* Run the destructors of this thread's non-NULL keys, a few rounds. */
static void
run_key_destructors(void **keys)
{
	int round, k, again = 1;
	void *v;

	for (round = 0; again && round < DESTRUCTOR_ROUNDS; round++) {
		again = 0;
		for (k = 0; k < PTHREAD_KEYS_MAX; k++) {
			if (!key_used[k] || !key_dtor[k] || !keys[k])
				continue;
			v = keys[k];
			keys[k] = NULL;
			key_dtor[k](v);
			again = 1;
		}
	}
}

/*
 * In the main thread this ends only the main thread: the process lives on
 * until its last thread ends (the kernel's business).
 */
void
pthread_exit(void *retval)
{
	struct uthread *t = self();

	run_key_destructors(t ? t->keys : main_keys);
	if (t)
		__atomic_store_n(&t->finished, 1, __ATOMIC_RELEASE);
	for (;;)
		__sys1(SYS_thread_exit, (long)(intptr_t)retval);
}

int
pthread_detach(pthread_t thread)
{
	struct uthread *t;
	int r = 0;

	__lock(&threads_lock);
	t = find_tid(thread);
	if (t == NULL)
		r = ESRCH;
	else if (t->detached || t->joining)
		r = EINVAL;
	else
		t->detached = 1;
	__unlock(&threads_lock);
	if (r == 0)
		reap_detached();
	return r;
}

pthread_t
pthread_self(void)
{
	return __sys0(SYS_gettid);
}

int
pthread_equal(pthread_t a, pthread_t b)
{
	return a == b;
}

/* The kernel's affinity calls take a tid as well as a pid. */
int
pthread_setaffinity_np(pthread_t thread, size_t bytes, const cpu_set_t *set)
{
	return sched_setaffinity(thread, bytes, set) < 0 ? errno : 0;
}

int
pthread_getaffinity_np(pthread_t thread, size_t bytes, cpu_set_t *set)
{
	return sched_getaffinity(thread, bytes, set) < 0 ? errno : 0;
}

int
pthread_attr_init(pthread_attr_t *a)
{
	a->detachstate = PTHREAD_CREATE_JOINABLE;
	a->stacksize = PTHREAD_STACK_DEFAULT;
	a->stackaddr = NULL;
	a->inheritsched = PTHREAD_INHERIT_SCHED;
	a->schedpolicy = SCHED_OTHER;
	a->schedpriority = 0;
	return 0;
}

int
pthread_attr_destroy(pthread_attr_t *a)
{
	(void)a;
	return 0;
}

int
pthread_attr_setdetachstate(pthread_attr_t *a, int state)
{
	if (state != PTHREAD_CREATE_JOINABLE &&
	    state != PTHREAD_CREATE_DETACHED)
		return EINVAL;
	a->detachstate = state;
	return 0;
}

int
pthread_attr_getdetachstate(const pthread_attr_t *a, int *state)
{
	*state = a->detachstate;
	return 0;
}

int
pthread_attr_setstacksize(pthread_attr_t *a, size_t size)
{
	if (size < PTHREAD_STACK_MIN)
		return EINVAL;
	a->stacksize = size;
	return 0;
}

int
pthread_attr_getstacksize(const pthread_attr_t *a, size_t *size)
{
	*size = a->stacksize;
	return 0;
}

int
pthread_attr_setstack(pthread_attr_t *a, void *addr, size_t size)
{
	if (size < PTHREAD_STACK_MIN || addr == NULL)
		return EINVAL;
	a->stackaddr = addr;
	a->stacksize = size;
	return 0;
}

int
pthread_attr_getstack(const pthread_attr_t *a, void **addr, size_t *size)
{
	*addr = a->stackaddr;
	*size = a->stacksize;
	return 0;
}

/* Every Quanta thread is a kernel thread: system scope only. */
int
pthread_attr_setscope(pthread_attr_t *a, int scope)
{
	(void)a;
	return scope == PTHREAD_SCOPE_SYSTEM ? 0 : ENOTSUP;
}

int
pthread_key_create(pthread_key_t *key, void (*destructor)(void *))
{
	struct uthread *t;
	int k;

	__lock(&keys_lock);
	for (k = 0; k < PTHREAD_KEYS_MAX && key_used[k]; k++)
		;
	if (k < PTHREAD_KEYS_MAX) {
		key_used[k] = 1;
		key_dtor[k] = destructor;
	}
	__unlock(&keys_lock);
	if (k == PTHREAD_KEYS_MAX)
		return EAGAIN;
	/* A recycled key starts out NULL in every thread. */
	__lock(&threads_lock);
	for (t = threads; t; t = t->next)
		t->keys[k] = NULL;
	main_keys[k] = NULL;
	__unlock(&threads_lock);
	*key = k;
	return 0;
}

/* The values other threads hold for the key are simply forgotten. */
int
pthread_key_delete(pthread_key_t key)
{
	if (key >= PTHREAD_KEYS_MAX || !key_used[key])
		return EINVAL;
	__lock(&keys_lock);
	key_used[key] = 0;
	key_dtor[key] = NULL;
	__unlock(&keys_lock);
	return 0;
}

void *
pthread_getspecific(pthread_key_t key)
{
	struct uthread *t = self();

	if (key >= PTHREAD_KEYS_MAX)
		return NULL;
	return t ? t->keys[key] : main_keys[key];
}

int
pthread_setspecific(pthread_key_t key, const void *value)
{
	struct uthread *t = self();

	if (key >= PTHREAD_KEYS_MAX || !key_used[key])
		return EINVAL;
	if (t)
		t->keys[key] = (void *)value;
	else
		main_keys[key] = (void *)value;
	return 0;
}
