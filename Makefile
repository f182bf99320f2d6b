# Quanta - a 32-bit x86 SMP teaching kernel about CPU scheduling.
#
#   make            build build/kernel.elf (+ kernel.asm, kernel.sym listings)
#   make run        boot it in QEMU with $(CPUS) CPUs, serial console on stdio
#   make qemu       boot with CMDLINE and return when the kernel powers off
#   make test       the whole test suite (what CI runs)
#   make iso        a GRUB rescue ISO, build/quanta.iso
#   make gdb        QEMU halted with a GDB stub, and gdb attached to it
#   make trace CMD="prog args"   that program as init, traced: build/trace/
#   make grade LAB=n   grade kernel/sched/student.c against lab n (docs/course/)
#   make dist LAB=n    the student tarball of lab n, build/quanta-labN.tar.gz
#
# Variables (docs/architecture.md, section 4.1): SCHED CPUS HZ CMDLINE CROSS
# PROFILE SCHED_DEBUG.

SCHED   ?= cfs
CPUS    ?= 4
HZ      ?= 1000
CMDLINE ?=
CROSS   ?= i686-linux-gnu-
PROFILE ?= real
MEM     ?= 128M

CC      := $(CROSS)gcc
LD      := $(CROSS)ld
NM      := $(CROSS)nm
OBJDUMP := $(CROSS)objdump
NASM    := nasm
PYTHON  := python3
B       := build
# GDB_BUILD=1: a kernel for stepping in gdb, in its own build directory
# (flags below; docs/debugging.md)
ifeq ($(GDB_BUILD),1)
B       := build/gdb
endif

CFLAGS := -std=gnu11 -O2 -g -ffreestanding -fno-pic -fno-pie \
	-fno-stack-protector -mgeneral-regs-only -fno-asynchronous-unwind-tables \
	--param=min-pagesize=0 -m32 -march=i686 \
	-mregparm=3 \
	-Wall -Wextra -Werror -MMD -MP -I. -DCONFIG_HZ=$(HZ)
LDFLAGS := -T linker.ld -nostdlib -no-pie -static -Wl,--build-id=none \
	-Wl,-z,noexecstack -Wl,-z,max-page-size=4096
NASMFLAGS := -f elf32 -g -F dwarf -I.

# Scheduling policies: every kernel/sched/*.c except the core's own files.
include kernel/sched/sched.mk
# POLICIES=mine on the command line (make host-test POLICIES=mine): the
# default SCHED need not be among them; take the first that is.
ifeq ($(origin SCHED),file)
ifeq ($(filter $(SCHED),$(POLICIES)),)
SCHED := $(firstword $(POLICIES))
endif
endif
ifeq ($(filter $(SCHED),$(POLICIES)),)
$(error SCHED=$(SCHED) is not a policy; choose one of: $(POLICIES))
endif
SCHED_DEBUG ?= 1
CFLAGS += -DSCHED_DEBUG=$(SCHED_DEBUG)
# Frame pointers: kept by debug builds, whose backtraces walk them; a
# release build (SCHED_DEBUG=0, what `make bench` measures) gives ebp to
# the register allocator and its backtraces scan the stack
# (arch/x86/backtrace.c, docs/performance.md).
FRAME_POINTER ?= $(if $(filter 0,$(SCHED_DEBUG)),0,1)
ifeq ($(FRAME_POINTER),1)
CFLAGS += -fno-omit-frame-pointer -DARCH_FRAME_POINTER=1
else
CFLAGS += -fomit-frame-pointer -DARCH_FRAME_POINTER=0
endif
# -Og keeps variables where gdb looks for them; no inlining at all, so
# `step` enters schedule()'s and the policies' static helpers, each with
# its own frame.  (-mregparm=3 stays: the calling convention is the same.)
ifeq ($(GDB_BUILD),1)
CFLAGS += -Og -fno-inline -fno-inline-small-functions \
	-fno-inline-functions-called-once -fno-optimize-sibling-calls \
	-DGDB_BUILD=1
