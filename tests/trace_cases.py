"""Cases for the scheduler trace and its viewers (docs/tracing.md):
the kernel's rings and their dump, the trace tool, tools/trace/'s JSON and
HTML output checked against the raw events, and the gdb helpers
(tools/gdb/).  tests/cases.py adds them to CASES."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "trace"))

import chrome  # noqa: E402  tools/trace/chrome.py
import htmlview  # noqa: E402
import reports  # noqa: E402
import tracefile  # noqa: E402

# Which fields name a task in each event (pid field, comm field).
NAMED = {
    "sched_switch": [("prev_pid", "prev_comm"), ("next_pid", "next_comm")],
    "sched_wakeup": [("pid", "comm")],
    "sched_migrate": [("pid", "comm")],
    "sched_fork": [("parent_pid", "comm"), ("child_pid", "child_comm")],
    "sched_exit": [("pid", "comm")],
}


def parsed(out, which=-1):
    """(Trace, None) from the data channel, or (None, reason)."""
    try:
        return tracefile.parse(out.data, which), None
    except tracefile.TraceError as e:
        return None, f"data: {e}"


def every_event_named(expect):
    """Every task-naming event carries a comm for each pid it names; pids
    0 are "idle"; the programs in expect appear by name."""
    def check(out):
        t, err = parsed(out)
        if err:
            return err
        if not t.complete:
            return "data: no '# end of trace' line"
        if sorted(t.recorded) != list(range(t.ncpu)):
            return f"data: '# cpu=' lines for {sorted(t.recorded)}"
        seen = set()
        for e in t.events:
            for pk, ck in NAMED.get(e.name, []):
                if pk not in e.f or not e.f.get(ck):
                    return f"data: {e.name} at {e.ts} us without {ck}"
                if e.f[pk] == "0" and e.f[ck] != "idle":
                    return f"data: pid 0 named {e.f[ck]!r}, not idle"
                seen.add(e.f[ck])
        missing = [n for n in expect if n not in seen]
        return f"data: no event names {missing}" if missing else None
    check.__doc__ = f"every event names its tasks ({', '.join(expect)})"
    return check


def ring_wrapped():
    """A small ring (trace_buf_size=) wraps: the header counts the lost
    events (recorded - size), the dump holds exactly size events of that
    CPU, and the reports say what was lost."""
    def check(out):
        t, err = parsed(out)
        if err:
            return err
        wrapped = [c for c, n in t.lost.items() if n]
        if not wrapped:
            return f"data: no ring wrapped (lost {t.lost}, size " \
                   f"{t.ring_size})"
        for c in wrapped:
            if t.lost[c] != t.recorded[c] - t.ring_size:
                return (f"data: cpu{c} lost {t.lost[c]}, expected "
                        f"recorded {t.recorded[c]} - size {t.ring_size}")
            kept = sum(1 for e in t.events if e.cpu == c)
            if kept != t.ring_size:
                return f"data: cpu{c} printed {kept} of {t.ring_size} events"
        text = reports.latency(t)
        if f"cpu{wrapped[0]}: {t.lost[wrapped[0]]} events lost" not in text:
            return "qtrace latency does not report the lost events"
        if not chrome.convert(t)["otherData"]["lost_notes"]:
            return "JSON otherData has no lost_notes"
        return None
    check.__doc__ = "a wrapped ring counts and reports its lost events"
    return check


def tool_dumps(n, prog):
    """The data channel holds n dumps (trace dump, trace record), each
    complete and naming prog."""
    def check(out):
        dumps = tracefile.split_dumps(out.data)
        if len(dumps) != n:
            return f"data: {len(dumps)} dumps, expected {n}"
        for i in range(n):
            t, err = parsed(out, i)
            if err:
                return err
            if not t.complete:
                return f"data: dump {i} has no end line"
            names = set(t.comms().values())
            if prog not in names:
                return f"data: dump {i} never names {prog} ({names})"
        return None
    check.__doc__ = f"{n} complete dumps naming {prog}"
    return check


RAW_RE = re.compile(r"^(\d+)\.(\d{6}) cpu=(\d+) (sched_\w+) (.*?)\r?$", re.M)


def raw_events(data):
    """The last dump's events straight from the text, without tools/trace:
    (usec, cpu, name, fields)."""
    start = data.rfind("# tracer: sched")
    out = []
    for m in RAW_RE.finditer(data, max(start, 0)):
        f = dict(w.split("=", 1) for w in m.group(5).split() if "=" in w)
        out.append((int(m.group(1)) * 1000000 + int(m.group(2)),
                    int(m.group(3)), m.group(4), f))
    return out


def raw_latencies(events):
    """(wakeup time, switch-in time) of every wakeup whose task ran."""
    out, pending = [], {}
    for usec, cpu, name, f in events:
        if name == "sched_wakeup":
            pending[f["pid"]] = usec
        elif name == "sched_switch" and f["next_pid"] in pending:
            out.append((pending.pop(f["next_pid"]), usec))
    return sorted(out)


def json_matches_raw():
    """The Perfetto JSON against the raw lines: the slices of each CPU
    never overlap, every switch starts the next task's slice and ends the
    previous task's one on that CPU, and the wakeup -> run flows have
    exactly the raw trace's wakeup latencies."""
    def check(out):
        t, err = parsed(out)
        if err:
            return err
        doc = json.loads(json.dumps(chrome.convert(t)))
        evs = doc["traceEvents"]
        for e in evs:       # the Trace Event Format's required fields
            need = {"M": ("name", "pid", "args"),
                    "X": ("name", "pid", "tid", "ts", "dur"),
                    "i": ("name", "pid", "tid", "ts", "s"),
                    "s": ("id", "pid", "tid", "ts"),
                    "f": ("id", "pid", "tid", "ts", "bp")}.get(e.get("ph"))
            if need is None or any(k not in e for k in need) or \
                    e.get("dur", 0) < 0:
                return f"json: malformed event {e}"
        names = {e["args"]["name"] for e in evs if e.get("name") ==
                 "thread_name"}
        if names != {f"CPU {c}" for c in range(t.ncpu)}:
            return f"json: CPU tracks {sorted(names)}"
        xs = {}
        for e in evs:
            if e["ph"] == "X":
                xs.setdefault(e["tid"] - 1, []).append(e)
        for cpu, sl in xs.items():
            sl.sort(key=lambda e: e["ts"])
            for a, b in zip(sl, sl[1:]):
                if a["ts"] + a["dur"] > b["ts"]:
                    return (f"json: cpu{cpu} slices overlap: {a['name']} "
                            f"at {a['ts']}+{a['dur']} and {b['name']} at "
                            f"{b['ts']}")
        starts = {(e["tid"] - 1, e["ts"], e["args"]["pid"]) for sl in
                  xs.values() for e in sl}
        ends = {(e["tid"] - 1, e["ts"] + e["dur"], e["args"]["pid"])
                for sl in xs.values() for e in sl}
        raw = raw_events(out.data)
        nsw = 0
        for usec, cpu, name, f in raw:
            if name != "sched_switch":
                continue
            nsw += 1
            nxt, prev = int(f["next_pid"]), int(f["prev_pid"])
            if nxt and (cpu, usec, nxt) not in starts:
                return f"json: no slice of pid {nxt} starting at {usec} " \
                       f"on cpu{cpu}"
            if prev and (cpu, usec, prev) not in ends:
                return f"json: no slice of pid {prev} ending at {usec} " \
                       f"on cpu{cpu}"
        if nsw < 20:
            return f"data: only {nsw} switches: workload too small"
        flows = {}
        for e in evs:
            if e["ph"] in "sf" and e.get("cat") == "wakeup":
                flows.setdefault(e["id"], {})[e["ph"]] = e["ts"]
        got = sorted((v["s"], v["f"]) for v in flows.values())
        want = raw_latencies(raw)
        if got != want:
            diff = sorted(set(want) ^ set(got))[:3]
            return (f"json: {len(got)} wakeup flows, raw trace has "
                    f"{len(want)} wakeups that ran; first differences "
                    f"{diff}")
        return None
    check.__doc__ = "JSON slices and wakeup flows match the raw trace"
    return check


