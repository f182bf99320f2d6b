#!/usr/bin/env python3
"""bench - Quanta's own performance figures (``make bench``).

Five parts, each selectable with ``--parts`` (``make bench BENCH=...``):

pingpong  user/bench/pingpong -s N at -smp 1, det profile: virtual ns per
          pipe round trip (two wakeups and two context switches), against
          Linux 6.1 in the same QEMU profile.  Target: 1/10 of Linux.
pipe      seed 000's test, pipe_ctxsw 1048576 at -smp 1, det: virtual
          seconds for 1M one-byte writes to a reader.  Target: 1/5 of Linux.
boot      wall seconds from starting QEMU (real profile, -smp 4) to the
          first line a user program prints (init=/bin/echo MARKER), median
          of 5.  Target: under 0.5 s.
sched     the host harness (tests/host/bench.c) under callgrind: guest-
          independent instruction counts per scheduler operation for each
          policy at 10, 100, 1,000 and 10,000 runnable tasks (QUICK: 10
          and 100).  Targets: flat (within 2 %) for rr, o1, staircase,
          rsdl; logarithmic for cfs and eevdf, and eevdf's growth per
          tenfold at most twice cfs's.
timer     user/bench/timer_latency at -smp 1, det, nothing else running:
          how late a 1 ms periodic wakeup comes (cyclictest's measurement),
          mean, p99 and max, for clock_nanosleep to an absolute point
          (cyclictest -n), a relative clock_nanosleep, and a periodic POSIX
          timer with sigwait.  Target: p99 under 50 us for the first.

Linux's figures: with --peer linux every one is measured live on the lab's
Linux peer (tools/lab/linux_peer.py: Debian's stock i386 kernel, the same
benchmark sources against glibc, the same QEMU profile); a peer that cannot
be prepared fails the part with the reason.  Without it they are the
reference figures below, each labelled "reference, measured DATE (commit)".

xv6's figures (pingpong and pipe): with --peer xv6 (or linux,xv6) and
--xv6 DIR, xv6-public's kernel is built from the sources in DIR with the
project's programs for xv6 (tools/xv6/) and run in the same det profile
at -smp 1; without DIR the xv6 column says why it is empty.

--quick runs every part with tiny parameters (a smoke test of the whole
path that make test runs: its figures are not comparable with full runs).

A benchmark reports; it does not judge the kernel.  The exit status is 1
only if a run itself failed (QEMU status, no RESULT line, valgrind error).
Everything goes to the JSON file given with --out.

    tools/bench.py --kernel build/kernel.elf --initrd build/initrd.img \\
        --hostdir build/host --out build/bench.json [--parts pingpong,boot]
        [--policies "cfs rr"] [--peer linux]
"""

import argparse
import datetime
import glob
import json
import math
import os
import re
import selectors
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import qemu  # noqa: E402

PARTS = ("pingpong", "pipe", "boot", "sched", "timer")

# Linux 6.1 (Debian i386) measured with the peer when make bench was
# written: pingpong and the pipe test in det (icount shift=4: 16 ns per guest
# instruction), the boot in real, same QEMU, same benchmark sources against
# glibc.  Used, and labelled as such, unless --peer linux measures them live.
REF_MEASURED = "2026-11-30"
REF_COMMIT = "7364c29"
LINUX_REF = {
    "pingpong_rtt_ns": 275000.0,    # about 17,000 guest instructions
    "pipe_elapsed_s": 47.5,         # 1,048,576 writes
    "boot_s": 5.6,                  # real profile, to init's first line
}
XV6_BOOT_S = 0.4                    # xv6 to its shell, same QEMU (by hand)
REF_LABEL = (f"reference, measured {REF_MEASURED} (commit {REF_COMMIT}), "
             f"Linux 6.1")
LIVE_LABEL = "measured live (PEER=linux)"
XV6_LABEL = "xv6-public measured live (PEER=xv6)"

PINGPONG_ROUNDS = 20000             # about 2 s virtual, a few s of wall
PIPE_WRITES = 1048576               # seed 000: fixed by the seed
BOOT_RUNS = 5
BOOT_MARKER = "QUANTA-USER-UP"
SCHED_TASKS = (10, 100, 1000, 10000)
SCHED_ITERATIONS = 5000             # measured, and at least 2 per task;
                                    # warm-up as long (tests/host/bench.c)
TIMER_SAMPLES = 2000                # 2 s of virtual time per mode
TIMER_TARGET_US = 50.0              # p99 of the absolute sleep
# --quick: the whole path in seconds
QUICK = {"pingpong_rounds": 2000, "pipe_writes": 20000, "boot_runs": 1,
         "sched_iterations": 200, "sched_tasks": (10, 100),
         "timer_samples": 100}
SCHED_OPS = ("yield", "sleep_wake", "tick")
FLAT_POLICIES = ("rr", "o1", "staircase", "rsdl")
LOG_POLICIES = ("cfs", "eevdf")

