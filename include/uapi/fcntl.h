/*
 * uapi/fcntl.h - fcntl() commands and the descriptor ioctls, with Linux's
 * numbers (Linux 6.1 include/uapi/asm-generic/fcntl.h and ioctls.h).
 */
#ifndef QUANTA_UAPI_FCNTL_H
#define QUANTA_UAPI_FCNTL_H

#define Q_F_DUPFD		0
#define Q_F_GETFD		1
#define Q_F_SETFD		2
#define Q_F_GETFL		3
#define Q_F_SETFL		4
#define Q_F_DUPFD_CLOEXEC	1030
#define Q_FD_CLOEXEC		1
#define Q_O_CLOEXEC		02000000	/* open, pipe2, socket type */

#define Q_FIONBIO		0x5421	/* (int *on): O_NONBLOCK */
#define Q_FIONCLEX		0x5450	/* clear FD_CLOEXEC */
#define Q_FIOCLEX		0x5451	/* set FD_CLOEXEC */

#endif
