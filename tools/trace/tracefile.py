"""Read a Quanta scheduler trace (the 0xe9 data channel) into Python.

The kernel prints one dump per trace_dump() (kernel/sched/trace.c):

    # tracer: sched, 4 cpus, policy cfs, 8192 events per cpu
    # cpu=0 recorded=13 lost=0
    0.081957 cpu=0 sched_switch prev_comm=idle prev_pid=0 ... ==> next_comm=...
    ...
    # end of trace

A data file may hold several dumps (one per ``trace dump``) and other
output; parse() takes one of them (the last by default).  Everything else
here derives what the viewers and reports need from the events alone:
the slices each CPU ran, and for every wakeup the moment the task ran.
Standard library only.
"""

import re
from dataclasses import dataclass, field

HEADER_RE = re.compile(r"^# tracer: sched, (\d+) cpus(?:, policy (\S+), "
                       r"(\d+) events per cpu)?")
CPU_RE = re.compile(r"^# cpu=(\d+) recorded=(\d+) lost=(\d+)")
EVENT_RE = re.compile(r"^(\d+)\.(\d{6}) cpu=(\d+) (sched_\w+) (.*?)\r?$")
IDLE_PID = 0


class TraceError(Exception):
    """The input holds no trace, or not the one asked for."""


@dataclass
class Event:
    """One trace line: time in microseconds, the CPU that recorded it."""
    ts: int
    cpu: int
    name: str
    f: dict

    def int(self, key, default=-1):
        """Field key as an int."""
        try:
            return int(self.f[key])
        except (KeyError, ValueError):
            return default


@dataclass
class Slice:
    """A task running on a CPU from start to end (microseconds)."""
    cpu: int
    pid: int
    comm: str
    prio: int
    key: int
    start: int
    end: int
    end_state: str = "?"       # prev_state at the switch that ended it
    partial: bool = False      # began before the CPU's first kept event,
    #                            or still running when the trace ends
    switched_in: bool = True   # False: running before the CPU's record

    @property
    def dur(self):
        return self.end - self.start


@dataclass
class Wait:
    """A task became runnable (woken, or preempted) and later ran."""
    pid: int
    comm: str
    ready: int          # wakeup or preemption time
    run: int            # when it was switched in (-1: never, in the trace)
    run_cpu: int
    wake_cpu: int       # CPU that recorded the wakeup (-1: preempted)
    target_cpu: int
    kind: str           # "wakeup", "wakeup_new" or "preempted"
    index: int          # the wakeup's position in Trace.events (-1)

    @property
    def delay(self):
        return self.run - self.ready if self.run >= 0 else None


@dataclass
class Trace:
    ncpu: int
    policy: str
    ring_size: int
    recorded: dict = field(default_factory=dict)
    lost: dict = field(default_factory=dict)
    events: list = field(default_factory=list)
    complete: bool = False      # the "# end of trace" line was seen

    @property
    def start(self):
        return self.events[0].ts if self.events else 0

    @property
    def end(self):
        return self.events[-1].ts if self.events else 0

    def first_ts(self, cpu):
        """Time of the first event kept in cpu's ring (its record starts
        there: a wrapped ring lost what came before)."""
        for e in self.events:
            if e.cpu == cpu:
                return e.ts
        return None

    def lost_total(self):
        return sum(self.lost.values())

    def lost_lines(self):
        """One sentence per CPU whose ring wrapped."""
        out = []
        for cpu in sorted(self.lost):
            n = self.lost[cpu]
            if n:
                first = self.first_ts(cpu)
                since = f"{first / 1e6:.6f}" if first is not None else "?"
                out.append(f"cpu{cpu}: {n} events lost (ring of "
                           f"{self.ring_size} wrapped); its record starts "
                           f"at {since} s")
        return out

    def comms(self):
        """pid -> the last name the trace gave it."""
        names = {IDLE_PID: "idle"}
        for e in self.events:
            for pk, ck in (("prev_pid", "prev_comm"),
                           ("next_pid", "next_comm"), ("pid", "comm"),
                           ("parent_pid", "comm"),
                           ("child_pid", "child_comm")):
                if pk in e.f and ck in e.f:
                    names[int(e.f[pk])] = e.f[ck]
        return names


