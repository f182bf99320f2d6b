/* sys/times.h - times(): CPU time in clock ticks of 1/100 s (USER_HZ). */
#ifndef _SYS_TIMES_H
#define _SYS_TIMES_H

#include <sys/types.h>

/* = struct q_tms */
struct tms {
	clock_t tms_utime;
	clock_t tms_stime;
	clock_t tms_cutime;
	clock_t tms_cstime;
};

clock_t times(struct tms *buf);

#endif
