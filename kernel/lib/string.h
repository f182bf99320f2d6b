/* string.h - the freestanding string and memory helpers of the kernel. */
#ifndef KERNEL_LIB_STRING_H
#define KERNEL_LIB_STRING_H

#include <stddef.h>
#include <stdint.h>

/* As ISO C11's (7.24) and, for strlcpy, the BSDs': the kernel's own, no
 * locking, safe in any context. */
void *memset(void *dst, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
size_t strlcpy(char *dst, const char *src, size_t size);
/* Parse an unsigned/signed number in base 10, 16 ("0x" prefix) or 8 ("0"
 * prefix) when base is 0; *end is set past the last digit used. */
unsigned long strtoul(const char *s, char **end, int base);
long strtol(const char *s, char **end, int base);
unsigned long long strtoull(const char *s, char **end, int base);

#endif
