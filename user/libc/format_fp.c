/*
 * format_fp.c - printf's %f %F %e %E %g %G (and %a, printed as %e).
 *
 * The value is turned into 17 significant decimal digits and an exponent
 * by scaling it into [1, 10) with powers of ten in x87 extended precision
 * (64-bit mantissa), then rounded as the conversion needs.  17 digits
 * identify every double, and the extended precision keeps them right to
 * within one unit in the 17th, so output agrees with glibc to at least 15
 * significant digits; further digits of a %f print as zeros.
 */
#include <string.h>
#include "format.h"
#include "internal.h"

#define DIGITS 18

/* What lies beyond the digits kept, in units of the last digit. */
enum tail { TAIL_ZERO, TAIL_BELOW_HALF, TAIL_HALF, TAIL_ABOVE_HALF };

struct decimal {
	char d[DIGITS + 2];	/* significant digits; n == 0 means zero */
	int n;
	int exp;		/* value = d[0].d[1]d[2]... x 10^exp */
	enum tail tail;		/* the rest, so ties can go to even */
};

/* 10^(2^k), k = 0..12, as in strtod.c */
static const long double p10[] = {
	1e1L, 1e2L, 1e4L, 1e8L, 1e16L, 1e32L, 1e64L, 1e128L, 1e256L,
	1e512L, 1e1024L, 1e2048L, 1e4096L,
};

/*
 * v * 10^k.  Powers up to 10^27 are exact in long double, so then this is
 * one correctly rounded operation, and exact whenever the result fits in
 * 64 bits: that is what lets round_up() tell a true tie (0.125 to two
 * places) from a value a hair either side of one.
 */
static long double
scale(long double v, int k)
{
	long double p = 1;
	int i, n = k < 0 ? -k : k;

	if (n > 27)
		return __scale10l(v, k);
	for (i = 0; n; i++, n >>= 1)
		if (n & 1)
			p *= p10[i];
	return k < 0 ? v / p : v * p;
}

/* The decimal exponent of v > 0, perhaps one off (scale() settles it). */
static int
estimate_exp(long double v)
{
	int e = 0, k;

	if (v >= 10) {
		for (k = 12; k >= 0; k--)
			if (v >= p10[k]) {
				v /= p10[k];
				e += 1 << k;
			}
	} else if (v < 1) {
		for (k = 12; k >= 0; k--)
			if (v * p10[k] < 10) {
				v *= p10[k];
				e -= 1 << k;
			}
	}
	return e;
}

/*
 * v finite and >= 0: the 18 digits of v * 10^(17-e) truncated, and what
 * the truncation dropped.  17 digits identify any double; the 18th and
 * the tail decide how they round.
 */
static void
to_decimal(long double v, struct decimal *dec)
{
	unsigned long long m;
	long double x = 0, rest;
	int e, i, tries;

	dec->n = 0;
	dec->exp = 0;
	dec->tail = TAIL_ZERO;
	if (v == 0)
		return;
	e = estimate_exp(v);
	for (tries = 0; tries < 3; tries++) {
		x = scale(v, DIGITS - 1 - e);
		if (x >= 1e18L)
			e++;
		else if (x < 1e17L)
			e--;
		else
			break;
	}
	m = (unsigned long long)x;
	rest = x - (long double)m;
	dec->tail = rest == 0 ? TAIL_ZERO : rest < 0.5L ? TAIL_BELOW_HALF :
		    rest == 0.5L ? TAIL_HALF : TAIL_ABOVE_HALF;
	for (i = DIGITS - 1; i >= 0; i--) {
		dec->d[i] = '0' + m % 10;
		m /= 10;
	}
	dec->n = DIGITS;
	dec->exp = e;
}

/*
 * Should dropping d[nd..] (and the tail) round d[0..nd) up?  Halfway
 * goes to even, as glibc does in the default rounding mode.
 */
static int
round_up(const struct decimal *dec, int nd)
{
	int i;

	if (nd >= dec->n)
		return dec->tail == TAIL_ABOVE_HALF ||
		       (dec->tail == TAIL_HALF && ((dec->d[nd - 1] - '0') & 1));
	if (dec->d[nd] != '5')
		return dec->d[nd] > '5';
	for (i = nd + 1; i < dec->n; i++)
		if (dec->d[i] != '0')
			return 1;
	if (dec->tail != TAIL_ZERO)
		return 1;
	return nd > 0 && ((dec->d[nd - 1] - '0') & 1);
}

/* Keep nd significant digits (nd <= 0: the value rounds to 0 or 10^exp). */
static void
round_digits(struct decimal *dec, int nd)
{
	int up, i;

	if (nd > dec->n || dec->n == 0)
		return;
	up = nd >= 0 && round_up(dec, nd);
	if (nd < 0)
		nd = 0;
	dec->n = nd;
	dec->tail = TAIL_ZERO;
	if (!up)
		return;
	for (i = nd - 1; i >= 0 && dec->d[i] == '9'; i--)
		dec->d[i] = '0';
	if (i >= 0) {
		dec->d[i]++;
	} else {		/* 9.99 -> 10.0: one more digit in front */
		dec->d[0] = '1';
		dec->exp++;
		if (nd == 0)
			dec->n = 1;
	}
}