RESULT_RE = re.compile(r"^RESULT bench=(\S+)(.*)$", re.M)
STAMP_RE = re.compile(r"^\[\s*(\d+\.\d+)\] cpu\d+: (.*)$")


class RunError(Exception):
    """A run itself failed: the figure is missing, not merely slow."""


# ---------------------------------------------------------------- helpers

def parse_results(text):
    """Every ``RESULT bench=name k=v ...`` line of text as (name, dict)."""
    out = []
    for m in RESULT_RE.finditer(text):
        kv = dict(w.split("=", 1) for w in m.group(2).split() if "=" in w)
        out.append((m.group(1), kv))
    return out


def find_result(text, bench, what):
    """The key=value dict of the first RESULT line of bench, or RunError."""
    for name, kv in parse_results(text):
        if name == bench:
            return kv
    tail = "\n".join(text.splitlines()[-5:])
    raise RunError(f"{what}: no 'RESULT bench={bench}' line; console ends:"
                   f"\n{tail}")


def check_status(rc, what):
    """QEMU's status must say init exited with 0 (docs/architecture.md,
    section 4.4)."""
    if rc != 1:
        raise RunError(f"{what}: QEMU status {rc}: "
                       f"{qemu.describe_status(rc)}")


def run_det(kernel, initrd, cmdline, timeout, bench):
    """Boot in the det profile at -smp 1; return (RESULT dict of bench,
    COM1 text).  QEMU's own errors also exit with status 1 (the same as
    "init exited 0"), so a missing RESULT line reports QEMU's stderr."""
    cmd = qemu.build_cmd(kernel, initrd=initrd, cmdline=cmdline, cpus=1,
                         profile="det")
    proc = subprocess.run(qemu.timeout_wrap(cmd, timeout),
                          stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, errors="replace")
    check_status(proc.returncode, cmdline)
    try:
        return find_result(proc.stdout, bench, cmdline), proc.stdout
    except RunError as e:
        raise RunError(f"{e}\nqemu: {proc.stderr.strip()[-300:]}") from None


def git_info():
    """(commit, dirty) of the tree, or ("unknown", None) outside git."""
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT,
                              capture_output=True, text=True, check=True)
        st = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT,
                            capture_output=True, text=True, check=True)
        return head.stdout.strip(), bool(st.stdout.strip())
    except (OSError, subprocess.CalledProcessError):
        return "unknown", None


def qemu_version():
    """First line of ``qemu-system-i386 --version``."""
    try:
        out = subprocess.run([qemu.QEMU, "--version"], capture_output=True,
                             text=True, timeout=20).stdout
        return out.splitlines()[0] if out else "unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def kernel_policy(console):
    """The policy the kernel reports at boot ("sched: policy cfs")."""
    m = re.search(r"sched: policy (\S+)", console)
    return m.group(1) if m else "unknown"


def figure(name, value, unit, target, met, **details):
    """One row of the report: a figure, its target and whether it is met."""
    row = {"name": name, "value": value, "unit": unit, "target": target,
           "met": met}
    row.update(details)
    return row


# ----------------------------------------------------- the Linux reference

def linux_peer():
    """The lab's peer module, its kernel and initramfs prepared (ensure():
    fetched and built on first use), or RunError with the reason."""
    try:
        sys.path.insert(0, os.path.join(ROOT, "tools", "lab"))
        import linux_peer as peer  # noqa: E402
        peer.ensure()
    except Exception as e:  # noqa: BLE001: PeerError, OSError, ...
        raise RunError(f"PEER=linux: the Linux peer could not be prepared: "
                       f"{e}") from None
    return peer


def linux_live(args, workload, timeout):
    """Run workload (e.g. "pingpong -s 20000") on the Linux peer at -smp 1,
    det; return its RESULT dict, or None without --peer linux.  A failed
    run is a RunError: a live figure is never replaced by a reference."""
    if "linux" not in args.peers:
        return None
    peer = linux_peer()
    v, text = peer.run(workload, 1, "det", timeout)
    if v != 0:
        tail = "\n".join(text.splitlines()[-5:])
        raise RunError(f"Linux peer: {workload} exited {v}:\n{tail}")
    bench = workload.split()[0].rsplit("/", 1)[-1]
    return find_result(text, bench, f"Linux peer: {workload}")


