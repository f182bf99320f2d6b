/*
 * sh_parse.h - from a line to commands (POSIX 2.3-2.10, the part the shell
 * implements).  Part of user/sh.c.
 *
 *   line      = list { (';' | '&' | newline) list }
 *   list      = pipeline { ('&&' | '||') pipeline }      (an AND-OR list)
 *   pipeline  = command { '|' command }
 *   command   = { NAME=value } { word | redirection }
 *   redirection = [n]< file | [n]> file | [n]>> file | [n]>&m | [n]>&-
 *                 | [n]<&m
 *
 * list_end() cuts a line into lists.  tokenize() cuts one pipeline off a
 * list and expands its words as it goes (so "A=1; echo $A" and
 * "false || echo $?" see what the commands before them did): $NAME,
 * ${NAME}, $?, $$, $!, $#, $0-$9, $@, $*, a leading ~; unquoted, an expansion is
 * split into fields at blanks.  '...' takes everything literally, "..."
 * everything but $ and \ before $ ` " \ newline; a backslash outside
 * quotes takes the next character literally.  parse_pipeline() then
 * expands globs (sh_glob.h) and sorts words, NAME=value prefixes and
 * redirections into struct cmd.
 */
#ifndef USER_SH_PARSE_H
#define USER_SH_PARSE_H

#define MAXTOKENS	256	/* words and operators in one pipeline */
#define MAXARGS		256	/* words in one command, after globbing */
#define MAXASSIGN	16	/* NAME=value prefixes of one command */
#define MAXREDIR	8	/* redirections of one command */
#define MAXCMDS		8	/* commands in one pipeline */

/* Token codes: 0 a word, else an operator. */
#define OP_PIPE		'|'
#define OP_IN		'<'	/* [n]< file */
#define OP_OUT		'>'	/* [n]> file */
#define OP_APPEND	'a'	/* [n]>> file */
#define OP_DUP		'd'	/* [n]>&m, [n]<&m; m = -1: [n]>&- closes n */
#define OP_AND		'A'	/* && */
#define OP_OR		'O'	/* || */

struct token {
	int op;
	char *word;
	int glob;		/* holds an unquoted * ? [ */
	int assign;		/* NAME=value before the command name */
	int fd, dupfd;		/* a redirection's descriptors */
};

struct redir {
	int op, fd, dupfd;
	char *file;
};

struct cmd {
	char *argv[MAXARGS + 1];	/* NULL-terminated; argv[0] may be NULL */
	char *assign[MAXASSIGN + 1];	/* NAME=value, NULL-terminated */
	struct redir redir[MAXREDIR];	/* in the order given */
	int nredir;
};

/* The shell's state that expansion reads (kept by sh.c). */
static int last_status;			/* $? */
static pid_t last_bg_pid;		/* $! */
static char **positional;		/* $0, $1, ... */
static int npositional;
/* line_syntax_ok() is scanning: every expansion stands for one word */
static int syntax_only;

/* Where tokenize() is in a pipeline. */
struct scan {
	struct token *tok;
	int n;				/* tokens done */
	char *o, *end;			/* the words' text */
	int started;			/* the current word has begun */
	int nosplit;			/* ... and is not split nor globbed */
	int seen_cmd;			/* the command has its name */
	int after_redir;		/* the next word is a file name */
	int error;
};

static int
syntax_error(const char *what)
{
	fprintf(stderr, "sh: syntax error: %s\n", what);
	return -1;
}

/*
 * The end of the list starting at s: the ';', '&', newline or NUL after
 * it, outside quotes and comments.  *andor says whether it holds && or ||.
 */
static const char *
list_end(const char *s, int *andor)
{
	int quote = 0;
	char prev = ' ';

	*andor = 0;
	for (; *s; prev = *s++) {
		if (quote) {
			if (*s == quote)
				quote = 0;
			else if (*s == '\\' && quote == '"' && s[1])
				s++;
			continue;
		}
		if (*s == '\\' && s[1]) {
			prev = *++s;
			continue;
		}
		if (*s == '\'' || *s == '"')
			quote = *s;
		else if (*s == '#' && strchr(" \t;&|<>", prev))
			while (s[1] && s[1] != '\n')
				s++;
		else if ((*s == '&' || *s == '|') && s[1] == *s) {
			*andor = 1;
			s++;
		} else if (*s == ';' || *s == '\n' ||
			   (*s == '&' && prev != '>' && prev != '<'))
			return s;
	}
	return s;
}

