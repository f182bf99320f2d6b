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
/* Something a poll() may wait for changed in obj, the priv of the files
 * it concerns; NULL when the files concerned are not known: every poller
 * looks again (sys_file.c). */
void poll_notify(const void *obj);

#endif
