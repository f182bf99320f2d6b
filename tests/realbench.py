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
  realbench-hackbench-default  hackbench's default 10 groups (400 tasks
                        and the parent), sockets and processes, 5 loops:
                        its "== 400 tasks" line and one "Time: S.mmm"
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
sys.path.insert(0, os.path.join(ROOT, "tools", "realbench"))
import qemu  # noqa: E402
import results  # noqa: E402  tools/realbench/results.py

# interbench writes its read-load file (1 GB) and loops_per_ms in the
# working directory: /tmp, with the file made sparse first, since /tmp
# lives in RAM (docs/realbench.md).  It calibrates first (2 s of det).
INTERBENCH = ("cd /tmp && truncate -s 1024000000 interbench.read && "
              "interbench -c -L 1 -t 10 -W Audio -w Burn")


def check_hackbench(text, runs=4):
    times = re.findall(r"^Time: (\d+\.\d{3})\s*$", text, re.M)
    if len(times) != runs:
        return f"{len(times)} of {runs} 'Time:' lines"
    if any(float(t) <= 0 for t in times):
        return f"a zero time among {times}"
    return None, "times " + " ".join(times)


def check_hackbench_default(text):
    """The default run: 10 groups of 20 senders and 20 receivers."""
    if not re.search(r"^Running in process mode with 10 groups using 40 "
                     r"file descriptors each \(== 400 tasks\)", text, re.M):
        return "no 'process mode with 10 groups ... (== 400 tasks)' line"
    verdict = check_hackbench(text, runs=1)
    if isinstance(verdict, str):
        return verdict
    return None, "400 tasks, " + verdict[1].replace("times", "time")


def check_schbench(text):
    r = results.parse(text).get("schbench", {})
    p = [r.get(f"wakeup_p{n}_us") for n in (50, 90, 99)]
    if None in p or "rps" not in r:
        return "no wakeup percentiles or no 'average rps' line"
    if not p[0] <= p[1] <= p[2]:
        return f"percentiles out of order: {p}"
    if r["rps"] <= 0:
        return "average rps is 0"
    return None, (f"wakeup p50 {p[0]:.0f} p90 {p[1]:.0f} p99 {p[2]:.0f} "
                  f"us, {r['rps']} rps")


def check_cyclictest(text, loops=500):
    r = results.parse(text).get("cyclictest")
    if r is None:
        return "no 'T: 0 ... Max:' line"
    if r["count"] != loops or not re.search(r"I:\s*1000 C:", text):
        return f"C:{r['count']:.0f}, expected C:{loops} at I:1000"
    if not r["min_us"] <= r["avg_us"] <= r["max_us"]:
        return f"Min {r['min_us']} Avg {r['avg_us']} Max {r['max_us']}"
    return None, (f"min {r['min_us']:.0f} avg {r['avg_us']:.0f} max "
                  f"{r['max_us']:.0f} us over {loops} wakeups")


def check_interbench(text):
    r = results.parse(text).get("interbench", {})
    if "Audio_Burn_deadlines_pct" not in r:
        return "no Burn row of five numbers under Audio"
    lat, mx = r["Audio_Burn_lat_ms"], r["Audio_Burn_max_ms"]
    cpu, dl = r["Audio_Burn_cpu_pct"], r["Audio_Burn_deadlines_pct"]
    if not (0 <= lat <= mx and 0 < cpu <= 100 and 0 <= dl <= 100):
        return f"implausible Burn row {r}"
    return None, (f"Audio vs Burn: latency {lat} ms, max {mx}, "
                  f"cpu {cpu}%, deadlines {dl}%")


# name, kernel words, shell command, checker, CPUs, timeout (s).  schbench's work is a
# 16 KB matrix once per request: its default 256 KB, five times, takes
# about 2 s of det's 62.5 MIPS virtual CPU per request.
CASES = [
    ("realbench-hackbench", "",
     "hackbench-rt -g 2 -l 50 && hackbench-rt -g 2 -l 50 -p && "
     "hackbench-rt -g 2 -l 50 -T && hackbench-rt -g 2 -l 50 -p -T",
     check_hackbench, 2, 240),
    # The default group count once: the run's setup and teardown of 400
    # tasks take about 20 s of det time (docs/realbench.md), so one mode
    # and 5 loops instead of hackbench's 100.
    ("realbench-hackbench-default", "", "hackbench-rt -l 5",
     check_hackbench_default, 2, 240),
    ("realbench-schbench", "", "schbench -m 1 -t 2 -r 2 -i 2 -F 16 -n 1",
     check_schbench, 2, 240),
    # highres=on: cyclictest measures timer precision (docs/timers.md)
    ("realbench-cyclictest", "highres=on",
     "cyclictest -q -m -i 1000 -l 500 -p 80", check_cyclictest, 2, 240),
    ("realbench-interbench", "", INTERBENCH, check_interbench, 2, 300),
]


def run_case(args, name, words, cmd, check, cpus, timeout):
    com1 = os.path.join(args.outdir, f"{name}.com1")
    line = cmd.replace("'", "'\\''")
    qcmd = qemu.build_cmd(args.kernel, initrd=args.initrd, cpus=cpus,
                          profile="det", com1=com1,
                          cmdline=(f"{words} " if words else "") +
                          f"init=/bin/sh -- -c '{line}'")
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
    for name, words, cmd, check, cpus, timeout in CASES:
        if args.only and name not in args.only:
            continue
        verdict, com1 = run_case(args, name, words, cmd, check, cpus,
                                 timeout)
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
