"""results.py - the field's benchmarks' own output as the lab's results.

interbench, schbench and rt-tests print their figures their own way, not
as Quanta's RESULT lines.  parse(text) reads a console and returns what it
found in the lab's form, {bench: {key: number}} (tools/lab/report.py
merges it with the RESULT lines):

  hackbench_sock_proc, _pipe_proc, _sock_thread, _pipe_thread   time_s:
      rt-tests hackbench's "Time: S.mmm" lines in that order: sockets and
      processes (its default), pipes (-p), threads (-T), both (-p -T), as
      the lab's realbench workload runs them
  schbench     wakeup_p50_us, wakeup_p90_us, wakeup_p99_us (the last
               "Wakeup Latencies" block: the whole run), rps (average rps)
  cyclictest   min_us, avg_us, max_us, count: thread 0's last line
  interbench   <bench>_<load>_lat_ms, _max_ms, _cpu_pct and (not for
               Gaming) _deadlines_pct for each row of each bench's table

A program whose lines are absent has no entry.
"""

import re

NUM = r"(\d+(?:\.\d+)?)"


# The lab's realbench workload runs hackbench in this order.
HACKBENCH_MODES = ("hackbench_sock_proc", "hackbench_pipe_proc",
                   "hackbench_sock_thread", "hackbench_pipe_thread")


def hackbench(text, out):
    times = re.findall(r"^Time: (\d+\.\d+)\s*$", text, re.M)
    for name, t in zip(HACKBENCH_MODES, times):
        out[name] = {"time_s": float(t)}


def schbench(text, out):
    if "Wakeup Latencies percentiles" not in text:
        return
    block = text.split("Wakeup Latencies percentiles")[-1]
    block = block.split("Request Latencies")[0]
    r = {}
    for pct, v in re.findall(r"(50\.0|90\.0|99\.0)th: (\d+)", block):
        r[f"wakeup_p{pct[:2]}_us"] = float(v)
    rps = re.findall(r"average rps: " + NUM, text)
    if rps:
        r["rps"] = float(rps[-1])
    out["schbench"] = r


def cyclictest(text, out):
    found = re.findall(r"T:\s*0 \(\s*\d+\) P:\s*\d+ I:\s*\d+ C:\s*(\d+)"
                       r" Min:\s*(\d+) Act:\s*\d+ Avg:\s*(\d+)"
                       r" Max:\s*(\d+)", text)
    if found:
        c, mn, avg, mx = (float(x) for x in found[-1])
        out["cyclictest"] = {"count": c, "min_us": mn, "avg_us": avg,
                             "max_us": mx}


def interbench(text, out):
    """Each "Benchmarking simulated cpu of B" block's rows: the load, then
    latency +/- SD, max latency, % desired CPU and (but for Gaming, which
    has no deadlines) % deadlines met."""
    r = {}
    blocks = re.split(r"^--- Benchmarking simulated cpu of (\w+) in the "
                      r"presence of simulated ---\s*$", text, flags=re.M)
    for bench, block in zip(blocks[1::2], blocks[2::2]):
        rows = re.findall(r"^(\w+)\s+" + NUM + r" \+/- " + NUM + r"\s+" +
                          NUM + r"\s+" + NUM + r"(?:\s+" + NUM + r")?\s*$",
                          block, re.M)
        for load, lat, _sd, mx, cpu, dl in rows:
            k = f"{bench}_{load}_"
            r.update({k + "lat_ms": float(lat), k + "max_ms": float(mx),
                      k + "cpu_pct": float(cpu)})
            if dl:
                r[k + "deadlines_pct"] = float(dl)
    if r:
        out["interbench"] = r


def parse(text):
    out = {}
    for fn in (hackbench, schbench, cyclictest, interbench):
        fn(text, out)
    return out
