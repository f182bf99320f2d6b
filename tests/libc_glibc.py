#!/usr/bin/env python3
"""libc_glibc.py - the libc tests' expectations are Linux's.

user/tests/t_libc_scan.c, t_libc_math.c and t_libc_misc.c assert what
Quanta's libc answers (scanf, getopt_long, libm, fenv, setjmp, the
calendar, the i386 ABI sizes).  This builds the same files statically
against glibc for i386 and runs them on the build machine: a check that
fails here is a wrong expectation, not a Quanta bug.  TZ is unset, so
glibc's local time is UTC as Quanta's is.

Reported as skipped, with the reason, when there is no static i386 glibc
(tools/deps.sh peer installs libc6-dev-i386-cross) or the machine cannot
run i386 programs.

    libc_glibc.py [--outdir DIR]
"""

import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = ["t_libc_scan", "t_libc_math", "t_libc_misc"]
CC = "i686-linux-gnu-gcc"
GLIBC = "/usr/i686-linux-gnu/lib/libc.a"


def skip(reason):
    for t in TESTS:
        print(f"SKIP  glibc-{t}: {reason}")
    print(f"0 passed, 0 failed, {len(TESTS)} skipped")
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--outdir", default=os.path.join(ROOT, "build",
                                                    "libc-glibc"))
    args = p.parse_args(argv)
    if shutil.which(CC) is None or not os.path.exists(GLIBC):
        return skip("no static i386 glibc (tools/deps.sh peer)")
    os.makedirs(args.outdir, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "TZ"}
    passed = failed = 0
    for t in TESTS:
        exe = os.path.join(args.outdir, t)
        src = os.path.join(ROOT, "user", "tests", t + ".c")
        b = subprocess.run([CC, "-static", "-O2", "-o", exe, src, "-lm"],
                           capture_output=True, text=True)
        if b.returncode != 0:
            print(f"FAIL  glibc-{t}: does not build against glibc:\n"
                  f"{b.stderr}")
            failed += 1
            continue
        try:
            r = subprocess.run([exe], capture_output=True, text=True,
                               env=env, timeout=60)
        except OSError as e:
            return skip(f"this machine cannot run i386 programs ({e})")
        last = (r.stdout.strip().splitlines() or [""])[-1]
        if r.returncode == 0 and last.endswith(" 0 failed"):
            passed += 1
            print(f"PASS  glibc-{t}  ({last})")
        else:
            failed += 1
            print(f"FAIL  glibc-{t}: status {r.returncode}\n{r.stdout}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
