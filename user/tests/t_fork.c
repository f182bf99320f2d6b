/* t_fork - fork, exec and wait semantics. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"

static void
test_exit_status(void)
{
	int st = 0;
	pid_t pid = fork();

	if (pid == 0)
		_exit(42);
	CHECK(pid > 0);
	CHECK_EQ(waitpid(pid, &st, 0), pid);
	CHECK(WIFEXITED(st));
	CHECK_EQ(WEXITSTATUS(st), 42);
}

static void
test_memory_is_copied(void)
{
	static int shared = 1;
	int st;
	pid_t pid = fork();

	if (pid == 0) {
		shared = 2;
		_exit(shared == 2 ? 0 : 1);
	}
	waitpid(pid, &st, 0);
	CHECK_EQ(shared, 1);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

/* Pages are shared copy-on-write after fork: writes by either side, by
 * user code or by the kernel (read() into the buffer), stay private. */
static void
test_copy_on_write(void)
{
	enum { N = 64 * 1024 };
	unsigned char *buf = malloc(N);
	int fds[2], st, bad = 0;
	pid_t pid;

	memset(buf, 0x11, N);
	CHECK_EQ(pipe(fds), 0);
	pid = fork();
	if (pid == 0) {
		memset(buf, 0x22, N / 2);		/* user writes */
		read(fds[0], buf + N / 2, 100);		/* kernel writes */
		for (int i = 0; i < N / 2; i++)
			bad += buf[i] != 0x22;
		_exit(bad ? 1 : buf[N / 2] == 'x' ? 0 : 2);
	}
	write(fds[1], "xxxxxxxxxx", 10);
	waitpid(pid, &st, 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	for (int i = 0; i < N; i++)
		bad += buf[i] != 0x11;		/* the parent's copy is intact */
	CHECK_EQ(bad, 0);
	memset(buf, 0x33, N);			/* and still writable */
	CHECK_EQ(buf[N - 1], 0x33);
	close(fds[0]);
	close(fds[1]);
	free(buf);
}

static void
test_getpid_getppid(void)
{
	int fds[2], st;
	pid_t me = getpid(), child, seen[2];

	CHECK_EQ(pipe(fds), 0);
	child = fork();
	if (child == 0) {
		pid_t v[2] = { getpid(), getppid() };
		write(fds[1], v, sizeof(v));
		_exit(0);
	}
	CHECK_EQ(read(fds[0], seen, sizeof(seen)), (long)sizeof(seen));
	CHECK_EQ(seen[0], child);
	CHECK_EQ(seen[1], me);
	waitpid(child, &st, 0);
	close(fds[0]);
	close(fds[1]);
}

static void
test_exec(void)
{
	int st;
	pid_t pid = fork();

	if (pid == 0) {
		char *argv[] = { "/bin/false", NULL };
		execv(argv[0], argv);
		_exit(99);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFEXITED(st));
	CHECK_EQ(WEXITSTATUS(st), 1);		/* false's status, not 99 */
}

static void
test_exec_missing(void)
{
	char *argv[] = { "/bin/no-such-program", NULL };

	CHECK_EQ(execv(argv[0], argv), -1);
	CHECK_EQ(errno, ENOENT);
}

/* Run as "t_fork arglen N" by test_exec_long_strings: 0 if argv[2] and
 * $LONG are each N bytes of 'a'. */
static int
arglen_child(const char *n, const char *arg)
{
	size_t want = (size_t)atoi(n);
	const char *env = getenv("LONG");

	if (!arg || !env || strlen(arg) != want || strlen(env) != want)
		return 1;
	for (size_t i = 0; i < want; i++)
		if (arg[i] != 'a' || env[i] != 'a')
			return 2;
	return 0;
}

/* One string may be as long as the block allows (16 KiB for all of
 * them, docs/syscalls.md); a longer one is E2BIG and the caller goes on. */
static void
test_exec_long_strings(void)
{
	static char arg[17000], env[5 + 17000];
	int st;
	pid_t pid;

	memset(arg, 'a', 6000);
	memcpy(env, "LONG=", 5);
	memset(env + 5, 'a', 6000);
	pid = fork();
	if (pid == 0) {
		char *argv[] = { "/bin/t_fork", "arglen", "6000", arg, NULL };
		char *envp[] = { env, NULL };
		execve(argv[0], argv, envp);
		_exit(99);
	}
	CHECK_EQ(waitpid(pid, &st, 0), pid);
	CHECK(WIFEXITED(st));
	CHECK_EQ(WEXITSTATUS(st), 0);

	memset(arg, 'a', sizeof(arg) - 1);
	{
		char *argv[] = { "/bin/t_fork", arg, NULL };
		CHECK_EQ(execv(argv[0], argv), -1);
		CHECK_EQ(errno, E2BIG);
	}
}

static void
test_wait_errors(void)
{
	int st;

	CHECK_EQ(waitpid(-1, &st, 0), -1);
	CHECK_EQ(errno, ECHILD);
	CHECK_EQ(waitpid(-1, &st, WNOHANG), -1);
}

static void
test_many_children(void)
{
	int n = 0, st;

	for (int i = 0; i < 20; i++)
		if (fork() == 0)
			_exit(i);
	while (wait(&st) > 0)
		n++;
	CHECK_EQ(n, 20);
}

int
main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "arglen") == 0)
		return arglen_child(argv[2], argv[3]);
	test_exit_status();
	test_memory_is_copied();
	test_copy_on_write();
	test_getpid_getppid();
	test_exec();
	test_exec_missing();
	test_exec_long_strings();
	test_wait_errors();
	test_many_children();
	check_done("t_fork");
}