def reports_match_raw():
    """perf-sched-style reports: map and timehist have one line per raw
    switch, latency one row per task that ran, with its switch-in count
    equal to the raw count of sched_switch next_pid=<it> lines, and
    migrate one line per sched_migrate."""
    def check(out):
        t, err = parsed(out)
        if err:
            return err
        raw = raw_events(out.data)
        nsw = sum(1 for e in raw if e[2] == "sched_switch")
        nmig = sum(1 for e in raw if e[2] == "sched_migrate")
        body = {name: [l for l in fn(t).splitlines() if l and
                       not l.startswith(("#", "-", " -"))]
                for name, fn in reports.REPORTS.items()}
        if len([l for l in body["map"] if " secs" in l]) != nsw:
            return f"map: not {nsw} switch lines"
        if len([l for l in body["timehist"] if re.match(r" *\d+\.\d{6} \[",
                                                        l)]) != nsw:
            return f"timehist: not {nsw} switch lines"
        if len(body["migrate"]) - 1 != nmig:
            return f"migrate: {len(body['migrate']) - 1} lines, raw {nmig}"
        ins = {}
        for usec, cpu, name, f in raw:
            if name == "sched_switch" and f["next_pid"] != "0":
                ins[f["next_pid"]] = ins.get(f["next_pid"], 0) + 1
        rows = 0
        for line in body["latency"]:
            m = re.match(r"\s+\S+:(\d+)\s+\|\s+[\d.]+ ms \|\s+(\d+) \|", line)
            if m and ins.get(m.group(1), 0) != int(m.group(2)):
                return (f"latency: pid {m.group(1)} switched in "
                        f"{m.group(2)} times, raw {ins.get(m.group(1), 0)}")
            rows += bool(m)
        if rows != len(ins):
            return f"latency: {rows} task rows, {len(ins)} tasks ran"
        return None
    check.__doc__ = "map/timehist/latency/migrate agree with the raw trace"
    return check


