#!/usr/bin/env python3
"""make grade-check (part of make test): every lab grades what it should.

    python3 tools/course/check.py [--lab N]... [--keep DIR]

For every lab (tools/course/lab1.json, lab2.json, ...):

 1. its reference solution (the lab's ``source``, or its
    ``writeup_reference``) scores full marks with ``make grade``'s grader,
    host and QEMU tests alike (experiments in QUICK mode; the items the
    instructor grades by hand are listed as such, not scored);
 2. its student tarball (tools/course/dist.py) unpacks, holds no marker,
    no line of a solution that is not also outside it, and no withheld
    file, and has the skeleton as kernel/sched/student.c (lab 5: the
    write-up template where the student writes);
 3. in the unpacked tree ``make SCHED=student`` builds the student's
    kernel (labs with a policy source), and the host part of ``make
    grade`` runs to the end on the skeleton, passes exactly the tests listed as ``skeleton_passes`` and
    fails every other one with a reason.

Exit status 0 iff all of it holds.  Lines: PASS/FAIL per step.
"""

import argparse
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import dist  # noqa: E402  tools/course/dist.py
from grade import last_lines, make_env, run_cmd  # noqa: E402  tools/course/grade.py

BUILD_TIMEOUT = 1200


def labs():
    """The lab numbers that have a definition, in order."""
    found = []
    for p in (ROOT / "tools" / "course").glob("lab*.json"):
        m = re.fullmatch(r"lab(\d+)\.json", p.name)
        if m:
            found.append(int(m.group(1)))
    return sorted(found)


def reference_tag(lab):
    """The build name of a lab's reference solution."""
    if lab.get("source", dist.STUDENT) == dist.STUDENT:
        return "student"
    return f"ref-lab{lab['lab']}"


