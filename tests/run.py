#!/usr/bin/env python3
"""QEMU test runner for Quanta (``make test`` calls it).

    python3 tests/run.py [--kernel build/kernel.elf]
        [--initrd build/initrd.img] [--iso-tool tools/mkiso.sh] [--jobs 2]
        [--filter SUBSTR]... [--list] [--dry-run] [--outdir build/tests]
        [--timeout-scale F]

Cases live in tests/cases.py.  Each case gets a directory under outdir with
com1.log, data.log (the 0xe9 channel), qemu.log, qemu.stderr and cmd.txt
(extra runs of a repeated case go to run2/, run3/, ...).  One line is
printed per case as it finishes (PASS/FAIL/SKIP), then ``N passed, N
failed`` (``, N skipped`` when any were).  Exit status 0 iff nothing failed.
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests"))

import qemu  # noqa: E402  tools/qemu.py
from procgroup import ProcGroups  # noqa: E402  tools/procgroup.py
import cases as casedefs  # noqa: E402  tests/cases.py

GRACE = 10          # seconds the Python timeout adds to timeout(1)'s
TAIL_LINES = 15     # lines of com1.log shown under a FAIL


class CaseError(Exception):
    """A case could not be run as intended; the message is the reason."""


PROCS = ProcGroups(CaseError)


class Context:
    """Run-wide settings shared by every case."""

    def __init__(self, args):
        self.kernel = Path(args.kernel)
        self.initrd = Path(args.initrd) if args.initrd else None
        self.iso_tool = Path(args.iso_tool)
        self.outdir = Path(args.outdir)
        self.scale = args.timeout_scale
        self.dry_run = args.dry_run
        self.tag = args.tag
        if self.initrd and not self.initrd.exists():
            if not args.dry_run and not args.list:
                print(f"run.py: warning: no initrd {self.initrd}, booting "
                      "without one", file=sys.stderr)
            self.initrd = None

    def timeout(self, case):
        """The case's timeout in seconds, scaled by --timeout-scale."""
        return case.timeout * self.scale


# ----------------------------------------------------------------- running

def read_text(path):
    """Return a file's text ('' if absent), undecodable bytes replaced."""
    try:
        return Path(path).read_bytes().decode("utf-8", "replace")
    except FileNotFoundError:
        return ""


