#!/usr/bin/env python3
"""make lab: run a seed experiment's matrix of kernels in QEMU.

    python3 tools/lab/lab.py --list
    python3 tools/lab/lab.py --build build --exp seed002 [--quick]
        [--peer linux] [--profile det|real] [--reps N] [--jobs N] [--fresh]
        [--rows 'rsdl:rsdl_rr_interval_ms=24 ...'] [--set 'name=value,...']
        [--only SUBSTR,...] [--smp 1,4]

Each experiment (experiments.py) is a list of kernel variants (rows), a
workload and the -smp values to run it at.  Every (row, -smp, repetition)
is one QEMU boot: Quanta's kernel-<policy>.elf with the row's
sched.<tunable>= and hz= words and the workload as init (a single program
directly, several through /bin/sh -c), or the Linux peer
(linux_peer.py) for the "Linux" rows when --peer linux is given.

Every finished run is stored as $B/lab/<exp>/runs/<key>.json, where key is
a hash of everything that defines the run (workload, policy, tunables, hz,
CPUs, profile, repetition, and the kernel and initrd contents), so an
interrupted experiment resumes where it stopped; failed runs are retried;
--fresh reruns everything.  The tables go to stdout and
$B/lab/<exp>/table.txt, plus table.csv, runs.csv, results.json and one SVG
chart per -smp value (report.py).  Progress and a time-left estimate go to
stderr.  Exit status: 0 if every run succeeded, 1 if any failed, 2 for a
usage error, 130 when interrupted.
"""

import argparse
import concurrent.futures
import copy
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))

import qemu  # noqa: E402  tools/qemu.py
from policies import policies  # noqa: E402  tools/policies.py
from procgroup import ProcGroups  # noqa: E402  tools/procgroup.py
import report  # noqa: E402
from experiments import EXPERIMENTS, GROUPS, Row  # noqa: E402

POLICIES = policies()
GRACE = 15          # seconds Python waits beyond timeout(1)'s limit

# Console lines by which the kernel rejects a command-line word.
BAD_PARAM = re.compile(r"(tunable: no tunable named '[^']*'"
                       r"|cmdline: \S+ rejected[^\n]*"
                       r"|cmdline: unknown parameter '[^']*')")


class UsageError(Exception):
    """A bad command line (exit status 2)."""


# --------------------------------------------------------------------------
# Tunables: which exist and which policy owns them


def known_tunables():
    """{tunable name: owning policy, or None for core/balance ones}."""
    out = {}
    sched = os.path.join(ROOT, "kernel", "sched")
    for fn in sorted(os.listdir(sched)):
        if not fn.endswith(".c"):
            continue
        owner = fn[:-2] if fn[:-2] in POLICIES else None
        with open(os.path.join(sched, fn)) as f:
            for name in re.findall(r'TUNABLE\("([a-z0-9_]+)"', f.read()):
                out[name] = owner
    return out


def parse_assignments(text, tunables, where):
    """'a=1,b=2' -> {"a": 1, "b": 2}; hz goes along as "hz"."""
    out = {}
    for item in filter(None, re.split(r"[,\s]+", text)):
        name, sep, value = item.partition("=")
        if not sep or not re.fullmatch(r"-?\d+", value):
            raise UsageError(f"{where}: '{item}' is not name=integer")
        if name != "hz" and name not in tunables:
            raise UsageError(f"{where}: no tunable '{name}' (known: "
                             f"{', '.join(sorted(tunables))}, hz)")
        out[name] = int(value)
    return out


def parse_rows(text, tunables):
    """ROWS: space-separated 'policy[:name=value,...]' -> [Row]."""
    rows = []
    for spec in text.split():
        policy, _, assigns = spec.partition(":")
        if policy not in POLICIES + ("linux",):
            raise UsageError(f"ROWS: '{policy}' is not a policy "
                             f"({' '.join(POLICIES)} linux)")
        tun = parse_assignments(assigns, tunables, "ROWS")
        hz = tun.pop("hz", None)
        label = policy + "".join(f" {k}={v}" for k, v in tun.items())
        if hz:
            label += f" hz={hz}"
        rows.append(Row(label, policy, tun, hz, note="ad hoc", quick=True))
    return rows


