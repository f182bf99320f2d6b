# tests/host/host.mk - the scheduler compiled for the host and run on a
# simulated machine (tests/host/sim.h).  The top Makefile includes this
# file; it also works alone, from the top of the tree:
#
#   make -f tests/host/host.mk B=build POLICIES=rr
#
#   host-test       build $(B)/host/sched-<policy> for every policy, run all
#   host-bench      build $(B)/host/sched-bench-<policy> and run them
#   host-callgrind  instructions per scheduler operation, with valgrind

ifeq ($(.DEFAULT_GOAL),)
.DEFAULT_GOAL := host-test
endif

B ?= build
HZ ?= 1000
include kernel/sched/sched.mk
HOST_CC ?= gcc
Q ?= $(if $(V),,@)
HB := $(B)/host

# tests/host/shim first: its arch/x86/x86.h and percpu.h replace the real
# ones.  Native 64-bit: nothing in the scheduler needs 32-bit pointers.
HOST_CFLAGS := -std=gnu11 -O1 -g -Wall -Wextra -Werror -MMD -MP \
	-I tests/host/shim -I . -DCONFIG_HZ=$(HZ)
# The kernel's printk formats assume i686 (%llu for uint64_t, %x for
# uintptr_t); the kernel build checks them, the host build cannot.  The
# generic helpers of kernel/lib (rbtree, ...) come along for the policies;
# the host's libc stands in for kernel/lib/string.c and printf.c.
HOST_KFLAGS := -Wno-format
HOST_KSRC := $(SCHED_CORE:%=kernel/sched/%.c) kernel/spinlock.c kernel/tunable.c kernel/timer.c kernel/cmdline.c \
	kernel/task_init.c kernel/printk.c kernel/lockrank.c \
	$(filter-out kernel/lib/string.c kernel/lib/printf.c,\
		$(wildcard kernel/lib/*.c))
HOST_SIM := tests/host/shim.c tests/host/sim.c
host_ptest = $(or $(wildcard tests/host/policy_$(1).c),tests/host/policy_none.c)
host_objs = $(patsubst %.c,$(HB)/$(1)/%.o,$(2))

# Objects depend on HZ: a stamp per value, as in the top Makefile.
HOST_STAMP := $(HB)/config.$(HZ)
$(call new_stamp,$(HOST_STAMP),config)

# debug/: what the tests run (SCHED_DEBUG invariants on)
$(HB)/debug/%.o: %.c $(HOST_STAMP)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  HOSTCC  $<")
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -DSCHED_DEBUG=1 \
		$(if $(filter kernel/%,$<),$(HOST_KFLAGS)) -c $< -o $@

# bench/: what the kernel runs (-O2, no invariant checks)
$(HB)/bench/%.o: %.c $(HOST_STAMP)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  HOSTCC  $< (bench)")
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -O2 -DSCHED_DEBUG=0 \
		$(if $(filter kernel/%,$<),$(HOST_KFLAGS)) -c $< -o $@

# A policy source: the kernel's, or the harness's own minimal.c (the five
# required hooks only; run with every generic and rt scenario).
HOST_POLICIES := $(POLICIES) minimal
host_psrc = $(if $(filter minimal,$(1)),tests/host/minimal.c,kernel/sched/$(1).c)

define host_policy
$(HB)/sched-$(1): $(call host_objs,debug,$(HOST_KSRC) $(HOST_SIM) \
		$(call host_psrc,$(1)) tests/host/main.c tests/host/scenarios.c \
		tests/host/rt_scenarios.c \
		$(call host_ptest,$(1)))
	@$$(if $$(Q),echo "  HOSTLD  $$@")
	$$(Q)$$(HOST_CC) -o $$@ $$^
$(HB)/sched-bench-$(1): $(call host_objs,bench,$(HOST_KSRC) $(HOST_SIM) \
		$(call host_psrc,$(1)) tests/host/bench.c)
	@$$(if $$(Q),echo "  HOSTLD  $$@")
	$$(Q)$$(HOST_CC) -o $$@ $$^
endef
$(foreach p,$(HOST_POLICIES),$(eval $(call host_policy,$(p))))

# kernel/lib/rbtree.c alone: its rules and its augment callbacks under
# random inserts and erases.
$(HB)/rbtree-test: $(call host_objs,debug,kernel/lib/rbtree.c tests/host/rbtree.c)
	@$(if $(Q),echo "  HOSTLD  $@")
	$(Q)$(HOST_CC) -o $@ $^

# kernel/lib/cputime_split.c alone: the user/system split against 128-bit
# arithmetic and over random histories.
$(HB)/cputime-test: $(call host_objs,debug,kernel/lib/cputime_split.c tests/host/cputime.c)
	@$(if $(Q),echo "  HOSTLD  $@")
	$(Q)$(HOST_CC) -o $@ $^

.PHONY: host-test host-bench host-callgrind
host-test: $(HOST_POLICIES:%=$(HB)/sched-%) $(HB)/rbtree-test $(HB)/cputime-test
	@fail=0; $(HB)/rbtree-test || fail=1; $(HB)/cputime-test || fail=1; \
	for p in $(HOST_POLICIES); do $(HB)/sched-$$p || fail=1; done; \
	exit $$fail

host-bench: $(POLICIES:%=$(HB)/sched-bench-%)
	@for p in $(POLICIES); do $(HB)/sched-bench-$$p || exit 1; done

# bench.c dumps callgrind's counters after each measured loop (client
# requests), one file per loop: cg.<policy>.<tasks>.<n>.  Each holds that
# loop alone, so its total over the iterations is the cost of one operation.
# make bench (tools/bench.py) reads the same dumps.
host-callgrind: $(POLICIES:%=$(HB)/sched-bench-%)
	@for p in $(POLICIES); do for n in 10 100 1000 10000; do \
		rm -f $(HB)/cg.$$p.$$n $(HB)/cg.$$p.$$n.*; \
		valgrind -q --tool=callgrind --callgrind-out-file=$(HB)/cg.$$p.$$n \
			$(HB)/sched-bench-$$p $$n 1000 > /dev/null || exit 1; \
		for f in $(HB)/cg.$$p.$$n.*; do awk -v p=$$p ' \
			/^desc: Trigger: Client Request:/ { \
				l = $$5 " " $$6; it = $$7; sub(/.*=/, "", it) } \
			/^totals:/ { printf "%-10s %-26s %8.1f Ir each\n", \
				p, l, $$2 / it }' $$f; \
		done; \
	done; done

-include $(shell find $(HB) -name '*.d' 2>/dev/null)
