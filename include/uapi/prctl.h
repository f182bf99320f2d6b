/* uapi/prctl.h - prctl() options Quanta answers (Linux 6.1 values,
 * include/uapi/linux/prctl.h). */
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

#endif