def apply_set(rows, text, tunables):
    """SET: '[policy:]name=value,...' added to the rows it applies to.

    Without a policy prefix a tunable goes to the rows of the policy that
    owns it (core and balancer tunables, and hz, to every Quanta row).
    """
    out = []
    groups = [g for g in text.split() if g]
    for row in rows:
        row = copy.deepcopy(row)
        for g in groups:
            only, _, assigns = g.rpartition(":")
            if only and only not in POLICIES:
                raise UsageError(f"SET: '{only}' is not a policy")
            for name, value in parse_assignments(assigns, tunables,
                                                 "SET").items():
                if row.is_peer or (only and row.policy != only):
                    continue
                owner = tunables.get(name)
                if name == "hz":
                    row.hz = value
                elif owner is None or owner == row.policy:
                    row.tunables[name] = value
        out.append(row)
    return out


# --------------------------------------------------------------------------
# Workloads


# The shell's builtins a workload may use; linux_init.c has them too.
BUILTINS = ("cd", "wait")


def absolutize(workload):
    """Give every command of a workload its /bin/ path.

    Programs like kbuild use argv[0] to find themselves, so they must be
    started by path on both kernels.  Returns (text, commands) where
    commands is the list of argv lists.
    """
    if "'" in workload or '"' in workload:
        raise UsageError(f"workload may not contain quotes: {workload}")
    parts = re.split(r"\s*([;&])\s*", workload.strip())
    out, cmds = [], []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(f" {part} ")
            continue
        words = part.split()
        if not words:
            continue
        j = 0                                   # skip the prefixes
        while j < len(words):
            if words[j] == "nice":
                j += 3 if j + 1 < len(words) and words[j + 1] == "-n" else 1
            elif words[j] == "taskset":
                j += 2
            else:
                break
        if (j < len(words) and "/" not in words[j]
                and words[j] not in BUILTINS):
            words[j] = "/bin/" + words[j]
        cmds.append(words)
        out.append(" ".join(words))
    return "".join(out).strip(), cmds


def quanta_cmdline(row, workload):
    """Kernel command line for a row and a workload (README.md)."""
    words = ["quiet"]
    if row.hz:
        words.append(f"hz={row.hz}")
    words += [f"sched.{k}={v}" for k, v in row.tunables.items()]
    words += list(row.words)
    text, cmds = absolutize(workload)
    simple = (len(cmds) == 1 and not re.search(r"[;&]", text)
              and cmds[0][0].startswith("/"))
    if simple:
        words.append(f"init={cmds[0][0]}")
        if len(cmds[0]) > 1:
            words += ["--"] + cmds[0][1:]
    else:
        # sh -c runs the line and exits with the last command's status,
        # without waiting for background jobs: the workloads put the
        # command that must finish last in the foreground, or end with
        # "wait".
        words += ["init=/bin/sh", "--", "-c", f"'{text}'"]
    return " ".join(words)


# --------------------------------------------------------------------------
# Planning


