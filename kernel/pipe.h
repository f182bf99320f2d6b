/* pipe.h - pipes (see pipe.c), and the wake-up that poll() waits for. */
#ifndef KERNEL_PIPE_H
#define KERNEL_PIPE_H

#include <stdint.h>

struct file;

extern uint32_t pipe_size;
/* Once, at boot: take pipe_size= from the command line. */
void pipe_init(void);
/* A new pipe of pipe_size bytes: *rd and *wr are its two ends, one
 * reference each.  0, or -ENOMEM with nothing allocated. */
int pipe_create(struct file **rd, struct file **wr);
/* Tasks inside poll() (sys_file.c), and the wake-up of those that poll
 * obj; callers use poll_notify(). */
extern uint32_t poll_npollers;
void poll_wake_pollers(const void *obj);

/* Something a poll() may wait for changed in obj, the priv of the files
 * it concerns; NULL when the files concerned are not known: every poller
 * looks again.  Most of the time nobody polls: the test is inline and the
 * wake-up out of line, so a pipe's read and write do not pay for the
 * wake-up's frame (about 60 instructions of a round trip).  The change (stored
 * before the fence) and poll_npollers (read after it) are the two sides
 * of Dekker's pattern against sys_poll, which raises poll_npollers before
 * it looks at any file: either the poller sees the change, or this sees
 * the poller. */
static inline void
poll_notify(const void *obj)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (__atomic_load_n(&poll_npollers, __ATOMIC_RELAXED) != 0)
		poll_wake_pollers(obj);
}

#endif
