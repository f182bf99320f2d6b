# tools/realbench/realbench.mk - the field's own scheduler benchmarks,
# built from their unmodified upstream sources against Quanta's libc.
# Included by the top Makefile after user/user.mk.
#
#   make realbench [SRC=DIR]   DIR holds interbench/, schbench/ and
#                              rt-tests/ (tools/realbench/fetch.sh clones
#                              them at the pinned revisions into its
#                              default, $(RB_DEFAULT_SRC)); builds
#                              $(RB)/bin/* and $(RB)/initrd.img: the
#                              initrd with /bin/interbench, /bin/schbench,
#                              /bin/hackbench-rt and /bin/cyclictest
#   make realbench-test REALBENCH=DIR   also boots them (tests/realbench.py);
#                              without REALBENCH, reported as skipped
#
# Each program is compiled with the user programs' flags plus the
# preprocessor flags its own Makefile passes (rt-tests: -D_GNU_SOURCE,
# -Isrc/include, -DVERSION=...; schbench: large-file flags), and linked
# like a user program; rt-tests' helpers become librttest.a and
# librttestnuma.a as upstream builds them, and -lnuma is user/libnuma.
# Nothing of the sources is changed or copied: a source that does not
# build against Quanta's libc is a gap in the libc.  Compiler warnings go
# to $(RB)/build.log, as the seeds' do.

RB := $(B)/realbench
RB_DEFAULT_SRC := $(B)/realbench-src
REALBENCH ?=
SRC ?= $(if $(strip $(REALBENCH)),$(REALBENCH),$(RB_DEFAULT_SRC))
RB_SRC = $(SRC)

# What the upstream Makefiles pass besides CFLAGS
RB_RT_VERSION := 2.10
RB_RT_CPPFLAGS = -D_GNU_SOURCE -I$(RB_SRC)/rt-tests/src/include \
	-DVERSION=$(RB_RT_VERSION)
RB_SCHBENCH_CPPFLAGS := -D_LARGEFILE_SOURCE -D_FILE_OFFSET_BITS=64

RB_CC = $(USER_CC) $(USER_CFLAGS)
RB_LINK = $(USER_CC) $(USER_ARCH) $(USER_LDFLAGS)
RB_LIBS = -Wl,--start-group $(USER_LIBC) $(USER_LIBGCC) -Wl,--end-group
RB_PROGS := interbench schbench hackbench-rt cyclictest
RB_RTLIB_SRC := rt-error rt-get_cpu rt-sched rt-utils histogram

.PHONY: realbench realbench-check-src realbench-test
realbench: $(RB)/initrd.img
	@echo "realbench: $(RB_PROGS:%=/bin/%) in $(RB)/initrd.img" \
		"(boot it: make run INITRD=$(RB)/initrd.img)"

realbench-check-src:
	@for d in interbench schbench rt-tests/src/hackbench \
		rt-tests/src/cyclictest; do \
		[ -d "$(RB_SRC)/$$d" ] || { echo "realbench: $(RB_SRC)/$$d" \
		"is missing: give SRC=DIR or run tools/realbench/fetch.sh"; \
		exit 1; }; done

# Compiling: an order-only check of the source tree first
$(RB)/obj/%.o: | realbench-check-src
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $(RB_SRC)/$(RB_SRC_OF_$*) (unchanged)")
	$(Q)$(RB_CC) $(RB_FLAGS_$*) -MF $(RB)/obj/$*.dep \
		-c $(RB_SRC)/$(RB_SRC_OF_$*) -o $@ \
		2>>$(RB)/build.log || { cat $(RB)/build.log; exit 1; }

define RB_OBJ	# name, source path under SRC, extra flags
RB_SRC_OF_$(1) := $(2)
RB_FLAGS_$(1) = $(3)
$(RB)/obj/$(1).o: $(RB_SRC)/$(2) $(USER_HEADERS)
endef
$(eval $(call RB_OBJ,interbench,interbench/interbench.c,))
$(eval $(call RB_OBJ,interbench-hackbench,interbench/hackbench.c,))
$(eval $(call RB_OBJ,schbench,schbench/schbench.c,$(RB_SCHBENCH_CPPFLAGS)))
$(eval $(call RB_OBJ,hackbench-rt,rt-tests/src/hackbench/hackbench.c,$$(RB_RT_CPPFLAGS)))
$(eval $(call RB_OBJ,cyclictest,rt-tests/src/cyclictest/cyclictest.c,$$(RB_RT_CPPFLAGS)))
$(foreach l,$(RB_RTLIB_SRC) rt-numa,$(eval $(call RB_OBJ,rt-$(l),rt-tests/src/lib/$(l).c,$$(RB_RT_CPPFLAGS))))