def file_digest(path, cache={}):
    """sha256 of a file (memoised by path, size and mtime), or None."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    k = (path, st.st_size, st.st_mtime_ns)
    if k not in cache:
        h = hashlib.sha256()
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        cache[k] = h.hexdigest()
    return cache[k]


def show_path(path):
    """path relative to the repository when inside it, else absolute."""
    rel = os.path.relpath(path, ROOT)
    return path if rel.startswith("..") else rel


def slug(text):
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()


def plan(exp, args, tunables):
    """The experiment's rows and the list of run specs (dicts)."""
    # QUICK keeps the rows marked quick, and the Linux rows when asked for.
    if args.peer == "linux":
        rows = [r for r in exp.rows if r.quick or r.is_peer or not args.quick]
    else:
        rows = [r for r in exp.rows
                if (r.quick or not args.quick) and not r.is_peer]
    if args.rows:
        rows += parse_rows(args.rows, tunables)
    if args.only:
        subs = [s.lower() for s in args.only.split(",") if s]
        rows = [r for r in rows if any(s in r.label.lower() for s in subs)]
    if args.set:
        rows = apply_set(rows, args.set, tunables)
    rows = ([r for r in rows if not r.is_peer]       # Linux last
            + [r for r in rows if r.is_peer])
    if not rows:
        raise UsageError(f"{exp.name}: no rows left to run")

    q = exp.quick if args.quick else {}
    workload = q.get("workload", exp.workload)
    cpus_list = args.smp or q.get("cpus", exp.cpus)
    timeout = q.get("timeout", exp.timeout)
    specs = []
    for cpus in cpus_list:
        for row in rows:
            profile = args.profile or exp.profile
            if row.is_peer and cpus > 1:
                profile = "real"    # Linux in det needs minutes per boot
            if args.reps:
                reps = args.reps
            elif args.quick:
                reps = 1
            elif profile == exp.profile and exp.reps:
                reps = exp.reps
            else:
                reps = 1 if profile == "det" else 3
            for rep in range(1, reps + 1):
                specs.append({"exp": exp.name, "row": row.label,
                              "policy": row.policy,
                              "tunables": dict(row.tunables), "hz": row.hz,
                              "cpus": cpus, "profile": profile, "rep": rep,
                              "workload": workload, "timeout": timeout,
                              "initrd": exp.initrd, "_row": row})
    return rows, specs


def run_key(spec, build, peer_id):
    """Hash of everything that defines a run's outcome."""
    ident = {k: spec[k] for k in ("policy", "tunables", "hz", "cpus",
                                  "profile", "rep", "workload")}
    if spec["policy"] == "linux":
        ident["peer"] = peer_id
    else:
        ident["kernel"] = file_digest(
            os.path.join(build, f"kernel-{spec['policy']}.elf"))
        ident["initrd"] = file_digest(os.path.join(build, spec["initrd"]))
    blob = json.dumps(ident, sort_keys=True).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


# --------------------------------------------------------------------------
# Running


# The QEMU process groups this lab started, to stop them on Ctrl-C.
PROCS = ProcGroups(lambda msg: KeyboardInterrupt(msg))


def judge_console(spec, status_reason, text, needs):
    """The reason a run failed, or "" when it succeeded."""
    if status_reason:
        return status_reason
    bad = BAD_PARAM.search(text)
    if bad and spec["policy"] != "linux":
        return f"bad parameter: {bad.group(1)}"
    results, _ = report.parse_results(text)
    missing_bench = sorted({b for b, _ in needs if b not in results})
    if missing_bench:
        return "missing RESULT bench=" + ",".join(missing_bench)
    missing = [f"{b}.{k}" for b, k in needs if k not in results[b]]
    if missing:
        return "missing key " + ",".join(missing)
    return ""


def run_quanta(spec, build, log):
    """Boot Quanta once; return (status reason or "", console text)."""
    kernel = os.path.join(build, f"kernel-{spec['policy']}.elf")
    initrd = os.path.join(build, spec["initrd"])
    for f in (kernel, initrd):
        if not os.path.exists(f):
            return f"{show_path(f)} missing (make kernels initrd)", ""
    cmdline = quanta_cmdline(spec["_row"], spec["workload"])
    if os.path.exists(log):
        os.unlink(log)
    cmd = qemu.build_cmd(kernel, initrd=initrd, cmdline=cmdline,
                         cpus=spec["cpus"], profile=spec["profile"],
                         com1=log)
    cmd = qemu.timeout_wrap(cmd, spec["timeout"])
    with open(log + ".qemu", "w") as out:
        out.write(" ".join(cmd) + "\n")
        out.flush()
        p = PROCS.spawn(cmd, stdin=subprocess.DEVNULL, stdout=out,
                        stderr=subprocess.STDOUT)
        rc, timed_out = PROCS.wait(p, spec["timeout"] + GRACE)
        if timed_out:
            rc = -signal.SIGKILL
    try:
        with open(log, errors="replace") as f:
            text = f.read()
    except OSError:
        text = ""
    if PROCS.closed:
        raise KeyboardInterrupt
    if rc == 1:
        return "", text
    if rc & 1 and rc > 0:
        v = rc >> 1
        if v == qemu.EXIT_PANIC:
            return "kernel panic", text
        return f"init exit status {v}", text
    if rc in (124, 137) or rc < 0:
        return f"timeout {spec['timeout']:g} s", text
    if rc == 0:
        return "triple fault", text
    return f"qemu status {rc}", text


