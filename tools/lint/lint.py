#!/usr/bin/env python3
"""lint.py - the repository's own checks, run by `make lint`.

    python3 tools/lint/lint.py [--root DIR] [--list-rules]

Rules (each reported as PATH:LINE: RULE: text):

  outside-path   a path that leaves the repository towards the sibling
                 directory the CI machine keeps next to it (only .ci/ may
                 name it)
  machine-path   an absolute path of a build machine (/work/, /home/,
                 /root/, /Users/ anywhere; /tmp/ in documentation, but
                 on a Quanta shell line: "$ " in a fenced block, where
                 /tmp is the guest's RAM file system)
  missing-file   a citation of a repository file that does not exist: a
                 relative markdown link, or a path such as
                 `kernel/sched/rr.c` whose first component is a top-level
                 directory of the repository
  history        the project's own history instead of the code: "session 3",
                 "issue 12", "a later issue", "this session"
  contract       a non-static function declared in a kernel/ or arch/
                 header without a contract: a comment on its own lines, or
                 one ending the group of declarations right above it (no
                 blank line between), as in "/* Returns ... */ int f(void);"

Which kernel/ headers arch/ may include is checked by
tools/include_graph.py --check, also run by `make lint`.

Linux, xv6 and QEMU files share directory names with Quanta's (Linux's
kernel/sched.c, include/linux/...), so a path on a line that names such a
project or a Linux version (2.6.24, 6.6) is taken as a citation of that
project, not of this repository.

Known violations in files that are being rewritten elsewhere can be listed
in tools/lint/waivers.txt (PATH<TAB>RULE<TAB>a substring of the line); a
waiver that no longer matches anything is itself reported, so the list
cannot go stale.  Exit status: 0 clean, 1 violations, 2 usage error.
"""

import argparse
import os
import re
import subprocess
import sys

# Built from parts so that this file does not trip its own rule.
SIBLING_RE = re.compile(r"(?:\.\./)+" + "shared" + r"\b|\b" + "shared" +
                        r"/(?:design|seeds|realbench)\b")

TEXT_EXT = {".c", ".h", ".py", ".md", ".asm", ".inc", ".mk", ".sh", ".ld",
            ".txt", ".cfg", ".gdb", ""}
SKIP_DIRS = {".git", "build", "__pycache__"}

MACHINE_RE = re.compile(r"(?<![\w.~$-])/(?:work|home|root|Users)/[\w.-]")
TMP_RE = re.compile(r"(?<![\w.~$-])/tmp/[\w.-]")
HISTORY_RE = re.compile(
    r"\b(?:session[ -]\d+|issue[ -]#?\d+|issue '[^']+'|issue \"[^\"]+\"|"
    r"(?:a |the )?later issues?\b|this session\b|previous session\b)",
    re.IGNORECASE)
MD_LINK_RE = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
PATH_RE = re.compile(
    r"(?<![\w./-])((?:\.\./|\./)*(?:[\w.-]+/)+[\w-]+(?:\.[\w]+)+)(?![\w/])")
EXT_RE = re.compile(r"\.(?:c|h|py|md|asm|inc|mk|sh|ld|txt|json|S)$")
# A line that cites another project's file: a project name or a version.
FOREIGN_RE = re.compile(
    r"\b(?:Linux|linux-\d|xv6|QEMU|qemu|SeaBIOS|GRUB|glibc|Pintos|JOS|"
    r"OS/161|SerenityOS|ToaruOS|sched_ext|Documentation/|v\d+\.\d+|"
    r"\d\.\d+(?:\.\d+)*(?:-rc\d+)?)\b")
FOREIGN_PREFIXES = ("include/linux/", "include/asm", "arch/x86/kernel/",
                    "arch/i386/", "hw/", "target/", "fs/", "mm/",
                    "Documentation/")
# Linux files the docs cite by name, often on a line of their own.
FOREIGN_FILES = {"kernel/sched.c", "kernel/sched_fair.c", "kernel/sched_rt.c",
                 "kernel/sched_features.h", "kernel/sched/fair.c",
                 "kernel/sched/features.h", "kernel/sched/topology.c",
                 "kernel/sched/ext.c", "kernel/sched/rt.c", "kernel/fork.c",
                 "kernel/sched/sched.h"}
BARE_MD_RE = re.compile(r"(?<![\w./-])([\w-]+\.md)\b")
# A function declaration at the start of a line: return type, name, "(".
PROTO_RE = re.compile(r"^(?:extern\s+)?(?:const\s+)?(?:unsigned\s+)?"
                      r"(?:struct\s+|enum\s+|union\s+)?[A-Za-z_]\w*[\s*]+"
                      r"(?:\w+[\s*]+)*\**(\w+)\s*\(")