/* An operator at s: its code (0 if none), its length and descriptors. */
static int
scan_op(const char *s, int *len, int *fd, int *dupfd)
{
	const char *p = s;
	int op;

	*fd = -1;
	if (isdigit((unsigned char)p[0]) && (p[1] == '<' || p[1] == '>'))
		*fd = *p++ - '0';
	if (*p == '|' && *fd < 0) {
		*len = 1;
		return OP_PIPE;
	}
	if (*p != '<' && *p != '>')
		return 0;
	if (*fd < 0)
		*fd = *p == '<' ? 0 : 1;
	if (p[1] == '&' && (isdigit((unsigned char)p[2]) || p[2] == '-')) {
		*dupfd = p[2] == '-' ? -1 : p[2] - '0';
		op = OP_DUP;
		p += 3;
	} else if (p[0] == '>' && p[1] == '>') {
		op = OP_APPEND;
		p += 2;
	} else {
		op = *p == '<' ? OP_IN : OP_OUT;
		p += 1 + (p[0] == '>' && p[1] == '|');	/* >| is > */
	}
	*len = (int)(p - s);
	return op;
}

/* Start a word token at the current output position. */
static void
word_begin(struct scan *sc)
{
	if (sc->n == MAXTOKENS) {
		if (!sc->error)
			fprintf(stderr, "sh: too many words (max %d)\n",
				MAXTOKENS);
		sc->error = 1;
		return;
	}
	memset(&sc->tok[sc->n], 0, sizeof(sc->tok[0]));
	sc->tok[sc->n].word = sc->o;
	sc->started = 0;
}

/* End the current word: it counts if anything (even "") began it. */
static void
word_end(struct scan *sc)
{
	if (sc->error)
		return;
	if (!sc->started) {
		sc->o = sc->tok[sc->n].word;
		return;
	}
	*sc->o++ = 0;
	sc->n++;
}

/* Add c to the word; lit: it was quoted (a glob character is literal). */
static void
put(struct scan *sc, char c, int lit)
{
	if (sc->error)
		return;
	if (sc->o + 3 > sc->end) {
		fprintf(stderr, "sh: line too long after expansion\n");
		sc->error = 1;
		return;
	}
	sc->started = 1;
	if (strchr("*?[", c)) {
		if (lit || sc->nosplit)
			*sc->o++ = GLOB_LIT;
		else
			sc->tok[sc->n].glob = 1;
	}
	*sc->o++ = c;
}

/* Add an expansion's value: quoted, as it is; unquoted, split at blanks
 * into words (POSIX 2.6.5 with the default IFS), each open to globbing. */
static void
put_value(struct scan *sc, const char *v, int quoted)
{
	int assign = sc->tok[sc->n].assign;

	for (; v && *v; v++) {
		if (quoted || sc->nosplit || !strchr(" \t\n", *v)) {
			put(sc, *v, quoted);
			continue;
		}
		if (sc->started) {
			word_end(sc);
			word_begin(sc);
			sc->tok[sc->n].assign = assign;
		}
	}
}

/* The value of a special parameter (? $ ! # 0-9), or NULL; buf holds a
 * number. */
static const char *
special_param(char c, char *buf, size_t size)
{
	if (c == '?')
		snprintf(buf, size, "%d", last_status);
	else if (c == '$')
		snprintf(buf, size, "%d", (int)shell_pid);
	else if (c == '!')
		snprintf(buf, size, "%d", (int)last_bg_pid);
	else if (c == '#')
		snprintf(buf, size, "%d", npositional > 0 ? npositional - 1 : 0);
	else if (isdigit((unsigned char)c))
		return c - '0' < npositional ? positional[c - '0'] : "";
	else
		return NULL;
	if (c == '!' && !last_bg_pid)
		return "";
	return buf;
}

/* $@ and $*: the positional parameters from $1.  Unquoted both are split
 * like any expansion; "$*" is one word (joined by spaces), "$@" one word
 * per parameter, and none at all without parameters (POSIX 2.5.2). */
static void
put_all_params(struct scan *sc, int at, int quoted)
{
	int assign = sc->tok[sc->n].assign;

	if (quoted && at && npositional <= 1 &&
	    sc->o == sc->tok[sc->n].word)
		sc->started = 0;
	for (int i = 1; i < npositional && !sc->error; i++) {
		if (i > 1 && quoted && at) {
			word_end(sc);
			word_begin(sc);
			sc->tok[sc->n].assign = assign;
			sc->started = 1;
		} else if (i > 1) {
			put_value(sc, " ", quoted);
		}
		put_value(sc, positional[i], quoted);
	}
}

