/*
 * ls.c - /bin/ls: list directories (POSIX ls, the common options).
 *
 *   ls [-1ACal] [PATH]...   no PATH: the working directory
 *     -l   long format: type and permissions, links, owner, group, size,
 *          modification time, name (GNU's columns; owners are root)
 *     -a   also names starting with '.'; -A the same without . and ..
 *     -C   in columns, down then across (the default on a terminal)
 *     -1   one name a line (the default into a pipe or a file)
 *
 * Names are sorted by their bytes (the C locale).  A PATH that is a file
 * is listed as itself; several PATHs are listed files first, then each
 * directory under a "PATH:" title.  The width for columns is the
 * console's (TIOCGWINSZ), else $COLUMNS, else 80.
 *
 * System calls: open, getdents (opendir, readdir), stat (open + fstat),
 * ioctl (TIOCGWINSZ), close, write.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

static int long_format, all, almost_all, columns;

/* "drwxr-xr-x" for a mode */
static void
mode_string(unsigned int mode, char *s)
{
	const char *rwx = "rwxrwxrwx";

	s[0] = S_ISDIR(mode) ? 'd' : S_ISCHR(mode) ? 'c' :
	       S_ISFIFO(mode) ? 'p' : S_ISLNK(mode) ? 'l' : '-';
	for (int i = 0; i < 9; i++)
		s[i + 1] = (mode >> (8 - i)) & 1 ? rwx[i] : '-';
	s[10] = 0;
}

/* "Jan  1 00:00" for t seconds since the epoch (UTC: Quanta keeps no time
 * zone), by the days-to-civil conversion of H. Hinnant's "chrono-
 * Compatible Low-Level Date Algorithms" (civil_from_days). */
static void
date_string(long long t, char *s, size_t size)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	long long days = t / 86400, secs = t % 86400, z, era, doe, yoe, doy,
		  mp, d, m;

	if (secs < 0) {
		secs += 86400;
		days--;
	}
	z = days + 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	d = doy - (153 * mp + 2) / 5 + 1;
	m = mp < 10 ? mp + 3 : mp - 9;
	snprintf(s, size, "%.3s %2lld %02lld:%02lld", months + 3 * (m - 1), d,
		 secs / 3600, secs / 60 % 60);
}

static void
print_long(const char *path, const char *name)
{
	struct stat st;
	char mode[11], date[40];

	if (stat(path, &st) < 0) {
		printf("?????????? ? ?    ?    %8s %12s %s\n", "?", "?", name);
		return;
	}
	mode_string(st.st_mode, mode);
	date_string((long long)st.st_mtime, date, sizeof(date));
	printf("%s %lu root root %8ld %s %s\n", mode,
	       (unsigned long)st.st_nlink, (long)st.st_size, date, name);
}

static int
terminal_width(void)
{
	struct winsize ws;
	const char *env = getenv("COLUMNS");

	if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	if (env && atoi(env) > 0)
		return atoi(env);
	return 80;
}

/* Names in columns, down then across, as GNU ls -C: the fewest rows
 * whose columns (each as wide as its longest name + 2) fit the width. */
static void
print_columns(char **names, int n)
{
	int width = terminal_width(), rows, cols, colw[64];

	for (rows = 1; rows <= n; rows++) {
		int total = 0;
		cols = (n + rows - 1) / rows;
		if (cols > 64)
			continue;
		for (int c = 0; c < cols; c++) {
			colw[c] = 0;
			for (int r = 0; r < rows && c * rows + r < n; r++) {
				int len = (int)strlen(names[c * rows + r]);
				if (len > colw[c])
					colw[c] = len;
			}
			total += colw[c] + (c < cols - 1 ? 2 : 0);
		}
		if (total <= width)
			break;
	}
	if (rows > n)
		rows = n;
	cols = rows ? (n + rows - 1) / rows : 0;
	for (int r = 0; r < rows; r++) {
		for (int c = 0; c < cols; c++) {
			int i = c * rows + r;
			if (i >= n)
				continue;
			if (c + 1 < cols && i + rows < n)
				printf("%-*s", colw[c] + 2, names[i]);
			else
				printf("%s", names[i]);
		}
		putchar('\n');
	}
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Print names (paths: where to stat them, under dir; dir NULL: names
 * are the paths). */
static void
print_names(char **names, int n, const char *dir)
{
	char path[512];

	if (!long_format) {
		if (columns)
			print_columns(names, n);
		else
			for (int i = 0; i < n; i++)
				printf("%s\n", names[i]);
		return;
	}
	for (int i = 0; i < n; i++) {
		if (dir)
			snprintf(path, sizeof(path), "%s%s%s", dir,
				 dir[strlen(dir) - 1] == '/' ? "" : "/",
				 names[i]);
		print_long(dir ? path : names[i], names[i]);
	}
}

static int
shown(const char *name)
{
	if (name[0] != '.')
		return 1;
	if (all)
		return 1;
	return almost_all && strcmp(name, ".") && strcmp(name, "..");
}

/* List the directory dir; 0, or 1 after a message. */
static int
list_dir(const char *dir)
{
	char **names = NULL, **grown;
	int n = 0, cap = 0;
	struct dirent *d;
	DIR *dp;

	if (!(dp = opendir(dir))) {
		fprintf(stderr, "ls: cannot open directory '%s': %s\n", dir,
			strerror(errno));
		return 1;
	}
	while ((d = readdir(dp)) != NULL) {
		if (!shown(d->d_name))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			if (!(grown = realloc(names, cap * sizeof(*names)))) {
				fprintf(stderr, "ls: out of memory\n");
				closedir(dp);
				return 1;
			}
			names = grown;
		}
		if (!(names[n] = strdup(d->d_name)))
			break;
		n++;
	}
	closedir(dp);
	qsort(names, n, sizeof(names[0]), by_name);
	print_names(names, n, dir);
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return 0;
}

int
main(int argc, char **argv)
{
	char **files, **dirs;
	int opt, status = 0, nf = 0, nd = 0;
	struct stat st;

	columns = isatty(1);
	while ((opt = getopt(argc, argv, "1ACal")) != -1) {
		switch (opt) {
		case '1': columns = 0; break;
		case 'A': almost_all = 1; break;
		case 'C': columns = 1; break;
		case 'a': all = 1; break;
		case 'l': long_format = 1; break;
		default:
			fprintf(stderr, "usage: ls [-1ACal] [PATH]...\n");
			return 2;
		}
	}
	if (optind == argc)
		return list_dir(".");
	files = calloc(argc, sizeof(char *));
	dirs = calloc(argc, sizeof(char *));
	if (!files || !dirs)
		return 2;
	for (int i = optind; i < argc; i++) {
		if (stat(argv[i], &st) < 0) {
			fprintf(stderr, "ls: cannot access '%s': %s\n",
				argv[i], strerror(errno));
			status = 2;
		} else if (S_ISDIR(st.st_mode)) {
			dirs[nd++] = argv[i];
		} else {
			files[nf++] = argv[i];
		}
	}
	qsort(files, nf, sizeof(char *), by_name);
	qsort(dirs, nd, sizeof(char *), by_name);
	print_names(files, nf, NULL);
	for (int i = 0; i < nd; i++) {
		if (nf + nd > 1 || status)
			printf("%s%s:\n", nf || i ? "\n" : "", dirs[i]);
		status |= list_dir(dirs[i]);
	}
	return status;
}
