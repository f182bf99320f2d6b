# make lab: the seed experiments (tools/lab/lab.py, docs/labs/README.md).
#
#   make lab                      list the experiments and the variables
#   make lab EXP=seed002          run one (EXP=all: every one) under $(B)/lab/
#   make lab-quick                seed002 with tiny parameters (for make test)
#
# Variables: EXP QUICK=1 PEER=linux PROFILE=det|real REPS JOBS FRESH=1
#            SMP=1,4 ONLY=substr,... ROWS='policy:name=value,...'
#            SET='[policy:]name=value,...'
# PROFILE is passed on only when given on the command line or in the
# environment: the Makefile's own default (real, for make run) is not the
# lab's (each experiment has its own, det for most).

JOBS ?= 2
LAB_PROFILE = $(if $(filter command line environment environment override,\
	$(origin PROFILE)),--profile $(PROFILE))
LAB_ARGS = --build $(B) --jobs $(JOBS) $(LAB_PROFILE) \
	$(if $(QUICK),--quick) $(if $(FRESH),--fresh) \
	$(if $(PEER),--peer $(PEER)) $(if $(REPS),--reps $(REPS)) \
	$(if $(SMP),--smp $(SMP)) $(if $(ONLY),--only '$(ONLY)') \
	$(if $(ROWS),--rows '$(ROWS)') $(if $(SET),--set '$(SET)')

.PHONY: lab lab-quick
# Without EXP the lab only lists the experiments: nothing to build.
# realbench and interbench also need the field's benchmarks
# (REALBENCH=DIR or SRC=DIR, tools/realbench/realbench.mk), and their glibc
# builds for the peer.
lab: $(if $(EXP),kernels initrd) $(if $(or $(findstring realbench,$(EXP)),\
	$(findstring interbench,$(EXP))),realbench $(if $(PEER),realbench-peer))
	$(PYTHON) tools/lab/lab.py $(if $(EXP),--exp $(EXP)) $(LAB_ARGS)

# The cheapest experiment end to end; non-zero if a run failed or a
# column's RESULT key is missing.
lab-quick: kernels initrd
	$(PYTHON) tools/lab/lab.py --exp seed002 --quick --fresh --build $(B) \
		--jobs $(JOBS)
