# user.mk - the user side of the build: libc.a, the programs, the initrd.
# Included by the top Makefile, which defines B, CROSS, PYTHON and Q.
#
#   $(B)/user/libc.a     every user/libc/*.c and user/libc/*.asm
#   $(B)/user/libnuma.a  user/libnuma/*.c: -lnuma for a one-node machine
#   $(B)/initrd/bin/P    one static program per user/*.c, user/bench/*.c
#                        and user/tests/*.c (P = the file name without .c)
#   $(B)/initrd.img      newc cpio of $(B)/initrd/, plus the aliases below
#
# Exports USER_PROGS (the program paths), BASE_INITRD (the image) and
# INITRD (the image to boot: BASE_INITRD unless the command line names
# another, such as the realbench one); "make initrd" builds it all.  Each program is also kept with its debug
# information as $(B)/user/bin/P for gdb; the initrd copy is stripped of it.

USER_CC      := $(CROSS)gcc
USER_AR      := $(CROSS)ar
USER_OBJCOPY := $(CROSS)objcopy
USER_NASM    ?= nasm

# Asked of the compiler once, on first use (it may not be installed when
# this file is read: "make deps" installs it).
USER_GCCINC = $(eval USER_GCCINC := $$(shell $(USER_CC) -print-file-name=include))$(USER_GCCINC)
USER_LIBGCC = $(eval USER_LIBGCC := $$(shell $(USER_CC) -print-libgcc-file-name))$(USER_LIBGCC)

# Headers: the libc's own, then the repository's include/ (for <uapi/...>),
# then GCC's (stdint.h, stddef.h, stdarg.h, float.h, limits.h ...).
USER_INCLUDES = -nostdinc -isystem user/libc/include -isystem include \
	-isystem $(USER_GCCINC)
USER_ARCH := -m32 -march=i686 -fno-pic -fno-pie -fno-stack-protector

# The libc: freestanding (GCC must not turn its loops into calls to the
# very functions being defined), warnings are errors like the kernel's.
USER_LIBC_CFLAGS = -std=gnu11 -O2 -g $(USER_ARCH) -ffreestanding -fno-builtin \
	-fno-tree-loop-distribute-patterns -ffunction-sections -fdata-sections \
	-Wall -Wextra -Werror -MMD -MP $(USER_INCLUDES)

# Programs: hosted C (so GCC knows printf, memcpy ...), lenient warnings
# and no -Werror: user/bench/ also builds unchanged against glibc, and
# tests/seeds.mk builds the seed mails' programs unchanged with these flags.
USER_CFLAGS = -std=gnu11 -O2 -g $(USER_ARCH) -Wall -MMD -MP $(USER_INCLUDES)

USER_LDFLAGS = -nostdlib -static -no-pie -T user/user.ld -Wl,--gc-sections \
	-Wl,--build-id=none -Wl,-z,noexecstack -Wl,-z,max-page-size=4096