CHROMIUM = "chromium"


def html_renders():
    """The HTML page, loaded in headless Chromium from file://, draws one
    lane per CPU, each with as many slices as the JSON has there, and the
    lanes that ran something have painted pixels (read back from each
    canvas by the page: data-ink), and hovering the longest slice (#tip=)
    shows its task and prio.  The page is left in the temporary directory
    a failure names."""
    def check(out):
        t, err = parsed(out)
        if err:
            return err
        tmp = Path(tempfile.mkdtemp(prefix="quanta-html-"))
        page = tmp / "trace.html"
        htmlview.write(t, page)
        by_cpu = tracefile.slices(t)
        cpu = max(by_cpu, key=lambda c: len(by_cpu[c]))
        sl = max(by_cpu[cpu], key=lambda x: x.dur)  # hover the longest
        at = (sl.start + sl.dur // 2) - t.start
        cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
               "--window-size=1200,500", "--dump-dom",
               page.as_uri() + f"#tip={cpu},{at}"]
        try:
            dom = subprocess.run(cmd, capture_output=True, timeout=120,
                                 text=True).stdout
        except (OSError, subprocess.TimeoutExpired) as e:
            return f"chromium: {e}"
        lanes = re.findall(r'<canvas class="lane" data-cpu="(\d+)" '
                           r'data-slices="(\d+)"[^>]*data-ink="(\d+)"', dom)
        if f'data-rendered="{t.ncpu}"' not in dom:
            return f"html: the page's script did not finish ({tmp})"
        if len(lanes) != t.ncpu:
            return f"html: {len(lanes)} lanes drawn, {t.ncpu} CPUs ({tmp})"
        tip = re.search(r'<div id="tip"[^>]*>(.*?)</div>', dom, re.S)
        want_tip = f"{sl.comm} (pid {sl.pid}) on CPU {cpu}"
        if not tip or want_tip not in tip.group(1) or \
                f"prio {sl.prio}" not in tip.group(1):
            return (f"html: hovering cpu{cpu} at {at} us does not show "
                    f"{want_tip!r} ({tip.group(1)[:80] if tip else None!r})")
        for cpu, nslices, ink in lanes:
            want = len(by_cpu.get(int(cpu), []))
            if int(nslices) != want:
                return f"html: lane {cpu} has {nslices} slices, JSON {want}"
            if want and int(ink) == 0:
                return f"html: lane {cpu} has {want} slices but no pixels"
        shutil.rmtree(tmp, ignore_errors=True)
        return None
    check.__doc__ = "the HTML timeline renders in headless Chromium"
    return check


