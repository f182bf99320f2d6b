#!/usr/bin/env python3
"""realbench.py - run the field's own benchmarks on Quanta, built unchanged.

interbench, schbench, rt-tests' hackbench and cyclictest are not part of
the repository: tools/realbench/realbench.mk builds them from a directory
of their upstream sources (make test REALBENCH=DIR) into a copy of the
initrd.  This test boots the default policy's kernel with it in the det
profile and runs each program briefly, and a case passes only when the
program's own result line is there and its numbers parse and are sane:

  realbench-hackbench   rt-tests hackbench, sockets and pipes, processes
                        and threads: "Time: S.mmm" four times
  realbench-schbench    schbench for 2 s: its wakeup-latency percentiles
                        (p50 <= p90 <= p99) and its "average rps"
  realbench-cyclictest  cyclictest -n, 1 ms interval: its thread line with
                        the count asked for and Min <= Avg <= Max
  realbench-interbench  interbench's Audio bench against Burn for 10 s:
                        the Burn row of latency, SD, max, CPU and deadlines

Without a directory each case is reported as skipped, with the reason.

    realbench.py run --kernel K --initrd I [--outdir D] [--only NAME]
    realbench.py skip REASON
"""

import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import qemu  # noqa: E402

NUM = r"(\d+(?:\.\d+)?)"

# interbench writes its read-load file (1 GB) and loops_per_ms in the
# working directory: /tmp, with the file made sparse first, since /tmp
# lives in RAM (docs/realbench.md); -l skips its calibration.
INTERBENCH = ("cd /tmp && truncate -s 1024000000 interbench.read && "
              "interbench -c -L 1 -t 10 -l 1000 -W Audio -w Burn")


def check_hackbench(text):
    times = re.findall(r"^Time: (\d+\.\d{3})\s*$", text, re.M)
    if len(times) != 4:
        return f"{len(times)} of 4 'Time:' lines"
    if any(float(t) <= 0 for t in times):
        return f"a zero time among {times}"
    return None, "times " + " ".join(times)


def check_schbench(text):
    block = text.split("Wakeup Latencies percentiles")[-1]
    p = {k: int(v) for k, v in
         re.findall(r"(50\.0|90\.0|99\.0)th: (\d+)", block)}
    rps = re.search(r"average rps: " + NUM, text)
    if len(p) != 3 or not rps:
        return "no wakeup percentiles or no 'average rps' line"
    if not p["50.0"] <= p["90.0"] <= p["99.0"]:
        return f"percentiles out of order: {p}"
    if float(rps.group(1)) <= 0:
        return "average rps is 0"
    return None, (f"wakeup p50 {p['50.0']} p90 {p['90.0']} p99 "
                  f"{p['99.0']} us, {rps.group(1)} rps")


def check_cyclictest(text, loops=500):
    m = None
    for m in re.finditer(r"T:\s*0 \(\s*\d+\) P:\s*\d+ I:\s*(\d+) C:\s*(\d+)"
                         r" Min:\s*(\d+) Act:\s*(\d+) Avg:\s*(\d+)"
                         r" Max:\s*(\d+)", text):
        pass
    if m is None:
        return "no 'T: 0 ... Max:' line"
    i, c, mn, _, avg, mx = (int(x) for x in m.groups())
    if c != loops or i != 1000:
        return f"C:{c} I:{i}, expected C:{loops} I:1000"
    if not mn <= avg <= mx:
        return f"Min {mn} Avg {avg} Max {mx} out of order"
    return None, f"min {mn} avg {avg} max {mx} us over {c} wakeups"


def check_interbench(text):
    m = re.search(r"^Burn\s+" + NUM + r" \+/- " + NUM + r"\s+" + NUM +
                  r"\s+" + NUM + r"\s+" + NUM + r"\s*$", text, re.M)
    if not m:
        return "no Burn row of five numbers"
    lat, sd, mx, cpu, dl = (float(x) for x in m.groups())
    if not (0 <= lat <= mx and 0 < cpu <= 100 and 0 <= dl <= 100):
        return f"implausible row {m.group(0).strip()!r}"
    return None, (f"Audio vs Burn: latency {lat} +/- {sd} ms, max {mx}, "
                  f"cpu {cpu}%, deadlines {dl}%")


# name, shell command, checker, CPUs, timeout (s).  schbench's work is a
# 16 KB matrix once per request: its default 256 KB, five times, takes
# about 2 s of det's 62.5 MIPS virtual CPU per request.  interbench runs
# at -smp 1: at -smp 2 its SCHED_FIFO threads trip the scheduler core's
# rq_check in rt_pull (docs/realbench.md, "Known problems").
CASES = [
    ("realbench-hackbench",
     "hackbench-rt -g 2 -l 50 && hackbench-rt -g 2 -l 50 -p && "
     "hackbench-rt -g 2 -l 50 -T && hackbench-rt -g 2 -l 50 -p -T",
     check_hackbench, 2, 240),
    ("realbench-schbench", "schbench -m 1 -t 2 -r 2 -i 2 -F 16 -n 1",
     check_schbench, 2, 240),
    ("realbench-cyclictest", "cyclictest -q -m -i 1000 -l 500 -p 80",
     check_cyclictest, 2, 240),
    ("realbench-interbench", INTERBENCH, check_interbench, 1, 300),
]


def run_case(args, name, cmd, check, cpus, timeout):
    com1 = os.path.join(args.outdir, f"{name}.com1")
    line = cmd.replace("'", "'\\''")
    qcmd = qemu.build_cmd(args.kernel, initrd=args.initrd, cpus=cpus,
                          profile="det", com1=com1,
                          cmdline=f"init=/bin/sh -- -c '{line}'")
    rc = subprocess.run(qemu.timeout_wrap(qcmd, timeout),
                        stdin=subprocess.DEVNULL, capture_output=True
                        ).returncode
    try:
        with open(com1, errors="replace") as f:
            text = f.read()
    except OSError:
        text = ""
    verdict = check(text)
    if rc != 1:
        return f"QEMU status {rc}: {qemu.describe_status(rc)}", com1
    if isinstance(verdict, str):
        return verdict, com1
    return verdict, com1


def cmd_run(args):
    os.makedirs(args.outdir, exist_ok=True)
    passed = failed = 0
    for name, cmd, check, cpus, timeout in CASES:
        if args.only and name not in args.only:
            continue
        verdict, com1 = run_case(args, name, cmd, check, cpus, timeout)
        if isinstance(verdict, str):
            failed += 1
            print(f"FAIL  {name}: {verdict} (console: {com1})")
        else:
            passed += 1
            print(f"PASS  {name}  ({verdict[1]})")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_skip(args):
    for name, *_ in CASES:
        print(f"SKIP  {name}: {args.reason}")
    print(f"0 passed, 0 failed, {len(CASES)} skipped")
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--kernel", required=True)
    r.add_argument("--initrd", required=True)
    r.add_argument("--outdir", default=os.path.join("build", "realbench",
                                                    "out"))
    r.add_argument("--only", action="append")
    s = sub.add_parser("skip")
    s.add_argument("reason")
    args = p.parse_args(argv)
    return {"run": cmd_run, "skip": cmd_skip}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
