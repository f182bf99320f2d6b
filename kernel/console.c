/*
 * console.c - the serial console as a terminal: a line discipline with
 * termios, and job control for the console's session.
 *
 * Input bytes arrive in interrupt context (console_input).  With ISIG the
 * VINTR, VQUIT and VSUSP characters (Ctrl-C, Ctrl-\, Ctrl-Z) send SIGINT,
 * SIGQUIT and SIGTSTP to the foreground process group and flush the
 * input.  With ICANON the current line is edited (VERASE, VKILL, VWERASE)
 * and handed to readers on Enter or VEOF; without it every byte goes to
 * readers at once and a read returns by VMIN and VTIME (POSIX 11.1.7).
 * ECHO echoes, control characters as ^X (ECHOCTL).
 *
 * Job control (POSIX 11.1.4): the console is the controlling terminal of
 * init's session.  A process of that session outside the foreground group
 * that reads gets SIGTTIN (EIO if it ignores or blocks it); one that
 * changes the terminal (tcsetpgrp, tcsetattr) gets SIGTTOU unless it
 * ignores or blocks it.  Output is always allowed (TOSTOP is not
 * supported) and always post-processed (\n -> \r\n).
 *
 * Locking: in_lock protects the line, the ring and the termios; it is
 * taken before proc_lock (Ctrl-C sends a signal with it held).
 */
#include <stddef.h>
#include <stdint.h>
#include "include/uapi/errno.h"
#include "include/uapi/types.h"
#include "kernel/console.h"
#include "kernel/mm.h"
#include "kernel/pipe.h"
#include "kernel/printk.h"
#include "kernel/proc.h"
#include "kernel/signal.h"
#include "kernel/spinlock.h"
#include "kernel/task.h"
#include "kernel/time.h"
#include "kernel/waitq.h"

#define LINE_MAX	256
#define COOKED_MAX	1024
#define CTRL(c)		((c) & 0x1f)

static struct spinlock in_lock = SPINLOCK_INIT("console_in");
static char line[LINE_MAX];		/* the line being typed */
static size_t line_len;
static char cooked[COOKED_MAX];		/* bytes for readers, a ring */
static uint32_t ck_r, ck_w;		/* free-running positions */
static int eof_pending;			/* VEOF on an empty line */
static uint64_t last_byte_ns;		/* for VTIME between bytes */
static struct waitq readers = { LIST_INIT(readers.sleepers) };
static volatile int fg_pgrp;		/* 0: init's, until tcsetpgrp */

/* Linux's defaults (drivers/tty/tty_io.c, tty_std_termios) */
static struct q_termios tio = {
	.c_iflag = Q_ICRNL | Q_IXON,
	.c_oflag = Q_OPOST | Q_ONLCR,
	.c_cflag = Q_B38400 | Q_CS8 | Q_CREAD,
	.c_lflag = Q_ISIG | Q_ICANON | Q_ECHO | Q_ECHOE | Q_ECHOK |
		   Q_ECHOCTL | Q_ECHOKE | Q_IEXTEN,
	.c_cc = {
		[Q_VINTR] = CTRL('C'), [Q_VQUIT] = CTRL('\\'),
		[Q_VERASE] = 0x7f, [Q_VKILL] = CTRL('U'), [Q_VEOF] = CTRL('D'),
		[Q_VTIME] = 0, [Q_VMIN] = 1, [Q_VSTART] = CTRL('Q'),
		[Q_VSTOP] = CTRL('S'), [Q_VSUSP] = CTRL('Z'),
		[Q_VREPRINT] = CTRL('R'), [Q_VDISCARD] = CTRL('O'),
		[Q_VWERASE] = CTRL('W'), [Q_VLNEXT] = CTRL('V'),
	},
};

static int
foreground(void)
{
	return fg_pgrp ? fg_pgrp : init_pid;
}

static void
push_byte(char c)
{
	if (ck_w - ck_r < COOKED_MAX)
		cooked[ck_w++ % COOKED_MAX] = c;
}

static void
push_line(void)
{
	for (size_t i = 0; i < line_len; i++)
		push_byte(line[i]);
	line_len = 0;
}

static void
echo_char(char c)
{
	unsigned char u = (unsigned char)c;

	if (!(tio.c_lflag & Q_ECHO))
		return;
	if (u < ' ' && c != '\n' && c != '\t' && (tio.c_lflag & Q_ECHOCTL)) {
		char caret[2] = { '^', (char)(u + '@') };
		console_write(caret, 2);
	} else if (u == 0x7f && (tio.c_lflag & Q_ECHOCTL)) {
		console_write("^?", 2);
	} else {
		console_write(&c, 1);
	}
}

/* Erase the last character of the line on the screen too. */
static void
erase_one(void)
{
	if (line_len == 0)
		return;
	line_len--;
	if ((tio.c_lflag & (Q_ECHO | Q_ECHOE)) == (Q_ECHO | Q_ECHOE))
		console_write("\b \b", 3);
}