class Peer:
    """Lazy access to linux_peer.py (only with --peer linux)."""

    def __init__(self, build):
        self.cache = os.path.join(build, "linux-peer")
        self.mod = None
        self.ident = None
        self.error = None

    def prepare(self):
        """Import and ensure() once; remember a PeerError's message."""
        if self.mod or self.error:
            return
        try:
            import linux_peer
            self.mod = linux_peer
        except ImportError as e:
            self.error = f"linux_peer.py: {e}"
            return
        try:
            info = linux_peer.ensure(self.cache)
            self.ident = {"version": info.get("version"),
                          "kernel": file_digest(info.get("kernel", "")),
                          "initrd": file_digest(info.get("initrd", ""))}
        except linux_peer.PeerError as e:
            self.error = f"peer: {e}"
        except Exception as e:      # a bug there must not stop the rows
            self.error = f"peer: {type(e).__name__}: {e}"

    def describe(self):
        try:
            return self.mod.describe() if self.mod else ""
        except Exception:
            return ""

    def run(self, spec, log):
        if self.error:
            return self.error, ""
        text, _ = absolutize(spec["workload"])
        try:
            v, console = self.mod.run(text, spec["cpus"], spec["profile"],
                                      spec["timeout"] * 2 + 120,
                                      cache_dir=self.cache, log=log)
        except self.mod.PeerError as e:
            return f"peer: {e}", ""
        if not os.path.exists(log):
            with open(log, "w") as f:
                f.write(console)
        if PROCS.closed:
            raise KeyboardInterrupt
        reasons = {-1: "timeout", -2: "Linux crashed", -3: "qemu failed"}
        if v < 0:
            return reasons.get(v, f"peer status {v}"), console
        if v:
            return f"workload exit status {v}", console
        return "", console


class Progress:
    """One stderr line per finished run, with a time-left estimate."""

    def __init__(self, name, total, est_s, jobs):
        self.name, self.total, self.est, self.jobs = name, total, est_s, jobs
        self.done = 0
        self.times = {}             # group -> wall seconds of runs made
        self.lock = threading.Lock()
        self.t0 = time.time()

    @staticmethod
    def group(spec):
        return "real" if spec["profile"] == "real" else "det"

    def estimate(self, pending):
        """Seconds left for the specs not yet finished."""
        left = 0.0
        for s in pending:
            g = self.group(s)
            ts = self.times.get(g)
            per = sum(ts) / len(ts) if ts else self.est
            left += per / (self.jobs if g == "det" else 1)
        return left

    def start(self, spec, pending):
        """Say which run is starting, as run N of M."""
        with self.lock:
            self.started = getattr(self, "started", self.done) + 1
            print(f"lab {self.name}: run {self.started}/{self.total} "
                  f"starting: {spec['row']} -smp {spec['cpus']} "
                  f"{spec['profile']} rep {spec['rep']}; "
                  f"~{fmt_secs(self.estimate(pending))} left",
                  file=sys.stderr, flush=True)

    def note(self, spec, rec, pending, cached=False):
        with self.lock:
            self.done += 1
            if not cached:
                self.times.setdefault(self.group(spec), []).append(
                    rec["wall_s"])
            left = self.estimate(pending)
            what = "cached" if cached else f"{rec['wall_s']:.1f} s"
            verdict = "ok" if rec["ok"] else f"FAILED ({rec['reason']})"
            print(f"lab {self.name}: done {self.done}/{self.total} "
                  f"{spec['row']} -smp {spec['cpus']} {spec['profile']} "
                  f"rep {spec['rep']}: {verdict} [{what}]; "
                  f"~{fmt_secs(left)} left", file=sys.stderr, flush=True)


def fmt_secs(s):
    s = int(round(s))
    return f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s"


