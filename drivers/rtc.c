/*
 * rtc.c - read the MC146818 CMOS clock (registers 0x00 seconds, 0x02
 * minutes, 0x04 hours, 0x07 day, 0x08 month, 0x09 year; status B says
 * whether values are BCD).  Under the det profile QEMU's RTC is pinned to
 * 2000-01-01 (-rtc base=...,clock=vm), so runs repeat exactly.
 */
#include <stdint.h>
#include "arch/x86/x86.h"
#include "drivers/rtc.h"

#define CMOS_ADDR	0x70
#define CMOS_DATA	0x71

static uint8_t
cmos(uint8_t reg)
{
	outb(CMOS_ADDR, reg);
	return inb(CMOS_DATA);
}

static unsigned
bcd(uint8_t v, int is_bcd)
{
	return is_bcd ? (unsigned)((v >> 4) * 10 + (v & 15)) : v;
}

/* Days from 1970-01-01 to y-m-d (civil calendar). */
static uint64_t
days_since_epoch(unsigned y, unsigned m, unsigned d)
{
	static const unsigned cum[12] = {
		0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334
	};
	uint64_t days = (uint64_t)(y - 1970) * 365 + cum[m - 1] + d - 1;

	days += (y - 1969) / 4 - (y - 1901) / 100 + (y - 1601) / 400;
	if (m > 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		days++;
	return days;
}

uint64_t
rtc_read_unix(void)
{
	unsigned s, mi, h, d, mo, y;
	int is_bcd;

	for (int i = 0; i < 100000 && (cmos(0x0A) & 0x80); i++)
		;		/* an update is in progress: < 2 ms */
	is_bcd = !(cmos(0x0B) & 0x04);
	s = bcd(cmos(0x00), is_bcd);
	mi = bcd(cmos(0x02), is_bcd);
	h = bcd(cmos(0x04) & 0x7f, is_bcd);
	d = bcd(cmos(0x07), is_bcd);
	mo = bcd(cmos(0x08), is_bcd);
	y = bcd(cmos(0x09), is_bcd) + 2000;
	if (mo < 1 || mo > 12 || d < 1 || d > 31)
		return 946684800;	/* nonsense: say 2000-01-01 */
	return days_since_epoch(y, mo, d) * 86400 + h * 3600 + mi * 60 + s;
}
