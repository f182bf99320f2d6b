// pipe_ctxsw for xv6: seed 000's pipe test (user/bench/pipe_ctxsw.c)
// against xv6's system calls: N one-byte writes to a reader that reads
// one byte at a time; the time from before the fork to the reader's exit.
//
//   pipe_ctxsw N
//
// Prints: RESULT bench=pipe_ctxsw writes= elapsed_ms= ticks=
// (xv6 keeps no per-process CPU times or switch counts, so the rusage
// fields of the Quanta and Linux line are absent).  Time from uptime(),
// 10 ms ticks of QEMU's virtual clock (see pingpong.c).
#include "types.h"
#include "user.h"

int
main(int argc, char *argv[])
{
  int fd[2], i, n, got, t0, t1;
  char c = 0;

  n = argc > 1 ? atoi(argv[1]) : 1048576;
  if(n < 1){
    printf(2, "pipe_ctxsw: FAILED: N out of range\n");
    exit();
  }
  if(pipe(fd) < 0){
    printf(2, "pipe_ctxsw: FAILED: pipe\n");
    exit();
  }
  t0 = uptime();
  if(fork() == 0){
    close(fd[1]);
    got = 0;
    while(got < n && read(fd[0], &c, 1) == 1)
      got++;
    if(got != n)
      printf(2, "pipe_ctxsw: FAILED: reader got %d of %d\n", got, n);
    exit();
  }
  close(fd[0]);
  for(i = 0; i < n; i++){
    if(write(fd[1], &c, 1) != 1){
      printf(2, "pipe_ctxsw: FAILED: write\n");
      exit();
    }
  }
  close(fd[1]);
  wait();
  t1 = uptime();
  printf(1, "RESULT bench=pipe_ctxsw writes=%d elapsed_ms=%d ticks=%d\n",
         n, (t1 - t0) * 10, t1 - t0);
  exit();
}
