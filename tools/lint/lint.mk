# tools/lint/lint.mk - `make lint` and `make format`.  Included by the top
# Makefile; `make test` runs lint first.
#
#   make lint           the repository's checks (tools/lint/lint.py), the
#                       include graph's layering check (tools/include_graph.py,
#                       which leaves the graph in build/include-graph.dot),
#                       their self-test (tools/lint/test_lint.py) and
#                       cppcheck with tools/lint/cppcheck.supp
#   make format         clang-format the lines changed since HEAD (git
#                       clang-format), so a change follows the style without
#                       rewriting the lines around it; FILES=all rewrites
#                       every C file
#   make format-check   how many lines clang-format would change in the
#                       kernel's C files (a measure, not a gate)

CPPCHECK_DIRS := arch drivers kernel include user tests/host
CPPCHECK_FLAGS := --quiet --enable=warning,portability --std=c11 \
	--platform=unix32 --inline-suppr --error-exitcode=1 -j2 \
	--suppressions-list=tools/lint/cppcheck.supp -I. \
	-DCONFIG_HZ=1000 -DSCHED_DEBUG=1 -D__i386__ \
	--template='{file}:{line}: {severity} {id}: {message}'
FORMAT_SRC = $(shell git ls-files 'arch/*.[ch]' 'drivers/*.[ch]' \
	'kernel/*.[ch]' 'include/*.h' 'user/*.[ch]' 'tests/host/*.[ch]')
FILES ?=

.PHONY: lint format format-check
lint:
	@tools/deps.sh
	$(PYTHON) tools/lint/lint.py
	$(PYTHON) tools/include_graph.py --check --dot $(B)/include-graph.dot
	@out=$$($(PYTHON) tools/lint/test_lint.py 2>&1) || \
		{ echo "$$out"; exit 1; }; \
		echo "lint: self-test $$(echo "$$out" | tail -1)"
	cppcheck $(CPPCHECK_FLAGS) $(CPPCHECK_DIRS)
	@echo "lint: cppcheck clean"

format:
	@tools/deps.sh format
ifeq ($(FILES),all)
	clang-format -i --style=file $(FORMAT_SRC)
else
	@git clang-format --force --style=file --extensions c,h HEAD -- $(FILES)
endif

format-check:
	@tools/deps.sh format
	@lines=0; files=0; total=0; \
	for f in $(filter arch/% drivers/% kernel/% include/%,$(FORMAT_SRC)); do \
		total=$$((total + 1)); \
		n=$$(clang-format --style=file $$f | diff $$f - | grep -c '^<'); \
		[ $$n -gt 0 ] && files=$$((files + 1)); lines=$$((lines + n)); \
	done; \
	echo "format-check: clang-format would change $$lines lines in $$files of $$total kernel files"