# gdb: stop inside the policy's own dump of CPU 2 (sched_dump holds that
# runqueue's lock, and gdb stops every CPU), run every helper, then let
# the kernel print the dump the helpers must agree with.
GDB_HELPERS_SCRIPT = """\
set pagination off
set confirm off
file {kernel}
source ROOT/tools/gdb/quanta.py
target remote :{port}
break sched_dump
continue
delete
python
# the policy's dump hook, or the core's default one where the policy
# has none (sched_ops: the core's filled-in copy of the policy's table)
try:
    gdb.parse_and_eval("sched_ops")
    gdb.execute("break *sched_ops.dump")
except gdb.error:
    gdb.execute("break *sched_policy.dump")
end
continue
printf "STOPPED thread %d\\n", $_thread
k-help
k-rq 2
k-ps
k-task $k_current(2)
printf "CURR2 %d NR2 %d\\n", $k_current(2)->tid, $k_rq(2)->nr_running
k-trace 2 5
k-dmesg 3
printf "END\\n"
delete
continue
""".replace("ROOT", str(ROOT))

# The tids of queued tasks in each policy's dump() lines, in print order
# (kernel/sched/<policy>.c); lines about the running task are skipped.
DUMP_TID_RE = re.compile(r"\b(\d+)\((?:-?\d+ms|slice -?\d+|-?\d+ us)\)?"
                         r"|(?<!curr) pid (\d+) (?:vruntime|deadline)")
# the core's dump for a policy without one: "... has no dump): 5 4"
DEFAULT_DUMP_RE = re.compile(r"has no dump\):((?: \d+)*)")
TASK_FIELD = {"rr": "slice_ns", "o1": "sleep_avg", "staircase": "deadline",
              "rsdl": "time_slice", "cfs": "vruntime", "eevdf": "deadline"}


def dump_after_stop(com1, policy):
    """(nr_running, curr, [tids]) of the kernel's dump of cpu2."""
    lines = [l.rstrip("\r") for l in com1.splitlines()]
    for i, line in enumerate(lines):
        m = re.search(rf"cpu2: {policy}, nr_running (\d+), curr (\d+)",
                      line)
        if not m:
            continue
        tids = []
        for body in lines[i + 1:]:
            b = re.match(r"\[[ \d.]+\] cpu\d+: (  .*)", body)
            if not b:
                break
            if "running:" in b.group(1) or "curr " in b.group(1):
                continue
            d = DEFAULT_DUMP_RE.search(b.group(1))
            if d:
                tids += [int(x) for x in d.group(1).split()]
                continue
            for x, y in DUMP_TID_RE.findall(b.group(1)):
                tids.append(int(x or y))
        return int(m.group(1)), int(m.group(2)), tids
    return None


