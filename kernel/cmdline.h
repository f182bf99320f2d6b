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

/* Words of the whole line, init's arguments included; a line with more
 * is cut there, with a message saying so (the line itself is at most
 * BOOT_CMDLINE_MAX bytes). */
#define CMDLINE_MAX_WORDS	128

void cmdline_parse(const char *line);
/* Value of key, "" for a bare flag, NULL when absent. */
const char *cmdline_get(const char *key);
int cmdline_has(const char *key);
/* Words after "--", for the init program. */
int cmdline_init_argc(void);
const char *cmdline_init_arg(int i);
/* Print one line per word nobody knows. */
void cmdline_report_unknown(void);

#endif