def xv6_live(args, workload, timeout):
    """Run workload ("pingpong 20000") on xv6 at -smp 1, det; return
    (RESULT dict or None, label).  (None, None) without --peer xv6;
    (None, why) when no xv6 sources were given; a failed build or run is
    a RunError."""
    if "xv6" not in args.peers:
        return None, None
    if not args.xv6 or not os.path.isdir(args.xv6):
        return None, (f"xv6: skipped, no xv6-public sources at "
                      f"{args.xv6 or '(no XV6=DIR)'} (tools/xv6/fetch.sh)")
    sys.path.insert(0, os.path.join(ROOT, "tools", "xv6"))
    import xv6_peer  # noqa: E402
    try:
        text = xv6_peer.run(args.xv6, os.path.join(os.path.dirname(
            os.path.abspath(args.out)), "xv6-peer"), workload, timeout)
    except xv6_peer.Xv6Error as e:
        raise RunError(str(e)) from None
    bench = workload.split()[0]
    return find_result(text, bench, f"xv6: {workload}"), XV6_LABEL


def xv6_fields(value, xv6_value, label):
    """The xv6 entries of a figure: its value, Quanta's ratio to it, and
    where it comes from; none without --peer xv6."""
    if label is None:
        return {}
    return {"xv6": xv6_value, "xv6_source": label,
            "ratio_to_xv6": round(value / xv6_value, 4) if xv6_value
            else None}


# ----------------------------------------------------------------- parts

def bench_pingpong(args):
    """Virtual ns per pipe round trip, both tasks on CPU 0."""
    n = args.pingpong_rounds
    kv, console = run_det(args.kernel, args.initrd,
                          f"init=/bin/pingpong -- -s {n}", args.timeout,
                          "pingpong")
    rtt = float(kv["rtt_ns"])
    linux, source = LINUX_REF["pingpong_rtt_ns"], REF_LABEL
    live = linux_live(args, f"pingpong -s {n}", args.timeout)
    if live:
        linux, source = float(live["rtt_ns"]), LIVE_LABEL
    ratio = rtt / linux
    xv6, xv6_src = xv6_live(args, f"pingpong {n}", args.timeout)
    xv6 = float(xv6["rtt_ns"]) if xv6 else None
    return [figure("pingpong round trip", rtt, "ns (virtual)",
                   f"<= 1/10 of Linux ({linux / 10:.0f} ns)", ratio <= 0.1,
                   ratio_to_linux=round(ratio, 4), linux_ns=linux,
                   linux_source=source, round_trips=int(kv["round_trips"]),
                   instructions=round(rtt / 16), policy=kernel_policy(console),
                   xv6_instructions=round(xv6 / 16) if xv6 else None,
                   **xv6_fields(rtt, xv6, xv6_src),
                   setup="-smp 1, det (icount shift=4: 16 ns/instruction), "
                         "pingpong -s")]


def bench_pipe(args):
    """Seed 000: 1M one-byte pipe writes, virtual seconds."""
    n = args.pipe_writes
    kv, console = run_det(args.kernel, args.initrd,
                          f"init=/bin/pipe_ctxsw -- {n}", args.timeout * 5,
                          "pipe_ctxsw")
    secs = int(kv["elapsed_ms"]) / 1000.0
    linux, source = LINUX_REF["pipe_elapsed_s"], REF_LABEL
    live = linux_live(args, f"pipe_ctxsw {n}", args.timeout * 5)
    if live:
        linux, source = int(live["elapsed_ms"]) / 1000.0, LIVE_LABEL
    elif n != PIPE_WRITES:
        linux *= n / PIPE_WRITES        # the reference is for 1M writes
        source += f", scaled to {n} writes"
    ratio = secs / linux
    # xv6 spends about 10,500 instructions a write (docs/performance.md):
    # 1M writes are minutes of host CPU, so more time than Quanta's run.
    xv6, xv6_src = xv6_live(args, f"pipe_ctxsw {n}", args.timeout * 20)
    xv6 = int(xv6["elapsed_ms"]) / 1000.0 if xv6 else None
    return [figure("seed 000 pipe test", secs, "s (virtual)",
                   f"<= 1/5 of Linux ({linux / 5:.1f} s)", ratio <= 0.2,
                   ratio_to_linux=round(ratio, 4), linux_s=linux,
                   linux_source=source, writes=n,
                   nvcsw=int(kv.get("nvcsw", -1)),
                   nivcsw=int(kv.get("nivcsw", -1)),
                   user_ms=int(kv.get("user_ms", -1)),
                   sys_ms=int(kv.get("sys_ms", -1)),
                   policy=kernel_policy(console),
                   **xv6_fields(secs, xv6, xv6_src),
                   setup="-smp 1, det, pipe_ctxsw")]


