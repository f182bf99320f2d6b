# tools/bench.mk - `make bench`: Quanta's own performance figures
# (tools/bench.py).  Included by the top Makefile.
#
#   make bench                          all five parts -> $(B)/bench.json
#   make bench BENCH=pingpong,boot      a subset: pingpong,pipe,boot,sched,
#                                       timer
#   make bench PEER=linux               every Linux figure measured live on
#                                       the lab's Linux peer (fetched into
#                                       build/linux-peer/ on first use)
#   make bench PEER=xv6 [XV6=DIR]       the pingpong and pipe figures also
#                                       on xv6-public, built from DIR
#                                       (default $(REALBENCH)/xv6-public;
#                                       tools/xv6/fetch.sh clones it) with
#                                       tools/xv6/'s programs; PEER=linux,xv6
#                                       for both peers
#   make bench QUICK=1                  every part with tiny parameters, the
#                                       SCHED policy only, the checked kernel
#                                       -> $(B)/bench-quick.json (make test)
#
# The QEMU parts boot a release build of the SCHED policy's kernel and its
# initrd: $(B)/release, built with SCHED_DEBUG=0 (no invariant or
# lock-misuse checks), as a distribution's Linux kernel has its debug
# options off.  BENCH_SCHED_DEBUG=1 (QUICK's default) measures the checked
# kernel of $(B) instead.  The sched part runs the host harness of every
# policy (tests/host/bench.c, -O2, SCHED_DEBUG=0) under callgrind.

BENCH ?= pingpong,pipe,boot,sched,timer
PEER ?=
XV6 ?= $(if $(strip $(REALBENCH)),$(REALBENCH)/xv6-public)
QUICK ?=
BENCH_SCHED_DEBUG ?= $(if $(QUICK),1,0)
BENCH_B := $(if $(filter 1,$(BENCH_SCHED_DEBUG)),$(B),$(B)/release)
BENCH_POLICIES := $(if $(QUICK),$(SCHED),$(POLICIES))
BENCH_OUT := $(B)/bench$(if $(QUICK),-quick).json
bench_comma := ,
BENCH_PARTS := $(subst $(bench_comma), ,$(BENCH))

# The host binaries are only needed (and built) for the sched part.
BENCH_HOST := $(if $(filter sched,$(BENCH_PARTS)),\
	$(BENCH_POLICIES:%=$(HB)/sched-bench-%))

.PHONY: bench bench-kernel bench-quick
bench-kernel:
	@$(if $(filter linux,$(subst $(bench_comma), ,$(PEER))),tools/deps.sh peer)
	@$(MAKE) --no-print-directory B=$(BENCH_B) \
		SCHED_DEBUG=$(BENCH_SCHED_DEBUG) all

bench: bench-kernel $(BENCH_HOST)
	$(PYTHON) tools/bench.py --kernel $(BENCH_B)/kernel.elf \
		--initrd $(BENCH_B)/initrd.img --hostdir $(HB) \
		--out $(BENCH_OUT) --parts "$(BENCH)" \
		--policies "$(BENCH_POLICIES)" --cpus $(CPUS) \
		--config "SCHED=$(SCHED) HZ=$(HZ) SCHED_DEBUG=$(BENCH_SCHED_DEBUG)" \
		$(if $(PEER),--peer $(PEER)) $(if $(XV6),--xv6 "$(XV6)") \
		$(if $(QUICK),--quick)

# What make test runs: the whole of make bench, end to end, in seconds.
bench-quick:
	@$(MAKE) --no-print-directory bench QUICK=1