/* ISIG: a signal character.  1 if c was one. */
static int
signal_char(char c)
{
	int sig = 0;

	if (!(tio.c_lflag & Q_ISIG) || c == 0)
		return 0;
	if (c == (char)tio.c_cc[Q_VINTR])
		sig = Q_SIGINT;
	else if (c == (char)tio.c_cc[Q_VQUIT])
		sig = Q_SIGQUIT;
	else if (c == (char)tio.c_cc[Q_VSUSP])
		sig = Q_SIGTSTP;
	if (!sig)
		return 0;
	if (!(tio.c_lflag & Q_NOFLSH)) {
		line_len = 0;
		ck_r = ck_w;
	}
	echo_char(c);
	{
		struct sig_kinfo ki = { .code = Q_SI_KERNEL };
		spin_lock(&proc_lock);
		signal_send_group(foreground(), sig, &ki);
		spin_unlock(&proc_lock);
	}
	return 1;
}

/* ICANON: edit the line. */
static void
canon_char(char c)
{
	if (c == '\n' || c == (char)tio.c_cc[Q_VEOL]) {
		if (line_len < LINE_MAX)
			line[line_len++] = c;
		push_line();
		if (tio.c_lflag & (Q_ECHO | Q_ECHONL))
			console_write("\n", 1);
	} else if (c == (char)tio.c_cc[Q_VERASE] || c == '\b') {
		erase_one();
	} else if (c == (char)tio.c_cc[Q_VKILL]) {
		while (line_len > 0)
			erase_one();
	} else if (c == (char)tio.c_cc[Q_VWERASE]) {
		while (line_len > 0 && line[line_len - 1] == ' ')
			erase_one();
		while (line_len > 0 && line[line_len - 1] != ' ')
			erase_one();
	} else if (c == (char)tio.c_cc[Q_VEOF]) {
		if (line_len == 0)
			eof_pending++;
		push_line();
	} else if (line_len < LINE_MAX - 1 && c != 0) {
		line[line_len++] = c;	/* control characters too (ESC) */
		echo_char(c);
	}
}

/* Interrupt context: one typed byte. */
void
console_input(char c)
{
	spin_lock(&in_lock);
	if (c == '\r' && (tio.c_iflag & Q_IGNCR))
		goto out;
	if (c == '\r' && (tio.c_iflag & Q_ICRNL))
		c = '\n';
	else if (c == '\n' && (tio.c_iflag & Q_INLCR))
		c = '\r';
	if (signal_char(c))
		goto out;
	if (tio.c_lflag & Q_ICANON) {
		canon_char(c);
	} else {
		push_byte(c);
		echo_char(c);
	}
	last_byte_ns = sched_clock();
	waitq_wake_all(&readers, 0);
	spin_unlock(&in_lock);
	/* a poll() on the console may be waiting: its file names no object
	 * poll_notify() could match, so every poller looks again (keys are
	 * rare) */
	poll_notify(NULL);
	return;
out:
	spin_unlock(&in_lock);
}

int
console_input_ready(void)
{
	return ck_r != ck_w || eof_pending;
}

/* Take up to n bytes; in canonical mode stop after a newline.  in_lock
 * held. */
static size_t
take(char *dst, size_t n)
{
	size_t k = 0;
	int canon = (tio.c_lflag & Q_ICANON) != 0;

	while (k < n && ck_r != ck_w) {
		char c = cooked[ck_r++ % COOKED_MAX];
		dst[k++] = c;
		if (canon && c == '\n')
			break;
	}
	return k;
}

/* Is the caller a background process of the console's session?  Then
 * sig (SIGTTIN or SIGTTOU) goes to its group.  0: go on; -EIO: it may not
 * (SIGTTIN ignored or blocked); -ERESTARTSYS: stopped, try again. */
static int
job_control(int sig)
{
	struct task *t = current;
	struct process *p = t->proc;
	struct sig_kinfo ki = { .code = Q_SI_KERNEL };
	int r = 0, fg = foreground();

	if (p == &kernel_process)
		return 0;
	spin_lock(&proc_lock);
	/* a foreground group that is gone (its shell exited) no longer
	 * keeps the others in the background */
	if (p->sid == console_session() && p->pgid != fg &&
	    signal_group_in_session(fg, p->sid)) {
		if (p->sig_action[sig].handler == Q_SIG_IGN ||
		    (t->sig_blocked & Q_SIGBIT(sig))) {
			r = sig == Q_SIGTTIN ? -EIO : 0;
		} else {
			signal_send_group(p->pgid, sig, &ki);
			r = -ERESTARTSYS;
		}
	}
	spin_unlock(&proc_lock);
	return r;
}

/* Raw mode: are there enough bytes for a read of n, by VMIN and VTIME?
 * *deadline: when to give up waiting (0: never).  in_lock held. */
