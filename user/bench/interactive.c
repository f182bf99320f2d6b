/*
 * interactive - an interactive task (run 1 ms, sleep 10 ms) against CPU
 * hogs: how late does it wake, and how many of its frames finish late?
 *
 * Modelled on interbench (Con Kolivas) with its "Burn" load: the task has
 * a frame of run + sleep = 11 ms.  At the start of each frame it wakes
 * (clock_nanosleep to an absolute time), does 1 ms worth of work
 * (calibrated as loops per ms before the hogs start) and sleeps to the
 * next frame.  Latency = wakeup - frame start; a frame is missed when its
 * work ends after the frame's end (a frame whose start was overslept
 * entirely counts as missed too, and is skipped).  The hogs are N forked
 * busy loops.  Seeds 001, 002 and 004 are all about interactivity under
 * such a load.
 *
 *   interactive [seconds] [hogs] [run_ms] [sleep_ms]	default 2 4 1 10
 *
 * Prints: RESULT bench=interactive seconds= hogs= frames= avg_us= p99_us=
 *   max_us= missed= missed_pct=
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench_util.h"

static volatile unsigned sink;

static void
burn(long loops)
{
	for (long i = 0; i < loops; i++)
		sink += i;
}

int
main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 2;
	int nhogs = argc > 2 ? atoi(argv[2]) : 4;
	double run_ms = argc > 3 ? atof(argv[3]) : 1;
	double sleep_ms = argc > 4 ? atof(argv[4]) : 10;
	long long frame = (long long)((run_ms + sleep_ms) * 1e6);
	long long t, start, end, late, *lat, sum = 0;
	long nframes = 0, missed = 0, max_frames, loops_per_ms;
	pid_t *hogs;

	if (frame < 1000000)
		frame = 1000000;
	max_frames = (long)(secs * 1e9 / frame) + 1;
	lat = malloc(max_frames * sizeof(*lat));
	hogs = malloc((nhogs > 0 ? nhogs : 1) * sizeof(*hogs));
	if (!lat || !hogs)
		return 1;

	/* calibrate: the best of 5 timed runs of 200000 loops */
	long long best = -1;
	for (int i = 0; i < 5; i++) {
		t = now_ns();
		burn(200000);
		t = now_ns() - t;
		if (best < 0 || t < best)
			best = t;
	}
	loops_per_ms = best > 0 ? 200000LL * 1000000 / best : 200000;

	nhogs = spawn_spinners(hogs, nhogs);

	start = now_ns() + frame;
	end = start + (long long)(secs * 1e9);
	for (t = start; t < end && nframes < max_frames; t += frame) {
		sleep_until(t);
		late = now_ns() - t;
		lat[nframes++] = late;
		sum += late;
		if (late >= frame) {	/* overslept whole frames: drop them */
			missed += late / frame;
			t += late / frame * frame;
		}
		burn((long)(loops_per_ms * run_ms));
		if (now_ns() > t + frame)
			missed++;
	}

	stop_spinners(hogs, nhogs);

	qsort(lat, nframes, sizeof(*lat), cmp_ll);
	printf("RESULT bench=interactive seconds=%g hogs=%d frames=%ld"
	       " loops_per_ms=%ld avg_us=%.1f p99_us=%.1f max_us=%.1f"
	       " missed=%ld missed_pct=%.1f\n", secs, nhogs, nframes,
	       loops_per_ms, nframes ? sum / 1000.0 / nframes : 0.0,
	       nframes ? lat[(nframes - 1) * 99 / 100] / 1000.0 : 0.0,
	       nframes ? lat[nframes - 1] / 1000.0 : 0.0, missed,
	       nframes + missed ? missed * 100.0 / (nframes + missed) : 0.0);
	return 0;
}
