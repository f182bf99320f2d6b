/* stdlib.c - arithmetic helpers and pseudo-random numbers. */
#include <stdlib.h>

int
abs(int x)
{
	return x < 0 ? -x : x;
}

long
labs(long x)
{
	return x < 0 ? -x : x;
}

long long
llabs(long long x)
{
	return x < 0 ? -x : x;
}

div_t
div(int num, int den)
{
	div_t r = { num / den, num % den };

	return r;
}

ldiv_t
ldiv(long num, long den)
{
	ldiv_t r = { num / den, num % den };

	return r;
}

lldiv_t
lldiv(long long num, long long den)
{
	lldiv_t r = { num / den, num % den };

	return r;
}

/*
 * rand(): a 64-bit linear congruential generator (Knuth's MMIX constants)
 * returning its high 31 bits, which are far better than the low ones.
 * Shared state, like every rand(); threads wanting their own use rand_r.
 */
static unsigned long long rand_state = 1;

static int
lcg_next(unsigned long long *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (int)(*state >> 33);
}

int
rand(void)
{
	return lcg_next(&rand_state);
}

void
srand(unsigned int seed)
{
	rand_state = seed;
}

long
random(void)
{
	return rand();
}

void
srandom(unsigned int seed)
{
	srand(seed);
}

/* POSIX's rand_r keeps only an unsigned int of state. */
int
rand_r(unsigned int *state)
{
	unsigned long long s = *state;
	int r = lcg_next(&s);

	*state = (unsigned int)(s >> 32) ^ (unsigned int)s;
	return r;
}
