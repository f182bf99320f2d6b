#!/usr/bin/env python3
"""record - boot Quanta with one program as init, traced, and convert the
trace (what ``make trace CMD="..."`` runs).

    record.py --kernel K [--initrd I] [--profile P] [--cpus N] [--mem M]
              [--cmdline WORDS] [--name NAME] [--outdir build/trace]
              [--timeout S] -- "PROGRAM [ARG...]"

The program line becomes ``init=/bin/PROGRAM -- ARG...``; a line with
shell syntax (| ; & < > quotes $) or starting with a shell builtin (time,
nice, taskset) runs as ``init=/bin/sh -- -c 'LINE'``.
The kernel gets ``trace=sched`` and dumps the rings when init exits.
Writes OUTDIR/NAME.data (the whole data channel), NAME.txt (the dump),
NAME.json (Perfetto) and NAME.html (the timeline); NAME defaults to the
program's name.  The console (COM1) stays on the terminal.
"""

import argparse
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, ".."))

import qtrace  # noqa: E402
import tracefile  # noqa: E402

SHELL_CHARS = set("|;&<>'\"$`*?()")
SHELL_BUILTINS = ("time", "nice", "taskset")     # user/sh.c runs these


def init_words(line):
    """(kernel command line words for init, program name)."""
    if SHELL_CHARS & set(line) or line.split()[:1] and \
            line.split()[0] in SHELL_BUILTINS:
        if "'" in line:
            raise ValueError("a program line with shell syntax may not "
                             "contain ' (it runs as sh -c '...')")
        words = line.split()
        while len(words) > 1 and words[0] in SHELL_BUILTINS:
            words = words[2:] if words[0] == "taskset" else words[1:]
            if words[:1] == ["-n"]:
                words = words[2:]
        return f"init=/bin/sh -- -c '{line}'", \
            os.path.basename(words[0] if words else "sh")
    words = shlex.split(line)
    if not words:
        raise ValueError('CMD is empty: make trace CMD="spinners 8 2"')
    prog = words[0] if words[0].startswith("/") else f"/bin/{words[0]}"
    rest = f" -- {' '.join(words[1:])}" if len(words) > 1 else ""
    return f"init={prog}{rest}", os.path.basename(words[0])


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--kernel", required=True)
    p.add_argument("--initrd")
    p.add_argument("--profile", default="det")
    p.add_argument("--cpus", type=int, default=4)
    p.add_argument("--mem", default="128M")
    p.add_argument("--cmdline", default="", help="more kernel words")
    p.add_argument("--name")
    p.add_argument("--outdir", default="build/trace")
    p.add_argument("--timeout", type=float, default=600)
    p.add_argument("line", nargs=argparse.REMAINDER)
    args = p.parse_args(argv)
    line = " ".join(w for w in args.line if w != "--").strip()
    try:
        init, prog = init_words(line)
    except ValueError as e:
        print(f"make trace: {e}", file=sys.stderr)
        return 2
    name = args.name or prog
    os.makedirs(args.outdir, exist_ok=True)
    prefix = os.path.join(args.outdir, name)
    data = prefix + ".data"
    cmdline = " ".join(w for w in ("trace=sched", args.cmdline, init) if w)
    cmd = [sys.executable, os.path.join(HERE, "..", "qemu.py"),
           "--profile", args.profile, "--cpus", str(args.cpus),
           "--mem", args.mem, "--cmdline", cmdline, "--data", data,
           "--timeout", f"{args.timeout:g}"]
    if args.initrd:
        cmd += ["--initrd", args.initrd]
    cmd.append(args.kernel)
    if os.path.exists(data):
        os.remove(data)
    rc = subprocess.call(cmd, stdin=subprocess.DEVNULL)
    try:
        text = open(data, "rb").read().decode("utf-8", "replace")
        t = tracefile.parse(text)
    except (OSError, tracefile.TraceError) as e:
        print(f"make trace: no trace in {data}: {e} (QEMU status {rc})",
              file=sys.stderr)
        return 1
    qtrace.write_all(text, t, -1, prefix)
    print(f"  reports: python3 tools/trace/qtrace.py {data} "
          "latency|map|timehist")
    if rc:
        print(f"make trace: the program's status was {rc} (the trace was "
              "kept)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
