#!/usr/bin/env python3
"""Grade a batch of submissions against one lab.

    python3 tools/course/grade_all.py --lab N DIR [--out DIR/grades]
        [--only host|qemu]

DIR holds one submission per entry: either a directory with the student's
kernel/sched/student.c (an unpacked tarball, a repository), or a single
file NAME.c, the student.c itself.  Each is graded in this tree with
tools/course/grade.py under its own build name, so the builds do not mix,
one after the other.  Writes, under --out (default DIR/grades):

    grades.csv         submission, one column per test (points), total
    NAME.log           the grader's output for that submission
    NAME.json          its Gradescope results.json

A submission that does not build, panics or hangs scores 0 on the tests it
broke, with the reason in its log; the batch goes on.  Exit status 0 when
every submission was graded.
"""

import argparse
import csv
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from grade import LabError, load_lab  # noqa: E402

SUBMISSION_TIMEOUT = 1800   # s: builds, host tests, QEMU tests


def submissions(folder):
    """[(name, path of its student.c)], sorted by name; names are safe."""
    found = []
    for entry in sorted(Path(folder).iterdir()):
        if entry.is_dir():
            src = entry / "kernel" / "sched" / "student.c"
            if not src.exists():
                continue
            name = entry.name
        elif entry.suffix == ".c":
            src, name = entry, entry.stem
        else:
            continue
        found.append((re.sub(r"[^a-z0-9-]", "-", name.lower()), src))
    return found


def grade_one(lab, name, src, out, only):
    """Grade one submission; return {test name: score} (empty: no
    results at all, the log says why)."""
    # the grader builds from a path inside the tree: copy the source there
    staged = ROOT / "build" / "submissions" / f"{name}.c"
    staged.parent.mkdir(parents=True, exist_ok=True)
    staged.write_bytes(src.read_bytes())
    result = out / f"{name}.json"
    cmd = [sys.executable, str(ROOT / "tools/course/grade.py"),
           "--lab", str(lab["lab"]),
           "--source", str(staged.relative_to(ROOT)),
           "--tag", f"sub-{name}", "--json", str(result)]
    if only:
        cmd += ["--only", only]
    try:
        proc = subprocess.run(cmd, cwd=ROOT, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT,
                              timeout=SUBMISSION_TIMEOUT)
        text = proc.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        text = (e.stdout or b"").decode(errors="replace") + \
            f"\ngrade_all: no result after {SUBMISSION_TIMEOUT} s\n"
    (out / f"{name}.log").write_text(text)
    if not result.exists():
        return {}
    return {t["name"]: t["score"]
            for t in json.loads(result.read_text())["tests"]}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lab", type=int, required=True)
    p.add_argument("dir")
    p.add_argument("--out")
    p.add_argument("--only", choices=("host", "qemu"))
    args = p.parse_args(argv)
    try:
        lab = load_lab(args.lab)
    except LabError as e:
        print(f"grade_all: {e}", file=sys.stderr)
        return 2
    if not lab.get("source"):
        print(f"grade_all: lab {args.lab} has no policy to grade; grade "
              "each write-up with tools/course/grade.py --lab "
              f"{args.lab} --writeup FILE --tag NAME", file=sys.stderr)
        return 2
    subs = submissions(args.dir)
    if not subs:
        print(f"grade_all: no submissions in {args.dir} (a directory with "
              "kernel/sched/student.c, or a .c file, each)", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else Path(args.dir) / "grades"
    out.mkdir(parents=True, exist_ok=True)
    names = [t["name"] for t in lab["tests"]]
    total = sum(t["points"] for t in lab["tests"])
    with open(out / "grades.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["submission"] + names + ["total"])
        for name, src in subs:
            scores = grade_one(lab, name, src, out, args.only)
            row = [scores.get(n, 0) for n in names]
            w.writerow([name] + row + [sum(row)])
            f.flush()
            why = "" if scores else "  (no results: see the log)"
            print(f"{name}: {sum(row)}/{total}{why}", flush=True)
    print(f"grade_all: {out / 'grades.csv'}, logs in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
