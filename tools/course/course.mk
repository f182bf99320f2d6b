# tools/course/course.mk - the scheduler labs (docs/course/): grading,
# the student tarball, and their test.  Included by the top Makefile.
#
#   make grade LAB=n       grade kernel/sched/student.c against lab n
#                          (host scenarios, then QEMU in det); writes
#                          build/grade/student-lab<n>/results.json
#   make dist LAB=n        build/quanta-lab<n>.tar.gz: the tree with lab n's
#                          skeleton as kernel/sched/student.c
#   make grade-check       what make test runs: every lab's reference
#                          solution gets full marks, every lab's tarball
#                          builds and its skeleton scores low, cleanly
#
# What tools/course/grade.py builds, for a policy source GRADE_SRC under
# the name GRADE_TAG (kernel/sched/student.c as "student" by default; a
# reference solution kept elsewhere, e.g. tools/course/lab2/student.c, as
# "ref-lab2"):
#   $(HB)/grade-<tag>-lab<n>   the host harness with tests/host/lab<n>.c
#   $(B)/kernel-<tag>.elf      a kernel with that policy
GRADE_TAG ?= student
GRADE_SRC ?= kernel/sched/student.c

$(HB)/grade-$(GRADE_TAG)-lab%: $(call host_objs,debug,$(HOST_KSRC) \
		$(HOST_SIM) $(GRADE_SRC) tests/host/main.c \
		tests/host/scenarios.c tests/host/rt_scenarios.c) \
		$(HB)/debug/tests/host/lab%.o
	@$(if $(Q),echo "  HOSTLD  $@")
	$(Q)$(HOST_CC) -o $@ $^

# A policy source outside kernel/sched/ (a reference solution): its object
# where the kernel's link rules look for a policy's.
ifneq ($(GRADE_SRC),kernel/sched/$(GRADE_TAG).c)
$(B)/kernel/sched/$(GRADE_TAG).o: $(GRADE_SRC) $(CONFIG_STAMP) | deps
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) -c $< -o $@
endif

.PHONY: grade dist grade-check
grade:
	@test -n "$(LAB)" || { echo "usage: make grade LAB=n"; exit 2; }
	@$(PYTHON) tools/course/grade.py --lab $(LAB)

dist:
	@test -n "$(LAB)" || { echo "usage: make dist LAB=n"; exit 2; }
	@$(PYTHON) tools/course/dist.py --lab $(LAB) \
		--out $(B)/quanta-lab$(LAB).tar.gz

grade-check:
	@$(PYTHON) tools/course/check.py