def execute(spec, build, outdir, needs, peer):
    """Run one spec; store and return its record."""
    key = spec["key"]
    log = os.path.join(outdir, "logs",
                       f"{slug(spec['row'])}-smp{spec['cpus']}-"
                       f"{spec['profile']}-r{spec['rep']}-{key[:8]}.log")
    t0 = time.time()
    if spec["policy"] == "linux":
        reason, text = peer.run(spec, log)
    else:
        reason, text = run_quanta(spec, build, log)
    reason = judge_console(spec, reason, text, needs)
    results, lines = report.parse_results(text)
    rec = {k: v for k, v in spec.items() if not k.startswith("_")}
    rec.update({"ok": not reason, "reason": reason, "results": results,
                "result_lines": lines, "log": show_path(log),
                "wall_s": time.time() - t0, "finished": time.time()})
    if spec["policy"] != "linux":
        rec["cmdline"] = quanta_cmdline(spec["_row"], spec["workload"])
    path = os.path.join(outdir, "runs", f"{key}.json")
    with open(path + ".tmp", "w") as f:
        json.dump(rec, f, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)
    return rec


def load_stored(outdir, key):
    """A stored successful run, or None."""
    try:
        with open(os.path.join(outdir, "runs", f"{key}.json")) as f:
            rec = json.load(f)
    except (OSError, ValueError):
        return None
    return rec if rec.get("ok") else None


def run_experiment(exp, args, tunables):
    """Run (or resume) one experiment; print its tables; True if all ok."""
    rows, specs = plan(exp, args, tunables)
    outdir = os.path.join(args.build, "lab", exp.name)
    os.makedirs(os.path.join(outdir, "runs"), exist_ok=True)
    os.makedirs(os.path.join(outdir, "logs"), exist_ok=True)

    peer = Peer(args.build)
    if any(s["policy"] == "linux" for s in specs):
        print(f"lab {exp.name}: preparing the Linux peer...",
              file=sys.stderr, flush=True)
        peer.prepare()
    for s in specs:
        s["key"] = run_key(s, args.build, peer.ident)

    needs = exp.needs()
    q = exp.quick if args.quick else {}
    progress = Progress(exp.name, len(specs), q.get("est_s", exp.est_s),
                        args.jobs)
    records, todo = {}, []
    for s in specs:
        rec = None if args.fresh else load_stored(outdir, s["key"])
        if rec:
            rec["row"] = s["row"]       # labels may have been renamed
            records[s["key"]] = rec
        else:
            todo.append(s)
    for s in specs:
        if s["key"] in records:
            progress.note(s, records[s["key"]], todo, cached=True)

    # det runs (one vCPU thread each) share the cores, JOBS at a time;
    # real runs measure wall-clock time, so they run alone afterwards.
    det = [s for s in todo if s["profile"] == "det"]
    real = [s for s in todo if s["profile"] != "det"]
    pending = list(todo)
    lock = threading.Lock()

    def one(s):
        with lock:
            progress.start(s, pending)
        rec = execute(s, args.build, outdir, needs, peer)
        with lock:
            records[s["key"]] = rec
            pending.remove(s)
            progress.note(s, rec, pending)

    pool = concurrent.futures.ThreadPoolExecutor(max(1, args.jobs))
    try:
        futs = [pool.submit(one, s) for s in det]
        for f in concurrent.futures.as_completed(futs):
            f.result()
        for s in real:
            one(s)
    except KeyboardInterrupt:
        PROCS.kill_all()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()

    runs = [records[s["key"]] for s in specs if s["key"] in records]
    extra = [f"Workload: {specs[0]['workload']}"
             f"{' (QUICK)' if args.quick else ''}; logs and data in "
             f"{show_path(outdir)}/"]
    if args.set:
        extra.append(f"SET applied: {args.set}")
    if any(s["policy"] == "linux" for s in specs):
        d = peer.describe() or peer.error or "Linux peer"
        extra.append(f"Linux row: {d}; -smp > 1 in the real profile.")
    reps = max(s["rep"] for s in specs)
    meta = {"quick": bool(args.quick), "set": args.set, "rows": args.rows,
            "only": args.only, "build": args.build, "reps": reps,
            "generated": time.strftime("%Y-%m-%d %H:%M:%S"),
            "wall_s": time.time() - progress.t0}
    text = report.write_all(outdir, exp, rows, runs, reps, meta, extra)
    print(text, flush=True)
    return all(r["ok"] for r in runs)