class Checker:
    def __init__(self):
        self.failed = 0
        self.passed = 0

    def verdict(self, ok, what, why=""):
        print(f"{'PASS' if ok else 'FAIL'}  grade-check: {what}"
              + ("" if ok else f": {why}"), flush=True)
        if not ok:
            self.failed += 1
        else:
            self.passed += 1
        return ok

    def reference(self, lab):
        """Step 1: the reference gets every point."""
        n = lab["lab"]
        cmd = [sys.executable, "tools/course/grade.py", "--lab", str(n),
               "--source", lab.get("source") or dist.STUDENT,
               "--tag", reference_tag(lab), "--require-full", "--quick"]
        if lab.get("writeup_reference"):
            cmd += ["--writeup", lab["writeup_reference"]]
        status, text = run_cmd(cmd, BUILD_TIMEOUT)
        for line in text.splitlines():
            print(f"    {line}")
        total = re.search(rf"^lab{n}: (\d+)/(\d+)$", text, re.M)
        why = total.group(0) if total else f"grader status {status}"
        what = lab.get("source") or lab.get("writeup_reference")
        return self.verdict(status == 0, f"lab {n}'s reference solution "
                            f"{what} scores full marks", why)

    def tarball(self, lab, tmp):
        """Step 2: the tarball holds the skeleton and no solution."""
        n = lab["lab"]
        out = tmp / f"quanta-lab{n}.tar.gz"
        status, text = run_cmd([sys.executable, "tools/course/dist.py",
                                "--lab", str(n), "--out", str(out)], 120)
        if not self.verdict(status == 0, f"make dist LAB={n}", text.strip()):
            return None
        with tarfile.open(out) as tar:
            if hasattr(tarfile, "data_filter"):    # Python 3.11.4 and later
                tar.extractall(tmp, filter="data")
            else:
                tar.extractall(tmp)
        tree = tmp / f"quanta-lab{n}"
        leaks = []
        for rel in dist.tracked_files(ROOT):
            src = ROOT / rel
            if not src.is_file():
                continue
            data = src.read_bytes()
            if not dist.is_marked(rel, data):
                continue
            kept, solution, _ = dist.split(data.decode(), rel)
            # a solution line that is also in the skeleton or outside the
            # marked blocks (a "return;") is no leak
            only = {ln.strip() for ln in solution} - \
                {ln.strip() for ln in kept.splitlines()} - {""}
            # where this file's strip is shipped: its own path, and for the
            # lab's source the student file.  (Another lab's student.c is
            # not shipped: the lab's skeleton takes its place.)
            if rel == lab.get("source"):
                shipped_as = {tree / rel, tree / dist.STUDENT}
            elif rel == dist.STUDENT and lab.get("source"):
                shipped_as = set()
            else:
                shipped_as = {tree / rel}
            for shipped in sorted(shipped_as):
                have = {ln.strip() for ln in
                        shipped.read_text().splitlines()}
                leaks += [f"{shipped.relative_to(tree)}: {ln!r}"
                          for ln in sorted(only & have)]
                for mark in dist.MARKERS:
                    if mark in have:
                        leaks.append(f"{shipped.relative_to(tree)}: marker "
                                     f"{mark}")
        leaks += [f"{rel}: withheld, but shipped"
                  for rel in sorted(dist.withheld(ROOT))
                  if (tree / rel).exists()]
        self.verdict(not leaks, f"lab {n}'s tarball holds no solution line",
                     "; ".join(leaks[:5]))
        if lab.get("source"):
            want = dist.split((ROOT / lab["source"]).read_text(),
                              lab["source"])[0]
            self.verdict((tree / dist.STUDENT).read_text() == want,
                         f"lab {n}'s tarball has its skeleton as "
                         f"{dist.STUDENT}", "it differs")
        if lab.get("writeup_template"):
            want = (ROOT / lab["writeup_template"]).read_text()
            got = tree / lab["writeup"]
            self.verdict(got.exists() and got.read_text() == want,
                         f"lab {n}'s tarball has the write-up template as "
                         f"{lab['writeup']}", "missing or different")
        return tree

    def skeleton(self, lab, tree):
        """Step 3: the skeleton builds, boots the harness, scores low.
        (A lab without a policy source, lab 5, has nothing to build: its
        tarball differs from the others' only in the write-up.)"""
        n = lab["lab"]
        if lab.get("source"):
            self.build(n, tree)
        proc = subprocess.run(
            [sys.executable, "tools/course/grade.py", "--lab", str(n),
             "--only", "host"], cwd=tree, env=make_env(),
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, timeout=BUILD_TIMEOUT)
        text = proc.stdout.decode(errors="replace")
        for line in text.splitlines():
            print(f"    {line}")
        res = tree / "build" / "grade" / f"student-lab{n}" / "results.json"
        if not self.verdict(proc.returncode == 0 and res.exists(),
                            f"lab {n}'s grader runs to the end on the "
                            "skeleton", f"status {proc.returncode}"):
            return
        results = json.loads(res.read_text())
        kinds = {t["name"]: t["checker"].split(":")[0]
                 for t in lab["tests"]}
        graded = [t for t in results["tests"]
                  if kinds[t["name"]] not in ("qemu", "tables", "manual")]
        passed = sorted(t["name"] for t in graded if t["status"] == "passed")
        expect = sorted(lab.get("skeleton_passes", []))
        self.verdict(passed == expect, f"lab {n}'s skeleton passes just "
                     f"{', '.join(expect) or 'nothing'}",
                     f"it passes {', '.join(passed) or 'nothing'}")
        why = dict(re.findall(r"^FAIL  (\S+)  \(0/\d+\)  \[[^\]]+\]: "
                              r"(\S.*)$", text, re.M))
        silent = [t["name"] for t in graded if t["status"] == "failed"
                  and t["name"] not in why]
        self.verdict(not silent, f"lab {n}'s skeleton fails with a reason",
                     f"no reason given for {', '.join(silent)}")
        for name in lab.get("skeleton_boots", []):
            self.boots(n, tree, name)

    def boots(self, n, tree, name):
        """The skeleton's kernel boots and runs the QEMU test name to its
        end: it fails on what it measured, not by a timeout or a panic."""
        proc = subprocess.run(
            [sys.executable, "tools/course/grade.py", "--lab", str(n),
             "--test", name], cwd=tree, env=make_env(),
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, timeout=BUILD_TIMEOUT)
        text = proc.stdout.decode(errors="replace")
        m = re.search(rf"^FAIL  {re.escape(name)}  \(0/\d+\)  \[[^\]]+\]: "
                      r"(\S.*)$", text, re.M)
        bad = m and re.search(r"timed out|timeout|panic|PANIC|not run",
                              m.group(1))
        self.verdict(bool(m) and not bad, f"lab {n}'s skeleton boots and "
                     f"fails {name} on its figures",
                     m.group(1) if m else last_lines(text))


    def build(self, n, tree):
        cmd = ["make", "--no-print-directory", "-j2", "SCHED=student",
               "build/kernel-student.elf"]
        proc = subprocess.run(cmd, cwd=tree, env=make_env(),
                              stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT,
                              timeout=BUILD_TIMEOUT)
        tail = proc.stdout.decode(errors="replace").strip()[-300:]
        self.verdict(proc.returncode == 0, f"lab {n}'s tarball builds "
                     "make SCHED=student", tail)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lab", type=int, action="append")
    p.add_argument("--keep", help="unpack the tarballs here, keep them")
    args = p.parse_args(argv)
    check = Checker()
    for n in args.lab or labs():
        lab = dist.load_lab(ROOT, n)
        check.reference(lab)
        with tempfile.TemporaryDirectory(prefix=f"quanta-lab{n}-") as t:
            tmp = Path(args.keep) if args.keep else Path(t)
            tmp.mkdir(parents=True, exist_ok=True)
            tree = check.tarball(lab, tmp)
            if tree:
                check.skeleton(lab, tree)
    print(f"grade-check: {check.passed} passed, {check.failed} failed")
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main())
