/*
 * t_libc_numa - user/libnuma: a one-node machine.  numa_available() is -1
 * (no NUMA policy calls, as libnuma says on such a kernel); node 0 holds
 * every CPU; CPU strings parse as libnuma 2.0's do; memory on node 0 is
 * page-aligned and zeroed.  Linked with -lnuma (user/user.mk).
 */
#include <errno.h>
#include <numa.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"

static void
test_topology(void)
{
	int ncpu = (int)sysconf(_SC_NPROCESSORS_CONF);

	CHECK_EQ(numa_available(), -1);
	CHECK_EQ(numa_max_node(), 0);
	CHECK_EQ(numa_num_configured_nodes(), 1);
	CHECK_EQ(numa_num_configured_cpus(), ncpu);
	CHECK_EQ(numa_num_task_cpus(), ncpu);
	for (int c = 0; c < ncpu; c++)
		CHECK_EQ(numa_node_of_cpu(c), 0);
	errno = 0;
	CHECK_EQ(numa_node_of_cpu(ncpu), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(numa_run_on_node(0), 0);
	CHECK_EQ(numa_run_on_node(-1), 0);
	CHECK_EQ(numa_run_on_node(1), -1);
	CHECK(numa_node_size64(0, NULL) > 0);
}

static void
test_bitmasks(void)
{
	int ncpu = (int)sysconf(_SC_NPROCESSORS_CONF);
	struct bitmask *m = numa_allocate_cpumask(), *p;

	CHECK(m != NULL && m->size == CPU_SETSIZE);
	CHECK_EQ(numa_bitmask_weight(m), 0);
	numa_bitmask_setbit(m, 3);
	numa_bitmask_setbit(m, 70);
	CHECK(numa_bitmask_isbitset(m, 3) && numa_bitmask_isbitset(m, 70));
	CHECK_EQ(numa_bitmask_weight(m), 2);
	numa_bitmask_clearbit(m, 3);
	CHECK(!numa_bitmask_isbitset(m, 3));
	CHECK(!numa_bitmask_isbitset(m, 5000));	/* beyond: not set */
	/* the system call's answer: the bytes of the kernel's own mask */
	CHECK(numa_sched_getaffinity(0, m) >= 4);
	CHECK_EQ(numa_bitmask_weight(m), ncpu);
	numa_bitmask_free(m);

	p = numa_parse_cpustring_all("0");
	CHECK(p && numa_bitmask_weight(p) == 1 && numa_bitmask_isbitset(p, 0));
	numa_bitmask_free(p);
	p = numa_parse_cpustring_all("all");
	CHECK(p && (int)numa_bitmask_weight(p) == ncpu);
	numa_bitmask_free(p);
	p = numa_parse_cpustring_all("!0");
	CHECK(p && (int)numa_bitmask_weight(p) == ncpu - 1 &&
	      !numa_bitmask_isbitset(p, 0));
	numa_bitmask_free(p);
	if (ncpu >= 4) {
		p = numa_parse_cpustring_all("0-3:2,1");
		CHECK(p && numa_bitmask_weight(p) == 3 &&
		      numa_bitmask_isbitset(p, 2) && !numa_bitmask_isbitset(p, 3));
		numa_bitmask_free(p);
	}
	/* a CPU the machine lacks, and text that is no list */
	CHECK(numa_parse_cpustring_all("4096") == NULL);
	CHECK(numa_parse_cpustring_all("0-") == NULL);
	CHECK(numa_parse_cpustring_all("x") == NULL);
}

static void
test_memory(void)
{
	unsigned char *p = numa_alloc_onnode(3 * 4096 + 10, 0);

	CHECK(p != NULL && ((uintptr_t)p & 4095) == 0);
	if (p == NULL)
		return;
	for (int i = 0; i < 3 * 4096 + 10; i++)
		if (p[i] != 0) {
			CHECK(0);
			break;
		}
	memset(p, 0xaa, 3 * 4096 + 10);
	numa_free(p, 3 * 4096 + 10);
	numa_set_localalloc();
}

int
main(void)
{
	test_topology();
	test_bitmasks();
	test_memory();
	check_done("t_libc_numa");
}
