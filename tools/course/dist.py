#!/usr/bin/env python3
"""The student tarball of a lab (``make dist LAB=n``).

    python3 tools/course/dist.py --lab N [--out build/quanta-labN.tar.gz]

Takes every file ``git ls-files`` lists and removes the reference solutions
from the files that hold one.  Such a file marks its solution and the
skeleton that replaces it with four lines, alone on their lines:

    /* BEGIN SOLUTION */            the reference solution
    ...                             (dropped, with both markers)
    /* END SOLUTION */
    #if 0 /* BEGIN SKELETON */      what the student starts from
    ...                             (kept, without the markers)
    #endif /* END SKELETON */

so the repository compiles the solution and ignores the skeleton.  The
lab's source (``source`` in tools/course/lab1.json, lab2.json), stripped,
becomes kernel/sched/student.c; a lab with a write-up (lab 5) ships its
``writeup_template`` as its ``writeup``, and no tarball ships a file that
a lab lists under ``withhold`` (lab 5's reference write-up).  The grader,
the lab definitions and the handouts stay as they are.  The tarball unpacks into quanta-labN/ and is the same
bytes for the same tree (sorted names, fixed times and owners).
"""

import argparse
import gzip
import io
import json
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOL_BEGIN = "/* BEGIN SOLUTION */"
SOL_END = "/* END SOLUTION */"
SKEL_BEGIN = "#if 0 /* BEGIN SKELETON */"
SKEL_END = "#endif /* END SKELETON */"
MARKERS = (SOL_BEGIN, SOL_END, SKEL_BEGIN, SKEL_END)
STUDENT = "kernel/sched/student.c"


class MarkerError(Exception):
    """Markers out of order; the message names the file and line."""


def split(text, name):
    """Split a marked file: (student text, solution lines, skeleton lines).

    Raises MarkerError on a marker out of place or left open."""
    out, solution, skeleton = [], [], []
    state = None
    for no, line in enumerate(text.splitlines(keepends=True), 1):
        mark = line.strip()
        want = {None: (SOL_BEGIN, SKEL_BEGIN), "sol": (SOL_END,),
                "skel": (SKEL_END,)}[state]
        if mark in MARKERS:
            if mark not in want:
                raise MarkerError(f"{name}:{no}: {mark} out of place")
            state = {SOL_BEGIN: "sol", SKEL_BEGIN: "skel"}.get(mark)
            continue
        if state == "sol":
            solution.append(line)
        else:
            out.append(line)
            if state == "skel":
                skeleton.append(line)
    if state:
        raise MarkerError(f"{name}: a {state} block is not closed")
    return "".join(out), solution, skeleton


def is_marked(rel, data):
    """Is this a C file holding a solution?  (Only C files are split, so
    a page or a script that quotes a marker is left alone.)"""
    return rel.endswith((".c", ".h")) and SOL_BEGIN.encode() in data


def tracked_files(root):
    """The files git tracks in root, as relative paths."""
    out = subprocess.run(["git", "ls-files", "-z"], cwd=root, check=True,
                         stdout=subprocess.PIPE).stdout
    return sorted(p for p in out.decode().split("\0") if p)


def load_lab(root, n):
    path = root / "tools" / "course" / f"lab{n}.json"
    if not path.exists():
        raise MarkerError(f"no lab {n}: {path.relative_to(root)} is missing")
    return json.loads(path.read_text())


def withheld(root):
    """Files no tarball ships: every lab's ``withhold`` list (a reference
    write-up, which has no markers to cut it out by)."""
    out = set()
    for p in (root / "tools" / "course").glob("lab*.json"):
        out |= set(json.loads(p.read_text()).get("withhold", []))
    return out


def contents(root, lab):
    """{path: bytes} of the tarball, before packing."""
    files = {}
    held = withheld(root)
    for rel in tracked_files(root):
        path = root / rel
        if not path.is_file() or rel in held:   # deleted, or withheld
            continue
        data = path.read_bytes()
        if is_marked(rel, data):
            data = split(data.decode(), rel)[0].encode()
        files[rel] = data
    if lab.get("source"):
        src = root / lab["source"]
        files[STUDENT] = split(src.read_text(), lab["source"])[0].encode()
    if lab.get("writeup_template"):     # where the student writes
        files[lab["writeup"]] = (root / lab["writeup_template"]).read_bytes()
    return files


def pack(files, root, prefix, out):
    """Write files as a deterministic .tar.gz under prefix/."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for rel in sorted(files):
            info = tarfile.TarInfo(f"{prefix}/{rel}")
            info.size = len(files[rel])
            path = root / rel
            exe = path.exists() and path.stat().st_mode & 0o111
            info.mode = 0o755 if exe else 0o644
            info.mtime = 0
            info.uname = info.gname = ""
            tar.addfile(info, io.BytesIO(files[rel]))
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "wb") as f:
        with gzip.GzipFile(fileobj=f, mode="wb", mtime=0,
                           filename="") as gz:
            gz.write(buf.getvalue())


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lab", type=int, required=True)
    p.add_argument("--out", help="default build/quanta-lab<n>.tar.gz")
    args = p.parse_args(argv)
    out = Path(args.out) if args.out else \
        ROOT / "build" / f"quanta-lab{args.lab}.tar.gz"
    try:
        lab = load_lab(ROOT, args.lab)
        files = contents(ROOT, lab)
    except (MarkerError, subprocess.CalledProcessError) as e:
        print(f"dist: {e}", file=sys.stderr)
        return 1
    pack(files, ROOT, f"quanta-lab{args.lab}", out)
    what = (f"lab {args.lab}'s skeleton as {STUDENT}" if lab.get("source")
            else f"the write-up to fill in as {lab.get('writeup')}")
    print(f"dist: {out} ({len(files)} files; {what}; make grade "
          f"LAB={args.lab} grades it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
