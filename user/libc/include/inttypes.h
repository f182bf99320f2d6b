/*
 * inttypes.h - printf and scanf macros for <stdint.h> types on i686:
 * 64-bit types are long long, intptr_t and the 32-bit types are int.
 */
#ifndef _INTTYPES_H
#define _INTTYPES_H

#include <stdint.h>

#define __PRI64	"ll"
#define __PRIPTR ""

#define PRId8	"d"
#define PRId16	"d"
#define PRId32	"d"
#define PRId64	__PRI64 "d"
#define PRIi8	"i"
#define PRIi16	"i"
#define PRIi32	"i"
#define PRIi64	__PRI64 "i"
#define PRIu8	"u"
#define PRIu16	"u"
#define PRIu32	"u"
#define PRIu64	__PRI64 "u"
#define PRIx8	"x"
#define PRIx16	"x"
#define PRIx32	"x"
#define PRIx64	__PRI64 "x"
#define PRIX8	"X"
#define PRIX16	"X"
#define PRIX32	"X"
#define PRIX64	__PRI64 "X"
#define PRIo32	"o"
#define PRIo64	__PRI64 "o"
#define PRIdMAX	__PRI64 "d"
#define PRIuMAX	__PRI64 "u"
#define PRIxMAX	__PRI64 "x"
#define PRIdPTR	__PRIPTR "d"
#define PRIuPTR	__PRIPTR "u"
#define PRIxPTR	__PRIPTR "x"

#define SCNd32	"d"
#define SCNu32	"u"
#define SCNd64	__PRI64 "d"
#define SCNu64	__PRI64 "u"

typedef struct { intmax_t quot, rem; } imaxdiv_t;

intmax_t strtoimax(const char *s, char **end, int base);
uintmax_t strtoumax(const char *s, char **end, int base);

#endif
