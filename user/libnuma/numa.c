/*
 * numa.c - libnuma for a machine with one memory node (<numa.h> says what
 * each call answers and why).  Built as libnuma.a, so programs that link
 * -lnuma, as rt-tests' cyclictest does, build unchanged.
 *
 * CPU strings have libnuma 2.0's syntax: comma-separated CPUs and ranges
 * ("0-3,6", "1-7:2" for every second one), "all", a leading '!' for the
 * complement and a leading '+' for numbers relative to the CPUs the task
 * may use; the _all variants check against every configured CPU, the
 * others against the task's affinity.  A bad string prints libnuma's
 * warning and returns NULL.
 */
#include <ctype.h>
#include <errno.h>
#include <numa.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#define LONG_BITS	(sizeof(unsigned long) * 8)
#define PAGE		4096

struct bitmask *numa_all_nodes_ptr, *numa_no_nodes_ptr, *numa_all_cpus_ptr;

static void __attribute__((constructor))
numa_init(void)
{
	numa_all_nodes_ptr = numa_allocate_nodemask();
	numa_no_nodes_ptr = numa_allocate_nodemask();
	numa_all_cpus_ptr = numa_allocate_cpumask();
	if (numa_all_nodes_ptr)
		numa_bitmask_setbit(numa_all_nodes_ptr, 0);
	for (int c = 0; numa_all_cpus_ptr && c < numa_num_configured_cpus();
	     c++)
		numa_bitmask_setbit(numa_all_cpus_ptr, (unsigned)c);
}

int
numa_available(void)
{
	return -1;
}

int numa_max_node(void) { return 0; }
int numa_max_possible_node(void) { return NUMA_NUM_NODES - 1; }
int numa_num_possible_nodes(void) { return NUMA_NUM_NODES; }
int numa_num_configured_nodes(void) { return 1; }
int numa_num_task_nodes(void) { return 1; }
int numa_pagesize(void) { return PAGE; }
int numa_preferred(void) { return 0; }

int
numa_num_configured_cpus(void)
{
	return (int)sysconf(_SC_NPROCESSORS_CONF);
}

int
numa_num_possible_cpus(void)
{
	return CPU_SETSIZE;
}

int
numa_num_task_cpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return numa_num_configured_cpus();
	return CPU_COUNT(&set);
}

long long
numa_node_size64(int node, long long *freep)
{
	long long total = (long long)sysconf(_SC_PHYS_PAGES) * PAGE;

	if (node != 0) {
		errno = EINVAL;
		return -1;
	}
	if (freep)
		*freep = (long long)sysconf(_SC_AVPHYS_PAGES) * PAGE;
	return total;
}

long
numa_node_size(int node, long *freep)
{
	long long f = 0, t = numa_node_size64(node, &f);

	if (freep)
		*freep = (long)f;
	return (long)t;
}

/* ---- bitmasks ---- */

struct bitmask *
numa_bitmask_alloc(unsigned int bits)
{
	struct bitmask *b;
	size_t longs = (bits + LONG_BITS - 1) / LONG_BITS;

	if (bits == 0) {
		errno = EINVAL;
		return NULL;
	}
	b = malloc(sizeof(*b));
	if (b == NULL)
		return NULL;
	b->size = bits;
	b->maskp = calloc(longs, sizeof(unsigned long));
	if (b->maskp == NULL) {
		free(b);
		return NULL;
	}
	return b;
}

void
numa_bitmask_free(struct bitmask *b)
{
	if (b == NULL)
		return;
	free(b->maskp);
	free(b);
}

struct bitmask *
numa_bitmask_setall(struct bitmask *b)
{
	for (unsigned long i = 0; i < b->size; i++)
		numa_bitmask_setbit(b, (unsigned)i);
	return b;
}

struct bitmask *
numa_bitmask_clearall(struct bitmask *b)
{
	memset(b->maskp, 0, (b->size + LONG_BITS - 1) / LONG_BITS *
	       sizeof(unsigned long));
	return b;
}

struct bitmask *
numa_bitmask_setbit(struct bitmask *b, unsigned int n)
{
	if (n < b->size)
		b->maskp[n / LONG_BITS] |= 1UL << (n % LONG_BITS);
	return b;
}

