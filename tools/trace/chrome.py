"""A Quanta trace as Chrome trace-event JSON (opens in ui.perfetto.dev and
chrome://tracing).

Layout: one process "Quanta <policy>" with one thread per CPU ("CPU 0",
...).  Each run of a task is a complete event (ph "X") on its CPU's track;
wakeups, migrations, forks, exits and balancer pulls are instant events
(ph "i", thread scope) on the track of the CPU that recorded them; each
wakeup starts a flow (ph "s") that ends (ph "f", bp "e") at the slice in
which the woken task first ran.  Times are microseconds, as the format
wants.  Format: "Trace Event Format" (Google, the document chrome://tracing
links to).
"""

import json

import tracefile

PID = 1         # the one "process" holding the CPU tracks


def cpu_tid(cpu):
    return cpu + 1      # tid 0 is not shown by every viewer


def metadata(t):
    out = [{"ph": "M", "pid": PID, "name": "process_name",
            "args": {"name": f"Quanta {t.policy}, {t.ncpu} CPUs"}}]
    for cpu in range(t.ncpu):
        out.append({"ph": "M", "pid": PID, "tid": cpu_tid(cpu),
                    "name": "thread_name", "args": {"name": f"CPU {cpu}"}})
        out.append({"ph": "M", "pid": PID, "tid": cpu_tid(cpu),
                    "name": "thread_sort_index", "args": {"sort_index": cpu}})
    return out


def slice_events(t):
    out = []
    for cpu, sl in sorted(tracefile.slices(t).items()):
        for s in sl:
            out.append({"ph": "X", "pid": PID, "tid": cpu_tid(cpu),
                        "ts": s.start, "dur": s.dur, "cat": "sched",
                        "name": f"{s.comm} {s.pid}",
                        "args": {"pid": s.pid, "comm": s.comm,
                                 "prio": s.prio, "key": s.key,
                                 "end_state": s.end_state,
                                 "partial": s.partial}})
    return out


INSTANT = {
    "sched_wakeup": lambda f: f"wakeup {f.get('comm', '?')} {f.get('pid')}"
                              f" -> cpu{f.get('target_cpu')}",
    "sched_migrate": lambda f: f"migrate {f.get('comm', '?')} "
                               f"{f.get('pid')} cpu{f.get('orig_cpu')} -> "
                               f"cpu{f.get('dest_cpu')}",
    "sched_fork": lambda f: f"fork {f.get('comm', '?')} "
                            f"{f.get('parent_pid')} -> "
                            f"{f.get('child_comm', '?')} "
                            f"{f.get('child_pid')}",
    "sched_exit": lambda f: f"exit {f.get('comm', '?')} {f.get('pid')}",
    "sched_balance": lambda f: f"balance pulled {f.get('pulled')} from "
                               f"cpu{f.get('busiest')}",
}


def instant_events(t):
    out = []
    for e in t.events:
        name = INSTANT.get(e.name)
        if name:
            out.append({"ph": "i", "s": "t", "pid": PID,
                        "tid": cpu_tid(e.cpu), "ts": e.ts,
                        "cat": e.name[6:], "name": name(e.f),
                        "args": dict(e.f)})
    for line, cpu in zip(t.lost_lines(), sorted(c for c in t.lost
                                                 if t.lost[c])):
        first = t.first_ts(cpu)
        out.append({"ph": "i", "s": "t", "pid": PID, "tid": cpu_tid(cpu),
                    "ts": first if first is not None else t.start,
                    "cat": "lost", "name": "events lost",
                    "args": {"note": line, "lost": t.lost[cpu]}})
    return out


def flow_events(t):
    """wakeup -> the switch that ran the task."""
    out = []
    for n, w in enumerate(tracefile.waits(t)):
        if w.kind == "preempted" or w.run < 0:
            continue
        out.append({"ph": "s", "id": n, "pid": PID,
                    "tid": cpu_tid(w.wake_cpu), "ts": w.ready,
                    "cat": "wakeup", "name": "wakeup"})
        out.append({"ph": "f", "bp": "e", "id": n, "pid": PID,
                    "tid": cpu_tid(w.run_cpu), "ts": w.run,
                    "cat": "wakeup", "name": "wakeup"})
    return out


def convert(t):
    """The trace as a JSON-ready dict."""
    return {"traceEvents": metadata(t) + slice_events(t) +
            instant_events(t) + flow_events(t),
            "displayTimeUnit": "ms",
            "otherData": {"policy": t.policy, "ncpu": t.ncpu,
                          "ring_size": t.ring_size,
                          "lost": {str(c): n for c, n in t.lost.items()},
                          "lost_notes": t.lost_lines(),
                          "complete": t.complete}}


def write(t, path):
    with open(path, "w") as f:
        json.dump(convert(t), f, separators=(",", ":"))
