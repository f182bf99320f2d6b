# kernel/sched/sched.mk - which files of kernel/sched are the core and
# which are policies; read by the Makefile and tests/host/host.mk, so the
# list lives in one place.  Every kernel/sched/*.c that is not core is a
# policy that `make SCHED=<name>` can choose.
SCHED_CORE := core defaults rt balance balance_2_6_0 balance_domains \
	balance_modern trace
POLICIES := $(filter-out $(SCHED_CORE),\
	$(basename $(notdir $(wildcard kernel/sched/*.c))))