/* Expand the $ at s; returns the last character it took. */
static const char *
expand_dollar(struct scan *sc, const char *s, int quoted)
{
	char num[16];
	const char *v, *name = s + 1, *close = NULL;
	size_t len;

	if (s[1] == '@' || s[1] == '*') {
		if (syntax_only)
			put(sc, 'x', 1);
		else
			put_all_params(sc, s[1] == '@', quoted);
		return s + 1;
	}
	if (s[1] == '{') {
		name = s + 2;
		if (!(close = strchr(name, '}'))) {
			fprintf(stderr, "sh: missing }\n");
			sc->error = 1;
			return s + strlen(s) - 1;
		}
	}
	len = var_name_len(name);
	if (len) {
		v = var_get(name, len);
	} else if ((v = special_param(*name, num, sizeof(num))) != NULL) {
		len = 1;
	} else if (!close) {
		put(sc, '$', quoted);		/* a lone $ is itself */
		return s;
	}
	if (close && name + len != close) {
		fprintf(stderr, "sh: ${%.*s}: bad substitution\n",
			(int)(close - name), name);
		sc->error = 1;
		return close;
	}
	if (syntax_only)	/* its value may change before it is used */
		v = "x";
	put_value(sc, v, quoted);
	return close ? close : name + len - 1;
}

/* Is s "NAME=..."? */
static int
is_assignment(const char *s)
{
	size_t len = var_name_len(s);

	return len && s[len] == '=';
}

/* Scan the word at s into one or more tokens; returns where it ends. */
static const char *
scan_word(struct scan *sc, const char *s)
{
	int quote = 0;

	word_begin(sc);
	if (sc->error)
		return s;
	sc->nosplit = sc->after_redir;
	if (!sc->after_redir && !sc->seen_cmd && is_assignment(s))
		sc->tok[sc->n].assign = sc->nosplit = 1;
	else if (!sc->after_redir)
		sc->seen_cmd = 1;
	sc->after_redir = 0;
	if (*s == '~' && (!s[1] || strchr("/ \t|;&<>", s[1]))) {
		const char *home = var_get("HOME", 4);
		put_value(sc, home ? home : "/", 1);
		s++;
	}
	for (; *s && !sc->error; s++) {
		if (!quote && strchr(" \t\n|;&<>()", *s))
			break;
		if (*s == '\\' && quote != '\'' && s[1]) {
			if (quote && !strchr("$`\"\\\n", s[1])) {
				put(sc, '\\', 1);
			} else if (*++s != '\n') {
				put(sc, *s, 1);
			}
		} else if (quote && *s == quote) {
			quote = 0;
		} else if (!quote && (*s == '\'' || *s == '"')) {
			quote = *s;
			sc->started = 1;
		} else if (*s == '$' && quote != '\'') {
			s = expand_dollar(sc, s, quote != 0);
		} else {
			put(sc, *s, quote != 0);
		}
	}
	if (quote && !sc->error) {
		fprintf(stderr, "sh: missing closing %c\n", quote);
		sc->error = 1;
	}
	word_end(sc);
	return s;
}

/*
 * Cut the next pipeline off the list at *sp into tokens (words in buf,
 * size bytes).  Stops at && or || (stored in *next) or the end (*next =
 * 0).  Returns the number of tokens, or -1 after a message.
 */
static int
tokenize(const char **sp, struct token *tok, char *buf, size_t size,
	 int *next)
{
	struct scan sc = { .tok = tok, .o = buf, .end = buf + size };
	const char *s = *sp;
	int op, len, fd, dupfd = 0;

	*next = 0;
	while (!sc.error) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '#')
			s += strlen(s);
		if (*s == 0)
			break;
		if ((s[0] == '&' || s[0] == '|') && s[1] == s[0]) {
			*next = s[0] == '&' ? OP_AND : OP_OR;
			s += 2;
			break;
		}
		if ((op = scan_op(s, &len, &fd, &dupfd)) != 0) {
			if (sc.n == MAXTOKENS)
				return syntax_error("too many words");
			tok[sc.n] = (struct token){ .op = op, .fd = fd,
						    .dupfd = dupfd };
			sc.n++;
			if (op == OP_PIPE)
				sc.seen_cmd = 0;
			sc.after_redir = op != OP_PIPE && op != OP_DUP;
			s += len;
			continue;
		}
		if (strchr(";&\n", *s))
			return syntax_error("unexpected ; or &");
		if (*s == '(' || *s == ')')
			return syntax_error("( ) subshells are not supported");
		s = scan_word(&sc, s);
	}
	*sp = s;
	return sc.error ? -1 : sc.n;
}

