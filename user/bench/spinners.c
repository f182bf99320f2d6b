/*
 * spinners - context switches per second with N pure while(1) processes.
 *
 * Mirrors seed mail 002 (Con Kolivas, "Re: RSDL v0.30 cpu scheduler for
 * mainline kernels", 15 Mar 2007, quoting Suresh Siddha): 8 infinite loops
 * on a 4-core machine gave ~70 context switches a second on 2.6.21-rc3 and
 * ~530 on RSDL, i.e. how long a CPU hog keeps the CPU per turn.
 *
 * The spinners settle for 0.2 s, then the system's switch counters are
 * read, the parent sleeps S seconds and reads them again:
 *   Quanta: q_cpuinfo() switches, per CPU and in total;
 *   Linux:  /proc/stat "ctxt", total only (per CPU prints n/a).
 * The spinners' own involuntary switches come from getrusage(
 * RUSAGE_CHILDREN) after they are killed (their whole life), and give
 * the mean slice = busy CPUs x lifetime / involuntary switches.
 *
 *   spinners [N] [seconds]	default 8 2
 *
 * Prints: RESULT bench=spinners spinners= seconds= cpus= cs_per_s=
 *   spinner_nivcsw_per_s= slice_ms= cpu0_cs_per_s= cpu1_cs_per_s= ...
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench_util.h"

#if defined(__has_include)
#if __has_include(<quanta.h>)
#define HAVE_QUANTA 1
#include <quanta.h>
#endif
#endif

#define MAXCPU	64

/*
 * Context switches so far: the total, and per CPU in percpu[] (-1 when
 * unknown).  Returns the number of CPUs.
 */
#ifdef HAVE_QUANTA
static int
read_switches(long long *total, long long *percpu)
{
	static struct q_cpuinfo ci[MAXCPU];
	int n = q_cpuinfo(ci, MAXCPU);

	*total = 0;
	for (int i = 0; i < n; i++) {
		percpu[i] = ci[i].switches;
		*total += ci[i].switches;
	}
	return n;
}
#else
static int
read_switches(long long *total, long long *percpu)
{
	static char buf[65536];
	int fd, n, ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	char *p;

	*total = -1;
	fd = open("/proc/stat", O_RDONLY);
	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		buf[n > 0 ? n : 0] = '\0';
		p = strstr(buf, "\nctxt ");
		if (p)
			*total = atoll(p + 6);
	}
	if (ncpu > MAXCPU)
		ncpu = MAXCPU;
	for (int i = 0; i < ncpu; i++)
		percpu[i] = -1;
	return ncpu;
}
#endif

int
main(int argc, char **argv)
{
	int nspin = argc > 1 ? atoi(argv[1]) : 8;
	double secs = argc > 2 ? atof(argv[2]) : 2;
	long long tot0, tot1, pc0[MAXCPU], pc1[MAXCPU], born, t0, t1, life;
	struct timespec settle = { 0, 200000000 }, run;
	struct rusage ru;
	pid_t *spin = malloc((nspin > 0 ? nspin : 1) * sizeof(*spin));
	int ncpu;

	if (!spin)
		return 1;
	born = now_ns();
	nspin = spawn_spinners(spin, nspin);
	nanosleep(&settle, NULL);

	read_switches(&tot0, pc0);
	t0 = now_ns();
	run.tv_sec = (time_t)secs;
	run.tv_nsec = (long)((secs - run.tv_sec) * 1e9);
	nanosleep(&run, NULL);
	ncpu = read_switches(&tot1, pc1);
	t1 = now_ns();

	for (int i = 0; i < nspin; i++)
		kill(spin[i], SIGKILL);
	life = now_ns() - born;
	for (int i = 0; i < nspin; i++)
		waitpid(spin[i], NULL, 0);
	getrusage(RUSAGE_CHILDREN, &ru);

	double el = (t1 - t0) / 1e9, lf = life / 1e9;
	int busy = nspin < ncpu ? nspin : ncpu;	/* CPUs the spinners use */
	printf("RESULT bench=spinners spinners=%d seconds=%g cpus=%d", nspin,
	       secs, ncpu);
	if (tot0 >= 0 && tot1 >= 0)
		printf(" cs_per_s=%.0f", (tot1 - tot0) / el);
	else
		printf(" cs_per_s=n/a");
	printf(" spinner_nivcsw_per_s=%.0f slice_ms=%.2f",
	       ru.ru_nivcsw / lf,
	       ru.ru_nivcsw ? busy * lf * 1000 / ru.ru_nivcsw : 0.0);
	for (int i = 0; i < ncpu; i++) {
		if (pc0[i] >= 0)
			printf(" cpu%d_cs_per_s=%.0f", i,
			       (pc1[i] - pc0[i]) / el);
		else
			printf(" cpu%d_cs_per_s=n/a", i);
	}
	printf("\n");
	return 0;
}
