/*
 * env.c - the environment: getenv, setenv, unsetenv, putenv.
 *
 * environ starts as the array the kernel put on the stack.  The first
 * change copies the array to the heap; strings added by setenv are
 * malloc'd and never freed (another pointer to them may be held).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>

static char **owned;		/* environ, when the heap copy is in use */

/* Index of NAME in environ, or -1; len is NAME's length. */
static int
find(const char *name, size_t len)
{
	int i;

	for (i = 0; environ && environ[i]; i++)
		if (strncmp(environ[i], name, len) == 0 &&
		    environ[i][len] == '=')
			return i;
	return -1;
}

char *
getenv(const char *name)
{
	size_t len = strlen(name);
	int i = find(name, len);

	return i < 0 ? NULL : environ[i] + len + 1;
}

static int
count(void)
{
	int n = 0;

	while (environ && environ[n])
		n++;
	return n;
}

/* Append or replace entry (of the form NAME=value) in a heap environ. */
static int
put(char *entry, size_t namelen)
{
	int i = find(entry, namelen), n = count();
	char **env;

	if (i >= 0) {
		environ[i] = entry;
		return 0;
	}
	env = malloc((n + 2) * sizeof(char *));
	if (env == NULL)
		return -1;
	if (n)
		memcpy(env, environ, n * sizeof(char *));
	env[n] = entry;
	env[n + 1] = NULL;
	free(owned);
	environ = owned = env;
	return 0;
}

static int
bad_name(const char *name)
{
	if (name == NULL || *name == '\0' || strchr(name, '=')) {
		errno = EINVAL;
		return 1;
	}
	return 0;
}

int
setenv(const char *name, const char *value, int overwrite)
{
	size_t nlen, vlen;
	char *entry;

	if (bad_name(name))
		return -1;
	nlen = strlen(name);
	if (!overwrite && find(name, nlen) >= 0)
		return 0;
	vlen = strlen(value);
	entry = malloc(nlen + vlen + 2);
	if (entry == NULL)
		return -1;
	memcpy(entry, name, nlen);
	entry[nlen] = '=';
	memcpy(entry + nlen + 1, value, vlen + 1);
	if (put(entry, nlen) < 0) {
		free(entry);
		return -1;
	}
	return 0;
}

/* The string itself becomes part of the environment, as POSIX says. */
int
putenv(char *str)
{
	char *eq = strchr(str, '=');

	if (eq == NULL || eq == str) {
		errno = EINVAL;
		return -1;
	}
	return put(str, eq - str);
}

int
unsetenv(const char *name)
{
	size_t len;
	int i;

	if (bad_name(name))
		return -1;
	len = strlen(name);
	while ((i = find(name, len)) >= 0) {
		/* Removing in place is safe in either array: no one else
		 * may rely on the order of environ. */
		for (; environ[i]; i++)
			environ[i] = environ[i + 1];
	}
	return 0;
}