def split_dumps(text):
    """The dumps in text, each a list of its lines, in order."""
    dumps, cur = [], None
    for line in text.splitlines():
        if HEADER_RE.match(line):
            cur = [line]
            dumps.append(cur)
        elif cur is not None:
            cur.append(line.rstrip("\r"))
            if line.startswith("# end of trace"):
                cur = None
    return dumps


def parse_fields(rest):
    """key=value words of an event line ('==>' and bare words skipped)."""
    return dict(w.split("=", 1) for w in rest.split() if "=" in w)


def parse(text, which=-1):
    """Parse dump number which (negative: from the end) of text."""
    dumps = split_dumps(text)
    if not dumps:
        raise TraceError("no '# tracer: sched' header: not a trace (boot "
                         "with trace=sched, or run 'trace dump')")
    try:
        lines = dumps[which]
    except IndexError:
        raise TraceError(f"the input has {len(dumps)} dump(s), not "
                         f"{which}") from None
    m = HEADER_RE.match(lines[0])
    t = Trace(ncpu=int(m.group(1)), policy=m.group(2) or "?",
              ring_size=int(m.group(3) or 0))
    for line in lines[1:]:
        c = CPU_RE.match(line)
        if c:
            t.recorded[int(c.group(1))] = int(c.group(2))
            t.lost[int(c.group(1))] = int(c.group(3))
            continue
        if line.startswith("# end of trace"):
            t.complete = True
            continue
        e = EVENT_RE.match(line)
        if e:
            t.events.append(Event(int(e.group(1)) * 1000000 +
                                  int(e.group(2)), int(e.group(3)),
                                  e.group(4), parse_fields(e.group(5))))
    return t


def read(path, which=-1):
    """parse() the file at path."""
    with open(path, "rb") as f:
        return parse(f.read().decode("utf-8", "replace"), which)


def switches(t):
    """The sched_switch events, in order."""
    return [e for e in t.events if e.name == "sched_switch"]


def slices(t):
    """What each CPU ran, from its switches: {cpu: [Slice, ...]} in time
    order.  Idle time is left out.  The task a CPU ran before its first
    kept switch is shown from the CPU's first kept event (partial)."""
    out = {cpu: [] for cpu in range(t.ncpu)}
    cur = {}
    for e in t.events:
        if e.name != "sched_switch":
            continue
        prev = cur.get(e.cpu)
        if prev is None:
            first = t.first_ts(e.cpu)
            prev = Slice(e.cpu, e.int("prev_pid"), e.f.get("prev_comm", "?"),
                         e.int("prev_prio"), 0, first, 0, partial=True,
                         switched_in=False)
        prev.end = e.ts
        prev.end_state = e.f.get("prev_state", "?")
        if prev.pid != IDLE_PID:
            out.setdefault(e.cpu, []).append(prev)
        cur[e.cpu] = Slice(e.cpu, e.int("next_pid"),
                           e.f.get("next_comm", "?"), e.int("next_prio"),
                           e.int("next_key", 0), e.ts, 0)
    for cpu, s in cur.items():
        if s.pid != IDLE_PID:
            s.end = t.end
            s.partial = True
            out.setdefault(cpu, []).append(s)
    return out


def waits(t):
    """Every time a task became runnable and when it next ran: after a
    sched_wakeup (woken or new) or a switch away from it in state R
    (preempted).  Ordered by the ready time."""
    pending = {}        # pid -> Wait not yet run
    out = []
    for i, e in enumerate(t.events):
        if e.name == "sched_wakeup":
            pid = e.int("pid")
            w = Wait(pid, e.f.get("comm", "?"), e.ts, -1, -1, e.cpu,
                     e.int("target_cpu"),
                     "wakeup_new" if e.f.get("new") == "1" else "wakeup", i)
            pending[pid] = w
            out.append(w)
        elif e.name == "sched_switch":
            nxt = e.int("next_pid")
            w = pending.pop(nxt, None)
            if w is not None and nxt != IDLE_PID:
                w.run, w.run_cpu = e.ts, e.cpu
            prev = e.int("prev_pid")
            if e.f.get("prev_state") == "R" and prev != IDLE_PID:
                w = Wait(prev, e.f.get("prev_comm", "?"), e.ts, -1, -1, -1,
                         e.cpu, "preempted", -1)
                pending[prev] = w
                out.append(w)
    return out
