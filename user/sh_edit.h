/*
 * sh_edit.h - the shell's line editor (included by sh.c only).
 *
 * The console goes into raw mode (no ICANON, ECHO or ISIG) while a line
 * is typed, and back to the modes it had for the command.  Keys, as in
 * bash's emacs mode:
 *   Left/Right, Ctrl-B/Ctrl-F   move          Home/End, Ctrl-A/Ctrl-E
 *   Backspace, Ctrl-H           delete left   Delete, Ctrl-D   delete here
 *   Ctrl-U   delete to the start              Ctrl-K   delete to the end
 *   Ctrl-W   delete the word before           Up/Down, Ctrl-P/Ctrl-N history
 *   Ctrl-C   drop the line                    Ctrl-D on an empty line: end
 *   Ctrl-L   clear the screen
 * A key that does not fit (the line holds MAXLINE - 1 bytes) rings the
 * bell, and Enter then drops the whole line with a message, as the shell
 * does with a script's long line: a cut command is never run.
 * The screen is redrawn from the prompt on each change ("\r", prompt,
 * text, erase to the end of line, cursor back): simple, and right on any
 * VT100 terminal.
 */
#ifndef USER_SH_EDIT_H
#define USER_SH_EDIT_H

#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#define HIST_MAX	32

static char history[HIST_MAX][MAXLINE];
static int hist_len;			/* lines kept, newest last */

static void
hist_add(const char *s)
{
	if (!*s || (hist_len && strcmp(history[(hist_len - 1) % HIST_MAX],
				       s) == 0))
		return;
	snprintf(history[hist_len % HIST_MAX], MAXLINE, "%s", s);
	hist_len++;
}

struct edit {
	char *buf;
	int size, len, pos;
	const char *prompt;
	int overflow;			/* a key did not fit */
};

static void
edit_redraw(struct edit *e)
{
	char out[MAXLINE + 64];
	int n = snprintf(out, sizeof(out), "\r%s%.*s\x1b[K", e->prompt,
			 e->len, e->buf);

	if (e->len > e->pos)
		n += snprintf(out + n, sizeof(out) - n, "\x1b[%dD",
			      e->len - e->pos);
	write(1, out, n);
}

/* 0 if the line is full (the bell rings, the line will be dropped). */
static int
edit_insert(struct edit *e, char c)
{
	if (e->len >= e->size - 1) {
		if (!e->overflow)
			write(1, "\a", 1);
		e->overflow = 1;
		return 0;
	}
	memmove(e->buf + e->pos + 1, e->buf + e->pos, e->len - e->pos);
	e->buf[e->pos++] = c;
	e->len++;
	return 1;
}

/* Delete [from, to) of the line. */
static void
edit_cut(struct edit *e, int from, int to)
{
	memmove(e->buf + from, e->buf + to, e->len - to);
	e->len -= to - from;
	e->pos = from;
}

static void
edit_recall(struct edit *e, int *hist_at, int dir)
{
	int oldest = hist_len > HIST_MAX ? hist_len - HIST_MAX : 0;
	int at = *hist_at + dir;

	if (at < oldest || at > hist_len)
		return;
	*hist_at = at;
	if (at == hist_len) {
		e->len = 0;
	} else {
		snprintf(e->buf, e->size, "%s", history[at % HIST_MAX]);
		e->len = (int)strlen(e->buf);
	}
	e->pos = e->len;
}

