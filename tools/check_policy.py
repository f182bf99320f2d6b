#!/usr/bin/env python3
"""The scheduler's boundary, checked (make policy-check, run by make test).

    python3 tools/check_policy.py --core FILE... --policies FILE...
    python3 tools/check_policy.py --selftest

Two rules keep the policy interface honest (docs/scheduler.md, "The
boundary"):

1. A policy file (kernel/sched/<policy>.c) includes only
   kernel/sched/policy.h, headers of kernel/lib/, and the freestanding C
   headers <stdint.h>, <stddef.h>, <stdbool.h>.  Everything else it may use
   is declared by policy.h, so struct task, struct rq and the rest of the
   kernel stay out of its reach.
2. The core files (core.c, defaults.c, rt.c, balance*.c, trace.c) name no
   policy: no identifier that is a policy's name or starts with it and an
   underscore, and no #if on one, outside comments and strings.  The same
   core must run every SCHED=.

3. Every optional hook of struct sched_policy (policy.h, beside the core
   file defaults.c) gets its default in sched_fill_defaults() (a FILL()
   line of defaults.c), except those that are NULL on purpose (yield,
   set_slice, count, and update_sysctl, which the tunable registry calls
   before the defaults are filled in), so that the core may call through
   the table without testing for NULL.  A hook added to the interface without a
   default fails here.

Each violation is printed as FILE:LINE: what is wrong; the exit status is 1
if there was any.
"""

import argparse
import os
import re
import sys
import tempfile