# --------------------------------------------------------------------------
# Command line


USAGE = """\
usage: make lab EXP=<name>|all [QUICK=1] [PEER=linux] [PROFILE=det|real]
                [REPS=N] [JOBS=N] [FRESH=1] [SMP=1,4] [ONLY=substr,...]
                [ROWS='policy:name=value,... ...'] [SET='[policy:]name=value,...']
       python3 tools/lab/lab.py --list
Outputs go to $(B)/lab/<exp>/ (table.txt, table.csv, runs.csv, results.json,
<exp>-smpN.svg, runs/, logs/).  See docs/labs/README.md.
"""


def list_experiments():
    lines = [USAGE, "experiments:"]
    for e in EXPERIMENTS.values():
        lines.append(f"  {e.name}  {e.title}")
        lines.append(f"           {len(e.rows)} rows, '{e.workload}' at "
                     f"-smp {','.join(map(str, e.cpus))}, {e.profile}; "
                     f"QUICK: '{e.quick.get('workload', e.workload)}'")
    lines.append("  all      every experiment in turn (realbench only by name: it needs their sources)")
    return "\n".join(lines)


def parse_args(argv):
    p = argparse.ArgumentParser(description="Run Quanta's seed experiments.",
                                usage=USAGE)
    p.add_argument("--list", action="store_true")
    p.add_argument("--exp", default="")
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--quick", action="store_true")
    p.add_argument("--peer", default="", help="'linux' adds the Linux rows")
    p.add_argument("--profile", default="", choices=["", "det", "real"])
    p.add_argument("--reps", type=int, default=0)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--fresh", action="store_true")
    p.add_argument("--rows", default="")
    p.add_argument("--set", default="")
    p.add_argument("--only", default="")
    p.add_argument("--smp", default="")
    a = p.parse_args(argv)
    a.build = os.path.abspath(a.build)
    if a.peer not in ("", "linux"):
        p.error("--peer takes 'linux'")
    try:
        a.smp = [int(x) for x in a.smp.split(",") if x]
    except ValueError:
        p.error("--smp takes numbers, e.g. 1,4")
    return a


def print_walls(walls, total):
    """Wall time of each experiment (stored runs cost nothing), the
    largest first, and the total: where a make lab EXP=all goes."""
    if len(walls) < 2:
        return
    print("lab: wall time per experiment:", file=sys.stderr)
    for n, w in sorted(walls, key=lambda x: -x[1]):
        share = w / total * 100 if total > 0 else 0.0
        print(f"  {n:12} {fmt_secs(w):>10} {share:5.1f} %", file=sys.stderr)
    print(f"  {'total':12} {fmt_secs(total):>10}", file=sys.stderr)


def on_sigterm(signum, frame):
    """Stop like Ctrl-C: kill our QEMUs, keep the finished runs."""
    raise KeyboardInterrupt


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.list or not args.exp:
        print(list_experiments())
        return 0
    names = ([n for n, e in EXPERIMENTS.items() if e.in_all]
             if args.exp == "all" else args.exp.split(","))
    names = [m for n in names for m in GROUPS.get(n, (n,))]
    names = [n for i, n in enumerate(names) if n not in names[:i]]
    unknown = [n for n in names if n not in EXPERIMENTS]
    if unknown:
        print(f"lab: no experiment {', '.join(unknown)}\n", file=sys.stderr)
        print(list_experiments(), file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, on_sigterm)
    tunables = known_tunables()
    ok = True
    t0 = time.time()
    walls = []
    try:
        for n in names:
            t = time.time()
            ok &= run_experiment(EXPERIMENTS[n], args, tunables)
            walls.append((n, time.time() - t))
    except UsageError as e:
        print(f"lab: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("lab: interrupted; finished runs are kept, run again to "
              "resume", file=sys.stderr)
        return 130
    print_walls(walls, time.time() - t0)
    print(f"lab: {'all runs succeeded' if ok else 'SOME RUNS FAILED'} "
          f"({fmt_secs(time.time() - t0)})", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
