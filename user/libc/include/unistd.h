/* unistd.h - POSIX process, file descriptor and system calls. */
#ifndef _UNISTD_H
#define _UNISTD_H

#include <sys/types.h>

#define STDIN_FILENO	0
#define STDOUT_FILENO	1
#define STDERR_FILENO	2

/* access() */
#define F_OK	0
#define X_OK	1
#define W_OK	2
#define R_OK	4

#define SEEK_SET	0
#define SEEK_CUR	1
#define SEEK_END	2

/* sysconf() names (Linux's numbers) */
#define _SC_CLK_TCK		2
#define _SC_PAGESIZE		30
#define _SC_PAGE_SIZE		_SC_PAGESIZE
#define _SC_NPROCESSORS_CONF	83
#define _SC_NPROCESSORS_ONLN	84
#define _SC_PHYS_PAGES		85
#define _SC_AVPHYS_PAGES	86

extern char **environ;

void _exit(int status) __attribute__((__noreturn__));
pid_t fork(void);
int execve(const char *path, char *const argv[], char *const envp[]);
int execv(const char *path, char *const argv[]);
int execvp(const char *file, char *const argv[]);
int execl(const char *path, const char *arg, ...);
int execlp(const char *file, const char *arg, ...);
int execle(const char *path, const char *arg, ...);
pid_t getpid(void);
pid_t getppid(void);
pid_t gettid(void);
uid_t getuid(void);
uid_t geteuid(void);
gid_t getgid(void);
gid_t getegid(void);
int nice(int inc);

ssize_t read(int fd, void *buf, size_t n);
ssize_t write(int fd, const void *buf, size_t n);
int close(int fd);
int pipe(int fds[2]);
int dup(int fd);
int dup2(int oldfd, int newfd);
int isatty(int fd);
int access(const char *path, int mode);

/* files and directories (user/libc/file.c) */
off_t lseek(int fd, off_t off, int whence);
ssize_t pread(int fd, void *buf, size_t n, off_t off);
ssize_t pwrite(int fd, const void *buf, size_t n, off_t off);
int unlink(const char *path);
int unlinkat(int dirfd, const char *path, int flags);
int rmdir(const char *path);
int truncate(const char *path, off_t len);
int ftruncate(int fd, off_t len);
int chdir(const char *path);
int fchdir(int fd);
char *getcwd(char *buf, size_t size);
int fsync(int fd);
int fdatasync(int fd);
void sync(void);

int brk(void *addr);
void *sbrk(intptr_t inc);

unsigned int sleep(unsigned int seconds);
int usleep(useconds_t usec);
int pause(void);
unsigned int alarm(unsigned int seconds);
int setpgid(pid_t pid, pid_t pgid);
pid_t getpgid(pid_t pid);
pid_t getpgrp(void);
int setpgrp(void);
pid_t setsid(void);
pid_t getsid(pid_t pid);
pid_t tcgetpgrp(int fd);
int tcsetpgrp(int fd, pid_t pgrp);

long sysconf(int name);
int getpagesize(void);

/* The raw trap: syscall(SYS_xxx, args...) from <sys/syscall.h>. */
long syscall(long number, ...);

/* getopt() */
extern char *optarg;
extern int optind, opterr, optopt;
int getopt(int argc, char *const argv[], const char *optstring);

#endif
