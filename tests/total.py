#!/usr/bin/env python3
"""total.py - one closing line for the whole of make test.

make test runs several runners in turn (the host harness, tests/run.py
once per policy, the lab, the benchmarks, the seeds, the real benchmarks,
the glibc check, the grader's check), and each closes with its own
"N passed, N failed" line.  A reader, or a CI that reads the last such
line, should not take the last runner's count for the suite's.  This
runs the given command with its standard error merged into its output,
passes every line through as it comes, counts the result lines that the
runners print at the start of a line (PASS, FAIL or SKIP, spaces, a
name: the host harness puts one space, the Python runners two), and
closes with the suite's total ("total: N passed, N failed, N skipped").
Indented lines are a runner's detail and are not counted; the grader's
check keeps its own verdicts on a skeleton meant to fail to itself.

The exit status is the command's: a make that stopped without printing a
FAIL line still fails, and the closing line says it stopped.

    total.py -- COMMAND [ARG ...]
"""

import os
import re
import subprocess
import sys

RESULT = re.compile(r"^(PASS|FAIL|SKIP) +\S")


def main(argv):
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        print("usage: total.py -- COMMAND [ARG ...]", file=sys.stderr)
        return 2
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    p = subprocess.Popen(argv, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, env=env)
    for raw in p.stdout:
        sys.stdout.buffer.write(raw)
        sys.stdout.flush()
        m = RESULT.match(raw.decode("utf-8", "replace"))
        if m:
            counts[m.group(1)] += 1
    status = p.wait()
    line = (f"total: {counts['PASS']} passed, {counts['FAIL']} failed, "
            f"{counts['SKIP']} skipped")
    if status != 0:
        print(f"make test stopped with status {status}")
    print(line)
    return status if status > 0 else (1 if status else 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
