/*
 * false.c - /bin/false: do nothing, unsuccessfully (exit status 1).
 *
 * System calls: exit.
 */
int
main(void)
{
	return 1;
}
