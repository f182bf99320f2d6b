/*
 * dirent.h - reading directories.  struct dirent is the kernel's struct
 * q_dirent, so readdir() hands out entries straight from getdents()'s
 * buffer.
 */
#ifndef _DIRENT_H
#define _DIRENT_H

#include <sys/types.h>
#include <uapi/types.h>

#define DT_UNKNOWN	0
#define DT_FIFO		1
#define DT_CHR		Q_DT_CHR
#define DT_DIR		Q_DT_DIR
#define DT_BLK		6
#define DT_REG		Q_DT_REG
#define DT_LNK		10

struct dirent {
	ino_t d_ino;
	unsigned int d_type;		/* DT_* */
	char d_name[Q_NAME_MAX + 1];
};

typedef struct __dir DIR;

DIR *opendir(const char *path);
struct dirent *readdir(DIR *d);
int closedir(DIR *d);
int dirfd(DIR *d);
/* The raw call: fills buf with whole entries, returns bytes, 0 at the end. */
int getdents(int fd, struct dirent *buf, size_t bytes);

#endif
