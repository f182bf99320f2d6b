"""policies - the scheduling policies this tree can build.

A policy is every kernel/sched/*.c except the scheduler core's own files,
which the top Makefile lists in SCHED_CORE; this module reads that line, so
the rule is written once (the Makefile's POLICIES uses the same one).
"""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def core_files(root=ROOT):
    """The names in the Makefile's SCHED_CORE line (core balance trace)."""
    with open(os.path.join(root, "Makefile")) as f:
        m = re.search(r"^SCHED_CORE\s*:?=\s*(.*)$", f.read(), re.M)
    if not m:
        raise RuntimeError("Makefile: no SCHED_CORE line")
    return tuple(m.group(1).split())


def policies(root=ROOT):
    """The policy names, sorted: kernel/sched/<name>.c minus SCHED_CORE."""
    core = set(core_files(root))
    sched = os.path.join(root, "kernel", "sched")
    return tuple(sorted(fn[:-2] for fn in os.listdir(sched)
                        if fn.endswith(".c") and fn[:-2] not in core))


if __name__ == "__main__":
    print(" ".join(policies()))
