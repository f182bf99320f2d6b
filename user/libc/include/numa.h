/*
 * numa.h - libnuma's interface for a machine with one memory node
 * (user/libnuma/numa.c, linked with -lnuma).
 *
 * Quanta has no NUMA policy calls, so numa_available() returns -1, as
 * libnuma does on a kernel without them.  The rest answers as libnuma does
 * on a machine whose only node, 0, holds every CPU and all memory: the
 * bitmask and CPU-string helpers work, node 0 is valid and any other node
 * is EINVAL, memory "on a node" is ordinary page-aligned zeroed memory, and
 * memory policies are accepted and have no effect.  struct bitmask is
 * libnuma's (size in bits).
 */
#ifndef _NUMA_H
#define _NUMA_H

#include <stddef.h>

#define LIBNUMA_API_VERSION 2
#define NUMA_NUM_NODES	128

struct bitmask {
	unsigned long size;	/* bits */
	unsigned long *maskp;
};

typedef struct {
	unsigned long n[NUMA_NUM_NODES / (sizeof(unsigned long) * 8)];
} nodemask_t;

extern struct bitmask *numa_all_nodes_ptr;
extern struct bitmask *numa_no_nodes_ptr;
extern struct bitmask *numa_all_cpus_ptr;

int numa_available(void);
int numa_max_node(void);
int numa_max_possible_node(void);
int numa_num_possible_nodes(void);
int numa_num_configured_nodes(void);
int numa_num_configured_cpus(void);
int numa_num_possible_cpus(void);
int numa_num_task_cpus(void);
int numa_num_task_nodes(void);
int numa_pagesize(void);
long long numa_node_size64(int node, long long *freep);
long numa_node_size(int node, long *freep);
int numa_preferred(void);

struct bitmask *numa_bitmask_alloc(unsigned int bits);
void numa_bitmask_free(struct bitmask *b);
struct bitmask *numa_bitmask_setall(struct bitmask *b);
struct bitmask *numa_bitmask_clearall(struct bitmask *b);
struct bitmask *numa_bitmask_setbit(struct bitmask *b, unsigned int n);
struct bitmask *numa_bitmask_clearbit(struct bitmask *b, unsigned int n);
int numa_bitmask_isbitset(const struct bitmask *b, unsigned int n);
unsigned int numa_bitmask_weight(const struct bitmask *b);
int numa_bitmask_equal(const struct bitmask *a, const struct bitmask *b);
unsigned int numa_bitmask_nbytes(struct bitmask *b);
struct bitmask *numa_allocate_cpumask(void);
struct bitmask *numa_allocate_nodemask(void);
void copy_bitmask_to_bitmask(struct bitmask *from, struct bitmask *to);

struct bitmask *numa_parse_cpustring(const char *s);
struct bitmask *numa_parse_cpustring_all(const char *s);
struct bitmask *numa_parse_nodestring(const char *s);
struct bitmask *numa_parse_nodestring_all(const char *s);

int numa_sched_getaffinity(int pid, struct bitmask *mask);
int numa_sched_setaffinity(int pid, struct bitmask *mask);
int numa_node_of_cpu(int cpu);
int numa_node_to_cpus(int node, struct bitmask *mask);
int numa_run_on_node(int node);
int numa_run_on_node_mask(struct bitmask *nodes);
struct bitmask *numa_get_run_node_mask(void);

void *numa_alloc(size_t size);
void *numa_alloc_local(size_t size);
void *numa_alloc_onnode(size_t size, int node);
void *numa_alloc_interleaved(size_t size);
void numa_free(void *mem, size_t size);
void numa_set_localalloc(void);
void numa_set_preferred(int node);
void numa_set_strict(int flag);
void numa_set_bind_policy(int strict);
void numa_tonode_memory(void *start, size_t size, int node);
void numa_setlocal_memory(void *start, size_t size);

#endif