struct bitmask *
numa_bitmask_clearbit(struct bitmask *b, unsigned int n)
{
	if (n < b->size)
		b->maskp[n / LONG_BITS] &= ~(1UL << (n % LONG_BITS));
	return b;
}

int
numa_bitmask_isbitset(const struct bitmask *b, unsigned int n)
{
	return n < b->size && (b->maskp[n / LONG_BITS] >> (n % LONG_BITS)) & 1;
}

unsigned int
numa_bitmask_weight(const struct bitmask *b)
{
	unsigned int w = 0;

	for (unsigned long i = 0; i < b->size; i++)
		w += (unsigned)numa_bitmask_isbitset(b, (unsigned)i);
	return w;
}

int
numa_bitmask_equal(const struct bitmask *a, const struct bitmask *b)
{
	unsigned long n = a->size > b->size ? a->size : b->size;

	for (unsigned long i = 0; i < n; i++)
		if (numa_bitmask_isbitset(a, (unsigned)i) !=
		    numa_bitmask_isbitset(b, (unsigned)i))
			return 0;
	return 1;
}

unsigned int
numa_bitmask_nbytes(struct bitmask *b)
{
	return (unsigned)((b->size + LONG_BITS - 1) / LONG_BITS *
			  sizeof(unsigned long));
}

struct bitmask *
numa_allocate_cpumask(void)
{
	return numa_bitmask_alloc((unsigned)numa_num_possible_cpus());
}

struct bitmask *
numa_allocate_nodemask(void)
{
	return numa_bitmask_alloc(NUMA_NUM_NODES);
}

void
copy_bitmask_to_bitmask(struct bitmask *from, struct bitmask *to)
{
	numa_bitmask_clearall(to);
	for (unsigned long i = 0; i < from->size && i < to->size; i++)
		if (numa_bitmask_isbitset(from, (unsigned)i))
			numa_bitmask_setbit(to, (unsigned)i);
}

/* ---- CPU and node strings ---- */

/* The n-th set bit of `allowed` (for '+' strings), or -1. */
static int
nth_set(const struct bitmask *allowed, long n)
{
	for (unsigned long i = 0; i < allowed->size; i++)
		if (numa_bitmask_isbitset(allowed, (unsigned)i) && n-- == 0)
			return (int)i;
	return -1;
}

static int
parse_number(const char **s, long *out)
{
	char *end;

	if (!isdigit((unsigned char)**s))
		return -1;
	*out = strtol(*s, &end, 10);
	*s = end;
	return 0;
}

/*
 * Parse `str` into a mask of `bits` bits whose members must be in
 * `allowed` (the task's CPUs, or every CPU for the _all variants).
 * NULL if it is bad.
 */
static struct bitmask *
parse_list(const char *str, unsigned bits, const struct bitmask *allowed,
	   const char *what)
{
	struct bitmask *mask = numa_bitmask_alloc(bits);
	const char *s = str;
	int invert = 0, relative = 0;

	if (mask == NULL)
		return NULL;
	if (*s == '!') {
		invert = 1;
		s++;
	}
	if (*s == '+') {
		relative = 1;
		s++;
	}
	if (strcmp(s, "all") == 0) {
		copy_bitmask_to_bitmask((struct bitmask *)allowed, mask);
		s += 3;
	}
	while (*s) {
		long a, b, stride = 1;

		if (parse_number(&s, &a) < 0)
			goto bad;
		b = a;
		if (*s == '-') {
			s++;
			if (parse_number(&s, &b) < 0 || b < a)
				goto bad;
			if (*s == ':') {
				s++;
				if (parse_number(&s, &stride) < 0 || stride <= 0)
					goto bad;
			}
		}
		for (long i = a; i <= b; i += stride) {
			int bit = relative ? nth_set(allowed, i) : (int)i;

			if (bit < 0 || !numa_bitmask_isbitset(allowed,
							       (unsigned)bit))
				goto bad;
			numa_bitmask_setbit(mask, (unsigned)bit);
		}
		if (*s == ',')
			s++;
		else if (*s)
			goto bad;
	}
	if (invert)
		for (unsigned i = 0; i < bits; i++) {
			if (numa_bitmask_isbitset(mask, i) ||
			    !numa_bitmask_isbitset(allowed, i))
				numa_bitmask_clearbit(mask, i);
			else
				numa_bitmask_setbit(mask, i);
		}
	return mask;
bad:
	fprintf(stderr, "libnuma: Warning: %s argument %s out of range\n",
		what, str);
	numa_bitmask_free(mask);
	return NULL;
}