def gdb_helpers_agree():
    """Each helper's output against the kernel's own view at the same
    stop: k-rq's order, nr_running and running task against the policy's
    dump() of that runqueue; k-ps's rows for cpu 2 against nr_running;
    k-task decodes the policy's struct; $k_current/$k_rq agree; k-trace's
    lines appear verbatim in the kernel's final trace dump; k-dmesg ends
    with the console line sched_dump printed just before the stop."""
    def check(out):
        g = out.channel("gdb")
        if "STOPPED" not in g or "END" not in g:
            return "gdb: never stopped in the policy's dump (or a " \
                   "command failed)"
        m = re.search(r"^cpu2: policy (\S+), nr_running (\d+)", g, re.M)
        if not m:
            return "gdb: no k-rq header"
        policy, nr = m.group(1), int(m.group(2))
        run = re.search(r"^  running: (?:tid (\d+)|idle)", g, re.M)
        order = re.search(r"^  order: ?([\d ]*)$", g, re.M)
        if not run or not order:
            return "gdb: k-rq has no running/order line"
        curr = int(run.group(1) or 0)
        order = [int(x) for x in order.group(1).split()]
        kern = dump_after_stop(out.com1, policy)
        if kern is None:
            return f"com1: no 'cpu2: {policy}, nr_running' dump line"
        if (nr, curr, order) != kern:
            return (f"k-rq says nr_running {nr}, curr {curr}, order "
                    f"{order}; the kernel's dump {kern}")
        if not order:
            return "cpu2 had nothing queued: the check proved nothing"
        rows = re.findall(r"^ +(\d+) +\d+ (\S+) +(running|queued) +2 ",
                          g, re.M)
        mine = {int(t): st for t, _, st in rows}
        if len(mine) != nr or mine.get(curr) != "running" or \
                any(mine.get(t) != "queued" for t in order):
            return f"k-ps rows on cpu2 {mine} vs curr {curr}, queued {order}"
        want = f"sched_priv as struct "
        if want not in g or f"{TASK_FIELD[policy]} = " not in g:
            return f"k-task: no decoded {TASK_FIELD[policy]}"
        if f"CURR2 {curr} NR2 {nr}" not in g:
            return "$k_current(2)/$k_rq(2) disagree with k-rq"
        ev = re.findall(r"^\d+\.\d{6} cpu=2 sched_\w+ .*$", g, re.M)
        if len(ev) != 5:
            return f"k-trace 2 5 printed {len(ev)} events"
        data = out.data.replace("\r", "")
        missing = [e for e in ev if e not in data]
        if missing:
            return f"k-trace line not in the kernel's dump: {missing[0]}"
        dm = g[g.index("CURR2"):g.index("END")].splitlines()
        header = [l for l in dm if re.search(r"cpu2: \S+, nr_running", l)]
        com1 = [l.rstrip("\r") for l in out.com1.splitlines()]
        if not header or header[-1] not in com1:
            return "k-dmesg: the sched_dump line is not the console's"
        for cmd in ("k-ps", "k-rq", "k-task", "k-trace", "k-dmesg"):
            if cmd not in g:
                return f"k-help does not list {cmd}"
        return None
    check.__doc__ = "gdb helpers agree with the kernel's own dump"
    return check


# gdb: stop where s_dstate reads a writer's /proc/<pid>/stat (it does so
# once ps has shown that writer as D), then list the tasks and sum the
# runqueues' uninterruptible counts.
GDB_DSTATE_SCRIPT = """\
set pagination off
set confirm off
file {kernel}
source ROOT/tools/gdb/quanta.py
target remote :{port}
break proc_task_stat
continue
delete
k-ps
printf "NRUNINT %d\\n", runqueues[0].nr_uninterruptible + \
runqueues[1].nr_uninterruptible + runqueues[2].nr_uninterruptible + \
runqueues[3].nr_uninterruptible
continue
""".replace("ROOT", str(ROOT))


def gdb_kps_disk():
    """k-ps names the writers asleep on the busy file "disk", and the
    runqueues' nr_uninterruptible sum to at least one."""
    def check(out):
        g = out.channel("gdb")
        disk = re.findall(r"^ +(\d+) +\d+ s_dstate +disk ", g, re.M)
        m = re.search(r"^NRUNINT (-?\d+)", g, re.M)
        if not m:
            return "gdb: never stopped in proc_task_stat (or k-ps failed)"
        if not disk:
            return "k-ps shows no s_dstate task as disk"
        if int(m.group(1)) < 1:
            return f"nr_uninterruptible sums to {m.group(1)} with " \
                   f"{len(disk)} tasks in disk sleep"
        return None
    check.__doc__ = "k-ps shows disk sleepers, nr_uninterruptible counts"
    return check


GDB_CALL_SCRIPT = """\
set pagination off
set confirm off
file {kernel}
target remote :{port}
break smp_start_aps
continue
call gdb_sched_dump(0)
call gdb_sched_dump(7)
printf "CALLED\\n"
delete
kill
"""


# Typed at the shell's prompt, one command a line.
TOOL_LINES = ["trace dump", "trace start -b 5", "trace bogus",
              "trace start -b 4096", "spinners 2 1", "trace stop",
              "trace status", "trace dump", "trace record spinners 2 1"]
