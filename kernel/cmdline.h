/*
 * cmdline.h - the kernel command line (architecture contract 3).
 *
 * Space-separated key=value words or bare flags.  QEMU's -kernel puts the
 * kernel's path first and GRUB does not: a first word that has no '=' and is
 * not a known flag is taken to be that path and skipped, so both loaders'
 * lines parse the same.  Everything after a lone "--" belongs to the init
 * program.  Unknown keys are reported by name at boot.
 */
#ifndef KERNEL_CMDLINE_H
#define KERNEL_CMDLINE_H

#include <stdint.h>

/* Words of the whole line, init's arguments included; a line with more
 * is cut there, with a message saying so (the line itself is at most
 * BOOT_CMDLINE_MAX bytes). */
#define CMDLINE_MAX_WORDS	128

/* Once, at boot, before any cmdline_*() reader: split line (copied) into
 * words. */
void cmdline_parse(const char *line);
/* Value of key, "" for a bare flag, NULL when absent. */
const char *cmdline_get(const char *key);
int cmdline_has(const char *key);
/* cmdline_number()'s flags: what may follow the digits. */
#define CMDLINE_SIZE	1	/* k, m or g (either case): times 2^10, 2^20, 2^30 */
#define CMDLINE_PERCENT	2	/* a trailing %: *out is a percentage, 0..100 */

/*
 * The one reader of a numeric setting key=N (decimal, 0x hex or 0 octal,
 * an optional '-', then the suffixes flags allow).  Returns 0 when key is
 * absent and *out is untouched; 1 with *out in [min, max]; 2 with *out in
 * 0..100 when the value ended in % (CMDLINE_PERCENT only); -EINVAL (not a
 * number) or -ERANGE (outside min..max) after printing "cmdline: KEY=VALUE
 * rejected: why", *out untouched.  Call after cmdline_parse().
 */
int cmdline_number(const char *key, int64_t min, int64_t max, unsigned flags,
		   int64_t *out);
/* Print "cmdline: KEY=VALUE rejected: why" for a value the caller's own
 * rule refuses (hz's three rates, pipe_size's powers of two). */
void cmdline_reject(const char *key, const char *why);
/* Words after "--", for the init program. */
int cmdline_init_argc(void);
const char *cmdline_init_arg(int i);
/* Print one line per word nobody knows. */
void cmdline_report_unknown(void);

#endif