static int
raw_ready(size_t n, uint64_t start, uint64_t *deadline)
{
	uint32_t avail = ck_w - ck_r;
	uint32_t vmin = tio.c_cc[Q_VMIN];
	uint64_t vtime = (uint64_t)tio.c_cc[Q_VTIME] * 100000000ull;

	*deadline = 0;
	if (vmin == 0 && vtime == 0)
		return 1;			/* a poll */
	if (vmin == 0) {
		*deadline = start + vtime;	/* any byte, or time out */
		return avail > 0 || sched_clock() >= *deadline;
	}
	if (avail >= vmin || avail >= n)
		return 1;
	if (vtime && avail > 0) {		/* timer between bytes */
		*deadline = last_byte_ns + vtime;
		return sched_clock() >= *deadline;
	}
	return 0;
}

int
console_read(char *ubuf, size_t n)
{
	char buf[LINE_MAX];
	uint64_t start = sched_clock(), deadline;
	size_t k;
	int err;

	if ((err = job_control(Q_SIGTTIN)) < 0)
		return err;
	if (n == 0)		/* as n_tty_read: nothing asked, nothing waited for */
		return 0;
	if (n > sizeof(buf))
		n = sizeof(buf);
	spin_lock(&in_lock);
	for (;;) {
		if (tio.c_lflag & Q_ICANON) {
			if (ck_r != ck_w || eof_pending)
				break;
			deadline = 0;
		} else if (raw_ready(n, start, &deadline)) {
			break;
		}
		err = waitq_sleep(&readers, &in_lock, deadline);
		if (err == -ETIMEDOUT)
			break;
		if (err < 0) {
			spin_unlock(&in_lock);
			return err;
		}
	}
	if (ck_r == ck_w && eof_pending && (tio.c_lflag & Q_ICANON)) {
		eof_pending--;
		spin_unlock(&in_lock);
		return 0;
	}
	k = take(buf, n);
	spin_unlock(&in_lock);
	if (copy_to_user(ubuf, buf, k) < 0)
		return -EFAULT;
	return (int)k;
}

/* tcsetpgrp: pgrp must be a group of the caller's session, which must be
 * the console's. */
static int
set_fg(uint32_t arg)
{
	int pgrp, err;

	if (copy_from_user(&pgrp, (void *)arg, sizeof(pgrp)) < 0)
		return -EFAULT;
	if (pgrp <= 0)
		return -EINVAL;
	if ((err = job_control(Q_SIGTTOU)) < 0)
		return err;
	spin_lock(&proc_lock);
	if (current->proc->sid != console_session())
		err = -ENOTTY;
	else if (!signal_group_in_session(pgrp, console_session()))
		err = -EPERM;
	else
		fg_pgrp = pgrp;
	spin_unlock(&proc_lock);
	return err;
}

static int
set_termios(uint32_t req, uint32_t arg)
{
	struct q_termios t;
	int err;

	if (copy_from_user(&t, (void *)arg, sizeof(t)) < 0)
		return -EFAULT;
	if ((err = job_control(Q_SIGTTOU)) < 0)
		return err;
	spin_lock(&in_lock);
	if (req == Q_TCSETSF) {			/* flush input first */
		ck_r = ck_w;
		line_len = 0;
		eof_pending = 0;
	}
	if ((tio.c_lflag & Q_ICANON) && !(t.c_lflag & Q_ICANON))
		push_line();			/* a half line becomes input */
	tio = t;
	waitq_wake_all(&readers, 0);
	spin_unlock(&in_lock);
	poll_notify(NULL);		/* a half line may have become input */
	return 0;
}

int
console_ioctl(uint32_t req, uint32_t arg)
{
	struct q_winsize ws = { 24, 80, 0, 0 };
	struct q_termios t;
	int v;

	switch (req) {
	case Q_TCGETS:
		spin_lock(&in_lock);
		t = tio;
		spin_unlock(&in_lock);
		return copy_to_user((void *)arg, &t, sizeof(t));
	case Q_TCSETS:
	case Q_TCSETSW:				/* output is never queued */
	case Q_TCSETSF:
		return set_termios(req, arg);
	case Q_TIOCGPGRP:
		if (current->proc->sid != console_session())
			return -ENOTTY;
		v = foreground();
		return copy_to_user((void *)arg, &v, sizeof(v));
	case Q_TIOCSPGRP:
		return set_fg(arg);
	case Q_TIOCGWINSZ:
		return copy_to_user((void *)arg, &ws, sizeof(ws));
	case Q_FIONREAD:
		v = (int)(ck_w - ck_r);
		return copy_to_user((void *)arg, &v, sizeof(v));
	}
	return -EINVAL;
}

int
console_session(void)
{
	return init_pid;
}

size_t
console_readline(char *buf, size_t size)
{
	size_t k;

	for (;;) {
		spin_lock(&in_lock);
		if (ck_r != ck_w) {
			k = take(buf, size - 1);
			spin_unlock(&in_lock);
			break;
		}
		spin_unlock(&in_lock);
		idle_halt();
	}
	if (k > 0 && buf[k - 1] == '\n')
		k--;
	buf[k] = 0;
	return k;
}
