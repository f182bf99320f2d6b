/* uapi/prctl.h - prctl() options Quanta answers, with the values of
 * Linux 6.1 include/uapi/linux/prctl.h. */
#ifndef QUANTA_UAPI_PRCTL_H
#define QUANTA_UAPI_PRCTL_H

#define Q_PR_SET_PDEATHSIG	1
#define Q_PR_GET_PDEATHSIG	2
#define Q_PR_GET_DUMPABLE	3
#define Q_PR_SET_DUMPABLE	4
#define Q_PR_SET_NAME		15
#define Q_PR_GET_NAME		16
#define Q_PR_SET_TIMERSLACK	29
#define Q_PR_GET_TIMERSLACK	30
/* Quanta's own: the name of another thread of the caller's process,
 * (option, tid, name) - what glibc's pthread_setname_np does through
 * /proc/self/task/<tid>/comm, which Quanta does not have */
#define Q_PR_SET_THREAD_NAME	0x51510001
#define Q_PR_GET_THREAD_NAME	0x51510002

#endif
