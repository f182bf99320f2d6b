# tools/bench.mk - `make bench`: Quanta's own performance figures
# (tools/bench.py).  Included by the top Makefile.
#
#   make bench                          all four parts -> $(B)/bench.json
#   make bench BENCH=pingpong,boot      a subset: pingpong,pipe,boot,sched
#   make bench PEER=linux               Linux's figures measured live (needs
#                                       build/linux-peer/ and tools/lab)
#
# The QEMU parts boot $(B)/kernel.elf, i.e. the SCHED policy's kernel as
# built (SCHED_DEBUG included); the sched part runs the host harness of
# every policy (tests/host/bench.c, -O2, SCHED_DEBUG=0) under callgrind.

BENCH ?= pingpong,pipe,boot,sched
PEER ?=
bench_comma := ,
BENCH_PARTS := $(subst $(bench_comma), ,$(BENCH))

# The host binaries are only needed (and built) for the sched part.
BENCH_HOST := $(if $(filter sched,$(BENCH_PARTS)),\
	$(POLICIES:%=$(HB)/sched-bench-%))

.PHONY: bench
bench: all $(BENCH_HOST)
	$(PYTHON) tools/bench.py --kernel $(B)/kernel.elf \
		--initrd $(or $(INITRD),$(B)/initrd.img) --hostdir $(HB) \
		--out $(B)/bench.json --parts "$(BENCH)" \
		--policies "$(POLICIES)" --cpus $(CPUS) \
		--config "SCHED=$(SCHED) HZ=$(HZ) SCHED_DEBUG=$(SCHED_DEBUG)" \
		$(if $(PEER),--peer $(PEER))