static char
digit(const struct decimal *dec, int i)
{
	return i >= 0 && i < dec->n ? dec->d[i] : '0';
}

/* Characters gathered for __fmt_emit in batches. */
struct batch {
	struct fmt_out *o;
	int len;
	char buf[64];
};

static void
put(struct batch *b, char c)
{
	if (b->len == (int)sizeof(b->buf)) {
		__fmt_emit(b->o, b->buf, b->len);
		b->len = 0;
	}
	b->buf[b->len++] = c;
}

static void
flush(struct batch *b)
{
	__fmt_emit(b->o, b->buf, b->len);
	b->len = 0;
}

/* Length of d.ddde+XX with prec digits after the point. */
static int
e_length(const struct decimal *dec, int prec, int alt)
{
	int x = dec->exp < 0 ? -dec->exp : dec->exp, len = 4;

	if (dec->n == 0)
		x = 0;
	for (; x >= 100; x /= 10)
		len++;
	return 1 + (prec || alt) + prec + len;
}

static void
put_e(struct batch *b, const struct decimal *dec, int prec, int alt,
      char e)
{
	char buf[8];
	int x = dec->n ? dec->exp : 0, i = 0, j;

	put(b, digit(dec, 0));
	if (prec || alt)
		put(b, '.');
	for (j = 1; j <= prec; j++)
		put(b, digit(dec, j));
	put(b, e);
	put(b, x < 0 ? '-' : '+');
	if (x < 0)
		x = -x;
	do {
		buf[i++] = '0' + x % 10;
		x /= 10;
	} while (x || i < 2);
	while (i)
		put(b, buf[--i]);
}

static int
f_length(const struct decimal *dec, int prec, int alt)
{
	int ilen = (dec->n == 0 || dec->exp < 0) ? 1 : dec->exp + 1;

	return ilen + (prec || alt) + prec;
}

static void
put_f(struct batch *b, const struct decimal *dec, int prec, int alt)
{
	int i, j;

	if (dec->n == 0 || dec->exp < 0)
		put(b, '0');
	else
		for (i = 0; i <= dec->exp; i++)
			put(b, digit(dec, i));
	if (prec || alt)
		put(b, '.');
	for (j = 1; j <= prec; j++)
		put(b, digit(dec, dec->exp + j));
}

/* Digits left once trailing zeros go (at least 1), for %g. */
static int
significant(const struct decimal *dec)
{
	int n = dec->n;

	while (n > 1 && dec->d[n - 1] == '0')
		n--;
	return n ? n : 1;
}

/* The field around a body: [pad][sign][zeros][body][pad]. */
static void
put_field(struct fmt_out *o, const struct fmt_spec *sp, char sign,
	  int body_len, int zero_ok)
{
	int pad = sp->width - body_len - (sign != 0);

	if (!sp->left && !(sp->zero && zero_ok))
		__fmt_pad(o, ' ', pad);
	if (sign)
		__fmt_emit(o, &sign, 1);
	if (!sp->left && sp->zero && zero_ok)
		__fmt_pad(o, '0', pad);
}

static void
put_special(struct fmt_out *o, const struct fmt_spec *sp, char sign,
	    int nan, int upper)
{
	const char *s = nan ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");

	put_field(o, sp, sign, 3, 0);
	__fmt_emit(o, s, 3);
	if (sp->left)
		__fmt_pad(o, ' ', sp->width - 3 - (sign != 0));
}

void
__format_float(struct fmt_out *o, const struct fmt_spec *sp, long double v)
{
	struct batch b = { o, 0, { 0 } };
	struct decimal dec;
	char conv = sp->conv | 0x20, sign = 0;	/* conv in lower case */
	int upper = sp->conv != conv, prec = sp->prec, e_style, len, sig;

	if (__builtin_signbit(v)) {
		sign = '-';
		v = -v;
	} else if (sp->plus || sp->space) {
		sign = sp->plus ? '+' : ' ';
	}
	if (v != v || v - v != 0) {		/* NaN, or infinity */
		put_special(o, sp, sign, v != v, upper);
		return;
	}
	to_decimal(v, &dec);
	if (conv == 'a')
		conv = 'e';
	if (prec < 0)
		prec = 6;
	if (conv == 'g') {
		if (prec == 0)
			prec = 1;
		round_digits(&dec, prec);
		e_style = !(dec.exp < prec && dec.exp >= -4) && dec.n;
		sig = sp->alt ? prec : significant(&dec);
		if (e_style)
			prec = sig - 1;
		else
			prec = sig - 1 - dec.exp > 0 ? sig - 1 - dec.exp : 0;
	} else {
		e_style = conv == 'e';
		round_digits(&dec, e_style ? prec + 1 : dec.exp + 1 + prec);
	}
	len = e_style ? e_length(&dec, prec, sp->alt)
		      : f_length(&dec, prec, sp->alt);
	put_field(o, sp, sign, len, 1);
	if (e_style)
		put_e(&b, &dec, prec, sp->alt, upper ? 'E' : 'e');
	else
		put_f(&b, &dec, prec, sp->alt);
	flush(&b);
	if (sp->left)
		__fmt_pad(o, ' ', sp->width - len - (sign != 0));
}