def repo_files(root):
    """Return the repository's text files, relative to root, sorted."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached",
                              "--others", "--exclude-standard"],
                             check=True, capture_output=True).stdout
        files = [f for f in out.decode().split("\0") if f]
        if files:
            return sorted(f for f in files
                          if os.path.isfile(os.path.join(root, f)))
    except (OSError, subprocess.CalledProcessError):
        pass
    found = []
    for dirpath, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        for n in names:
            found.append(os.path.relpath(os.path.join(dirpath, n), root))
    return sorted(found)


def is_text(path):
    base = os.path.basename(path)
    ext = os.path.splitext(base)[1]
    return ext in TEXT_EXT or base in ("Makefile", "run")


class Checker:
    def __init__(self, root):
        self.root = root
        files = repo_files(root)
        self.files = [f for f in files if is_text(f)]
        self.known = set(files)
        self.basenames = {os.path.basename(f) for f in self.known}
        self.top = {f.split("/", 1)[0] for f in self.known if "/" in f}
        self.problems = []

    def exists(self, rel):
        rel = os.path.normpath(rel)
        if rel in self.known:
            return True
        # a directory of the repository
        return any(k.startswith(rel.rstrip("/") + "/") for k in self.known)

    def report(self, path, lineno, rule, text):
        self.problems.append((path, lineno, rule, text.strip()))

    def check_file(self, path):
        try:
            with open(os.path.join(self.root, path), encoding="utf-8") as f:
                lines = f.read().split("\n")
        except (UnicodeDecodeError, OSError):
            return
        is_md = path.endswith(".md")
        if path.endswith(".h") and path.startswith(("kernel/", "arch/")):
            self.check_contracts(path, lines)
        in_ci = path.startswith(".ci/")
        is_self = path.startswith("tools/lint/")
        fenced = False
        for n, line in enumerate(lines, 1):
            if is_md and line.lstrip().startswith("```"):
                fenced = not fenced
            if SIBLING_RE.search(line) and not (in_ci or is_self):
                self.report(path, n, "outside-path", line)
            if not is_self:
                guest = fenced and line.lstrip().startswith("$ ")
                if MACHINE_RE.search(line) or (is_md and not guest and
                                               TMP_RE.search(line)):
                    self.report(path, n, "machine-path", line)
                if HISTORY_RE.search(line):
                    self.report(path, n, "history", line)
            if not fenced and not is_self:
                self.check_citations(path, n, line, is_md)

    def check_contracts(self, path, lines):
        """Every function a kernel/ or arch/ header declares has a contract
        (CODING.md): a comment on the declaration's lines, or one closing
        the run of declarations directly above it."""
        i = 0
        while i < len(lines):
            m = PROTO_RE.match(lines[i])
            if not m or lines[i].startswith(("static", "typedef", "return")):
                i += 1
                continue
            j, text = i, lines[i]
            while ";" not in text and "{" not in text and j + 1 < len(lines):
                j += 1
                text += lines[j]
            if ";" in text and "{" not in text.split(";")[0]:
                if not self.has_contract(lines, i, j):
                    self.report(path, i + 1, "contract", lines[i])
            i = j + 1

    @staticmethod
    def has_contract(lines, first, last):
        if any("/*" in lines[k] or "//" in lines[k]
               for k in range(first, last + 1)):
            return True
        for k in range(first - 1, -1, -1):
            t = lines[k].strip()
            if t.endswith("*/"):
                return True
            if not t:
                return False
        return False

    def check_citations(self, path, n, line, is_md):
        here = os.path.dirname(path)
        seen = set()
        if is_md:
            for target in MD_LINK_RE.findall(line):
                if re.match(r"[a-z]+:", target) or target.startswith("#"):
                    continue
                target = target.split("#", 1)[0]
                if not target:
                    continue
                seen.add(target)
                rel = os.path.normpath(os.path.join(here, target))
                if rel.startswith("..") or not self.exists(rel):
                    self.report(path, n, "missing-file", line)
        foreign = FOREIGN_RE.search(line) is not None
        for m in PATH_RE.finditer(line):
            cite = m.group(1)
            if cite in seen or not EXT_RE.search(cite):
                continue
            if line[max(0, m.start() - 8):m.start()].endswith(("://", "www.")):
                continue
            before = line[:m.start()].split()
            if before and "://" in before[-1]:
                continue
            if cite.startswith(("../", "./")):
                rel = os.path.normpath(os.path.join(here, cite))
                if rel.startswith("..") or not self.exists(rel):
                    self.report(path, n, "missing-file", line)
                continue
            first = cite.split("/", 1)[0]
            if first not in self.top:
                continue
            if self.exists(cite):
                continue
            if foreign or cite.startswith(FOREIGN_PREFIXES) or \
                    cite in FOREIGN_FILES:
                continue
            # relative to the citing file's folder (docs/labs/seed000.md
            # naming README.md, or a sibling such as ../policies/o1.md)
            if self.exists(os.path.join(here, cite)):
                continue
            self.report(path, n, "missing-file", line)
        # a bare document name (linux-sched.md) must be one of ours
        for m in BARE_MD_RE.finditer(line):
            if m.group(1) not in self.basenames:
                self.report(path, n, "missing-file", line)
                break

    def run(self):
        for f in self.files:
            self.check_file(f)
        return self.problems


def load_waivers(root):
    path = os.path.join(root, "tools", "lint", "waivers.txt")
    waivers = []
    if not os.path.exists(path):
        return waivers
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) != 3:
                raise SystemExit(f"{path}:{n}: expected PATH<TAB>RULE<TAB>TEXT")
            waivers.append(tuple(parts) + (n,))
    return waivers


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))))
    args = ap.parse_args(argv)
    problems = Checker(args.root).run()
    waivers = load_waivers(args.root)
    used = set()
    left = []
    for p in problems:
        w = next((w for w in waivers if w[0] == p[0] and w[1] == p[2]
                  and w[2] in p[3]), None)
        if w:
            used.add(w[3])
        else:
            left.append(p)
    for path, n, rule, text in left:
        print(f"{path}:{n}: {rule}: {text}")
    stale = [w for w in waivers if w[3] not in used]
    for w in stale:
        print(f"tools/lint/waivers.txt:{w[3]}: stale waiver: {w[0]} {w[1]}")
    waived = len(problems) - len(left)
    summary = f"lint: {len(left)} problem(s)"
    if waived:
        summary += f", {waived} waived (tools/lint/waivers.txt)"
    print(summary)
    return 1 if left or stale else 0


if __name__ == "__main__":
    sys.exit(main())
