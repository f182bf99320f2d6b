/*
 * sys/sysinfo.h - CPU counts and Linux's struct sysinfo, filled from
 * Quanta's q_sysinfo (see <quanta.h> for everything the kernel reports).
 */
#ifndef _SYS_SYSINFO_H
#define _SYS_SYSINFO_H

struct sysinfo {
	long uptime;			/* seconds since boot */
	unsigned long loads[3];		/* not kept by Quanta: 0 */
	unsigned long totalram;		/* in units of mem_unit bytes */
	unsigned long freeram;
	unsigned long sharedram;
	unsigned long bufferram;
	unsigned long totalswap;
	unsigned long freeswap;
	unsigned short procs;		/* tasks */
	unsigned short pad;
	unsigned long totalhigh;
	unsigned long freehigh;
	unsigned int mem_unit;
	char _f[8];
};

int sysinfo(struct sysinfo *info);
int get_nprocs(void);
int get_nprocs_conf(void);

#endif