static struct bitmask *
task_cpus(void)
{
	struct bitmask *m = numa_allocate_cpumask();

	if (m && numa_sched_getaffinity(0, m) < 0) {
		numa_bitmask_free(m);
		return NULL;
	}
	return m;
}

struct bitmask *
numa_parse_cpustring(const char *s)
{
	struct bitmask *allowed = task_cpus(), *r;

	if (allowed == NULL)
		return NULL;
	r = parse_list(s, (unsigned)numa_num_possible_cpus(), allowed, "cpu");
	numa_bitmask_free(allowed);
	return r;
}

struct bitmask *
numa_parse_cpustring_all(const char *s)
{
	return parse_list(s, (unsigned)numa_num_possible_cpus(),
			  numa_all_cpus_ptr, "cpu");
}

struct bitmask *
numa_parse_nodestring(const char *s)
{
	return parse_list(s, NUMA_NUM_NODES, numa_all_nodes_ptr, "node");
}

struct bitmask *
numa_parse_nodestring_all(const char *s)
{
	return parse_list(s, NUMA_NUM_NODES, numa_all_nodes_ptr, "node");
}

/* ---- CPUs and nodes ---- */

/* libnuma makes the system call itself, so success is its answer: the
 * bytes of mask the kernel filled (its own mask's size), not glibc's 0.
 * The kernel leaves the bytes beyond those alone: they are cleared. */
int
numa_sched_getaffinity(int pid, struct bitmask *mask)
{
	numa_bitmask_clearall(mask);
	return (int)syscall(SYS_sched_getaffinity, pid,
			    numa_bitmask_nbytes(mask), mask->maskp);
}

int
numa_sched_setaffinity(int pid, struct bitmask *mask)
{
	return sched_setaffinity(pid, numa_bitmask_nbytes(mask),
				 (const cpu_set_t *)mask->maskp);
}

int
numa_node_of_cpu(int cpu)
{
	if (cpu < 0 || cpu >= numa_num_configured_cpus()) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

int
numa_node_to_cpus(int node, struct bitmask *mask)
{
	if (node != 0) {
		errno = EINVAL;
		return -1;
	}
	numa_bitmask_clearall(mask);
	copy_bitmask_to_bitmask(numa_all_cpus_ptr, mask);
	return 0;
}

/* Node -1 and node 0 both mean every CPU. */
int
numa_run_on_node(int node)
{
	if (node != -1 && node != 0) {
		errno = EINVAL;
		return -1;
	}
	return numa_sched_setaffinity(0, numa_all_cpus_ptr);
}

int
numa_run_on_node_mask(struct bitmask *nodes)
{
	if (!numa_bitmask_isbitset(nodes, 0) &&
	    numa_bitmask_weight(nodes) != 0) {
		errno = EINVAL;
		return -1;
	}
	return numa_run_on_node(0);
}

struct bitmask *
numa_get_run_node_mask(void)
{
	struct bitmask *m = numa_allocate_nodemask();

	if (m)
		numa_bitmask_setbit(m, 0);
	return m;
}

/* ---- memory: page-aligned and zeroed, like libnuma's mmap'd memory ---- */

void *
numa_alloc(size_t size)
{
	void *p;

	if (size == 0 || posix_memalign(&p, PAGE, size) != 0)
		return NULL;
	memset(p, 0, size);
	return p;
}

void *
numa_alloc_local(size_t size)
{
	return numa_alloc(size);
}

void *
numa_alloc_onnode(size_t size, int node)
{
	(void)node;	/* libnuma's mbind is a preference; size matters */
	return numa_alloc(size);
}

void *
numa_alloc_interleaved(size_t size)
{
	return numa_alloc(size);
}

void
numa_free(void *mem, size_t size)
{
	(void)size;
	free(mem);
}

void numa_set_localalloc(void) { }
void numa_set_preferred(int node) { (void)node; }
void numa_set_strict(int flag) { (void)flag; }
void numa_set_bind_policy(int strict) { (void)strict; }

void
numa_tonode_memory(void *start, size_t size, int node)
{
	(void)start, (void)size, (void)node;
}

void
numa_setlocal_memory(void *start, size_t size)
{
	(void)start, (void)size;
}
