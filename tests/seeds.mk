# tests/seeds.mk - the seed mails' own programs, built unchanged against
# Quanta's libc and run in QEMU (tests/seeds.py).  Included by the top
# Makefile after user/user.mk; `make test` runs seeds-test.
#
#   make seeds-test SEEDS=DIR   DIR holds the mails (NNN_*.txt); without
#                               SEEDS both cases are reported as skipped
#
# The programs are 2003 and 2008 C written for glibc: they are compiled
# with the user programs' flags and no -Werror, and warnings are kept in
# $(SB)/build.log rather than on the console.

SEEDS ?=
SB := $(B)/seeds
SEED_PROGS := mail000 mail003

.PHONY: seeds-test
ifeq ($(strip $(SEEDS)),)
seeds-test:
	@$(PYTHON) tests/seeds.py skip "no SEEDS=DIR given (the mails are not part of the repository; .ci/run passes them)"
else
seeds-test: $(B)/kernel.elf $(SB)/initrd.img
	$(PYTHON) tests/seeds.py run --kernel $(B)/kernel.elf \
		--initrd $(SB)/initrd.img --outdir $(SB)/out

$(SB)/src/%.c: FORCE_SEEDS
	@mkdir -p $(@D)
	$(Q)$(PYTHON) tests/seeds.py extract --seeds "$(SEEDS)" --out $(SB)/src

$(SB)/bin/%: $(SB)/src/%.c $(USER_LIBC) user/user.ld
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $< (unchanged from its mail)")
	$(Q)$(USER_CC) $(USER_CFLAGS) -c $< -o $(SB)/$*.o 2>>$(SB)/build.log
	$(Q)$(USER_CC) $(USER_ARCH) $(USER_LDFLAGS) -o $@ $(SB)/$*.o \
		-Wl,--start-group $(USER_LIBC) $(USER_LIBGCC) -Wl,--end-group

$(SB)/initrd.img: $(BASE_INITRD) $(SEED_PROGS:%=$(SB)/bin/%) tools/mkinitrd.py
	$(Q)$(PYTHON) tools/mkinitrd.py $@ $(B)/initrd \
		$(foreach p,$(SEED_PROGS),--add $(SB)/bin/$(p)=bin/$(p))

.PHONY: FORCE_SEEDS
FORCE_SEEDS:
endif