def free_port():
    """Return a TCP port that is free now (bind to port 0)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("", 0))
        return s.getsockname()[1]


def qemu_cmd(ctx, case, rundir, iso=None, port=None, interactive=False):
    """Build the wrapped QEMU argv for one run of case into rundir."""
    cmd = qemu.build_cmd(
        ctx.kernel, initrd=ctx.initrd, cmdline=case.cmdline, cpus=case.cpus,
        profile=case.profile, smp_extra=case.smp_extra,
        com1=None if interactive else rundir / "com1.log",
        data=rundir / "data.log", qemulog=rundir / "qemu.log",
        gdb_port=port, halt=port is not None, cdrom=iso,
        monitor=interactive and case.monitor)
    return qemu.timeout_wrap(cmd, ctx.timeout(case))


def start_qemu(cmd, rundir, interactive=False):
    """Record cmd in cmd.txt and start it (stdin /dev/null unless
    interactive, when stdin and stdout are pipes to COM1)."""
    with open(rundir / "cmd.txt", "a") as f:
        f.write(shlex.join(cmd) + "\n")
    err = open(rundir / "qemu.stderr", "wb")
    try:
        if interactive:
            return PROCS.spawn(cmd, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=err)
        return PROCS.spawn(cmd, stdin=subprocess.DEVNULL, stdout=err,
                           stderr=subprocess.STDOUT)
    finally:
        err.close()


def run_batch(ctx, case, rundir, iso):
    """Boot once with COM1 to a file; return (status, problem)."""
    proc = start_qemu(qemu_cmd(ctx, case, rundir, iso), rundir)
    limit = ctx.timeout(case) + GRACE
    status, timed_out = PROCS.wait(proc, limit)
    return status, f"no exit within {limit:g}s" if timed_out else None


class Console:
    """COM1 of an interactive run: QEMU's stdout, copied to com1.log."""

    def __init__(self, proc, logpath):
        self.proc = proc
        self.log = open(logpath, "wb")
        self.buf = b""
        self.pos = 0
        self.eof = False
        self.cond = threading.Condition()
        self.thread = threading.Thread(target=self._pump, daemon=True)
        self.thread.start()

    def _pump(self):
        """Copy QEMU's stdout into the buffer and the log until EOF."""
        fd = self.proc.stdout.fileno()
        while True:
            chunk = os.read(fd, 4096)
            with self.cond:
                if chunk:
                    self.buf += chunk
                    self.log.write(chunk)
                    self.log.flush()
                else:
                    self.eof = True
                self.cond.notify_all()
            if not chunk:
                return

    def expect(self, pattern, deadline):
        """Wait for pattern after the last match; return a problem or None."""
        rx = re.compile(pattern.encode())
        with self.cond:
            while True:
                m = rx.search(self.buf, self.pos)
                if m:
                    self.pos = m.end()
                    return None
                left = deadline - time.monotonic()
                if self.eof or left <= 0:
                    why = "QEMU exited" if self.eof else "timed out"
                    return f"{why} waiting for /{pattern}/"
                self.cond.wait(left)

    def send(self, text):
        """Type text into COM1; return a problem or None."""
        try:
            self.proc.stdin.write(text.encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            return f"cannot send {text!r}: {e}"
        return None

    def close(self):
        """Close stdin, wait for the reader and close the log."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        self.thread.join(timeout=5)
        self.log.close()


def run_script(console, script, deadline):
    """Play an interactive script; return the first problem or None."""
    for action, arg in script:
        if action == "expect":
            problem = console.expect(arg, deadline)
        elif action == "send":
            problem = console.send(arg)
        elif action == "sleep":     # let the guest run (a job starts)
            time.sleep(min(float(arg), max(0.0, deadline - time.monotonic())))
            problem = None
        else:
            problem = f"bad interactive step {action!r}"
        if problem:
            return problem
    return None


def run_interactive(ctx, case, rundir, iso):
    """Boot with COM1 on pipes, play case.interactive; (status, problem)."""
    cmd = qemu_cmd(ctx, case, rundir, iso, interactive=True)
    proc = start_qemu(cmd, rundir, interactive=True)
    deadline = time.monotonic() + ctx.timeout(case) + GRACE
    console = Console(proc, rundir / "com1.log")
    try:
        problem = run_script(console, case.interactive, deadline)
        left = deadline - time.monotonic()
        if problem:  # stop now, but let an exiting QEMU report its status
            left = min(left, 5) if console.eof else 0
        status, timed_out = PROCS.wait(proc, left)
    finally:
        PROCS.kill(proc)
        console.close()
    if timed_out and not problem:
        problem = "no exit before the deadline"
    return status, "interactive: " + problem if problem else None


def run_gdb(ctx, case, rundir, iso):
    """Boot halted with a GDB stub and drive it with case.gdb.

    gdb's output becomes the "gdb" channel (gdb.log).  Returns
    (status, problem).
    """
    port = free_port()
    proc = start_qemu(qemu_cmd(ctx, case, rundir, iso, port=port), rundir)
    deadline = time.monotonic() + ctx.timeout(case) + GRACE
    script = rundir / "gdb.cmds"
    script.write_text(case.gdb.format(kernel=ctx.kernel.resolve(),
                                      port=port))
    gdb = ["gdb", "-nx", "-q", "-batch", "-x", str(script)]
    gdb = qemu.timeout_wrap(gdb, ctx.timeout(case))
    with open(rundir / "cmd.txt", "a") as f:
        f.write(shlex.join(gdb) + "\n")
    try:
        with open(rundir / "gdb.log", "wb") as log:
            g = PROCS.spawn(gdb, stdin=subprocess.DEVNULL, stdout=log,
                            stderr=subprocess.STDOUT)
        PROCS.wait(g, deadline - time.monotonic())
        # After gdb's kill QEMU exits at once; allow it a few seconds.
        left = min(deadline - time.monotonic(), 15)
        status, timed_out = PROCS.wait(proc, left)
    finally:
        PROCS.kill(proc)
    return status, "QEMU did not exit after gdb" if timed_out else None


def build_iso(ctx, case, casedir):
    """Build a GRUB ISO with tools/mkiso.sh; return its path."""
    tool = ctx.iso_tool
    if not tool.exists():
        raise CaseError(f"{tool} not found")
    iso = casedir / "quanta.iso"
    initrd = str(ctx.initrd) if ctx.initrd else ""
    argv = [str(ctx.kernel), initrd, case.cmdline, str(iso)]
    cmd = ([str(tool)] if os.access(tool, os.X_OK) else ["bash", str(tool)])
    cmd = qemu.timeout_wrap(cmd + argv, 120 * ctx.scale)
    with open(casedir / "cmd.txt", "a") as f:
        f.write(shlex.join(cmd) + "\n")
    with open(casedir / "mkiso.log", "wb") as log:
        proc = PROCS.spawn(cmd, stdin=subprocess.DEVNULL, stdout=log,
                           stderr=subprocess.STDOUT)
    status, _ = PROCS.wait(proc, 120 * ctx.scale + GRACE)
    if status != 0 or not iso.exists():
        last = read_text(casedir / "mkiso.log").strip().splitlines()
        raise CaseError(f"{tool.name} failed (status {status})"
                        + (f": {last[-1]}" if last else ""))
    return iso


def run_once(ctx, case, rundir, iso):
    """Boot case once into rundir and collect an Output."""
    rundir.mkdir(parents=True, exist_ok=True)
    if case.interactive:
        status, problem = run_interactive(ctx, case, rundir, iso)
    elif case.gdb:
        status, problem = run_gdb(ctx, case, rundir, iso)
    else:
        status, problem = run_batch(ctx, case, rundir, iso)
    extra = {"stderr": read_text(rundir / "qemu.stderr"),
             "gdb": read_text(rundir / "gdb.log")}
    out = casedefs.Output(status, read_text(rundir / "com1.log"),
                          read_text(rundir / "data.log"),
                          read_text(rundir / "qemu.log"), extra)
    out.problem = problem
    return out


# ---------------------------------------------------------------- judging

def status_ok(expected, status):
    """True if status is what the case expects (int, tuple or None)."""
    if expected is None:
        return True
    if isinstance(expected, (tuple, list, set)):
        return status in expected
    return status == expected


def hint(out):
    """A short clue from the logs for a failure reason, or ''."""
    m = re.search(r"TEST \S+: FAIL.*|.*PANIC.*", out.com1)
    if m:
        return m.group(0).strip()[:120]
    if out.status == 0 and "Triple fault" in out.qemulog:
        return "Triple fault in qemu.log"
    if not out.com1.strip():
        err = out.channel("stderr").strip().splitlines()
        return ("no COM1 output; " + err[0][:120]) if err else \
            "no COM1 output"
    return ""


def judge(case, out):
    """Return None if one run passed, else the reason it failed."""
    desc = qemu.describe_status(out.status)
    if out.status is None:
        return f"{out.problem}: hang, QEMU killed by the runner"
    if out.problem:
        return f"{out.problem}; exit status {out.status} ({desc})"
    if not status_ok(case.status, out.status):
        reason = (f"exit status {out.status} ({desc}), "
                  f"expected {case.status}")
        clue = hint(out)
        return f"{reason}; {clue}" if clue else reason
    for check in case.checks:
        problem = check(out)
        if problem:
            clue = hint(out) if not out.com1.strip() else ""
            return (f"{problem} (exit status {out.status})"
                    + (f"; {clue}" if clue else ""))
    return None


def run_case(ctx, case):
    """Run one case; return (verdict, reason, seconds, logs to show)."""
    t0 = time.monotonic()
    casedir = ctx.outdir / case.name
    missing = [t for t in case.needs if shutil.which(t) is None]
    if missing:
        return "SKIP", "missing " + ", ".join(missing), 0.0, []
    gap = casedefs.KNOWN_GAPS.get((case.name, ctx.tag))
    if gap:
        return "SKIP", "known gap: " + gap, 0.0, []
    if not ctx.kernel.exists():
        return "FAIL", f"kernel {ctx.kernel} not found", 0.0, []
    shutil.rmtree(casedir, ignore_errors=True)
    casedir.mkdir(parents=True)
    logs = []
    try:
        iso = build_iso(ctx, case, casedir) if case.iso else None
        outs = []
        for i in range(case.repeat):
            rundir = casedir if i == 0 else casedir / f"run{i + 1}"
            logs = [rundir / "com1.log"] + (
                [rundir / "gdb.log"] if case.gdb else [])
            out = run_once(ctx, case, rundir, iso)
            outs.append(out)
            reason = judge(case, out)
            if reason:
                if case.repeat > 1:
                    reason = f"run {i + 1}: {reason}"
                return "FAIL", reason, time.monotonic() - t0, logs
        if case.same_output and any(o.com1 != outs[0].com1 for o in outs):
            return ("FAIL", "COM1 logs differ between runs (diff com1.log "
                    "run2/com1.log)", time.monotonic() - t0, logs)
    except CaseError as e:
        return "FAIL", str(e), time.monotonic() - t0, logs
    return "PASS", "", time.monotonic() - t0, logs


# -------------------------------------------------------------- reporting

class Report:
    """Prints one line per finished case and keeps the tally."""

    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}

    def add(self, name, verdict, reason, secs, logs):
        """Print a case's result line (and a log tail on failure)."""
        name = REPORT_TAG[0] + name
        if verdict == "SKIP":
            line = f"SKIP  {name}: {reason}"
        elif verdict == "PASS":
            line = f"PASS  {name}  ({secs:.1f}s)"
        else:
            line = f"FAIL  {name}  ({secs:.1f}s): {reason}"
        with self.lock:
            self.counts[verdict] += 1
            print(line, flush=True)
            if verdict == "FAIL":
                for path in logs:
                    print(tail(path), end="", flush=True)

    def summary(self):
        """The final line: N passed, N failed[, N skipped]."""
        c = self.counts
        line = f"{c['PASS']} passed, {c['FAIL']} failed"
        if c["SKIP"]:
            line += f", {c['SKIP']} skipped"
        return line


REPORT_TAG = [""]


def tail(path, n=TAIL_LINES):
    """The last n lines of a log, indented, with a header line."""
    lines = read_text(path).splitlines()[-n:]
    if not lines:
        return f"    ({path}: empty or missing)\n"
    body = "".join(f"    {line}\n" for line in lines)
    return f"    --- last {len(lines)} lines of {path}\n{body}"


# -------------------------------------------------------------------- CLI

def parse_args(argv):
    """Parse the runner's command line."""
    p = argparse.ArgumentParser(description="Run Quanta's QEMU test cases.")
    p.add_argument("--kernel", default=str(ROOT / "build/kernel.elf"))
    p.add_argument("--initrd", default=str(ROOT / "build/initrd.img"),
                   help="passed when it exists ('' for none)")
    p.add_argument("--iso-tool", default=str(ROOT / "tools/mkiso.sh"))
    p.add_argument("--jobs", "-j", type=int, default=2)
    p.add_argument("--filter", action="append", default=[],
                   metavar="SUBSTR", help="run cases whose name contains "
                   "SUBSTR (repeatable: any may match)")
    p.add_argument("--list", action="store_true", help="list cases")
    p.add_argument("--dry-run", action="store_true",
                   help="print the commands each case would run")
    p.add_argument("--outdir", default=str(ROOT / "build/tests"))
    p.add_argument("--per-policy", action="store_true",
                   help="only the cases that depend on the policy")
    p.add_argument("--tag", default="",
                   help="prefix for case names in the report (the policy)")
    p.add_argument("--timeout-scale", type=float, default=1.0, metavar="F")
    return p.parse_args(argv)


def select(filters):
    """The cases whose names contain any filter (all if none)."""
    return [c for c in casedefs.CASES
            if not filters or any(f in c.name for f in filters)]


def list_cases(selected):
    """Print one line per case: name, then what it checks."""
    width = max((len(c.name) for c in selected), default=0)
    for c in selected:
        print(f"{c.name:<{width}}  {c.doc}")


def dry_run(ctx, selected):
    """Print the commands each case would run, without running them."""
    for case in selected:
        casedir = ctx.outdir / case.name
        print(f"# {case.name}: {case.doc}")
        iso = None
        if case.iso:
            iso = casedir / "quanta.iso"
            print(shlex.join([str(ctx.iso_tool), str(ctx.kernel),
                              str(ctx.initrd or ""), case.cmdline, str(iso)]))
        port = "PORT" if case.gdb else None
        for i in range(case.repeat):
            rundir = casedir if i == 0 else casedir / f"run{i + 1}"
            cmd = qemu_cmd(ctx, case, rundir, iso, port=port,
                           interactive=bool(case.interactive))
            print(shlex.join(cmd))
        if case.gdb:
            print(f"gdb -nx -q -batch -x {casedir / 'gdb.cmds'}")
        if case.needs:
            print(f"# needs: {', '.join(case.needs)}")


def run_all(ctx, selected, jobs):
    """Run cases on a thread pool, reporting in completion order."""
    report = Report()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(jobs, 1))
    try:
        futures = {pool.submit(run_case, ctx, c): c for c in selected}
        for fut in concurrent.futures.as_completed(futures):
            case = futures[fut]
            try:
                verdict, reason, secs, logs = fut.result()
            except Exception as e:  # a runner bug must not pass a case
                verdict, reason, secs, logs = "FAIL", f"runner error: {e!r}", \
                    0.0, []
            report.add(case.name, verdict, reason, secs, logs)
    except KeyboardInterrupt:
        PROCS.kill_all()
        pool.shutdown(wait=True, cancel_futures=True)
        print("interrupted", file=sys.stderr)
        raise
    finally:
        PROCS.kill_all()
        pool.shutdown(wait=True, cancel_futures=True)
    print(report.summary(), flush=True)
    return 0 if report.counts["FAIL"] == 0 else 1


def on_sigterm(signum, frame):
    """Turn SIGTERM into KeyboardInterrupt so QEMU groups get killed."""
    raise KeyboardInterrupt


def main(argv=None):
    """Entry point; returns the exit status."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    selected = select(args.filter)
    if args.per_policy:
        selected = [c for c in selected if casedefs.per_policy(c)]
    if args.tag:
        REPORT_TAG[0] = f"[{args.tag}] "
    if args.list:
        list_cases(selected)
        return 0
    ctx = Context(args)
    if args.dry_run:
        dry_run(ctx, selected)
        return 0
    if not selected:
        print("run.py: no case matches the filter", file=sys.stderr)
    signal.signal(signal.SIGTERM, on_sigterm)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return run_all(ctx, selected, args.jobs)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
