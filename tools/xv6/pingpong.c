// pingpong for xv6: the round trip of user/bench/pingpong.c -s, written
// against xv6's system calls (user.h).  Two processes pass an int over two
// pipes, so each message is a sleep and a wakeup on either side.  xv6 has
// one CPU here (-smp 1), so "-s" (both on CPU 0) holds without affinity.
//
//   pingpong N
//
// Prints the line user/bench/pingpong.c prints (tools/bench.py parses it):
//   RESULT bench=pingpong pin=same round_trips= elapsed_ms= rtt_ns= ticks=
// Time comes from uptime(): xv6's LAPIC timer ticks every 10,000,000 bus
// cycles, 10 ms of QEMU's virtual clock, so a run needs thousands of ticks
// for the figure to be good to a fraction of a percent.
#include "types.h"
#include "user.h"

#define NS_PER_TICK 10000000

// ticks * 10 ms / n in ns without 64-bit division (xv6 links no libgcc):
// total_us fits 32 bits up to 214,748 ticks (35 minutes), and the
// remainder times 1000 fits while n < 2,147,483.
static int
rtt_ns(int ticks, int n)
{
  int total_us = ticks * (NS_PER_TICK / 1000);

  return (total_us / n) * 1000 + (total_us % n) * 1000 / n;
}

int
main(int argc, char *argv[])
{
  int to_child[2], to_parent[2], v = 0, i, n, t0, t1;

  n = argc > 1 ? atoi(argv[1]) : 10000;
  if(n < 1 || n >= 2000000){
    printf(2, "pingpong: FAILED: N out of range\n");
    exit();
  }
  if(pipe(to_child) < 0 || pipe(to_parent) < 0){
    printf(2, "pingpong: FAILED: pipe\n");
    exit();
  }
  if(fork() == 0){
    for(i = 0; i < n; i++){
      if(read(to_child[0], &v, sizeof(v)) != sizeof(v))
        exit();
      v++;
      if(write(to_parent[1], &v, sizeof(v)) != sizeof(v))
        exit();
    }
    exit();
  }
  t0 = uptime();
  for(i = 0; i < n; i++){
    if(write(to_child[1], &v, sizeof(v)) != sizeof(v) ||
       read(to_parent[0], &v, sizeof(v)) != sizeof(v)){
      printf(2, "pingpong: FAILED: child gone\n");
      exit();
    }
  }
  t1 = uptime();
  wait();
  if(v != n){
    printf(2, "pingpong: FAILED: child ended at v=%d\n", v);
    exit();
  }
  printf(1, "RESULT bench=pingpong pin=same round_trips=%d elapsed_ms=%d"
         " rtt_ns=%d ticks=%d\n", n, (t1 - t0) * 10, rtt_ns(t1 - t0, n),
         t1 - t0);
  exit();
}