/* Add token t, a word, to command c: NAME=value, or words after globbing. */
static int
parse_word(struct cmd *c, int *argc, int *nassign, struct token *t,
	   struct glob_out *g)
{
	if (t->assign && *argc == 0) {
		if (*nassign == MAXASSIGN)
			return syntax_error("too many NAME=value words");
		glob_unmark(t->word);
		c->assign[(*nassign)++] = t->word;
		return 0;
	}
	g->argv = c->argv;
	g->n = *argc;
	g->max = MAXARGS;
	if (t->glob) {
		if (glob_word(g, t->word) < 0)
			return syntax_error("too many words after globbing");
	} else {
		if (g->n == MAXARGS)
			return syntax_error("too many arguments");
		glob_unmark(t->word);
		c->argv[g->n++] = t->word;
	}
	*argc = g->n;
	return 0;
}

/* Fill cmds from a pipeline's tokens; returns how many, or -1. */
static int
parse_pipeline(struct token *tok, int n, struct cmd *cmds,
	       struct glob_out *g)
{
	struct cmd *c = &cmds[0];
	int nc = 0, argc = 0, nassign = 0;

	memset(c, 0, sizeof(*c));
	for (int i = 0; i < n; i++) {
		struct token *t = &tok[i];
		struct redir *r = &c->redir[c->nredir];

		if (t->op == 0) {
			if (parse_word(c, &argc, &nassign, t, g) < 0)
				return -1;
		} else if (t->op != OP_PIPE) {
			if (c->nredir == MAXREDIR)
				return syntax_error("too many redirections");
			*r = (struct redir){ t->op, t->fd, t->dupfd, NULL };
			c->nredir++;
			if (t->op == OP_DUP)
				continue;
			if (i + 1 == n || tok[i + 1].op)
				return syntax_error("no file after < or >");
			r->file = tok[++i].word;
			glob_unmark(r->file);
		} else if ((argc == 0 && nassign == 0 && c->nredir == 0) ||
			   i + 1 == n) {
			return syntax_error("empty command in a pipeline");
		} else if (++nc == MAXCMDS) {
			return syntax_error("too many commands in a pipeline");
		} else {
			c = &cmds[nc];
			memset(c, 0, sizeof(*c));
			argc = nassign = 0;
		}
	}
	if (argc == 0 && nassign == 0 && c->nredir == 0)
		return syntax_error("missing command");
	return nc + 1;
}

/*
 * Is the whole line well formed?  A shell reads a complete command before
 * it runs any of it (POSIX 2.10), so "echo a; echo b &&" runs nothing.
 * Every list and every pipeline in it is tokenized and parsed as it will
 * be, but with each $ expansion standing for one word - what a variable
 * holds may change as the line runs - and nothing globbed.  Reports the
 * first error, as the run would.
 */
static int
line_syntax_ok(const char *s)
{
	static char list[MAXLINE], words[4 * MAXLINE];
	static struct token tok[MAXTOKENS];
	static struct cmd cmds[MAXCMDS];
	struct glob_out g = { 0 };
	const char *end, *p;
	int andor, n, next, op, ok = 1;

	syntax_only = 1;
	while (*s && ok) {
		while (*s == ' ' || *s == '\t')
			s++;
		end = list_end(s, &andor);
		snprintf(list, sizeof(list), "%.*s", (int)(end - s), s);
		if (!list[strspn(list, " \t")] && (*end == ';' || *end == '&')) {
			syntax_error(*end == ';' ? "nothing before ;" :
				     "nothing before &");
			ok = 0;
		}
		for (p = list, op = 0; ok; op = next) {
			if ((n = tokenize(&p, tok, words, sizeof(words),
					  &next)) < 0) {
				ok = 0;
			} else if (n == 0 && (next || op)) {
				syntax_error("&& and || need a command on each "
					     "side");
				ok = 0;
			} else if (n > 0) {
				for (int i = 0; i < n; i++)
					tok[i].glob = 0;
				ok = parse_pipeline(tok, n, cmds, &g) >= 0;
			}
			if (!next)
				break;
		}
		s = *end ? end + 1 : end;
	}
	syntax_only = 0;
	return ok;
}

#endif