ALLOWED_SYSTEM = {"stdint.h", "stddef.h", "stdbool.h"}
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def strip_comments_and_strings(text):
    """Blank out comments and string/char literals, keeping line breaks."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + (c if j < n else ""))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def check_policy_file(path):
    """Rule 1 for one policy file; returns a list of messages."""
    errors = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            m = INCLUDE_RE.match(line)
            if not m:
                continue
            kind, name = m.groups()
            ok = (kind == "<" and name in ALLOWED_SYSTEM) or (
                kind == '"' and (name == "kernel/sched/policy.h" or
                                 re.fullmatch(r"kernel/lib/[\w.-]+\.h", name)))
            if not ok:
                errors.append(
                    f"{path}:{lineno}: a policy may include only "
                    f"kernel/sched/policy.h, kernel/lib/ headers and "
                    f"<stdint.h>/<stddef.h>/<stdbool.h>, not {kind}{name}"
                    f"{'>' if kind == '<' else chr(34)}")
    return errors


def check_core_file(path, policies):
    """Rule 2 for one core file; returns a list of messages."""
    errors = []
    with open(path, encoding="utf-8") as f:
        code = strip_comments_and_strings(f.read())
    names = {p.lower() for p in policies}
    for lineno, line in enumerate(code.split("\n"), 1):
        for ident in IDENT_RE.findall(line):
            low = ident.lower()
            hit = [p for p in names if low == p or low.startswith(p + "_")
                   or (line.lstrip().startswith("#") and p in low)]
            if hit:
                errors.append(f"{path}:{lineno}: the core names policy "
                              f"'{hit[0]}' ({ident}); policy-specific code "
                              f"belongs in kernel/sched/{hit[0]}.c")
                break
    return errors


REQUIRED_HOOKS = {"enqueue", "dequeue", "pick_next", "put_prev", "tick"}
NULL_ON_PURPOSE = {"yield", "set_slice", "count", "update_sysctl"}
HOOK_RE = re.compile(r"\(\*\s*([a-z_]+)\s*\)\s*\(")
FILL_RE = re.compile(r"\bFILL\(\s*([a-z_]+)\s*,")


def check_defaults(defaults, interface):
    """Rule 3: every optional hook of interface has a FILL in defaults."""
    with open(interface, encoding="utf-8") as f:
        text = strip_comments_and_strings(f.read())
    m = re.search(r"struct sched_policy\s*\{(.*?)\n\};", text, re.S)
    if not m:
        return [f"{interface}: no struct sched_policy"]
    hooks = HOOK_RE.findall(m.group(1))
    with open(defaults, encoding="utf-8") as f:
        filled = set(FILL_RE.findall(strip_comments_and_strings(f.read())))
    return [f"{defaults}: optional hook {h} of {interface} has no default "
            f"(a FILL line in sched_fill_defaults, or NULL on purpose)"
            for h in hooks
            if h not in REQUIRED_HOOKS | NULL_ON_PURPOSE | filled]


def policy_names(files):
    return [os.path.splitext(os.path.basename(f))[0] for f in files]


def run(core, policies):
    errors = []
    for p in policies:
        errors += check_policy_file(p)
    for c in core:
        errors += check_core_file(c, policy_names(policies))
        iface = os.path.join(os.path.dirname(c), "policy.h")
        if os.path.basename(c) == "defaults.c" and os.path.exists(iface):
            errors += check_defaults(c, iface)
    return errors


def selftest():
    """Plant one violation of each rule and see the check find it."""
    good_policy = ('#include <stdint.h>\n#include "kernel/lib/list.h"\n'
                   '#include "kernel/sched/policy.h"\n')
    cases = [
        ("a clean policy and core pass", good_policy,
         "/* mentions mine in a comment */\nint x = 1;\n", False),
        ("a policy that includes kernel/task.h fails",
         good_policy + '#include "kernel/task.h"\n', "int x;\n", True),
        ("a policy that includes an arch header fails",
         good_policy + '#include "arch/x86/x86.h"\n', "int x;\n", True),
        ("a policy that includes kernel/sched/sched.h fails",
         good_policy + '#include "kernel/sched/sched.h"\n', "int x;\n", True),
        ("a core that calls a policy's function fails", good_policy,
         "void f(void) { mine_pick(0); }\n", True),
        ("a core with #ifdef on a policy fails", good_policy,
         "#ifdef SCHED_MINE\nint y;\n#endif\n", True),
        ("a policy name inside a core string passes", good_policy,
         'const char *s = "mine";\n', False),
    ]
    failed = 0
    with tempfile.TemporaryDirectory() as d:
        pol, core = os.path.join(d, "mine.c"), os.path.join(d, "core.c")
        for name, ptext, ctext, want_fail in cases:
            with open(pol, "w") as f:
                f.write(ptext)
            with open(core, "w") as f:
                f.write(ctext)
            errs = run([core], [pol])
            ok = bool(errs) == want_fail
            failed += not ok
            print(f"{'PASS' if ok else 'FAIL'}  policy-check/{name}"
                  + ("" if ok else f": got {errs or 'no error'}"))
    with tempfile.TemporaryDirectory() as d:
        iface, dfl = os.path.join(d, "policy.h"), os.path.join(d, "defaults.c")
        with open(iface, "w") as f:
            f.write("struct sched_policy {\n\tvoid (*tick)(int);\n"
                    "\tint (*select_cpu)(int);\n\tvoid (*yield)(int);\n};\n")
        for name, body, want_fail in (
                ("an optional hook with a FILL passes",
                 "FILL(select_cpu, f);\n", False),
                ("an optional hook without a default fails",
                 "/* FILL(select_cpu, f) */\n", True)):
            with open(dfl, "w") as f:
                f.write(body)
            errs = run([dfl], [])
            ok = bool(errs) == want_fail
            failed += not ok
            cases.append(name)
            print(f"{'PASS' if ok else 'FAIL'}  policy-check/{name}"
                  + ("" if ok else f": got {errs or 'no error'}"))
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--core", nargs="*", default=[])
    ap.add_argument("--policies", nargs="*", default=[])
    ap.add_argument("--selftest", action="store_true")
    args = ap.parse_args()
    if args.selftest:
        return selftest()
    errors = run(args.core, args.policies)
    for e in errors:
        print(e)
    if not errors:
        print(f"policy-check: {len(args.policies)} policies and "
              f"{len(args.core)} core files keep the boundary")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