USER_LIBC_SRC := $(wildcard user/libc/*.c)
USER_LIBC_ASM := $(wildcard user/libc/*.asm)
USER_LIBC_OBJ := $(USER_LIBC_SRC:%.c=$(B)/%.o) $(USER_LIBC_ASM:%.asm=$(B)/%.o)
USER_LIBC     := $(B)/user/libc.a

USER_PROG_SRC := $(wildcard user/*.c user/bench/*.c user/tests/*.c)
USER_PROG_NAMES := $(notdir $(USER_PROG_SRC:.c=))
USER_PROGS    := $(addprefix $(B)/initrd/bin/,$(USER_PROG_NAMES))
BASE_INITRD   := $(B)/initrd.img
INITRD        ?= $(BASE_INITRD)
# The shell's seed000 and seed003 commands: the project's own programs for
# the workloads of seed mails 000 and 003 (docs/reference/seed-mails.md).
USER_ALIASES  := seed000=pipe_ctxsw seed003=threadtest
USER_ALIAS_BINS := $(foreach a,$(USER_ALIASES),$(B)/initrd/bin/$(firstword $(subst =, ,$(a))))

ifneq ($(words $(USER_PROG_NAMES)),$(words $(sort $(USER_PROG_NAMES))))
$(error user programs with the same name in different folders: $(sort \
	$(foreach n,$(USER_PROG_NAMES),$(if $(filter-out 1,$(words \
	$(filter $(n),$(USER_PROG_NAMES)))),$(n)))))
endif

.PHONY: initrd user-libc
initrd: $(BASE_INITRD)
user-libc: $(USER_LIBC)

$(B)/user/libc/%.o: user/libc/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(USER_CC) $(USER_LIBC_CFLAGS) -c $< -o $@

$(B)/user/libc/%.o: user/libc/%.asm
	@mkdir -p $(@D)
	@$(if $(Q),echo "  AS      $<")
	$(Q)$(USER_NASM) -f elf32 -g -F dwarf $< -o $@

$(USER_LIBC): $(USER_LIBC_OBJ)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@
	$(Q)$(USER_AR) rcsD $@ $^

# libnuma: its own archive, so only programs that ask for -lnuma get it
USER_LIBNUMA_OBJ := $(patsubst %.c,$(B)/%.o,$(wildcard user/libnuma/*.c))
USER_LIBNUMA := $(B)/user/libnuma.a
$(B)/user/libnuma/%.o: user/libnuma/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(USER_CC) $(USER_LIBC_CFLAGS) -c $< -o $@
$(USER_LIBNUMA): $(USER_LIBNUMA_OBJ)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@
	$(Q)$(USER_AR) rcsD $@ $^

# Programs (the stem may contain bench/ or tests/)
$(B)/user/%.o: user/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(USER_CC) $(USER_CFLAGS) -c $< -o $@

# One link rule per program, whichever folder it comes from;
# USER_PROG_LIBS_<name> adds archives before the libc (-lnuma).
USER_PROG_LIBS_t_libc_numa := $(USER_LIBNUMA)
define USER_PROG_RULE
$(B)/user/bin/$(notdir $(1:.c=)): $(B)/$(1:.c=.o) $(USER_PROG_LIBS_$(notdir $(1:.c=))) $(USER_LIBC) user/user.ld
	@mkdir -p $$(@D)
	@$$(if $$(Q),echo "  LD      $$@")
	$$(Q)$$(USER_CC) $$(USER_ARCH) $$(USER_LDFLAGS) -o $$@ $$< \
		$(USER_PROG_LIBS_$(notdir $(1:.c=))) \
		-Wl,--start-group $(USER_LIBC) $$(USER_LIBGCC) -Wl,--end-group
endef
$(foreach s,$(USER_PROG_SRC),$(eval $(call USER_PROG_RULE,$(s))))

$(B)/initrd/bin/%: $(B)/user/bin/%
	@mkdir -p $(@D)
	$(Q)$(USER_OBJCOPY) --strip-debug $< $@

# an alias is a copy, so that a stale program of that name is replaced
$(foreach a,$(USER_ALIASES),$(eval $(B)/initrd/bin/$(firstword $(subst =, ,$(a))): \
	$(B)/initrd/bin/$(lastword $(subst =, ,$(a))) user/user.mk ; $$(Q)cp $$< $$@))

# The mount points (kernel/vfs.c) are empty directories of the initrd.
$(BASE_INITRD): $(USER_PROGS) $(USER_ALIAS_BINS) tools/mkinitrd.py
	@mkdir -p $(B)/initrd/bin $(B)/initrd/dev $(B)/initrd/proc $(B)/initrd/tmp
	@$(if $(Q),echo "  INITRD  $@")
	$(Q)$(PYTHON) tools/mkinitrd.py $@ $(B)/initrd

# -MMD leaves headers found through -isystem out of the .d files, so
# a change to the system-call ABI or the libc's headers must rebuild
# everything by this rule.
USER_HEADERS := $(wildcard include/uapi/*.h) \
	$(shell find user/libc/include -name '*.h')
$(USER_LIBC_OBJ) $(USER_LIBNUMA_OBJ) $(USER_PROG_SRC:%.c=$(B)/%.o): $(USER_HEADERS)

-include $(USER_LIBC_OBJ:.o=.d) $(USER_LIBNUMA_OBJ:.o=.d) $(USER_PROG_SRC:%.c=$(B)/%.d)
