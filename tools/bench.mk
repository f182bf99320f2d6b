# tools/bench.mk - `make bench`: Quanta's own performance figures
# (tools/bench.py).  Included by the top Makefile.
#
#   make bench                          all four parts -> $(B)/bench.json
#   make bench BENCH=pingpong,boot      a subset: pingpong,pipe,boot,sched
#   make bench PEER=linux               Linux's figures measured live (needs
#                                       build/linux-peer/ and tools/lab)
#
# The QEMU parts boot a release build of the SCHED policy's kernel:
# $(B)/release, built with SCHED_DEBUG=0 (no invariant or lock-misuse
# checks), as a distribution's Linux kernel has its debug options off.
# BENCH_SCHED_DEBUG=1 measures the checked kernel instead.  The sched part
# runs the host harness of every policy (tests/host/bench.c, -O2,
# SCHED_DEBUG=0) under callgrind.

BENCH ?= pingpong,pipe,boot,sched
PEER ?=
BENCH_SCHED_DEBUG ?= 0
BENCH_B := $(B)/release$(if $(filter 1,$(BENCH_SCHED_DEBUG)),-debug)
bench_comma := ,
BENCH_PARTS := $(subst $(bench_comma), ,$(BENCH))

# The host binaries are only needed (and built) for the sched part.
BENCH_HOST := $(if $(filter sched,$(BENCH_PARTS)),\
	$(POLICIES:%=$(HB)/sched-bench-%))

.PHONY: bench bench-kernel
bench-kernel:
	@$(MAKE) --no-print-directory B=$(BENCH_B) \
		SCHED_DEBUG=$(BENCH_SCHED_DEBUG) all

bench: bench-kernel $(BENCH_HOST)
	$(PYTHON) tools/bench.py --kernel $(BENCH_B)/kernel.elf \
		--initrd $(or $(INITRD),$(BENCH_B)/initrd.img) --hostdir $(HB) \
		--out $(B)/bench.json --parts "$(BENCH)" \
		--policies "$(POLICIES)" --cpus $(CPUS) \
		--config "SCHED=$(SCHED) HZ=$(HZ) SCHED_DEBUG=$(BENCH_SCHED_DEBUG)" \
		$(if $(PEER),--peer $(PEER))
