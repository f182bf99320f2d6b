"""policies - the scheduling policies this tree can build.

A policy is every kernel/sched/*.c except the scheduler core's own files,
which kernel/sched/sched.mk lists in SCHED_CORE for the Makefile and the
host build; this module reads that line, so the list is written once.
"""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def core_files(root=ROOT):
    """The names in kernel/sched/sched.mk's SCHED_CORE line."""
    path = os.path.join(root, "kernel", "sched", "sched.mk")
    with open(path) as f:
        m = re.search(r"^SCHED_CORE\s*:?=\s*(.*)$", f.read(), re.M)
    if not m:
        raise RuntimeError(f"{path}: no SCHED_CORE line")
    return tuple(m.group(1).split())


def policies(root=ROOT):
    """The policy names, sorted: kernel/sched/<name>.c minus SCHED_CORE."""
    core = set(core_files(root))
    sched = os.path.join(root, "kernel", "sched")
    return tuple(sorted(fn[:-2] for fn in os.listdir(sched)
                        if fn.endswith(".c") and fn[:-2] not in core))


if __name__ == "__main__":
    print(" ".join(policies()))
