// qinit: a non-interactive /init for xv6 that runs the benchmarks listed
// in the file "benchrun" and then says so on the console.
//
// benchrun holds one command a line, words separated by spaces
// ("pingpong 20000").  Each runs to its end (fork, exec, wait) before the
// next starts, so the measured programs have the only CPU to themselves.
// xv6 cannot power QEMU off from user space (no port I/O at CPL 3), so
// the last line is the marker tools/xv6/run.py waits for before it stops
// QEMU; a FAILED line before it means a program went wrong.
#include "types.h"
#include "stat.h"
#include "user.h"
#include "fcntl.h"

#define MAXLINE 128
#define MAXARGS 8
#define DONE "QUANTA-XV6-BENCH-DONE"

// The console as fds 0, 1 and 2, made as xv6's own init makes it.
static void
open_console(void)
{
  if(open("console", O_RDWR) < 0){
    mknod("console", 1, 1);
    open("console", O_RDWR);
  }
  dup(0);
  dup(0);
}

// Split line in place at spaces; return the number of words (argv[n] = 0).
static int
split(char *line, char **argv)
{
  int n = 0;
  char *p = line;

  while(*p && n < MAXARGS - 1){
    while(*p == ' ')
      *p++ = 0;
    if(*p == 0)
      break;
    argv[n++] = p;
    while(*p && *p != ' ')
      p++;
  }
  argv[n] = 0;
  return n;
}

// Run one command line and wait for it.
static void
run(char *line)
{
  char *argv[MAXARGS];
  int pid;

  if(split(line, argv) == 0)
    return;
  pid = fork();
  if(pid < 0){
    printf(2, "qinit: FAILED: fork\n");
    return;
  }
  if(pid == 0){
    exec(argv[0], argv);
    printf(2, "qinit: FAILED: exec %s\n", argv[0]);
    exit();
  }
  while(wait() != pid)
    ;
}

int
main(void)
{
  char buf[512], line[MAXLINE];
  int fd, n, i, len = 0;

  open_console();
  fd = open("benchrun", O_RDONLY);
  if(fd < 0){
    printf(2, "qinit: FAILED: no benchrun file\n");
  } else {
    while((n = read(fd, buf, sizeof(buf))) > 0){
      for(i = 0; i < n; i++){
        if(buf[i] == '\n' || len == MAXLINE - 1){
          line[len] = 0;
          run(line);
          len = 0;
        } else {
          line[len++] = buf[i];
        }
      }
    }
    close(fd);
  }
  printf(1, "%s\n", DONE);
  for(;;)
    sleep(1000);
}
