/* ctype.c - ASCII character classes (the "C" locale). */
#include <ctype.h>
#include <strings.h>
#include <stddef.h>

int
isdigit(int c)
{
	return c >= '0' && c <= '9';
}

int
islower(int c)
{
	return c >= 'a' && c <= 'z';
}

int
isupper(int c)
{
	return c >= 'A' && c <= 'Z';
}

int
isalpha(int c)
{
	return islower(c) || isupper(c);
}

int
isalnum(int c)
{
	return isalpha(c) || isdigit(c);
}

int
isascii(int c)
{
	return c >= 0 && c < 128;
}

int
isblank(int c)
{
	return c == ' ' || c == '\t';
}

int
iscntrl(int c)
{
	return (c >= 0 && c < 32) || c == 127;
}

int
isgraph(int c)
{
	return c > ' ' && c < 127;
}

int
isprint(int c)
{
	return c >= ' ' && c < 127;
}

int
ispunct(int c)
{
	return isgraph(c) && !isalnum(c);
}

int
isspace(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

int
isxdigit(int c)
{
	return isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

int
tolower(int c)
{
	return isupper(c) ? c - 'A' + 'a' : c;
}

int
toupper(int c)
{
	return islower(c) ? c - 'a' + 'A' : c;
}

int
strcasecmp(const char *a, const char *b)
{
	return strncasecmp(a, b, (size_t)-1);
}

int
strncasecmp(const char *a, const char *b, size_t n)
{
	int d;

	for (; n; n--, a++, b++) {
		d = tolower((unsigned char)*a) - tolower((unsigned char)*b);
		if (d || *a == '\0')
			return d;
	}
	return 0;
}

int
ffs(int x)
{
	return x ? __builtin_ctz((unsigned)x) + 1 : 0;
}
