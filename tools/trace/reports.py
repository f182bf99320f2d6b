"""Text reports in the style of Linux's ``perf sched`` (tools/perf/
builtin-sched.c: latency, map, timehist), computed from a Quanta trace.

latency:  per task: run time, times switched in, average and maximum delay
          from becoming runnable (woken, or preempted) to running.
map:      one line per context switch, one column per CPU, a short code
          per task ('.' idle, '*' the CPU that switched).
timehist: one line per context switch: the task switched out, how long it
          had waited before it ran, its scheduling delay, how long it ran.
migrate:  (Quanta's own) every migration, from and to, and its cause.
"""

import string

import tracefile


def task_label(comm, pid):
    return f"{comm}:{pid}"


def lost_notice(t):
    """Lines to print first when a ring wrapped (or the dump is cut)."""
    out = [f"# {line}" for line in t.lost_lines()]
    if not t.complete:
        out.append("# the dump has no '# end of trace' line: it was cut "
                   "short")
    return out


def latency(t):
    """perf sched latency: a table, the worst maximum delay first."""
    runtime, switches = {}, {}
    for sl in tracefile.slices(t).values():
        for s in sl:
            runtime[s.pid] = runtime.get(s.pid, 0) + s.dur
            if s.switched_in:
                switches[s.pid] = switches.get(s.pid, 0) + 1
    delays = {}
    for w in tracefile.waits(t):
        if w.delay is not None:
            delays.setdefault(w.pid, []).append((w.delay, w.ready))
    names = t.comms()
    pids = sorted(set(runtime) | set(delays),
                  key=lambda p: (-max([d for d, _ in delays.get(p, [])],
                                      default=0), p))
    bar = "-" * 112
    out = lost_notice(t) + [
        bar,
        f"  {'Task':<30}|{'Runtime ms':>14} |{'Switches':>9} |"
        f"{'Avg delay ms':>13} |{'Max delay ms':>13} |{'Max delay at':>17} |",
        bar]
    tot_rt = tot_sw = 0
    for pid in pids:
        d = delays.get(pid, [])
        avg = sum(x for x, _ in d) / len(d) if d else 0.0
        mx, at = max(d) if d else (0, None)
        rt, sw = runtime.get(pid, 0), switches.get(pid, 0)
        tot_rt += rt
        tot_sw += sw
        when = f"{at / 1e6:.6f} s" if at is not None else "-"
        out.append(f"  {task_label(names.get(pid, '?'), pid):<30}|"
                   f"{rt / 1000:11.3f} ms |{sw:9d} |"
                   f"{avg / 1000:10.3f} ms |{mx / 1000:10.3f} ms |"
                   f"{when:>17} |")
    out += [bar, f"  {'TOTAL:':<30}|{tot_rt / 1000:11.3f} ms |{tot_sw:9d} |",
            bar]
    return "\n".join(out) + "\n"


def short_codes():
    """A0 .. Z0, A1 .. Z1, ... as perf sched map names tasks."""
    n = 0
    while True:
        yield f"{string.ascii_uppercase[n % 26]}{n // 26}"
        n += 1


def map_report(t):
    """perf sched map: the CPUs' current tasks after every switch."""
    codes, gen, cur = {}, short_codes(), ["."] * t.ncpu
    out = lost_notice(t)
    for e in tracefile.switches(t):
        pid = e.int("next_pid")
        note = ""
        if pid == tracefile.IDLE_PID:
            code = "."
        else:
            if pid not in codes:
                codes[pid] = next(gen)
                note = f" {codes[pid]} => " + task_label(
                    e.f.get("next_comm", "?"), pid)
            code = codes[pid]
        if e.cpu < len(cur):
            cur[e.cpu] = code
        cols = "".join(f"{'*' if c == e.cpu else ' '}{cur[c]:<3}"
                       for c in range(t.ncpu))
        out.append(f"  {cols} {e.ts / 1e6:12.6f} secs{note}")
    return "\n".join(out) + "\n"


