#!/usr/bin/env python3
"""include_graph.py - the include graph of Quanta's C and assembly sources.

    python3 tools/include_graph.py [--root DIR] [--dirs] [--dot FILE] [--check]

Reads every `#include "..."` (C) and `%include "..."` (nasm) of the
repository's own files under arch/, boot/, drivers/, include/, kernel/,
user/ and tests/host/, and prints the graph in Graphviz dot format (to
FILE with --dot, "-" or no --dot: standard output).  --dirs draws one node
per directory instead of one per file.

Arrows from arch/ up into kernel/ are drawn by kind: to kernel/upcall.h,
the one header of calls arch/ makes up into kernel/ (docs/architecture.md,
section 3), in bold; to the kernel services arch/ uses as a library
(SERVICES below) dashed.  --check exits with status 1, naming file and
line, on any other arrow from arch/ into kernel/ (`make lint` runs it).

Exit status: 0 clean, 1 a forbidden arrow (--check), 2 usage error.
Standard library only.
"""

import argparse
import os
import re
import sys

SOURCE_DIRS = ("arch", "boot", "drivers", "include", "kernel", "user",
               "tests/host")
SOURCE_EXT = (".c", ".h", ".asm", ".inc", ".S")
UPCALL_HEADER = "kernel/upcall.h"
# The kernel headers arch/ may include as a library: output, panics, locks,
# memory, the clock, symbols, the configuration and the per-CPU area, and
# the address space and task a context switch and a signal frame are built
# for (docs/architecture.md, section 3).  kernel/lib/ is a library too.
SERVICES = {"kernel/config.h", "kernel/cpu.h", "kernel/printk.h",
            "kernel/panic.h", "kernel/spinlock.h", "kernel/frame.h",
            "kernel/time.h", "kernel/ksyms.h", "kernel/mm.h",
            "kernel/task.h"}
INCLUDE_RE = re.compile(r'^\s*[#%]\s*include\s*"([^"]+)"')


def sources(root):
    """The repository's source files, relative to root, sorted."""
    found = []
    for top in SOURCE_DIRS:
        for dirpath, dirs, names in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(d for d in dirs if d not in ("build", ".git"))
            for n in names:
                if n.endswith(SOURCE_EXT):
                    found.append(os.path.relpath(os.path.join(dirpath, n),
                                                 root))
    return sorted(found)


def resolve(root, src, target):
    """The repository path an include names: relative to the root (the
    build's -I.), else to the including file's directory; None when it is
    neither (a system or generated header)."""
    for cand in (target, os.path.join(os.path.dirname(src), target)):
        cand = os.path.normpath(cand)
        if os.path.isfile(os.path.join(root, cand)):
            return cand
    return None


def edges(root):
    """[(from, to, line number)] for every include of a repository file."""
    out = []
    for src in sources(root):
        with open(os.path.join(root, src), encoding="utf-8",
                  errors="replace") as f:
            for n, line in enumerate(f, 1):
                m = INCLUDE_RE.match(line)
                if m:
                    dst = resolve(root, src, m.group(1))
                    if dst:
                        out.append((src, dst, n))
    return out


def kind(src, dst):
    """'upcall', 'service' or 'forbidden' for an arrow from arch/ into
    kernel/; None for every other arrow."""
    if not (src.startswith("arch/") and dst.startswith("kernel/")):
        return None
    if dst == UPCALL_HEADER:
        return "upcall"
    if dst in SERVICES or dst.startswith("kernel/lib/"):
        return "service"
    return "forbidden"


def violations(root):
    """[(file, line, header)] for each forbidden arrow."""
    return [(s, n, d) for s, d, n in edges(root) if kind(s, d) == "forbidden"]


STYLE = {"upcall": ' [style=bold, color="blue"]',
         "service": ' [style=dashed, color="gray50"]',
         "forbidden": ' [color="red"]'}


def dot(root, dirs):
    """The graph in dot format, as a string."""
    lines = ["digraph quanta_includes {", "  rankdir=LR;",
             "  node [shape=box, fontsize=10];"]
    seen = set()
    for s, d, _ in edges(root):
        style = STYLE.get(kind(s, d), "")
        if dirs:
            s, d = os.path.dirname(s), os.path.dirname(d)
            if s == d:
                continue
        if (s, d, style) in seen:
            continue
        seen.add((s, d, style))
        lines.append(f'  "{s}" -> "{d}"{style};')
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    ap.add_argument("--dot", metavar="FILE",
                    help="write the graph there ('-': standard output)")
    ap.add_argument("--dirs", action="store_true",
                    help="one node per directory")
    ap.add_argument("--check", action="store_true",
                    help="fail on an arrow from arch/ into kernel/ other "
                         "than the upcall header and the services")
    args = ap.parse_args(argv)
    if args.dot or not args.check:
        text = dot(args.root, args.dirs)
        if not args.dot or args.dot == "-":
            sys.stdout.write(text)
        else:
            os.makedirs(os.path.dirname(os.path.abspath(args.dot)),
                        exist_ok=True)
            with open(args.dot, "w", encoding="utf-8") as f:
                f.write(text)
    if not args.check:
        return 0
    bad = violations(args.root)
    for src, n, dst in bad:
        print(f"{src}:{n}: arch-include: {src} includes {dst}, which is "
              f"neither {UPCALL_HEADER} nor a listed service "
              f"(docs/architecture.md, section 3)")
    ups = sum(1 for s, d, _ in edges(args.root) if kind(s, d) == "upcall")
    print(f"include graph: {len(bad)} forbidden arrow(s) from arch/ into "
          f"kernel/; {ups} to {UPCALL_HEADER}", file=sys.stderr if bad
          else sys.stdout)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
