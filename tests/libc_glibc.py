#!/usr/bin/env python3
"""libc_glibc.py - the libc tests' expectations are Linux's.

user/tests/t_libc_scan.c, t_libc_math.c and t_libc_misc.c assert what
Quanta's libc answers (scanf, getopt_long, libm, fenv, setjmp, the
calendar, the i386 ABI sizes).  This builds the same files statically
against glibc for i386 and runs them on the build machine: a check that
fails here is a wrong expectation, not a Quanta bug.  TZ is unset, so
glibc's local time is UTC as Quanta's is.

A machine whose kernel cannot run i386 programs (a 64-bit kernel built
without IA-32 emulation answers ENOEXEC) runs them under QEMU's user-mode
emulator, qemu-i386 (tools/deps.sh installs qemu-user).  Reported as
skipped, with the reason, when there is no static i386 glibc or neither
way runs them.

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


def run_i386(exe, env):
    """Runs exe natively, or under qemu-i386 where the kernel refuses it.
    Returns the CompletedProcess, or a string saying why it cannot run."""
    try:
        return subprocess.run([exe], capture_output=True, text=True,
                              env=env, timeout=60)
    except OSError as e:
        native = e
    emu = shutil.which("qemu-i386")
    if emu is None:
        return (f"this machine cannot run i386 programs ({native}) "
                f"and has no qemu-i386 (package qemu-user)")
    return subprocess.run([emu, exe], capture_output=True, text=True,
                          env=env, timeout=120)


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
        r = run_i386(exe, env)
        if isinstance(r, str):
            return skip(r)
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