def timehist(t):
    """perf sched timehist: one line per switch, for the task leaving."""
    ready = {}          # pid -> time it became runnable, until it runs
    last_out = {}       # pid -> time it was last switched out
    start = {}          # cpu -> (pid, switch-in time, wait, delay)
    out = lost_notice(t) + [
        f"{'time':>15} {'cpu':>6}  {'task name':<30} {'wait time':>10} "
        f"{'sch delay':>10} {'run time':>10}",
        f"{'':>15} {'':>6}  {'[tid]':<30} {'(msec)':>10} {'(msec)':>10} "
        f"{'(msec)':>10}",
        f"{'-' * 15} {'-' * 6}  {'-' * 30} {'-' * 10} {'-' * 10} "
        f"{'-' * 10}"]

    def ms(v):
        return f"{v / 1000:10.3f}" if v is not None else f"{'-':>10}"

    for e in t.events:
        if e.name == "sched_wakeup":
            ready[e.int("pid")] = e.ts
            continue
        if e.name != "sched_switch":
            continue
        prev, nxt = e.int("prev_pid"), e.int("next_pid")
        pid_in, t_in, wait, delay = start.get(e.cpu, (prev, None, None,
                                                      None))
        run = e.ts - t_in if t_in is not None and pid_in == prev else None
        out.append(f"{e.ts / 1e6:15.6f} [{e.cpu:04d}]  "
                   f"{task_label(e.f.get('prev_comm', '?'), prev):<30} "
                   f"{ms(wait)} {ms(delay)} {ms(run)}")
        last_out[prev] = e.ts
        if e.f.get("prev_state") == "R":
            ready[prev] = e.ts
        r = ready.pop(nxt, None)
        lo = last_out.get(nxt)
        start[e.cpu] = (nxt, e.ts, e.ts - lo if lo is not None else None,
                        e.ts - r if r is not None else None)
    return "\n".join(out) + "\n"


def migrations(t):
    """Every migration with its cause, read from the events around it:
    the same CPU's next event about the task (a sched_wakeup: wakeup
    placement) or its next sched_balance (the balancer's pull, or its
    5-on-4 rotation when it reports pulled=0); else a push by the source
    CPU (active balance or an affinity change, balance_after_switch) or a
    move by another CPU."""
    out = lost_notice(t) + [
        f"{'time':>12}  {'task':<24} {'from':>5} -> {'to':<5} "
        f"{'by':<5} cause", f"{'-' * 12}  {'-' * 24} {'-' * 14} {'-' * 5} "
                            f"{'-' * 30}"]
    ev = t.events
    for i, e in enumerate(ev):
        if e.name != "sched_migrate":
            continue
        pid, src, dst = e.int("pid"), e.int("orig_cpu"), e.int("dest_cpu")
        cause = None
        for f in ev[i + 1:i + 40]:
            if f.cpu != e.cpu:
                continue
            if f.name == "sched_wakeup" and f.int("pid") == pid:
                cause = "wakeup placement"
                break
            if f.name == "sched_balance" and e.cpu == dst:
                what = (f"pulled {f.int('pulled')}" if f.int("pulled") > 0
                        else "rotated one")     # balance.c rotate()
                cause = (f"load balance: cpu{e.cpu} {what} from the "
                         f"busiest, cpu{f.int('busiest')} (imbalance "
                         f"{f.int('imbalance')})")
                break
            if f.name == "sched_switch":
                break
        if cause is None:
            cause = ("push by the source CPU (active balance or affinity)"
                     if e.cpu == src else f"moved by cpu{e.cpu}")
        out.append(f"{e.ts / 1e6:12.6f}  "
                   f"{task_label(e.f.get('comm', '?'), pid):<24} "
                   f"{'cpu' + str(src):>5} -> {'cpu' + str(dst):<5} "
                   f"{'cpu' + str(e.cpu):<5} {cause}")
    return "\n".join(out) + "\n"


REPORTS = {"latency": latency, "map": map_report, "timehist": timehist,
           "migrate": migrations}