endif

# Everything but the policy is shared by the kernels of all policies;
# build/kernel-<policy>.elf links one policy in, build/kernel.elf is a copy
# of the one SCHED names.
KSRC := $(wildcard arch/x86/*.c drivers/*.c kernel/*.c kernel/lib/*.c) \
	$(SCHED_CORE:%=kernel/sched/%.c)
KASM := boot/entry.asm arch/x86/trapentry.asm arch/x86/switch.asm \
	arch/x86/string.asm arch/x86/usercopy.asm \
	boot/trampoline_blob.asm
KOBJ := $(KSRC:%.c=$(B)/%.o) $(KASM:%.asm=$(B)/%.o)
KERNELS := $(POLICIES:%=$(B)/kernel-%.elf)

.DELETE_ON_ERROR:
.PHONY: all deps run qemu test test-all iso gdb qemu-gdb clean lint format kernels \
	policy-check trace gdb-attach fuzz torture
.SECONDARY:
all: deps $(B)/kernel.elf $(if $(wildcard user/user.mk),initrd)

deps:
	@tools/deps.sh

# V=1 shows the full commands
Q := $(if $(V),,@)

# Objects depend on the configuration, so changing HZ or SCHED_DEBUG
# rebuilds them; SCHED only changes which kernel build/kernel.elf is.
# new_stamp makes a stamp while the Makefile is read, not in a rule: under
# .SECONDARY a missing stamp whose targets look newer than everything else
# would never be made, and the new setting would be silently ignored.
new_stamp = $(if $(wildcard $(1)),,$(shell mkdir -p $(dir $(1)) && \
	rm -f $(dir $(1))$(2).* && touch $(1)))
CONFIG_STAMP := $(B)/config.$(HZ).$(SCHED_DEBUG)
$(call new_stamp,$(CONFIG_STAMP),config)
# ... and it is touched when this Makefile changes (compiler flags, which the
# assembly code depends on too: -mregparm)
$(CONFIG_STAMP): Makefile
	@touch $@

$(B)/%.o: %.c $(CONFIG_STAMP) | deps
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) -c $< -o $@

$(B)/%.o: %.asm boot/defs.inc $(CONFIG_STAMP) | deps
	@mkdir -p $(@D)
	@$(if $(Q),echo "  AS      $<")
	$(Q)$(NASM) $(NASMFLAGS) $< -o $@

$(B)/boot/trampoline.bin: boot/trampoline.asm boot/defs.inc | deps
	@mkdir -p $(@D)
	@$(if $(Q),echo "  AS      $<")
	$(Q)$(NASM) -f bin -I. $< -o $@
$(B)/boot/trampoline_blob.o: $(B)/boot/trampoline.bin
$(B)/boot/trampoline_blob.o: NASMFLAGS += -I$(B)/boot/

# Two links per policy: the first without symbols, the second with the
# symbol table of the first in .ksyms (after all code, so no function
# moves; the check below proves it).
$(B)/ksyms0.asm: tools/mksyms.py
	@mkdir -p $(B)
	$(Q)$(PYTHON) tools/mksyms.py $(NM) - $@
$(B)/ksyms%.o: $(B)/ksyms%.asm
	$(Q)$(NASM) $(NASMFLAGS) $< -o $@
$(B)/pass0-%.elf: $(KOBJ) $(B)/kernel/sched/%.o $(B)/ksyms0.o linker.ld
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(KOBJ) $(B)/kernel/sched/$*.o \
		$(B)/ksyms0.o
$(B)/ksyms-%.asm: $(B)/pass0-%.elf tools/mksyms.py
	$(Q)$(PYTHON) tools/mksyms.py $(NM) $< $@
$(B)/kernel-%.elf: $(B)/pass0-%.elf $(B)/ksyms-%.o
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(KOBJ) $(B)/kernel/sched/$*.o \
		$(B)/ksyms-$*.o
	@$(NM) -n $(B)/pass0-$*.elf | grep ' [tTW] ' > $(B)/syms0-$*.txt
	@$(NM) -n $@ | grep ' [tTW] ' > $(B)/syms1-$*.txt
	@cmp -s $(B)/syms0-$*.txt $(B)/syms1-$*.txt || \
		{ echo "kernel symbols moved between links"; exit 1; }

kernels: $(KERNELS)

SCHED_STAMP := $(B)/sched.$(SCHED)
$(call new_stamp,$(SCHED_STAMP),sched)

$(B)/kernel.elf: $(B)/kernel-$(SCHED).elf $(SCHED_STAMP)
	$(Q)cp $< $@
	$(Q)$(OBJDUMP) -S $@ > $(B)/kernel.asm
	$(Q)$(NM) -n $@ > $(B)/kernel.sym

-include user/user.mk
include tests/host/host.mk
-include tools/course/course.mk
-include tools/lab/lab.mk
-include tools/bench.mk
-include tools/lint/lint.mk
-include tests/seeds.mk
-include tools/realbench/realbench.mk
INITRD ?= $(B)/initrd.img
INITRD_ARG = $(if $(wildcard $(INITRD)),--initrd $(INITRD))

# The data channel (0xe9: traces, trace dump) goes to $(B)/data.log.
run: all
	$(PYTHON) tools/qemu.py --profile $(PROFILE) --cpus $(CPUS) --mem $(MEM) \
		--cmdline "$(CMDLINE)" --data $(B)/data.log $(INITRD_ARG) \
		$(B)/kernel.elf

qemu: all
	$(PYTHON) tools/qemu.py --profile $(PROFILE) --cpus $(CPUS) --mem $(MEM) \
		--timeout 600 --cmdline "$(CMDLINE)" --data $(B)/data.log \
		$(INITRD_ARG) $(B)/kernel.elf < /dev/null

# make trace CMD="spinners 8 2" [NAME=x]: boot with that program line as
# init and trace=sched; writes $(TRACE_OUT)/NAME.{data,txt,json,html}
# (docs/tracing.md).  SCHED, CPUS, PROFILE, MEM and CMDLINE apply.
TRACE_OUT ?= $(B)/trace
trace: all
	@$(PYTHON) tools/trace/record.py --kernel $(B)/kernel.elf $(INITRD_ARG) \
		--profile $(PROFILE) --cpus $(CPUS) --mem $(MEM) \
		--cmdline "$(CMDLINE)" $(if $(NAME),--name "$(NAME)") \
		--outdir $(TRACE_OUT) -- "$(CMD)"

# The system-call fuzzer (user/tests/fuzz.c) as init in the det profile,
# so a seed always makes the same calls: make fuzz SEED=n CALLS=n [SCHED=p
# CPUS=n].  Exit status 0 when no hang, wrong answer or leak was found.
SEED ?= 1
CALLS ?= 100000
FUZZ_TIMEOUT ?= 7200
fuzz: all
	$(PYTHON) tools/qemu.py --profile det --cpus $(CPUS) --mem $(MEM) \
		--timeout $(FUZZ_TIMEOUT) \
		--cmdline "init=/bin/fuzz -- -s $(SEED) -n $(CALLS)" \
		$(INITRD_ARG) $(B)/kernel.elf < /dev/null

# The torture test (user/tests/s_stress.c) as init, real profile, with the
# kernel's invariant checks of this build (SCHED_DEBUG=1 by default):
# make torture DURATION=seconds [SCHED=p CPUS=n].  Exit status 0 when no
# worker failed, no family stalled, nothing leaked and the kernel lived.
DURATION ?= 60
torture: all
	$(PYTHON) tools/qemu.py --profile real --cpus $(CPUS) --mem $(MEM) \
		--timeout $$(( $(DURATION) + 120 )) \
		--cmdline "init=/bin/s_stress -- $$(( $(DURATION) * 1000 ))" \
		$(INITRD_ARG) $(B)/kernel.elf < /dev/null

iso: all
	tools/mkiso.sh $(B)/kernel.elf "$(wildcard $(INITRD))" "$(CMDLINE)" $(B)/quanta.iso

GDBPORT = $(shell $(PYTHON) -c 'import os; print(20000 + os.getuid() % 10000)')

# QEMU waits for gdb on $(GDBPORT); in another terminal: make gdb-attach
qemu-gdb: all
	@echo "QEMU halted; gdb stub on port $(GDBPORT) (make gdb-attach)"
	$(PYTHON) tools/qemu.py --profile $(PROFILE) --cpus $(CPUS) --gdb --halt \
		--cmdline "$(CMDLINE)" $(INITRD_ARG) $(B)/kernel.elf

gdb-attach:
	gdb -q -nx -x .gdbinit -ex "target remote :$(GDBPORT)"

# Both in one terminal (tools/gdb/launch.py): QEMU in its own session,
# console in $(B)/gdb-com1.log, data channel in $(B)/gdb-data.log; Ctrl-C
# stops the CPUs, quit ends QEMU, a busy port is reported, not reused.
gdb: all
	@$(PYTHON) tools/gdb/launch.py --kernel $(B)/kernel.elf $(INITRD_ARG) \
		--profile $(PROFILE) --cpus $(CPUS) --mem $(MEM) \
		--cmdline "$(CMDLINE)" --port $(GDBPORT) \
		--com1 $(B)/gdb-com1.log --data $(B)/gdb-data.log

# The policy boundary (tools/check_policy.py): a policy file includes only
# policy.h and kernel/lib/, the core names no policy.  Its self-test plants
# a violation of each rule first.
policy-check:
	@$(PYTHON) tools/check_policy.py --selftest
	@$(PYTHON) tools/check_policy.py \
		--core $(SCHED_CORE:%=kernel/sched/%.c) \
		--policies $(POLICIES:%=kernel/sched/%.c) tests/host/minimal.c

# The whole suite with SCHED's kernel, then the scheduling cases (user
# programs, scheduler behaviour, seeds) with every other policy's kernel.
test: deps
	@$(PYTHON) tests/total.py -- $(MAKE) --no-print-directory test-all

# The suite itself; tests/total.py adds the closing line with its total.
test-all: lint policy-check all kernels host-test
	@grub-file --is-x86-multiboot $(B)/kernel.elf && \
		echo "PASS  grub-file accepts build/kernel.elf as multiboot" || \
		{ echo "FAIL  grub-file rejects build/kernel.elf"; exit 1; }
	$(PYTHON) tests/run.py --kernel $(B)/kernel.elf --initrd $(INITRD) \
		--tag $(SCHED)
	@echo "make gdb's launcher on a pty (tests/gdb_launch.py)"
	@$(PYTHON) tests/gdb_launch.py --kernel $(B)/kernel.elf --initrd $(INITRD)
	@set -e; for p in $(filter-out $(SCHED),$(POLICIES)); do \
		$(PYTHON) tests/run.py --kernel $(B)/kernel-$$p.elf \
			--initrd $(INITRD) --per-policy --tag $$p \
			--outdir $(B)/tests-$$p; \
	done
	@echo "lab: seed 002's experiment end to end in QUICK mode"
	@$(MAKE) --no-print-directory lab-quick
	@$(MAKE) --no-print-directory bench-quick
	@$(MAKE) --no-print-directory seeds-test
	@$(MAKE) --no-print-directory realbench-test
	@echo "libc: the t_libc tests' expectations, checked against glibc"
	@$(PYTHON) tests/libc_glibc.py
	@$(MAKE) --no-print-directory grade-check

clean:
	rm -rf $(B)

-include $(shell find $(B) -name '*.d' 2>/dev/null)