/* After ESC: "[A" ... "[D", "[H", "[F", "[3~", "OH", "OF". */
static void
edit_escape(struct edit *e, int *hist_at)
{
	char s[3] = { 0 };

	if (read(0, &s[0], 1) != 1 || (s[0] != '[' && s[0] != 'O'))
		return;
	if (read(0, &s[1], 1) != 1)
		return;
	if (s[1] >= '0' && s[1] <= '9' && read(0, &s[2], 1) != 1)
		return;
	switch (s[1]) {
	case 'A': edit_recall(e, hist_at, -1); break;
	case 'B': edit_recall(e, hist_at, 1); break;
	case 'C': if (e->pos < e->len) e->pos++; break;
	case 'D': if (e->pos > 0) e->pos--; break;
	case 'H': case '1': case '7': e->pos = 0; break;
	case 'F': case '4': case '8': e->pos = e->len; break;
	case '3':
		if (e->pos < e->len)
			edit_cut(e, e->pos, e->pos + 1);
		break;
	}
}

/* One key; 1 when the line is done, -1 at the end of input. */
static int
edit_key(struct edit *e, char c, int *hist_at)
{
	int p;

	switch (c) {
	case '\n': case '\r':
		write(1, "\n", 1);
		if (e->overflow) {
			fprintf(stderr, "sh: line too long (max %d bytes)\n",
				e->size - 1);
			e->len = e->pos = 0;
		}
		return 1;
	case 0x01: e->pos = 0; break;				/* ^A */
	case 0x05: e->pos = e->len; break;			/* ^E */
	case 0x02: if (e->pos > 0) e->pos--; break;		/* ^B */
	case 0x06: if (e->pos < e->len) e->pos++; break;	/* ^F */
	case 0x7f: case 0x08:					/* BS */
		if (e->pos > 0)
			edit_cut(e, e->pos - 1, e->pos);
		break;
	case 0x04:						/* ^D */
		if (e->len == 0)
			return -1;
		if (e->pos < e->len)
			edit_cut(e, e->pos, e->pos + 1);
		break;
	case 0x15: edit_cut(e, 0, e->pos); break;		/* ^U */
	case 0x0b: e->len = e->pos; break;			/* ^K */
	case 0x17:						/* ^W */
		for (p = e->pos; p > 0 && e->buf[p - 1] == ' '; p--)
			;
		while (p > 0 && e->buf[p - 1] != ' ')
			p--;
		edit_cut(e, p, e->pos);
		break;
	case 0x03:						/* ^C */
		write(1, "^C\n", 3);
		e->len = e->pos = 0;
		e->overflow = 0;
		return 1;
	case 0x0c: write(1, "\x1b[H\x1b[2J", 7); break;		/* ^L */
	case 0x10: edit_recall(e, hist_at, -1); break;		/* ^P */
	case 0x0e: edit_recall(e, hist_at, 1); break;		/* ^N */
	case 0x1b: edit_escape(e, hist_at); break;
	default:
		if ((unsigned char)c < ' ' && c != '\t')
			return 0;
		if (!edit_insert(e, c))
			return 0;
		if (e->pos == e->len)		/* typed at the end: echo */
			return (int)write(1, &c, 1) * 0;
		break;
	}
	edit_redraw(e);
	return 0;
}

/* Read a line with editing; its length, or -1 at the end of input. -2:
 * the input is no terminal (the caller reads it plainly). */
static int
edit_line(const char *prompt, char *buf, int size)
{
	struct termios saved, raw;
	struct edit e = { buf, size, 0, 0, prompt, 0 };
	int hist_at = hist_len, r = 0;
	char c;

	if (tcgetattr(0, &saved) < 0)
		return -2;
	raw = saved;
	raw.c_lflag &= ~(ICANON | ECHO | ISIG | IEXTEN);
	raw.c_cc[VMIN] = 1;
	raw.c_cc[VTIME] = 0;
	tcsetattr(0, TCSANOW, &raw);
	edit_redraw(&e);
	while (r == 0) {
		if (read(0, &c, 1) != 1) {
			r = -1;
			break;
		}
		r = edit_key(&e, c, &hist_at);
	}
	tcsetattr(0, TCSANOW, &saved);
	if (r < 0) {
		write(1, "\n", 1);
		return -1;
	}
	buf[e.len] = 0;
	hist_add(buf);
	return e.len;
}

#endif
