#!/usr/bin/env python3
"""seeds.py - run the seed mails' own programs on Quanta, unchanged.

Two of the LKML mails the labs replay (docs/reference/seed-mails.md) carry a
complete C program: 000 (the pipe writer/reader) and 003 (the short-lived
threads).  The repository does not contain the mails; given a directory of
them (make test SEEDS=DIR), this test

  extract   takes each program out of its mail (NNN_*.txt): from the first
            #include line to the brace that closes main(), byte for byte;
  (make)    tests/seeds.mk builds it unchanged against Quanta's libc and
            adds it to a copy of the initrd as /bin/mail000, /bin/mail003;
  run       boots the kernel with that initrd in the det profile, runs the
            program under the shell's time builtin and checks that it ran
            to completion (exit 0, the time line, and for 003 its own
            "time N ms" line).

Without a directory each case is reported as skipped, with the reason.

    seeds.py extract --seeds DIR --out DIR
    seeds.py run --kernel K --initrd I [--outdir D]
    seeds.py skip REASON
"""

import argparse
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import qemu  # noqa: E402

TIMED = r"[0-9.]+ real +[0-9.]+ user +[0-9.]+ sys +\d+% CPU"
# name, mail number, the program's own output that shows it finished
CASES = [("seed000-mail", "000", None),
         ("seed003-mail", "003", r"^time \d+ ms")]


def extract(text):
    """The C program in a mail: the first #include line up to the line
    whose closing brace ends main()'s body; None if there is none."""
    lines = text.split("\n")
    start = next((i for i, l in enumerate(lines)
                  if l.startswith("#include")), None)
    if start is None:
        return None
    depth, in_main = 0, False
    for i in range(start, len(lines)):
        line = lines[i]
        if re.match(r"^\w[\w\s\*]*\bmain\s*\(", line):
            in_main = True
        depth += line.count("{") - line.count("}")
        if in_main and depth == 0 and "}" in line:
            return "\n".join(lines[start:i + 1]) + "\n"
    return None


def cmd_extract(args):
    os.makedirs(args.out, exist_ok=True)
    bad = 0
    for _, num, _ in CASES:
        mails = sorted(glob.glob(os.path.join(args.seeds, f"{num}_*.txt")))
        if not mails:
            print(f"seeds: no {num}_*.txt in {args.seeds}", file=sys.stderr)
            bad = 1
            continue
        with open(mails[0], encoding="utf-8", errors="replace") as f:
            prog = extract(f.read())
        if prog is None:
            print(f"seeds: no C program found in {mails[0]}",
                  file=sys.stderr)
            bad = 1
            continue
        out = os.path.join(args.out, f"mail{num}.c")
        with open(out, "w", encoding="utf-8") as f:
            f.write(prog)
        print(f"seeds: {os.path.basename(mails[0])} -> {out} "
              f"({prog.count(chr(10))} lines)")
    return bad


def cmd_run(args):
    os.makedirs(args.outdir, exist_ok=True)
    passed = failed = 0
    for name, num, own in CASES:
        com1 = os.path.join(args.outdir, f"{name}.com1")
        cmd = qemu.build_cmd(args.kernel, initrd=args.initrd, cpus=args.cpus,
                             profile="det", com1=com1,
                             cmdline=f"init=/bin/sh -- -c "
                                     f"'time /bin/mail{num}'")
        rc = subprocess.run(qemu.timeout_wrap(cmd, args.timeout),
                            stdin=subprocess.DEVNULL, capture_output=True
                            ).returncode
        try:
            with open(com1, errors="replace") as f:
                text = f.read()
        except OSError:
            text = ""
        problem = None
        if rc != 1:
            problem = f"QEMU status {rc}: {qemu.describe_status(rc)}"
        elif not re.search(TIMED, text, re.M):
            problem = "no line from the time builtin"
        elif own and not re.search(own, text, re.M):
            problem = f"the program's own line ({own}) is missing"
        if problem:
            failed += 1
            print(f"FAIL  {name}: {problem} (console: {com1})")
        else:
            passed += 1
            line = re.search(TIMED, text, re.M).group(0)
            print(f"PASS  {name}  ({line})")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_skip(args):
    for name, _, _ in CASES:
        print(f"SKIP  {name}: {args.reason}")
    print(f"0 passed, 0 failed, {len(CASES)} skipped")
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("extract")
    e.add_argument("--seeds", required=True)
    e.add_argument("--out", required=True)
    r = sub.add_parser("run")
    r.add_argument("--kernel", required=True)
    r.add_argument("--initrd", required=True)
    r.add_argument("--outdir", default=os.path.join("build", "seeds", "out"))
    r.add_argument("--cpus", type=int, default=2)
    r.add_argument("--timeout", type=float, default=240)
    s = sub.add_parser("skip")
    s.add_argument("reason")
    args = p.parse_args(argv)
    return {"extract": cmd_extract, "run": cmd_run, "skip": cmd_skip}[
        args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
