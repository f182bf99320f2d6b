/*
 * sh_builtin.h - the shell's builtins that are not about jobs: exit, cd,
 * pwd, export, unset, set, help.  They run in the shell itself (cd,
 * export and unset must), with their redirections applied around them.
 * Part of user/sh.c.
 */
#ifndef USER_SH_BUILTIN_H
#define USER_SH_BUILTIN_H

static const char help_text[] =
	"Quanta sh: words, 'quotes', \"quotes\", \\x, # comments\n"
	"  $NAME ${NAME} $? $$ $! $# $0..$9 ~   expanded (not inside '...')\n"
	"  * ? [a-z]  file names that match      NAME=value   set a variable\n"
	"  a ; b      run a, then b              a & b    run a in the "
	"background\n"
	"  a && b     b if a succeeded           a || b   b if a failed\n"
	"  a | b      pipe a into b\n"
	"  < f  > f  >> f  2> f  2>> f  2>&1  >&2     redirect\n"
	"builtins:\n"
	"  exit [N]               leave the shell (N = 0: init powers off)\n"
	"  cd [DIR|-], pwd        change, show the working directory\n"
	"  export [NAME[=V]]...   put variables into commands' environment\n"
	"  unset NAME..., set     remove variables; list them all\n"
	"  jobs, fg [%N], bg [%N] job control (Ctrl-Z stops the foreground)\n"
	"  wait [%N|PID]...       wait for background jobs\n"
	"  time PIPELINE          elapsed, user, sys, %CPU, context switches\n"
	"  nice [-n N] CMD...     run CMD with nice N (default 10)\n"
	"  taskset MASK CMD...    run CMD on the CPUs in hex MASK (0x3 = 0,1)\n"
	"  chrt [-f|-r] PRIO CMD  run CMD as SCHED_FIFO or SCHED_RR\n"
	"  help                   this text\n"
	"commands are in $PATH (/bin): ls /bin\n";

/* cd [DIR | -]: DIR, $HOME without one (/ if unset), $OLDPWD for "-". */
static int
builtin_cd(char **argv)
{
	const char *dir = argv[1], *old = var_get("PWD", 3);
	char cwd[PATH_MAX];

	if (!dir) {
		dir = var_get("HOME", 4);
		if (!dir || !*dir)
			dir = "/";
	} else if (strcmp(dir, "-") == 0) {
		if (!(dir = var_get("OLDPWD", 6))) {
			fprintf(stderr, "cd: OLDPWD not set\n");
			return 1;
		}
		printf("%s\n", dir);
	}
	if (chdir(dir) < 0) {
		fprintf(stderr, "cd: %s: %s\n", dir, strerror(errno));
		return 1;
	}
	if (old)
		var_set("OLDPWD", 6, old, 0);
	if (getcwd(cwd, sizeof(cwd)))
		var_set("PWD", 3, cwd, 0);
	return 0;
}

static int
builtin_pwd(void)
{
	char cwd[PATH_MAX];

	if (!getcwd(cwd, sizeof(cwd))) {
		fprintf(stderr, "pwd: %s\n", strerror(errno));
		return 1;
	}
	printf("%s\n", cwd);
	return 0;
}

/* Run argv as a builtin; -1 if argv[0] is not one. */
static int
builtin(char **argv)
{
	int r;

	if ((r = job_builtin(argv)) >= 0)
		return r;
	if (strcmp(argv[0], "exit") == 0) {
		fflush(stdout);
		exit(argv[1] ? atoi(argv[1]) : last_status);
	}
	if (strcmp(argv[0], "cd") == 0)
		return builtin_cd(argv);
	if (strcmp(argv[0], "pwd") == 0)
		return builtin_pwd();
	if (strcmp(argv[0], "export") == 0)
		return builtin_export(argv);
	if (strcmp(argv[0], "unset") == 0)
		return builtin_unset(argv);
	if (strcmp(argv[0], "set") == 0 && !argv[1]) {
		var_list(0);
		return 0;
	}
	if (strcmp(argv[0], "help") == 0) {
		fputs(help_text, stdout);
		return 0;
	}
	return -1;
}

static int
is_builtin(const char *name)
{
	static const char *const names[] = {
		"exit", "cd", "pwd", "export", "unset", "set", "help", "jobs",
		"fg", "bg", "wait", NULL
	};

	for (int i = 0; names[i]; i++)
		if (strcmp(name, names[i]) == 0)
			return 1;
	return 0;
}

#endif
