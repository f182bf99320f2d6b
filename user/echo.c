/*
 * echo.c - /bin/echo: print the arguments, separated by spaces.
 *
 *   echo [-n] [ARG]...    -n: no newline at the end
 *
 * System calls: write.
 */
#include <stdio.h>
#include <string.h>

int
main(int argc, char **argv)
{
	int newline = 1, i = 1;

	if (argc > 1 && strcmp(argv[1], "-n") == 0) {
		newline = 0;
		i++;
	}
	for (; i < argc; i++)
		printf("%s%s", argv[i], i + 1 < argc ? " " : "");
	if (newline)
		printf("\n");
	return 0;
}
