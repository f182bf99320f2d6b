/*
 * true.c - /bin/true: do nothing, successfully (exit status 0).
 *
 * System calls: exit.
 */
int
main(void)
{
	return 0;
}