# Then Ctrl-C in the middle of a recording: the command dies of it, trace
# stops and dumps all the same.
TOOL_SCRIPT = [step for line in TOOL_LINES
               for step in (("expect", r"\$ "), ("send", line + "\n"))] + [
    ("expect", r"\$ "), ("send", "trace record spinners 2 100\n"),
    ("sleep", 1), ("send", "\x03"),
    ("expect", r"trace: spinners exited with status 130"),
    ("expect", r"\$ "), ("send", "trace status\n"),
    ("expect", r"trace: stopped"),
    ("expect", r"\$ "), ("send", "exit\n")]


def trace_cases(Case, must, must_not):
    """The cases (Case and must come from tests/cases.py)."""
    no_panic = must(r"^(?!.*PANIC).*smp: 4 of 4 CPUs online")
    return [
        Case("trace-comm", "trace=sched init=/bin/spinners -- 4 1",
             timeout=60, checks=[no_panic, every_event_named(
                 ["spinners", "idle"])],
             doc="trace=sched: every event names its task (comm)"),
        Case("trace-wrap", "trace=sched trace_buf_size=4K "
             "init=/bin/hackbench -- 1 10", timeout=60,
             checks=[ring_wrapped()],
             doc="trace_buf_size=4K: the wrapped ring reports lost events"),
        Case("trace-tool", "init=/bin/sh", timeout=90,
             interactive=TOOL_SCRIPT, checks=[
                 must(r"trace dump: No such file or directory \(nothing "
                      r"recorded yet"),
                 must(r"trace: -b takes 16 \.\. 1048576 events"),
                 must(r"usage: trace start"),
                 must(r"trace: stopped, 4 rings of 4096 events"),
                 must(r"cpu0: \d+ recorded, \d+ kept, 0 lost"),
                 must(r"trace: spinners exited with status 0"),
                 must(r"trace: spinners exited with status 130"),
                 tool_dumps(3, "spinners")],
             doc="trace start/stop/status/dump/record from the shell; "
                 "Ctrl-C during a record kills the command, and the "
                 "trace is stopped and dumped"),
        Case("sched-gdb-helpers", "trace=sched init=/bin/sh -- -c "
             "'spinners 12 3 & sleep 1; trace rq 2'", timeout=120, status=None, needs=["gdb"], gdb=GDB_HELPERS_SCRIPT,
             checks=[gdb_helpers_agree()],
             doc="gdb's k-rq/k-ps/k-task/k-trace/k-dmesg against the "
                 "kernel's own dump, stopped in it"),
        Case("gdb-kps-disk", "init=/bin/s_dstate -- 0", timeout=120, status=None, needs=["gdb"], gdb=GDB_DSTATE_SCRIPT,
             checks=[gdb_kps_disk(),
                     must(r"^s_dstate: \d+ checks, 0 failed\r?$")],
             doc="gdb's k-ps shows a writer waiting for a busy /tmp file "
                 "as disk (ps's D); the runqueues count it"),
        Case("gdb-call-regparm", "test=boot", cpus=2, profile="real",
             timeout=60, status=None, needs=["gdb"], gdb=GDB_CALL_SCRIPT,
             checks=[must(r"cpu0: \w+, nr_running 0, curr 0, \d+ switches"),
                     must(r"gdb_sched_dump: cpu 7: 1 CPUs online"),
                     must(r"^CALLED", "gdb"), must_not(r"PANIC")],
             doc="gdb's call of a GDB_CALLABLE (regparm(0)) function gets "
                 "its argument"),
        Case("trace-viewer-json", "trace=sched init=/bin/hackbench -- 1 10",
             timeout=60, checks=[json_matches_raw(), reports_match_raw()],
             doc="tools/trace JSON matches the raw trace (det)"),
        Case("trace-viewer-html", "trace=sched init=/bin/hackbench -- 1 10",
             timeout=180, needs=[CHROMIUM], checks=[html_renders()],
             doc="tools/trace HTML timeline renders in headless Chromium"),
    ]
