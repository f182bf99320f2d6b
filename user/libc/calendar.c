/*
 * calendar.c - broken-down time: gmtime, localtime, mktime, timegm,
 * asctime, ctime, strftime, tzset.
 *
 * Quanta keeps no time zone database and has no /etc/localtime, so local
 * time is UTC whatever TZ says, as glibc's is when TZ is unset and no zone
 * file exists: localtime() equals gmtime(), mktime() equals timegm(),
 * tzname is { "UTC", "UTC" }, timezone 0, daylight 0.  Days and dates
 * convert with the proleptic Gregorian calendar, counting days from
 * 0000-03-01 so that the leap day ends a year (the method of Howard
 * Hinnant's "chrono-Compatible Low-Level Date Algorithms", 2013).  The
 * C locale's names and formats are the only ones.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

char *tzname[2] = { "UTC", "UTC" };
long timezone;
int daylight;

static const char *const wday_name[7] = {
	"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
	"Saturday"
};
static const char *const mon_name[12] = {
	"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"
};

static int
is_leap(long long y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* Days since 1970-01-01 of y-m-d (m 1..12). */
static long long
days_from_civil(long long y, int m, int d)
{
	long long era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static void
civil_from_days(long long z, long long *y, int *m, int *d)
{
	long long era, doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

struct tm *
gmtime_r(const time_t *t, struct tm *tm)
{
	long long s = *t, days = s / 86400, rem = s % 86400, y;
	int m, d;

	if (rem < 0) {
		rem += 86400;
		days--;
	}
	civil_from_days(days, &y, &m, &d);
	if (y - 1900 > INT_MAX || y - 1900 < INT_MIN) {
		errno = EOVERFLOW;
		return NULL;
	}
	tm->tm_year = (int)(y - 1900);
	tm->tm_mon = m - 1;
	tm->tm_mday = d;
	tm->tm_hour = (int)(rem / 3600);
	tm->tm_min = (int)(rem / 60 % 60);
	tm->tm_sec = (int)(rem % 60);
	tm->tm_wday = (int)(((days % 7) + 11) % 7);	/* 1970-01-01: Thu */
	tm->tm_yday = (int)(days - days_from_civil(y, 1, 1));
	tm->tm_isdst = 0;
	tm->tm_gmtoff = 0;
	tm->tm_zone = "UTC";
	return tm;
}

struct tm *
gmtime(const time_t *t)
{
	static struct tm tm;

	return gmtime_r(t, &tm);
}

struct tm *
localtime_r(const time_t *t, struct tm *tm)
{
	return gmtime_r(t, tm);
}

struct tm *
localtime(const time_t *t)
{
	static struct tm tm;

	return gmtime_r(t, &tm);
}

/* Normalizes *tm (fields out of range carry into the next) and fills
 * tm_wday and tm_yday; -1 with EOVERFLOW if the result is no time_t. */
time_t
timegm(struct tm *tm)
{
	long long mon = tm->tm_mon, y = tm->tm_year + 1900LL, days, s;
	time_t t;

	y += mon / 12;
	mon %= 12;
	if (mon < 0) {
		mon += 12;
		y--;
	}
	days = days_from_civil(y, (int)mon + 1, 1) + tm->tm_mday - 1;
	s = days * 86400 + tm->tm_hour * 3600LL + tm->tm_min * 60LL +
	    tm->tm_sec;
	t = (time_t)s;
	if (t != s || gmtime_r(&t, tm) == NULL) {
		errno = EOVERFLOW;
		return (time_t)-1;
	}
	return t;
}

time_t
mktime(struct tm *tm)
{
	return timegm(tm);
}

void
tzset(void)
{
}

char *
asctime_r(const struct tm *tm, char *buf)
{
	/* C's own definition of the format; 26 bytes for 4-digit years */
	snprintf(buf, 26, "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n",
		 (unsigned)tm->tm_wday < 7 ? wday_name[tm->tm_wday] : "???",
		 (unsigned)tm->tm_mon < 12 ? mon_name[tm->tm_mon] : "???",
		 tm->tm_mday, tm->tm_hour, tm->tm_min, tm->tm_sec,
		 tm->tm_year + 1900);
	return buf;
}

char *
asctime(const struct tm *tm)
{
	static char buf[26];

	return asctime_r(tm, buf);
}

char *
ctime_r(const time_t *t, char *buf)
{
	struct tm tm;

	return localtime_r(t, &tm) ? asctime_r(&tm, buf) : NULL;
}

char *
ctime(const time_t *t)
{
	static char buf[26];

	return ctime_r(t, buf);
}

/* ---- strftime ---- */

struct out {
	char *p;
	size_t left;		/* room, the final NUL included */
	int full;
};

static void
put(struct out *o, const char *s)
{
	for (; *s; s++) {
		if (o->left <= 1) {
			o->full = 1;
			return;
		}
		*o->p++ = *s;
		o->left--;
	}
}

static void
putnum(struct out *o, long long v, int width, char pad)
{
	char buf[24];

	if (pad == '0')
		snprintf(buf, sizeof(buf), "%0*lld", width, v);
	else
		snprintf(buf, sizeof(buf), "%*lld", width, v);
	put(o, buf);
}

/* ISO 8601 week-based year and week (%G, %V): week 1 holds January 4. */
static int
iso_week(const struct tm *tm, long long *year)
{
	long long y = tm->tm_year + 1900LL;
	int wday = (tm->tm_wday + 6) % 7;	/* Monday 0 */
	int week = (tm->tm_yday - wday + 10) / 7;

	if (week < 1) {
		int pyday = tm->tm_yday + 365 + is_leap(y - 1);

		y--;
		week = (pyday - wday + 10) / 7;
	} else if (week == 53) {
		int len = 365 + is_leap(y);

		if (tm->tm_yday - wday + 3 >= len) {	/* Thu next year */
			week = 1;
			y++;
		}
	}
	*year = y;
	return week;
}

static void format(struct out *o, const char *fmt, const struct tm *tm);

static void
conversion(struct out *o, char c, const struct tm *tm)
{
	long long y = tm->tm_year + 1900LL, iy;
	int h12 = tm->tm_hour % 12 ? tm->tm_hour % 12 : 12;
	const char *wd = (unsigned)tm->tm_wday < 7 ? wday_name[tm->tm_wday]
						  : "?";
	const char *mn = (unsigned)tm->tm_mon < 12 ? mon_name[tm->tm_mon]
						  : "?";
	char buf[16];
	struct tm copy;

	switch (c) {
	case 'a': snprintf(buf, sizeof(buf), "%.3s", wd); put(o, buf); break;
	case 'A': put(o, wd); break;
	case 'b':
	case 'h': snprintf(buf, sizeof(buf), "%.3s", mn); put(o, buf); break;
	case 'B': put(o, mn); break;
	case 'c': format(o, "%a %b %e %H:%M:%S %Y", tm); break;
	case 'C': putnum(o, y / 100, 2, '0'); break;
	case 'd': putnum(o, tm->tm_mday, 2, '0'); break;
	case 'D': format(o, "%m/%d/%y", tm); break;
	case 'e': putnum(o, tm->tm_mday, 2, ' '); break;
	case 'F': format(o, "%Y-%m-%d", tm); break;
	case 'g': iso_week(tm, &iy); putnum(o, (iy % 100 + 100) % 100, 2, '0');
		break;
	case 'G': iso_week(tm, &iy); putnum(o, iy, 1, '0'); break;
	case 'H': putnum(o, tm->tm_hour, 2, '0'); break;
	case 'I': putnum(o, h12, 2, '0'); break;
	case 'j': putnum(o, tm->tm_yday + 1, 3, '0'); break;
	case 'k': putnum(o, tm->tm_hour, 2, ' '); break;
	case 'l': putnum(o, h12, 2, ' '); break;
	case 'm': putnum(o, tm->tm_mon + 1, 2, '0'); break;
	case 'M': putnum(o, tm->tm_min, 2, '0'); break;
	case 'n': put(o, "\n"); break;
	case 'p': put(o, tm->tm_hour < 12 ? "AM" : "PM"); break;
	case 'P': put(o, tm->tm_hour < 12 ? "am" : "pm"); break;
	case 'r': format(o, "%I:%M:%S %p", tm); break;
	case 'R': format(o, "%H:%M", tm); break;
	case 's':
		copy = *tm;
		putnum(o, (long long)timegm(&copy), 1, '0');
		break;
	case 'S': putnum(o, tm->tm_sec, 2, '0'); break;
	case 't': put(o, "\t"); break;
	case 'T': format(o, "%H:%M:%S", tm); break;
	case 'u': putnum(o, tm->tm_wday ? tm->tm_wday : 7, 1, '0'); break;
	case 'U': putnum(o, (tm->tm_yday + 7 - tm->tm_wday) / 7, 2, '0');
		break;
	case 'V': putnum(o, iso_week(tm, &iy), 2, '0'); break;
	case 'w': putnum(o, tm->tm_wday, 1, '0'); break;
	case 'W': putnum(o, (tm->tm_yday + 7 - (tm->tm_wday + 6) % 7) / 7, 2,
			 '0');
		break;
	case 'x': format(o, "%m/%d/%y", tm); break;
	case 'X': format(o, "%H:%M:%S", tm); break;
	case 'y': putnum(o, (y % 100 + 100) % 100, 2, '0'); break;
	case 'Y': putnum(o, y, 1, '0'); break;
	case 'z': put(o, "+0000"); break;
	case 'Z': put(o, "UTC"); break;
	case '%': put(o, "%"); break;
	default:		/* unknown: copied, as glibc does */
		buf[0] = '%';
		buf[1] = c;
		buf[2] = '\0';
		put(o, buf);
	}
}

static void
format(struct out *o, const char *fmt, const struct tm *tm)
{
	char lit[2] = { 0, 0 };

	for (; *fmt && !o->full; fmt++) {
		if (*fmt != '%' || fmt[1] == '\0') {
			lit[0] = *fmt;
			put(o, lit);
			continue;
		}
		fmt++;
		if (*fmt == 'E' || *fmt == 'O')	/* C locale: no alternatives */
			fmt++;
		if (*fmt == '\0')
			break;
		conversion(o, *fmt, tm);
	}
}

size_t
strftime(char *s, size_t max, const char *fmt, const struct tm *tm)
{
	struct out o = { s, max, 0 };

	if (max == 0)
		return 0;
	format(&o, fmt, tm);
	*o.p = '\0';
	return o.full ? 0 : (size_t)(o.p - s);
}
