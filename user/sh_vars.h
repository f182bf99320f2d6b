/*
 * sh_vars.h - the shell's variables (POSIX 2.5.3): NAME=value sets one,
 * "export NAME" marks it for the environment of the commands it runs,
 * "unset NAME" removes it, "set" lists them all.  The environment the
 * shell was started with comes in exported.  Part of user/sh.c.
 */
#ifndef USER_SH_VARS_H
#define USER_SH_VARS_H

#define MAXVARS		128

struct var {
	char *name;			/* NULL: a free slot */
	char *value;
	int exported;
};
static struct var vars[MAXVARS];

/* The length of the variable name at s ([A-Za-z_][A-Za-z0-9_]*), 0 if
 * none starts there. */
static size_t
var_name_len(const char *s)
{
	size_t n = 0;

	if (!isalpha((unsigned char)s[0]) && s[0] != '_')
		return 0;
	while (isalnum((unsigned char)s[n]) || s[n] == '_')
		n++;
	return n;
}

static struct var *
var_find(const char *name, size_t len)
{
	for (int i = 0; i < MAXVARS; i++)
		if (vars[i].name && strncmp(vars[i].name, name, len) == 0 &&
		    vars[i].name[len] == 0)
			return &vars[i];
	return NULL;
}

/* The value of NAME (len bytes at name), or NULL if it is unset. */
static const char *
var_get(const char *name, size_t len)
{
	struct var *v = var_find(name, len);

	return v ? v->value : NULL;
}

/* Set NAME (len bytes) to value (NULL: keep the old one, or none);
 * export 1 marks it exported, 0 leaves the mark.  0, or -1 after a
 * message. */
static int
var_set(const char *name, size_t len, const char *value, int export)
{
	struct var *v = var_find(name, len);
	char *copy = NULL;

	if (!v) {
		for (int i = 0; i < MAXVARS && !v; i++)
			if (!vars[i].name)
				v = &vars[i];
		if (!v) {
			fprintf(stderr, "sh: too many variables (%d)\n",
				MAXVARS);
			return -1;
		}
		if (!(v->name = strndup(name, len)))
			goto nomem;
		v->exported = 0;
		v->value = NULL;	/* "export NAME" of an unset one */
	}
	if (value) {
		if (!(copy = strdup(value)))
			goto nomem;
		free(v->value);
		v->value = copy;
	}
	v->exported |= export;
	return 0;
nomem:
	fprintf(stderr, "sh: out of memory\n");
	return -1;
}

/* "NAME=value": set it; 0 or -1. */
static int
var_assign(const char *word, int export)
{
	size_t len = var_name_len(word);

	return var_set(word, len, word + len + 1, export);
}

static void
var_unset(const char *name)
{
	struct var *v = var_find(name, strlen(name));

	if (v) {
		free(v->name);
		free(v->value);
		v->name = v->value = NULL;
	}
}

/* Take in the environment the shell was started with, exported. */
static void
var_import(char **env)
{
	for (int i = 0; env && env[i]; i++) {
		size_t len = var_name_len(env[i]);
		if (len && env[i][len] == '=')
			var_set(env[i], len, env[i] + len + 1, 1);
	}
}

/* Add "NAME=value" to env (n entries), replacing an entry of that name. */
static int
env_put(char **env, int n, char *entry)
{
	size_t len = strcspn(entry, "=") + 1;

	for (int i = 0; i < n; i++)
		if (strncmp(env[i], entry, len) == 0) {
			env[i] = entry;
			return n;
		}
	env[n] = entry;
	return n + 1;
}

/*
 * The environment of a command: the exported variables, then the
 * command's own NAME=value words (POSIX 2.9.1: they are in its
 * environment only).  Called in the forked child, which owns the memory;
 * NULL if it runs out.
 */
static char **
var_environ(char **assigns)
{
	int n = 0, max = MAXVARS + 1;
	char **env;

	for (int i = 0; assigns[i]; i++)
		max++;
	if (!(env = calloc(max, sizeof(*env))))
		return NULL;
	for (int i = 0; i < MAXVARS; i++) {
		struct var *v = &vars[i];
		char *entry;

		if (!v->name || !v->exported || !v->value)
			continue;
		entry = malloc(strlen(v->name) + strlen(v->value) + 2);
		if (!entry)
			return NULL;
		sprintf(entry, "%s=%s", v->name, v->value);
		n = env_put(env, n, entry);
	}
	for (int i = 0; assigns[i]; i++)
		n = env_put(env, n, assigns[i]);
	env[n] = NULL;
	return env;
}

/* Print value quoted so that the shell reads it back the same. */
static void
print_quoted(const char *value)
{
	putchar('\'');
	for (const char *p = value; *p; p++) {
		if (*p == '\'')
			fputs("'\\''", stdout);
		else
			putchar(*p);
	}
	putchar('\'');
}

/* "set": every variable; "export -p" (or "export"): the exported ones. */
static void
var_list(int exported_only)
{
	for (int i = 0; i < MAXVARS; i++) {
		struct var *v = &vars[i];
		if (!v->name || (exported_only && !v->exported))
			continue;
		printf("%s%s", exported_only ? "export " : "", v->name);
		if (v->value) {
			putchar('=');
			print_quoted(v->value);
		}
		putchar('\n');
	}
}

/* export [-p] [NAME[=value]]... */
static int
builtin_export(char **argv)
{
	int status = 0;

	if (!argv[1] || (strcmp(argv[1], "-p") == 0 && !argv[2])) {
		var_list(1);
		return 0;
	}
	for (int i = 1; argv[i]; i++) {
		size_t len = var_name_len(argv[i]);
		if (!len || (argv[i][len] && argv[i][len] != '=')) {
			fprintf(stderr, "export: %s: not a valid name\n",
				argv[i]);
			status = 1;
		} else if (var_set(argv[i], len, argv[i][len] ?
				   argv[i] + len + 1 : NULL, 1) < 0) {
			status = 1;
		}
	}
	return status;
}

/* unset NAME... */
static int
builtin_unset(char **argv)
{
	int status = 0;

	for (int i = 1; argv[i]; i++) {
		if (strcmp(argv[i], "-v") == 0)
			continue;
		if (var_name_len(argv[i]) != strlen(argv[i])) {
			fprintf(stderr, "unset: %s: not a valid name\n",
				argv[i]);
			status = 1;
			continue;
		}
		var_unset(argv[i]);
	}
	return status;
}

#endif
