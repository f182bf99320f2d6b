/* sys/prctl.h - prctl() (uapi/prctl.h). */
#ifndef _SYS_PRCTL_H
#define _SYS_PRCTL_H

#include <uapi/prctl.h>

#define PR_SET_NAME	Q_PR_SET_NAME
#define PR_GET_NAME	Q_PR_GET_NAME

int prctl(int option, ...);

#endif
