/*
 * free.c - /bin/free: memory in use and free, in procps-ng's format.
 *
 *   free [-b | -k | -m | -g]   in bytes, KiB (the default), MiB or GiB
 *
 *                 total        used        free      shared  buff/cache   available
 *   Mem:         126848        2540      124308           0           0      124308
 *   Swap:             0           0           0
 *
 * total is the RAM the kernel manages (its own image excluded, as Linux's
 * MemTotal), free its free pages; Quanta has no page cache, no shared
 * memory and no swap, so buff/cache and shared are 0, available is free
 * and used is total - free (every kernel and user page; meminfo(1)
 * breaks it down by owner).
 *
 * System calls: sysinfo, write.
 */
#include <stdio.h>
#include <string.h>
#include <sys/sysinfo.h>

int
main(int argc, char **argv)
{
	unsigned long long total, freeb, shift = 10;
	struct sysinfo si;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-b") == 0)
			shift = 0;
		else if (strcmp(argv[i], "-k") == 0)
			shift = 10;
		else if (strcmp(argv[i], "-m") == 0)
			shift = 20;
		else if (strcmp(argv[i], "-g") == 0)
			shift = 30;
		else {
			fprintf(stderr, "usage: free [-b|-k|-m|-g]\n");
			return 2;
		}
	}
	if (sysinfo(&si) < 0) {
		perror("free");
		return 1;
	}
	total = (unsigned long long)si.totalram * si.mem_unit >> shift;
	freeb = (unsigned long long)si.freeram * si.mem_unit >> shift;
	printf("               total        used        free      shared"
	       "  buff/cache   available\n");
	printf("%-7s %11llu %11llu %11llu %11d %11d %11llu\n", "Mem:", total,
	       total - freeb, freeb, 0, 0, freeb);
	printf("%-7s %11d %11d %11d\n", "Swap:", 0, 0, 0);
	return 0;
}