def bench_timer(args):
    """Wakeup overshoot of a 1 ms period, in virtual us, by three waits."""
    n = args.timer_samples
    cmd = f"init=/bin/timer_latency highres=on -- all {n} 1000"
    kv, console = run_det(args.kernel, args.initrd, cmd, args.timeout,
                          "timer_latency")
    rows = []
    for name, kv in parse_results(console):
        if name != "timer_latency":
            continue
        mode = kv.get("mode", "?")
        if "error" in kv:
            raise RunError(f"{cmd}: mode {mode}: {kv['error']}")
        p99 = float(kv["p99_us"])
        linux, source = None, "no reference figure (PEER=linux measures it)"
        live = linux_live(args, f"timer_latency {mode} {n} 1000",
                          args.timeout)
        extra = {}
        if live:
            linux, source = float(live["p99_us"]) * 1000, LIVE_LABEL
            extra = {"linux_mean_us": float(live["mean_us"]),
                     "linux_max_us": float(live["max_us"])}
            source += (f": mean {live['mean_us']} us, max "
                       f"{live['max_us']} us")
        target, met = "report only", None
        if mode == "abs":
            target = f"p99 < {TIMER_TARGET_US:.0f} us"
            met = p99 < TIMER_TARGET_US
        rows.append(figure(
            f"timer overshoot p99 ({mode})", p99 * 1000, "ns (virtual)",
            target, met, linux_ns=linux, linux_source=source,
            ratio_to_linux=round(p99 * 1000 / linux, 4) if linux else None,
            mean_us=float(kv["mean_us"]), max_us=float(kv["max_us"]),
            samples=int(kv["samples"]), missed=int(kv["missed"]),
            policy=kernel_policy(console),
            setup=f"-smp 1, det, timer_latency {mode} {n} 1000: mean "
                  f"{kv['mean_us']} us, max {kv['max_us']} us, "
                  f"{kv['missed']} missed", **extra))
    if not rows:
        raise RunError(f"{cmd}: no RESULT line")
    return rows


# A do-nothing multiboot image (a.out kludge, flat binary): print one line
# on COM1 and power off through isa-debug-exit.  Booted exactly like the
# kernel (same QEMU flags, same initrd), the time to its line is QEMU's own
# start-up plus SeaBIOS plus the multiboot loading: the part of the boot
# time that is not Quanta's.
STUB_ASM = """\
bits 32
org 0x100000
MB_MAGIC equ 0x1BADB002
MB_FLAGS equ 0x00010000              ; addresses below are valid
header:
	dd MB_MAGIC, MB_FLAGS, -(MB_MAGIC + MB_FLAGS)
	dd header, header, end, end, start
start:
	mov dx, 0x3f8
	mov esi, msg
.next:	lodsb
	test al, al
	jz .off
	out dx, al
	jmp .next
.off:	mov dx, 0xf4
	xor eax, eax                     ; QEMU exits with (0 << 1) | 1
	out dx, eax
	cli
	hlt
msg:	db "STUB-UP", 10, 0
end:
"""
STUB_MARKER = "STUB-UP"