$(RB)/librttest.a: $(RB_RTLIB_SRC:%=$(RB)/obj/rt-%.o)
	$(Q)rm -f $@ && $(USER_AR) rcs $@ $^
$(RB)/librttestnuma.a: $(RB)/obj/rt-rt-numa.o
	$(Q)rm -f $@ && $(USER_AR) rcs $@ $^

$(RB)/bin/interbench: $(RB)/obj/interbench.o $(RB)/obj/interbench-hackbench.o $(USER_LIBC)
$(RB)/bin/schbench: $(RB)/obj/schbench.o $(USER_LIBC)
$(RB)/bin/hackbench-rt: $(RB)/obj/hackbench-rt.o $(USER_LIBC)
$(RB)/bin/cyclictest: $(RB)/obj/cyclictest.o $(RB)/librttest.a \
	$(RB)/librttestnuma.a $(USER_LIBNUMA) $(USER_LIBC)
$(RB_PROGS:%=$(RB)/bin/%): user/user.ld
	@mkdir -p $(@D)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(RB_LINK) -o $@ $(filter %.o %.a,$(filter-out $(USER_LIBC),$^)) \
		$(RB_LIBS)

# The initrd gets copies without debug information, as user programs do;
# $(RB)/bin keeps it for gdb.
$(RB)/strip/%: $(RB)/bin/%
	@mkdir -p $(@D)
	$(Q)$(USER_OBJCOPY) --strip-debug $< $@

$(RB)/initrd.img: $(BASE_INITRD) $(RB_PROGS:%=$(RB)/strip/%) tools/mkinitrd.py \
	tools/realbench/realbench.mk
	$(Q)$(PYTHON) tools/mkinitrd.py $@ $(B)/initrd \
		$(foreach p,$(RB_PROGS),--add $(RB)/strip/$(p)=bin/$(p))

# The Linux peer's copies (make lab EXP=realbench PEER=linux): the same
# sources and flags against a static glibc, as linux_peer.py builds
# user/bench, into the peer's extra/ directory.  libnuma is user/libnuma
# built with glibc (the machine has no i386 libnuma); truncate is ours.
RB_PEER := $(B)/linux-peer/extra
RB_GCC = $(CROSS)gcc -O2 -static -pthread -w
.PHONY: realbench-peer
realbench-peer: $(RB_PROGS:%=$(RB_PEER)/%) $(RB_PEER)/truncate
$(RB_PEER)/interbench: | realbench-check-src
	@mkdir -p $(@D)
	$(Q)$(RB_GCC) -o $@ $(RB_SRC)/interbench/interbench.c \
		$(RB_SRC)/interbench/hackbench.c -lm -lrt
$(RB_PEER)/schbench: | realbench-check-src
	@mkdir -p $(@D)
	$(Q)$(RB_GCC) $(RB_SCHBENCH_CPPFLAGS) -o $@ \
		$(RB_SRC)/schbench/schbench.c -lm
$(RB_PEER)/hackbench-rt: | realbench-check-src
	@mkdir -p $(@D)
	$(Q)$(RB_GCC) $(RB_RT_CPPFLAGS) -o $@ \
		$(RB_SRC)/rt-tests/src/hackbench/hackbench.c -lrt
$(RB_PEER)/cyclictest: user/libnuma/numa.c user/libc/include/numa.h \
	| realbench-check-src
	@mkdir -p $(@D) $(RB)/peer-include
	$(Q)cp user/libc/include/numa.h $(RB)/peer-include/
	$(Q)$(RB_GCC) $(RB_RT_CPPFLAGS) -I$(RB)/peer-include -o $@ \
		$(RB_SRC)/rt-tests/src/cyclictest/cyclictest.c \
		$(RB_RTLIB_SRC:%=$(RB_SRC)/rt-tests/src/lib/%.c) \
		$(RB_SRC)/rt-tests/src/lib/rt-numa.c user/libnuma/numa.c -lrt -lm
$(RB_PEER)/truncate: user/truncate.c
	@mkdir -p $(@D)
	$(Q)$(RB_GCC) -o $@ $<

# make test's step: the four, briefly, under SCHED's kernel
ifeq ($(strip $(REALBENCH)),)
realbench-test:
	@$(PYTHON) tests/realbench.py skip "no REALBENCH=DIR given (the sources are not part of the repository; .ci/run passes them, tools/realbench/fetch.sh clones them)"
else
realbench-test: $(B)/kernel.elf $(RB)/initrd.img
	$(PYTHON) tests/realbench.py run --kernel $(B)/kernel.elf \
		--initrd $(RB)/initrd.img --outdir $(RB)/out
endif

# .dep, not .d: the top Makefile includes every .d under build/, and
# these name files outside the repository that need not exist
# (and made by the compiler only: no implicit rule may try to remake them)
$(RB)/obj/%.dep: ;
-include $(wildcard $(RB)/obj/*.dep)