def build_stub(tmpdir):
    """Assemble the stub with nasm; return its path, or None."""
    src = os.path.join(tmpdir, "stub.asm")
    out = os.path.join(tmpdir, "stub.bin")
    with open(src, "w") as f:
        f.write(STUB_ASM)
    try:
        subprocess.run(["nasm", "-f", "bin", src, "-o", out], check=True,
                       capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return out


def boot_once(args, kernel, marker, cmdline, cmd=None, line_re=None):
    """One real-profile boot; return wall times (s) and the COM1 text.
    cmd: a QEMU command line of its own (the Linux peer's), else Quanta's
    kernel with cmdline.  The boot ends at a line that is exactly marker,
    or that starts with what line_re matches.

    COM1 is QEMU's stdout (-serial stdio) read through a pipe; each chunk
    is stamped with time.monotonic() as it arrives.  t=0 is just before
    QEMU is started, so QEMU's own start-up, the SeaBIOS firmware and the
    multiboot loading are all included.
    """
    if cmd is None:
        cmd = qemu.build_cmd(kernel, initrd=args.initrd, cpus=args.cpus,
                             profile="real", cmdline=cmdline)
    cmd = qemu.timeout_wrap(cmd, args.timeout)
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    buf, first_byte, seen = b"", None, None
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        deadline = t0 + args.timeout + 10
        while time.monotonic() < deadline:
            if not sel.select(timeout=1.0):
                continue
            chunk = os.read(proc.stdout.fileno(), 65536)
            now = time.monotonic()
            if not chunk:
                break
            first_byte = now if first_byte is None else first_byte
            buf += chunk
            # The marker is also in the echoed command line: only a
            # line that is exactly the marker is the program's output.
            want = line_re or rf"{marker}\r?\n"
            if seen is None and re.search(rf"(^|\n){want}".encode(), buf):
                seen = now
    try:
        rc = proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        rc = proc.wait()
    end = time.monotonic()
    check_status(rc, f"boot of {os.path.basename(kernel)}")
    if seen is None:
        raise RunError(f"boot: '{marker}' never appeared on COM1")
    text = buf.decode(errors="replace").replace("\r", "")
    return {"to_marker": seen - t0, "to_first_byte": first_byte - t0,
            "to_exit": end - t0, "text": text}


def kernel_stamps(text):
    """The kernel's own dmesg stamps (s since kernel entry) around init:
    its first message, the last message before the user program's line
    (init starts after it) and the "init ... exited" message."""
    first = before = exited = None
    for line in text.splitlines():
        if line.strip() == BOOT_MARKER:
            break
        m = STAMP_RE.match(line)
        if m:
            first = float(m.group(1)) if first is None else first
            before = float(m.group(1))
    m = re.search(r"^\[\s*(\d+\.\d+)\] cpu\d+: init \(pid 1\) exited",
                  text, re.M)
    if m:
        exited = float(m.group(1))
    return {"kstamp_first": first, "kstamp_before_init": before,
            "kstamp_init_exited": exited}


def median_of(runs, key):
    """Median of one key over runs (rounded to 0.1 ms), None if absent."""
    vals = [r[key] for r in runs if r.get(key) is not None]
    return round(statistics.median(vals), 4) if vals else None


def linux_boot(args):
    """Median of N real-profile boots of the Linux peer to the first line
    its init prints ("linux-init: running ..."), measured as Quanta's boot
    to its init's first line."""
    peer = linux_peer()
    info = peer.ensure()
    runs = []
    for _ in range(args.boot_runs):
        cmd = qemu.build_cmd(info["kernel"], initrd=info["initrd"],
                             cmdline=peer.kernel_cmdline("pingpong -s 1"),
                             cpus=args.cpus, profile="real", mem=peer.MEM)
        runs.append(boot_once(args, info["kernel"], "", "", cmd=cmd,
                              line_re=r"linux-init: running ")["to_marker"])
    return round(statistics.median(runs), 4), [round(r, 4) for r in runs]


def bench_boot(args):
    """Median of N real-profile boots to the first user line, each paired
    with a boot of the do-nothing stub (same load on the host for both)."""
    quanta, stub = [], []
    with tempfile.TemporaryDirectory(prefix="qbench-stub.") as tmpdir:
        stub_bin = build_stub(tmpdir)
        for _ in range(args.boot_runs):
            r = boot_once(args, args.kernel, BOOT_MARKER,
                          f"init=/bin/echo -- {BOOT_MARKER}")
            r.update(kernel_stamps(r.pop("text")))
            quanta.append(r)
            if stub_bin:
                stub.append(boot_once(args, stub_bin, STUB_MARKER, ""))
    total = median_of(quanta, "to_marker")
    qemu_s = median_of(stub, "to_marker")
    own = round(statistics.median(q["to_marker"] - s["to_marker"]
                                  for q, s in zip(quanta, stub)), 4) \
        if stub else None
    load = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") \
        else None
    linux, linux_runs = LINUX_REF["boot_s"], None
    source = (f"{REF_LABEL} to init; xv6 {XV6_BOOT_S} s to its shell, "
              f"measured by hand the same day")
    if "linux" in args.peers:
        linux, linux_runs = linux_boot(args)
        source = f"{LIVE_LABEL}, to init's first line"
    return [figure("boot to first user output", total, "s (wall)",
                   "< 0.5 s", total < 0.5,
                   ratio_to_linux=round(total / linux, 4),
                   runs=[round(r["to_marker"], 4) for r in quanta],
                   qemu_baseline_s=qemu_s,
                   qemu_baseline_runs=[round(r["to_marker"], 4)
                                       for r in stub],
                   quanta_own_s=own,
                   to_first_console_byte_s=median_of(quanta, "to_first_byte"),
                   kstamp_first_s=median_of(quanta, "kstamp_first"),
                   kstamp_before_init_s=median_of(quanta,
                                                  "kstamp_before_init"),
                   kstamp_init_exited_s=median_of(quanta,
                                                  "kstamp_init_exited"),
                   qemu_exit_s=median_of(quanta, "to_exit"),
                   host_load_1min=load,
                   linux_s=linux, linux_runs=linux_runs,
                   xv6_s=None if linux_runs else XV6_BOOT_S,
                   linux_source=source,
                   setup=f"-smp {args.cpus}, real profile (MTTCG), "
                         f"init=/bin/echo, median of {args.boot_runs}, "
                         f"wall time from starting QEMU: includes QEMU "
                         f"start-up, SeaBIOS and multiboot loading")]


def callgrind_run(binary, ntasks, iterations, tmpdir):
    """Run one sched-bench under callgrind; return {op: Ir per iteration}.

    bench.c zeroes the counters before each measured loop and dumps them
    after it (callgrind client requests), so each dump file holds one loop
    and nothing else; its label is "op=<op> tasks=<n> iterations=<n>".
    """
    out = os.path.join(tmpdir, f"cg.{os.path.basename(binary)}.{ntasks}")
    proc = subprocess.run(["valgrind", "-q", "--tool=callgrind",
                           f"--callgrind-out-file={out}", binary,
                           str(ntasks), str(iterations)],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RunError(f"callgrind {binary} {ntasks}: status "
                       f"{proc.returncode}: {proc.stderr.strip()[-300:]}")
    per_op = {}
    for dump in glob.glob(out + ".*"):
        with open(dump) as f:
            text = f.read()
        os.unlink(dump)
        label = re.search(r"^desc: Trigger: Client Request: (.*)$", text,
                          re.M)
        total = re.search(r"^totals: (\d+)", text, re.M)
        if label and total:
            kv = dict(w.split("=", 1) for w in label.group(1).split())
            per_op[kv["op"]] = int(total.group(1)) / int(kv["iterations"])
    if os.path.exists(out):
        os.unlink(out)
    missing = [op for op in SCHED_OPS if op not in per_op]
    if missing:
        raise RunError(f"callgrind {binary} {ntasks}: no dump for "
                       f"{', '.join(missing)} (valgrind/callgrind.h missing "
                       f"when bench.c was built?)")
    return per_op


def switch_rates(binary, ntasks, iterations):
    """{op: context switches per iteration}, from the harness's RESULT
    lines (a run outside valgrind: the same deterministic simulation)."""
    proc = subprocess.run([binary, str(ntasks), str(iterations)],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RunError(f"{binary} {ntasks}: status {proc.returncode}")
    rates = {}
    for m in RESULT_RE.finditer(proc.stdout):
        kv = dict(w.split("=", 1) for w in m.group(2).split())
        rates[kv["op"]] = int(kv["switches"]) / int(kv["iterations"])
    return rates


def per_tenfold(costs):
    """Mean instructions added per tenfold of tasks, first to last size."""
    ns = sorted(costs)
    decades = math.log10(ns[-1] / ns[0])
    return (costs[ns[-1]] - costs[ns[0]]) / decades if decades else 0.0


def growth_verdict(policy, costs):
    """(target, met) for one policy's cost at 10, 100, ... tasks.

    flat: every size within 2 % of the cheapest (max / min - 1 <= 0.02).
    logarithmic: each decade of tasks adds about the same; we accept every
    later decade adding up to 2x what the first added (a linear cost adds
    10x), with 10 % of cost(10) as the floor of "what the first added" so
    that a flat cost also passes.
    """
    ns = sorted(costs)
    if policy in FLAT_POLICIES:
        vals = [costs[n] for n in ns]
        return "flat (within 2 %)", max(vals) <= 1.02 * min(vals)
    if policy in LOG_POLICIES:
        if len(ns) < 3:
            return "logarithmic (needs 3 sizes)", None
        first = max(costs[ns[1]] - costs[ns[0]], 0.10 * costs[ns[0]])
        later = [costs[b] - costs[a] for a, b in zip(ns[1:], ns[2:])]
        return "logarithmic", all(d <= 2 * first for d in later)
    return "none (report only)", None


def eevdf_vs_cfs(rows):
    """EEVDF's growth per tenfold within 2x CFS's, op by op and per context
    switch (a tick switches under EEVDF whenever a 0.75 ms request is used
    up, under CFS (2.6.24) after its 4 ms minimum granularity: the tick op's
    schedule() count differs, not its cost).  Marks the eevdf rows when cfs was
    measured too."""
    cfs = {r["op"]: r for r in rows if r["policy"] == "cfs"}
    for r in rows:
        c = cfs.get(r["op"])
        if r["policy"] != "eevdf" or not c or r["met"] is None:
            continue
        mine = r["per_tenfold"] / max(r["switches_per_op"], 1e-9)
        theirs = c["per_tenfold"] / max(c["switches_per_op"], 1e-9)
        floor = max(theirs, 0.02 * min(c["per_tasks"].values()))
        r["target"] += ", <= 2x cfs/10x"
        r["met"] = r["met"] and mine <= 2 * floor


def sched_iterations(args, ntasks):
    """Measured iterations at one size: --sched-iterations, and at least two
    per task: with 10,000 tasks the cost of an operation drifts over a
    window of a few thousand (the tasks touched are not yet every task),
    so a shorter run is not yet the average."""
    return max(args.sched_iterations, 2 * ntasks)


def bench_sched(args):
    """Instructions per scheduler operation, per policy, per task count."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="qbench-cg.") as tmpdir:
        for policy in args.policies:
            binary = os.path.join(args.hostdir, f"sched-bench-{policy}")
            if not os.access(binary, os.X_OK):
                raise RunError(f"{binary} missing (make host-bench)")
            tasks = args.sched_tasks
            by_n = {n: callgrind_run(binary, n, sched_iterations(args, n),
                                     tmpdir) for n in tasks}
            big = tasks[-1]
            rates = switch_rates(binary, big, sched_iterations(args, big))
            for op in SCHED_OPS:
                costs = {n: by_n[n][op] for n in tasks}
                target, met = growth_verdict(policy, costs)
                growth = costs[tasks[-1]] / costs[tasks[0]] - 1
                rows.append(figure(
                    f"{policy} {op}", round(costs[tasks[-1]], 1),
                    "instructions/op (host, callgrind)", target, met,
                    policy=policy, op=op,
                    per_tasks={str(n): round(c, 1) for n, c in costs.items()},
                    growth=round(growth, 4),
                    per_tenfold=round(per_tenfold(costs), 1),
                    switches_per_op=round(rates.get(op, 0.0), 4)))
    eevdf_vs_cfs(rows)
    return rows


# ---------------------------------------------------------------- report

def fmt_value(row):
    """The figure in a readable unit."""
    v, unit = row["value"], row["unit"]
    if unit.startswith("ns"):
        return f"{v / 1000:.1f} us"
    if unit.startswith("s"):
        return f"{v:.3f} s" if v < 10 else f"{v:.1f} s"
    return f"{v:.0f}"


def boot_note(r):
    """What the boot figure is made of, in one or two lines."""
    def s(v):
        return "n/a" if v is None else f"{v:.3f} s"
    return (f"QEMU start + SeaBIOS + loading (a do-nothing multiboot stub "
            f"to its first line): {s(r['qemu_baseline_s'])};\n    Quanta's "
            f"own share (boot minus stub, paired runs): "
            f"{s(r['quanta_own_s'])}; kernel's dmesg: init starts after "
            f"{s(r['kstamp_before_init_s'])},\n    init exited at "
            f"{s(r['kstamp_init_exited_s'])}; host load {r['host_load_1min']}"
            f"; runs {r['runs']}")


def yesno(met):
    return "n/a" if met is None else ("yes" if met else "NO")


def print_report(rows, info):
    """The table on stdout, then what each figure includes."""
    vm = [r for r in rows if "op" not in r]
    sched = [r for r in rows if "op" in r]
    print(f"\nQuanta bench{' (QUICK: tiny parameters)' if info['quick'] else ''}"
          f": {info['date'][:10]}, commit {info['git_commit'][:12]}"
          f"{' (dirty)' if info['git_dirty'] else ''}, {info['config']}, "
          f"{info['qemu_version']}")
    xv6col = any("xv6_source" in r for r in vm)
    if vm:
        print(f"\n{'figure':30} {'Quanta':>11} {'Linux':>13} {'ratio':>7}  "
              f"{'target':28} met" +
              (f"  {'xv6':>9}" if xv6col else ""))
        for r in vm:
            linux = r.get("linux_ns", r.get("linux_s"))
            lin = ("n/a" if linux is None else
                   f"{linux / 1000:.0f} us" if "linux_ns" in r
                   else f"{linux:.1f} s")
            if r["linux_source"].startswith("reference"):
                lin += " ref"
            ratio = r.get("ratio_to_linux")
            ratio = (f"{ratio:.3f}" if ratio is not None else "n/a"
                     if linux is None else
                     f"{r['value'] / r['linux_s']:.3f}")
            xv6 = ("" if r.get("xv6") is None else
                   fmt_value(dict(r, value=r["xv6"])))
            print(f"{r['name']:30} {fmt_value(r):>11} {lin:>13} {ratio:>7}  "
                  f"{r['target']:28} " +
                  (f"{yesno(r['met']):3}  {xv6:>9}" if xv6col else
                   yesno(r["met"])))
        for r in vm:
            note = f"  {r['name']}: {r['setup']}; Linux: {r['linux_source']}"
            if "qemu_baseline_s" in r:
                note += "\n    " + boot_note(r)
            if "instructions" in r:
                note += (f"\n    = about {r['instructions']} guest "
                         f"instructions per round trip (Linux about "
                         f"{r['linux_ns'] / 16:,.0f})")
            if "nivcsw" in r:
                note += (f"\n    switches: {r['nvcsw']} voluntary, "
                         f"{r['nivcsw']} involuntary")
            if "xv6_source" in r:
                x = r["xv6"]
                note += ("\n    " + r["xv6_source"] if x is None else
                         f"\n    xv6: {fmt_value(dict(r, value=x))} "
                         f"(Quanta/xv6 {r['ratio_to_xv6']:.3f}), "
                         f"{r['xv6_source']}")
                if r.get("xv6_instructions"):
                    note += (f", about {r['xv6_instructions']:,} "
                             f"instructions per round trip")
            print(note)
    if sched:
        ns = list(sched[0]["per_tasks"])
        print(f"\nscheduler ops, instructions each (host harness, "
              f"callgrind, -O2, SCHED_DEBUG=0)")
        print(f"{'policy':10} {'op':11} " +
              " ".join(f"{n + ' tasks':>10}" for n in ns) +
              f" {'growth':>8} {'per 10x':>8} {'sw/op':>6}  {'target':20} met")
        for r in sched:
            print(f"{r['policy']:10} {r['op']:11} " +
                  " ".join(f"{r['per_tasks'][n]:10.1f}" for n in ns) +
                  f" {r['growth'] * 100:7.1f}% {r['per_tenfold']:+8.1f} "
                  f"{r['switches_per_op']:6.3f}  "
                  f"{r['target']:20} {yesno(r['met'])}")
        print("  yield: sched_yield (put_prev + pick_next + switch); "
              "sleep_wake: schedule() of a sleeper\n  (dequeue + put_prev + "
              "pick_next) and its wakeup (enqueue); tick: sched_tick() plus "
              "the\n  schedule() it asks for, averaged over ticks; per 10x: "
              "instructions added per tenfold of\n  tasks; sw/op: context "
              "switches per op at the largest size")


def parse_args(argv):
    p = argparse.ArgumentParser(description="Quanta's performance figures.")
    p.add_argument("--kernel", default=os.path.join("build", "kernel.elf"))
    p.add_argument("--initrd", default=os.path.join("build", "initrd.img"))
    p.add_argument("--hostdir", default=os.path.join("build", "host"),
                   help="where sched-bench-<policy> are")
    p.add_argument("--out", default=os.path.join("build", "bench.json"))
    p.add_argument("--parts", default=",".join(PARTS),
                   help=f"comma-separated subset of {','.join(PARTS)}")
    p.add_argument("--policies", default=" ".join(FLAT_POLICIES +
                                                   LOG_POLICIES),
                   help="space- or comma-separated, for the sched part")
    p.add_argument("--peer", default="",
                   help="'linux', 'xv6' or 'linux,xv6': measure them live")
    p.add_argument("--xv6", default="",
                   help="xv6-public's sources, for --peer xv6")
    p.add_argument("--config", default="", help="build variables, recorded")
    p.add_argument("--cpus", type=int, default=4, help="for the boot part")
    p.add_argument("--timeout", type=float, default=120,
                   help="per QEMU run (s); the pipe test gets 5x")
    p.add_argument("--pingpong-rounds", type=int, default=PINGPONG_ROUNDS)
    p.add_argument("--pipe-writes", type=int, default=PIPE_WRITES)
    p.add_argument("--boot-runs", type=int, default=BOOT_RUNS)
    p.add_argument("--sched-iterations", type=int, default=SCHED_ITERATIONS)
    p.add_argument("--timer-samples", type=int, default=TIMER_SAMPLES)
    p.add_argument("--quick", action="store_true",
                   help="tiny parameters: the whole path in seconds")
    args = p.parse_args(argv)
    args.sched_tasks = SCHED_TASKS
    if args.quick:
        for k, v in QUICK.items():
            setattr(args, k, v)
    args.parts = [x for x in args.parts.replace(" ", ",").split(",") if x]
    bad = [x for x in args.parts if x not in PARTS]
    if bad:
        p.error(f"unknown part(s) {', '.join(bad)}; choose from "
                f"{','.join(PARTS)}")
    args.policies = [x for x in args.policies.replace(",", " ").split()]
    args.peers = [x for x in args.peer.replace(" ", ",").split(",") if x]
    bad = [x for x in args.peers if x not in ("linux", "xv6")]
    if bad:
        p.error(f"unknown peer(s) {', '.join(bad)}; choose linux, xv6")
    return args


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    commit, dirty = git_info()
    info = {"date": datetime.datetime.now(datetime.timezone.utc)
            .isoformat(timespec="seconds"),
            "git_commit": commit, "git_dirty": dirty,
            "qemu_version": qemu_version(), "kernel": args.kernel,
            "config": args.config or "unknown", "parts": args.parts,
            "peer": args.peer or None, "quick": args.quick,
            "linux_reference": None if "linux" in args.peers else
            {"label": REF_LABEL, **LINUX_REF}}
    runners = {"pingpong": bench_pingpong, "pipe": bench_pipe,
               "boot": bench_boot, "sched": bench_sched,
               "timer": bench_timer}
    rows, failures = [], []
    for part in args.parts:
        print(f"bench: {part} ...", file=sys.stderr, flush=True)
        t = time.monotonic()
        try:
            rows += runners[part](args)
        except (RunError, OSError, subprocess.SubprocessError) as e:
            failures.append({"part": part, "error": str(e)})
            print(f"bench: {part} FAILED: {e}", file=sys.stderr)
        print(f"bench: {part} took {time.monotonic() - t:.1f} s wall",
              file=sys.stderr, flush=True)
    print_report(rows, info)
    if any(r.get("linux_source", "").startswith("reference") for r in rows):
        print(f"\n'ref': {REF_LABEL}; PEER=linux measures every Linux "
              f"figure live")
    for f in failures:
        print(f"FAILED {f['part']}: {f['error']}")
    info.update(figures=rows, failures=failures)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(info, f, indent=2)
        f.write("\n")
    print(f"\nwritten to {args.out}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
