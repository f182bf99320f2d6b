"""QEMU test cases for Quanta, as data.  tests/run.py runs them.

Add a case by appending to CASES (or with a helper below).  A case boots the
kernel once (``repeat`` times with ``same_output``), then compares the QEMU
exit status and applies its checks to what each run produced.

Kernel contract the cases rely on (docs/architecture.md, section 4):
  * ``test=<name>`` runs a built-in self-test after all CPUs are up, prints
    ``TEST <name>: PASS`` or ``TEST <name>: FAIL <reason>`` on COM1 and
    powers off with v=0 (QEMU status 1) or v=1 (status 3).  A panic is
    v=126 (status 253).
  * COM1 lines look like ``[    0.012345] cpuN: text``; each CPU that comes
    online prints ``cpuN: online``; then ``smp: X of Y CPUs online``.
  * Discovery prints ``acpi: MADT`` or ``mp: MP table``.
  * A panic prints ``PANIC``, then ``Backtrace:`` and frame lines
    ``  [<c0101234>] function_name+0x1a``.
"""

import re
from dataclasses import dataclass, field
from typing import Callable, Optional

# QEMU exit statuses: (v << 1) | 1 for a value v written to isa-debug-exit.
PASS = 1        # v=0
FAIL = 3        # v=1
PANIC = 253     # v=126
TRIPLE = 0      # triple fault, shutdown or gdb kill

FRAME_RE = r"\[<[0-9a-f]{8}>\] [\w.]+\+0x[0-9a-f]+"


class Output:
    """What one QEMU run produced; checks read this."""

    def __init__(self, status, com1, data, qemulog="", extra=None):
        self.status = status    # QEMU exit status (negative: killed)
        self.com1 = com1        # COM1 text (human console)
        self.data = data        # 0xe9 debugcon text (machine channel)
        self.qemulog = qemulog  # -d cpu_reset,guest_errors log
        self.extra = extra or {}  # e.g. {"gdb": gdb's output}

    def channel(self, name):
        """Return the text of a channel: com1, data, qemulog or an extra."""
        if name in ("com1", "data", "qemulog"):
            return getattr(self, name)
        return self.extra.get(name, "")


# A check takes an Output and returns None if it holds, else a reason.
Check = Callable[[Output], Optional[str]]


def must(pattern, chan="com1", flags=re.M):
    """Check that regex pattern matches somewhere in channel chan."""
    rx = re.compile(pattern, flags)

    def check(out):
        if rx.search(out.channel(chan)):
            return None
        return f"{chan}: missing /{pattern}/"
    check.__doc__ = f"must match /{pattern}/ on {chan}"
    return check


def must_not(pattern, chan="com1", flags=re.M):
    """Check that regex pattern matches nowhere in channel chan."""
    rx = re.compile(pattern, flags)

    def check(out):
        m = rx.search(out.channel(chan))
        if m is None:
            return None
        return f"{chan}: unexpected {m.group(0).strip()!r}"
    check.__doc__ = f"must not match /{pattern}/ on {chan}"
    return check


def cpus_online(n):
    """Checks that n CPUs came online: a cpuI line each and the summary."""
    checks = [must(rf"smp: {n} of {n} CPUs online\b")]
    checks += [must(rf"\bcpu{i}: online\b") for i in range(n)]
    return checks


def ticks_ok(ncpu, hz, tolerance=0.02):
    """Check a ``ticks cpu=N count=C hz=H`` line per CPU, |C-H| <= 2% H."""
    rx = re.compile(r"ticks cpu=(\d+) count=(\d+) hz=(\d+)")

    def check(out):
        seen = {}
        for m in rx.finditer(out.com1):
            seen[int(m.group(1))] = (int(m.group(2)), int(m.group(3)))
        for cpu in range(ncpu):
            if cpu not in seen:
                return f"no 'ticks cpu={cpu}' line"
            count, line_hz = seen[cpu]
            if line_hz != hz:
                return f"cpu{cpu}: hz={line_hz}, expected {hz}"
            if abs(count - hz) > tolerance * hz:
                return (f"cpu{cpu}: {count} ticks in 1 s, expected "
                        f"{hz} +/- {tolerance:.0%}")
        return None
    check.__doc__ = f"ticks on {ncpu} CPUs within {tolerance:.0%} of {hz}"
    return check


def frame_after_backtrace(func):
    """Check that a frame naming func follows the ``Backtrace:`` line."""
    rx = re.compile(r"\[<[0-9a-f]{8}>\] \w*" + re.escape(func)
                    + r"[\w.]*\+0x[0-9a-f]+")

    def check(out):
        pos = out.com1.find("Backtrace:")
        if pos < 0:
            return "no 'Backtrace:' line"
        if not rx.search(out.com1, pos):
            return f"backtrace has no frame in {func}"
        return None
    check.__doc__ = f"backtrace names {func}"
    return check


def gdb_threads(minimum=2):
    """Check that gdb's ``HIT n thread t`` lines name >= minimum threads."""
    rx = re.compile(r"^HIT \d+ thread (\d+)$", re.M)

    def check(out):
        threads = sorted({int(t) for t in rx.findall(out.channel("gdb"))})
        if len(threads) >= minimum:
            return None
        if not threads:
            return "gdb: breakpoint never hit"
        return f"gdb: breakpoint hit only on thread(s) {threads}"
    check.__doc__ = f"breakpoint hit on >= {minimum} gdb threads"
    return check


@dataclass
class Case:
    """One QEMU test case.

    status: the expected QEMU exit status, a tuple of allowed ones, or None
    for any.  interactive: steps for a case that talks to COM1 through
    stdin/stdout: ("expect", regex) waits for output, ("send", text) types.
    iso: boot a GRUB ISO built by tools/mkiso.sh.  needs: host tools that
    must exist, else the case is skipped.  gdb: a gdb command script
    template ({kernel} and {port} are filled in); its output is the "gdb"
    channel.  repeat/same_output: boot several times and require
    byte-identical COM1 logs.
    """

    name: str
    cmdline: str
    cpus: int = 4
    smp_extra: str = ""
    profile: str = "det"
    status: object = PASS
    timeout: float = 30
    checks: list = field(default_factory=list)
    interactive: Optional[list] = None  # also ("sleep", seconds)
    iso: bool = False
    needs: list = field(default_factory=list)
    gdb: Optional[str] = None
    repeat: int = 1
    same_output: bool = False
    monitor: bool = False       # interactive: QEMU's monitor muxed, as make run
    doc: str = ""


def per_policy(case):
    """Cases whose outcome depends on the scheduling policy: make test runs
    them once per policy (user programs, scheduler behaviour, seeds)."""
    return case.name.startswith(("user-", "seed", "sched-"))


def selftest(name, test, args="", status=PASS, checks=(), **kw):
    """A case running ``test=<test>``; a PASS verdict line is required."""
    cmdline = f"test={test}" + (f" {args}" if args else "")
    verdict = [must(rf"TEST {re.escape(test)}: PASS\b")] if status == PASS \
        else []
    return Case(name, cmdline, status=status,
                checks=verdict + list(checks), **kw)


def boot_cases():
    """boot-smp{1,2,4,8}-{det,real}: every CPU the firmware lists is up."""
    cases = []
    for n in (1, 2, 4, 8):
        for profile in ("det", "real"):
            cases.append(selftest(
                f"boot-smp{n}-{profile}", "boot", cpus=n, profile=profile,
                timeout=60 if n == 8 else 30,
                checks=[must(r"acpi: MADT")] + cpus_online(n),
                doc=f"-smp {n}, {profile}: all CPUs online (ACPI MADT)"))
    return cases


def ticks_cases():
    """ticks-hz{100,250,1000}: each CPU ticks at hz for one second."""
    return [selftest(f"ticks-hz{hz}", "ticks", f"hz={hz}",
                     checks=[ticks_ok(4, hz)],
                     doc=f"4 CPUs tick {hz} times in 1 s of guest time")
            for hz in (100, 250, 1000)]


# gdb script: stop in the tick handler until two CPUs (gdb threads) were
# seen and at least 12 hits, at most 600, printing each hit's thread.
GDB_TICK_SCRIPT = """\
set pagination off
set confirm off
file {kernel}
target remote :{port}
break timer_interrupt
set $hits = 0
set $first = 0
set $other = 0
while $hits < 12 || ($other == 0 && $hits < 600)
  continue
  set $hits = $hits + 1
  printf "HIT %d thread %d\\n", $hits, $_thread
  if $first == 0
    set $first = $_thread
  end
  if $_thread != $first
    set $other = $_thread
  end
end
kill
"""

ECHO_SCRIPT = [
    ("expect", r"READY"),
    ("send", "hello quanta\n"),
    ("expect", r"ECHO: hello quanta"),
]

USER_TESTS = ["t_fork", "t_pipe", "t_thread", "t_time", "t_rusage",
              "t_affinity", "t_badptr", "t_fault", "t_forkbomb", "t_slice",
              "t_sigpause", "t_rt", "t_meminfo", "t_exhaust",
              "t_sock", "t_unixsock", "t_fcntl", "t_mmap", "t_rlimit",
              "t_prctl", "t_rtpull", "t_edge"]


def user_cases():
    """user-<prog>-smp{1,4}: a user/tests program runs as init and reports
    "<prog>: N checks, 0 failed" (its exit status 0 powers off with v=0)."""
    cases = []
    for prog in USER_TESTS:
        for n in (1, 4):
            cases.append(Case(
                f"user-{prog}-smp{n}", f"init=/bin/{prog}", cpus=n,
                timeout=180,
                checks=[must(rf"^{prog}: \d+ checks, 0 failed")],
                doc=f"user/tests/{prog}.c on {n} CPU(s)"))
    return cases


def timer_cases():
    """user-t_timer-smp{1,4}: the timers' precision needs one-shot events,
    which are off unless the command line says highres=on (docs/timers.md);
    without it timers expire at the tick, as t_time checks."""
    return [Case(f"user-t_timer-smp{n}", "init=/bin/t_timer highres=on",
                 cpus=n, timeout=180,
                 checks=[must(r"^t_timer: \d+ checks, 0 failed"),
                         must(r"hrtimer: one-shot events by")],
                 doc=f"user/tests/t_timer.c with highres=on on {n} CPU(s)")
            for n in (1, 4)]


PROMPT = r"\$ "        # the shell's prompt, for interactive scripts


def seed_cases():
    """The shell's seed000 and seed003 commands (the project's programs for
    seed mails 000 and 003, user/bench/pipe_ctxsw.c and threadtest.c) run
    to completion under the shell's time builtin.  The mails' own programs
    are tests/seeds.py's (make seeds-test SEEDS=DIR)."""
    timed = r"[0-9.]+ real +[0-9.]+ user +[0-9.]+ sys +\d+% CPU"
    return [
        Case("seed000-pipe", "init=/bin/sh -- -c 'time /bin/seed000'",
             timeout=240,
             checks=[must(r"^RESULT bench=pipe_ctxsw writes=1048576 "),
                     must(timed)],
             doc="seed 000: 1M one-byte pipe writes to a forked reader"),
        Case("seed003-threads", "init=/bin/sh -- -c 'time /bin/seed003'",
             timeout=240,
             checks=[must(r"^RESULT bench=threadtest iterations=500 "
                          r"loops=10000 elapsed_ms=\d+"), must(timed)],
             doc="seed 003: 500 short-lived threads, created and joined"),
        # typed at the shell (as make run PROFILE=det): with QEMU 7.2 this
        # never returned, the parent's busy wait starving the other vCPUs
        # (docs/debugging.md, "QEMU before 8.1")
        Case("det-seed003-typed", "init=/bin/sh", timeout=240,
             interactive=[("expect", PROMPT), ("send", "time seed003\n"),
                          ("expect", r"RESULT bench=threadtest "
                                     r"iterations=500 "),
                          ("expect", timed), ("expect", PROMPT),
                          ("send", "exit 0\n")],
             checks=[must_not(r"PANIC")],
             doc="seed 003 typed at the shell in det on 4 CPUs ends"),
    ]


def race_cases():
    """Races that need real parallelism (the real profile on 4 CPUs for a
    bounded time) and the fuzzer (det), for every policy (the names start
    with user-)."""
    return [
        Case("user-t_cowrace-smp4-real", "init=/bin/t_cowrace -- 8000",
             profile="real", timeout=120,
             checks=[must(r"^t_cowrace: \d+ checks, 0 failed"),
                     must(r"^t_cowrace: \d+ ms, [1-9]\d* forks, [1-9]\d* "
                          r"I/O rounds, 0 failures")],
             doc="pipe, futex and file I/O on stacks and heaps never fail "
                 "(EFAULT) while other threads fork: copy-on-write race"),
    ] + [
        Case(f"user-fuzz-smp{n}", f"init=/bin/fuzz -- -s {n} -n {calls}",
             cpus=n, timeout=120,
             checks=[must(rf"^fuzz: seed {n}: {calls} calls in \d+ children"
                          r".*no hang, no wrong answer, no leak")],
             doc=f"{calls} fuzzed system calls (user/tests/fuzz.c) on {n} "
                 f"CPU(s): no panic, hang, wrong ENOSYS or leaked page")
        for n, calls in ((1, 20000), (4, 5000))
    ]

def proc_cases():
    """proc-files-smp{1,4}: user/tests/t_proc.c checks the /proc files'
    formats and values; /proc does not depend on the policy, so these run
    with the default one only (the names do not start with user-)."""
    return [Case(f"proc-files-smp{n}", "init=/bin/t_proc", cpus=n,
                 timeout=120,
                 checks=[must(r"^t_proc: \d+ checks, 0 failed")],
                 doc=f"/proc files in Linux's formats agree with ps, on "
                     f"{n} CPU(s)")
            for n in (1, 4)]


CASES = boot_cases() + ticks_cases() + user_cases() + timer_cases() + seed_cases() + race_cases() + [
    selftest("det-repeat", "ticks", checks=[ticks_ok(4, 1000)],
             repeat=2, same_output=True,
             doc="det profile: two runs give byte-identical COM1 logs"),
    selftest("mptable-acpi-off", "boot", "acpi=off", smp_extra=",sockets=4",
             checks=[must(r"mp: MP [0-9.]* ?table"), must_not(r"acpi: MADT")]
             + cpus_online(4),
             doc="acpi=off with -smp 4,sockets=4: CPUs from the MP table"),
    selftest("grub-iso", "boot", iso=True, timeout=60,
             needs=["grub-mkrescue", "xorriso", "mformat"],
             checks=cpus_online(4),
             doc="GRUB rescue ISO from tools/mkiso.sh boots 4 CPUs"),
    selftest("sched-kthreads", "sched-kthreads", timeout=60,
             doc="8 CPU-bound kernel threads all finish, spread over CPUs"),
    selftest("ipi", "ipi",
             doc="reschedule and call-function IPIs reach every CPU"),
    selftest("fault-panic", "fault-panic", status=PANIC, timeout=60, checks=[
        must(r"PANIC"), must(r"page fault", flags=re.M | re.I),
        must(r"cr2="), must(r"Backtrace:"), must(FRAME_RE),
        frame_after_backtrace("selftest_fault")],
        doc="kernel page fault panics with cr2 and a symbolic backtrace"),
    selftest("stack-overflow", "stack-overflow", status=PANIC, timeout=60, checks=[
        must(r"double fault"), must(r"overflowed into its guard page"),
        must(r"Backtrace:"), frame_after_backtrace("selftest_recurse"),
        must(r"stopped 3 other CPUs")],
        doc="kernel stack overflow reaches the double-fault task and panics"),
    selftest("new-task-not-woken", "new-task-not-woken", timeout=60,
             checks=[must(r"new-task-not-woken: a task not set up yet is not woken")],
             doc="a task listed in its process before sched_fork() cannot "
                 "be woken (a kill in that window queued it twice)"),
    selftest("div64", "div64", timeout=60,
             checks=[must(r"div64: 200000 unsigned and signed")],
             doc="64-bit division helpers (arch/x86/divdi3.c) are exact"),
    selftest("backtrace-scan", "backtrace-scan", timeout=60, checks=[
        must(r"\[<[0-9a-f]{8}>\] \? scan_mid\+0x"),
        must(r"\[<[0-9a-f]{8}>\] \? test_bt_scan\+0x"),
        must(r"backtrace-scan: done")],
        doc="the release build's stack-scanning backtrace finds the callers"),
    selftest("lock-recursion", "lock-recursion", status=PANIC, timeout=60,
             checks=[must(r"recursion"), must(r"selftest_lock")],
             doc="taking a spinlock twice on one CPU is reported"),
    selftest("lock-order", "lock-order", status=PANIC, timeout=60,
             checks=[must(r"lock order: cpu0 takes 'pipe' \(rank 30\) at "
                          r"test_lockorder\+0x[0-9a-f]+ while holding 'rq' "
                          r"\(rank 50\), taken at test_lockorder"),
                     must(r"Backtrace:")],
             doc="taking locks against their ranks (kernel/lockrank.c) "
                 "panics naming both locks and both places"),
    selftest("task-lock-irq", "task-lock-irq", status=PANIC, timeout=60,
             checks=[must(r"spinlock 'pipe' at take_task_lock\+0x[0-9a-f]+: "
                          r"a task lock taken by an interrupt handler"),
                     must(r"on cpu1")],
             doc="a task lock (spinlock.h) taken in an interrupt handler "
                 "panics"),
    selftest("task-lock-nesting", "task-lock-nesting", status=PANIC,
             timeout=60,
             checks=[must(r"spinlock 'pipe' at test_tasklock_nesting\+"
                          r"0x[0-9a-f]+: a task lock taken under a lock "
                          r"interrupt handlers take")],
             doc="a task lock taken under a lock that interrupt handlers "
                 "take panics (lockdep's irq-safe to irq-unsafe rule)"),
    # 2 s of virtual spinning: under -icount every PAUSE in the spin loop
    # leaves QEMU's execution loop, so this case takes 10-50 s of host time
    # on a loaded machine.
    selftest("lock-deadlock", "lock-deadlock", status=PANIC, timeout=150,
             checks=[must(r"deadlock"), must(r"cpu0"),
                     must(r"held by cpu1"), must(r"stopped 3 other CPUs")],
             doc="spinning on a lock held forever by cpu1 is reported"),
    selftest("serial-echo", "serial-echo", timeout=60, interactive=ECHO_SCRIPT,
             checks=[must(r"ECHO: hello quanta")],
             doc="IRQ-driven COM1 input: a typed line is echoed"),
    Case("gdb-tick-bp", "test=ticks", profile="real", status=(TRIPLE, PASS),
         timeout=90,
         needs=["gdb"], gdb=GDB_TICK_SCRIPT, checks=[gdb_threads(2)],
         doc="gdb breakpoint in timer_interrupt hits on >= 2 CPUs"),
]


# ------------------------------------------------------ scheduler core (8)

# Trace lines (docs/scheduler.md, "Tracing"), as the data channel has them.
TRACE_ANY_RE = re.compile(r"^(\d+)\.(\d{6}) cpu=(\d+) (sched_\w+) (.*?)\r?$",
                          re.M)


def trace_events(data):
    """The trace lines of a data channel as (usec, cpu, event, fields)
    tuples in file order (the kernel prints them merged by time)."""
    events = []
    for m in TRACE_ANY_RE.finditer(data):
        fields = dict(kv.split("=", 1) for kv in m.group(5).split()
                      if "=" in kv)
        events.append((int(m.group(1)) * 1000000 + int(m.group(2)),
                       int(m.group(3)), m.group(4), fields))
    return events


def reported_pids(tag, com1):
    """The pids of the program's ``<tag> pid=<pid>`` lines on COM1."""
    return [int(p) for p in re.findall(rf"^{tag} pid=(\d+)\b", com1, re.M)]


def trace_pinned(cpu):
    """Check the trace of every ``PINNED pid=<p> cpu=<cpu>`` task: it was
    switched in at least once, and only ever on that CPU; every wakeup
    targeted that CPU and no migration took it anywhere else."""
    def check(out):
        pids = [int(p) for p in re.findall(
            rf"^PINNED pid=(\d+) cpu={cpu}\r?$", out.com1, re.M)]
        if not pids:
            return f"com1: no 'PINNED pid=<pid> cpu={cpu}' line"
        events = trace_events(out.data)
        if not events:
            return "data: no trace lines (trace=sched)"
        for pid in pids:
            switches = 0
            for usec, on, ev, f in events:
                where = f"{usec // 1000000}.{usec % 1000000:06d} cpu={on}"
                if ev == "sched_switch" and f.get("next_pid") == str(pid):
                    switches += 1
                    if on != cpu:
                        return (f"data: pinned pid {pid} switched in on "
                                f"cpu{on} at {where}")
                if ev == "sched_wakeup" and f.get("pid") == str(pid) and \
                        f.get("target_cpu") != str(cpu):
                    return (f"data: pinned pid {pid} woken onto cpu"
                            f"{f.get('target_cpu')} at {where}")
                if ev == "sched_migrate" and f.get("pid") == str(pid) and \
                        f.get("dest_cpu") != str(cpu):
                    return (f"data: pinned pid {pid} migrated to cpu"
                            f"{f.get('dest_cpu')} at {where}")
            if switches == 0:
                return f"data: no sched_switch to pinned pid {pid}"
        return None
    check.__doc__ = f"PINNED tasks run only on cpu{cpu} (trace)"
    return check


def trace_remote_wake(cpu, max_us, min_wakeups=1):
    """Check that every wakeup of the ``WAKEE pid=<p>`` task onto the idle
    CPU cpu is followed by that CPU's next sched_switch, to the wakee,
    within max_us microseconds; there must be min_wakeups of them."""
    def check(out):
        pids = reported_pids("WAKEE", out.com1)
        if len(pids) != 1:
            return f"com1: expected one 'WAKEE pid=<pid>' line, got {pids}"
        pid = str(pids[0])
        events = trace_events(out.data)
        if not events:
            return "data: no trace lines (trace=sched)"
        wakeups = 0
        for i, (usec, on, ev, f) in enumerate(events):
            if ev != "sched_wakeup" or f.get("pid") != pid or \
                    f.get("target_cpu") != str(cpu):
                continue
            wakeups += 1
            nxt = next((e for e in events[i + 1:] if e[2] == "sched_switch"
                        and e[1] == cpu), None)
            when = f"{usec // 1000000}.{usec % 1000000:06d}"
            if nxt is None:
                return f"data: no sched_switch on cpu{cpu} after the " \
                       f"wakeup of {pid} at {when}"
            if nxt[3].get("next_pid") != pid:
                return (f"data: cpu{cpu} switched to "
                        f"{nxt[3].get('next_pid')}, not {pid}, after the "
                        f"wakeup at {when}")
            if nxt[0] - usec >= max_us:
                return (f"data: wakeup of {pid} at {when} ran on cpu{cpu} "
                        f"{nxt[0] - usec} us later (limit {max_us} us)")
        if wakeups < min_wakeups:
            return (f"data: {wakeups} sched_wakeup pid={pid} target_cpu="
                    f"{cpu} lines, expected at least {min_wakeups}")
        return None
    check.__doc__ = f"remote wakeup onto idle cpu{cpu} runs < {max_us} us"
    return check


def trace_spread(ncpu, min_sleep_us=1000000):
    """Check the placement of the hogs of ``SPREAD parent=<p> hogs=<list>``
    from the trace: fork put every hog on cpu0, and when the parent woke up
    from its settling sleep (its first wakeup min_sleep_us or more after
    the last fork) - before it could disturb anything - every CPU had the
    same number of hogs.  Placement is the fork wakeup's target_cpu, then
    each sched_migrate's dest_cpu."""
    def check(out):
        m = re.search(r"^SPREAD parent=(\d+) hogs=([\d,]+)", out.com1, re.M)
        if not m:
            return "com1: no 'SPREAD parent=<pid> hogs=<pids>' line"
        parent, hogs = m.group(1), m.group(2).split(",")
        events = trace_events(out.data)
        if not events:
            return "data: no trace lines (trace=sched)"
        where, last_fork = {}, None
        for usec, on, ev, f in events:
            if ev == "sched_fork" and f.get("child_pid") in hogs:
                last_fork = usec
            elif ev == "sched_wakeup" and f.get("pid") in hogs and \
                    f["pid"] not in where:
                if f.get("target_cpu") != "0":
                    return (f"data: hog {f['pid']} placed on cpu"
                            f"{f.get('target_cpu')} at fork, not cpu0 "
                            "(its mask was the parent's, cpu0 only)")
                where[f["pid"]] = 0
            elif ev == "sched_migrate" and f.get("pid") in where:
                where[f["pid"]] = int(f["dest_cpu"])
            elif ev == "sched_wakeup" and f.get("pid") == parent and \
                    last_fork is not None and \
                    usec - last_fork >= min_sleep_us:
                if len(where) != len(hogs):
                    return (f"data: only {len(where)} of {len(hogs)} hogs' "
                            "fork wakeups in the trace")
                count = [list(where.values()).count(c) for c in range(ncpu)]
                if len(set(count)) != 1:
                    return (f"data: hogs per cpu {count} when the parent "
                            f"woke at {usec / 1e6:.6f}, expected even")
                return None
        return "data: no wakeup of the parent after its settling sleep"
    check.__doc__ = "hogs spread evenly before the sampler woke (trace)"
    return check


def checks_line(prog):
    """The program's check_done() line with 0 failed."""
    return must(rf"^{prog}: \d+ checks, 0 failed\r?$")


def sched_cases():
    """sched-*: the scheduler core:
    preemption, wakeups, balancing, fairness, affinity, idle."""
    def case(name, prog, cmdline="", checks=(), **kw):
        cmd = f"init=/bin/{prog}" + (f" {cmdline}" if cmdline else "")
        return Case(name, cmd, checks=[checks_line(prog)] + list(checks),
                    **kw)
    no_panic = [must_not(r"PANIC"), must_not(r"deadlock", flags=re.M | re.I)]
    return [
        case("sched-o1-pipe-smp1", "o1_pipe", cpus=1, timeout=240,
             checks=no_panic,
             doc="o1: seed 000 pipe, PR gap >= 2 with the bonus, equal "
                 "without (other policies: nothing to check)"),
        case("sched-o1-pipe-smp4", "o1_pipe", cpus=4, timeout=240,
             checks=no_panic,
             doc="o1: seed 000 pipe pinned to cpu0 on 4 CPUs"),
        case("sched-preempt-smp1", "s_preempt", cpus=1, checks=no_panic,
             doc="two spinners do not starve a pipe reader on 1 CPU"),
        case("sched-preempt-smp4", "s_preempt", checks=no_panic,
             doc="two spinners do not starve a pipe reader on 4 CPUs"),
        # the load check (16 s of 4 busy CPUs, a minute of wall time) is
        # the policy's no more than ps's letters are: loadavg-dstate runs
        # it once, with the default policy
        case("sched-dstate", "s_dstate", "-- 0", timeout=240,
             checks=no_panic,
             doc="writers waiting for a busy /tmp file are D in ps and "
                 "/proc (a pipe reader S); a kill does not wake them"),
        case("loadavg-dstate", "s_dstate", timeout=240, checks=no_panic,
             doc="the same, and the D writers count in the 1-minute load "
                 "average"),
    ] + [
        case(f"sched-wakeups-{mode}", "s_wakeups", f"-- {mode}", timeout=120,
             checks=no_panic + [must_not(r"lost wakeup")],
             doc=f"10,000 cross-CPU {what} ping-pongs, no wakeup lost")
        for mode, what in (("poll", "pipe (poll)"), ("read", "pipe (read)"),
                           ("futex", "condition variable"))
    ] + [
        # Quanta's balancer (lb_era=5) for every policy: 2.6.0's never
        # settles at 2 a CPU (docs/reference/balancer.md); the host
        # scenarios spread-balance and share-5on4-* assert each era
        case("sched-spread", "s_spread", "trace=sched sched.lb_era=5",
             checks=no_panic + [trace_spread(4)],
             doc="8 hogs started on CPU 0 end up 2 per CPU"),
        case("sched-share5", "s_share5", "sched.lb_era=5", timeout=60,
             checks=no_panic,
             doc="5 hogs on 4 CPUs, Quanta's rotation: each gets 20% +/- 2 "
                 "of the machine"),
        case("sched-share5-2.6.22", "s_share5", "sched.lb_era=2 -- pair",
             timeout=60, checks=no_panic,
             doc="5 hogs on 4 CPUs, 2.6.22's balancer: two share a CPU "
                 "(12.5% each), three run alone (25%), +/- 2"),
        case("sched-pinned", "s_pinned", "trace=sched", timeout=60, checks=no_panic + [trace_pinned(2)],
             doc="tasks pinned to CPU 2 only ever run there (trace)"),
        case("sched-remote-wake", "s_remote_wake", "trace=sched",
             checks=no_panic + [trace_remote_wake(3, 1000, 5)],
             doc="a wakeup onto idle CPU 3 runs there within a tick"),
        case("sched-idle", "s_idle", checks=no_panic,
             doc="nothing to run: every CPU >= 90% idle, < 10% busy"),
        case("sched-stress", "s_stress", profile="real", timeout=90,
             checks=no_panic + [must(r"^s_stress: [\d.]+ s, workers: \d+ "
                                     r"started.*failures 0\r?$")],
             doc="30 s of random fork/sleep/pipe/yield/nice/affinity/"
                 "burst/thread/mutex/signal/kill churn with 16 workers "
                 "(real TCG), nothing leaked (make torture runs it longer)"),
    ]


CASES += sched_cases()

def result_line(bench, keys):
    """Check that bench prints well-formed RESULT lines that together
    carry every key."""
    line_rx = re.compile(rf"^RESULT bench={re.escape(bench)}((?: [a-z0-9_]+=\S+)+)\r?$",
                         re.M)

    def check(out):
        lines = line_rx.findall(out.com1)
        if not lines:
            return f"no well-formed 'RESULT bench={bench} key=value ...' line"
        have = {kv.split("=", 1)[0] for line in lines for kv in line.split()}
        missing = [k for k in keys if k not in have]
        return f"RESULT line lacks {', '.join(missing)}" if missing else None
    check.__doc__ = f"RESULT bench={bench} with {' '.join(keys)}"
    return check


def bench_cases():
    """bench-*: every benchmark of user/bench runs briefly and prints a
    RESULT line that parses (architecture contract 6).  The lab runs them
    at full size."""
    runs = [
        ("forkmem", "256 10", ["kib", "fork_wait_us"], "det"),
        ("pipe_ctxsw", "20000", ["elapsed_ms", "user_ms", "sys_ms", "nvcsw",
                                  "writer_prio", "reader_prio"], "det"),
        ("wakeup_latency", "1 2", ["avg_us", "p99_us", "max_us", "missed"],
         "det"),
        ("kbuild", "2 12 1", ["elapsed_ms", "user_ms", "sys_ms", "cpu_pct"],
         "det"),
        ("spinners", "8 1", ["cs_per_s", "cpu0_cs_per_s"], "det"),
        ("threadtest", "-i 50 1000", ["elapsed_ms", "same_cpu", "other_cpu",
                                      "avg_wait_us"], "real"),
        ("pingpong", "2000", ["rtt_ns"], "det"),
        ("lat_ctx", "4 200", ["overhead_ns", "hop_ns", "ctx_ns"], "det"),
        ("hackbench", "1 10", ["elapsed_ms", "tasks"], "det"),
        ("nice_share", "1 0,5", ["share_pct", "ratio"], "det"),
        ("interactive", "1 2", ["avg_us", "max_us", "missed"], "det"),
    ]
    return [Case(f"bench-{name}", f"init=/bin/{name} -- {args}",
                 profile=prof, timeout=120,
                 checks=[result_line(name, keys), must_not(r"PANIC")],
                 doc=f"user/bench/{name}.c briefly: its RESULT line parses")
            for name, args, keys, prof in runs]


CASES += bench_cases() + [
    Case("bench-kbuild-shell", "init=/bin/sh -- -c 'cd /tmp; kbuild 2 6 1'",
         profile="det", timeout=120,
         checks=[must(r"RESULT bench=kbuild .*failed=0"), must_not(r"PANIC")],
         doc="kbuild typed at the shell (argv[0] is just 'kbuild', the "
             "working directory not /bin) finds itself in $PATH: no unit "
             "fails"),
]


def signal_cases():
    """signal-*: POSIX signals, once (the behaviour is policy-independent;
    user-t_sigpause runs a SIGALRM handler under every policy)."""
    prog_line = r"^t_signal: \d+ checks, 0 failed\r?$"
    no_panic = [must_not(r"PANIC")]
    return [
        Case(f"signal-posix-smp{n}", "init=/bin/t_signal", cpus=n,
             timeout=120, checks=no_panic + [
                 must(prog_line),
                 must(r"itimer: 20 periods of 10 ms in \d+ us"),
                 must(r"killed by SIGSEGV"),
                 must(r"bad signal frame at esp 00001000"),
                 must(r"no room for the SIGUSR1 frame")],
             doc=f"t_signal on {n} CPU(s): handlers, masks, restarts, "
                 "SIGCHLD, stop/continue, itimer periods, faults")
        for n in (1, 4)
    ] + [
        Case("signal-storm", "init=/bin/s_sigstorm", profile="real",
             timeout=180, checks=no_panic + [
                 must(r"^s_sigstorm: \d+ checks, 0 failed\r?$"),
                 must(r"^pass 2: 3000 ping-pongs on each of 2 thread pairs"),
                 must_not(r"lost wakeup")],
             doc="tgkill ping-pong between the threads of two processes "
                 "and a kill() flood on 4 CPUs (real TCG): no wakeup "
                 "lost, no page leaked"),
    ]


# The shell on the console: Ctrl-C and Ctrl-Z reach the foreground job,
# never the shell; line editing and history; top quits on q.
CONSOLE_SCRIPT = [
    ("expect", PROMPT),
    ("send", "spinners 4 100\n"),
    ("sleep", 2),
    ("send", "\x03"),
    ("expect", r"\^C"),
    ("expect", PROMPT),
    ("send", "echo alive $?\n"),
    ("expect", r"\nalive 130\r?\n"),
    ("send", "spinners 2 100\n"),
    ("sleep", 2),
    ("send", "\x1a"),
    ("expect", r"\[1\]\+  Stopped\s+spinners 2 100"),
    ("send", "jobs\n"),
    ("expect", r"\[1\]  Stopped\s+spinners 2 100"),
    ("send", "bg\n"),
    ("expect", r"\[1\]\+ spinners 2 100 &"),
    ("send", "jobs\n"),
    ("expect", r"\[1\]  Running\s+spinners 2 100"),
    ("send", "fg %1\n"),
    ("sleep", 1),
    ("send", "\x03"),
    ("expect", PROMPT),
    ("send", "echo back $?\n"),
    ("expect", r"\nback 130\r?\n"),
    ("send", "echo helo\x1b[Dl\n"),
    ("expect", r"\nhello\r?\n"),
    ("send", "\x1b[A\n"),
    ("expect", r"\nhello\r?\n"),
    ("send", "junk\x15echo \x17echo ok\n"),
    ("expect", r"\nok\r?\n"),
    ("send", "sleep 30\n"),
    ("sleep", 1),
    ("send", "\x1c"),
    ("expect", r"Killed by signal 3 \(Quit\)"),
    ("expect", PROMPT),
    ("send", "t_ttyread intr\n"),
    ("expect", r"read: EINTR after 1 alarm"),
    ("expect", PROMPT),
    ("send", "t_ttyread restart\n"),
    ("expect", r"reading"),
    ("sleep", 1),
    ("send", "typed\n"),
    ("expect", r"read: got typed after 1 alarm"),
    ("expect", PROMPT),
    ("send", "top -d 0.2\n"),
    ("expect", r"PID USER"),
    ("send", "\x1a"),
    ("expect", r"\[1\]\+  Stopped\s+top -d 0.2"),
    ("send", "fg\n"),
    ("expect", r"PID USER"),
    ("sleep", 0.5),
    ("send", "q"),
    ("expect", PROMPT),
    ("send", "echo top $?\n"),
    ("expect", r"\ntop 0\r?\n"),
    ("send", "exit\n"),
]

CASES += signal_cases() + [
    Case("console-job-control", "init=/bin/sh", timeout=120,
         interactive=CONSOLE_SCRIPT, checks=[must_not(r"PANIC")],
         doc="Ctrl-C interrupts a spinning foreground job, not the shell; "
             "Ctrl-Z stops it, jobs lists it, fg resumes it; line editing "
             "and history; Ctrl-\\ quits; a console read EINTR or "
             "restarted (SA_RESTART); top quits on q, after a Ctrl-Z and fg too"),
    Case("console-long-line", "init=/bin/sh", timeout=60, interactive=[
        ("expect", PROMPT), ("send", "echo " + "y" * 1100 + "; echo NOTRUN\n"),
        ("expect", r"sh: line too long \(max 1023 bytes\)"),
        ("expect", PROMPT), ("send", "echo after-$?\n"),
        ("expect", r"after-\d+"),
        ("expect", PROMPT), ("send", "exit 0\n")],
         checks=[must_not(r"^NOTRUN"), must_not(r"^y{100}"),
                 must_not(r"PANIC")],
         doc="a typed line longer than the editor's 1,023 bytes is dropped "
             "with a message, not cut and run"),
    Case("console-kill-job", "init=/bin/sh", timeout=60, interactive=[
        ("expect", PROMPT), ("send", "sleep 300 &\n"),
        ("expect", r"\[1\] \d+"),
        ("expect", PROMPT), ("send", "kill %1; wait %1; echo k=$?\n"),
        ("expect", r"k=143"),
        ("expect", PROMPT), ("send", "kill %7; echo s=$?\n"),
        ("expect", r"kill: %7: no such job"), ("expect", r"s=1"),
        ("expect", PROMPT), ("send", "exit 0\n")],
         checks=[must_not(r"PANIC")],
         doc="kill %N, as bash's builtin kill: SIGTERM to the job's "
             "process group (wait says 128 + 15); an unknown job is an "
             "error"),
    Case("shell-kill-job-nojc",
         "init=/bin/sh -- -c 'sleep 300 & kill -USR1 %1; wait %1; "
         "echo k=$?'", timeout=60, checks=[must(r"^k=138\r?$")],
         doc="kill %N without job control (sh -c: the job is in the "
             "shell's group): the job's processes get the signal, the "
             "shell does not"),
    Case("tools-grep-ps",
         "init=/bin/sh -- -c 'spinners 2 2 & sleep 0.5; ps | grep spin | "
         "grep -c spinners; wait'",
         checks=[must(r"^[1-9]\r?$")],
         doc="ps | grep spin finds the spinners (given half a second to "
             "exec: right after the fork the child is still sh)"),
    Case("tools-grep-regex",
         "init=/bin/sh -- -c 'echo abc | grep ^a.c$; echo aXXb | grep -E "
         "^aX+b$'",
         checks=[must(r"^abc\r?$"), must(r"^aXXb\r?$")],
         doc="grep: anchors, '.', -E's +"),
    Case("tools-grep-class",
         "init=/bin/sh -- -c 'echo abd | grep a[^c]d; echo A.c | grep -F "
         "-i a.C'",
         checks=[must(r"^abd\r?$"), must(r"^A\.c\r?$")],
         doc="grep: a negated class; -F -i takes '.' literally"),
    Case("tools-grep-options",
         "init=/bin/sh -- -c 'echo abc | grep -v b; echo R=$?; grep x "
         "/none; echo E=$?'",
         checks=[must(r"^R=1\r?$"), must(r"grep: /none: "),
                 must(r"^E=2\r?$")],
         doc="grep: -v and status 1, a missing file and status 2"),
    Case("console-qemu-monitor", "init=/bin/sh", timeout=60, monitor=True,
         status=TRIPLE, interactive=[
             ("expect", PROMPT),
             ("send", "sleep 30\n"),
             ("sleep", 1),
             ("send", "\x03"),
             ("expect", PROMPT),
             ("send", "echo alive $?\n"),
             ("expect", r"\nalive 130\r?\n"),
             ("send", "\x01c"),
             ("expect", r"\(qemu\)"),
             ("send", "info status\n"),
             ("expect", r"VM status: running"),
             ("send", "\x01c"),
             ("send", "echo back\n"),
             ("expect", r"\nback\r?\n"),
             ("send", "\x01x"),
         ], checks=[must_not(r"Triple fault", chan="qemulog")],
         doc="make run's console: Ctrl-C reaches the guest through QEMU's "
             "mux, Ctrl-A C opens the monitor and comes back, Ctrl-A X "
             "quits (status 0, no triple fault)"),
    Case("tools-kill-group",
         "init=/bin/sh -- -c 'sleep 20 & sleep 1; kill -TSTP -- -1; ps | "
         "grep sleep'",
         checks=[must(r" T .*sleep")],
         doc="kill takes the new names (TSTP) and -- before a negative pid "
             "(-1: all but init and kill itself); ps shows a stopped task "
             "as T"),
    Case("console-poweroff", "init=/bin/sh -- -c 'echo off; poweroff'",
         checks=[must(r"reboot: Power down")],
         doc="poweroff in the shell turns the machine off (status 0)"),
    Case("console-reboot", "init=/bin/sh -- -c reboot", status=TRIPLE,
         checks=[must(r"reboot: Restarting system"),
                 must(r"quanta: reboot\s*$", chan="data"),
                 must_not(r"Triple fault", chan="qemulog")],
         doc="reboot resets the machine through the keyboard controller "
             "(QEMU's -no-reboot then exits 0, no triple fault); the data "
             "channel tells tools/qemu.py to boot again"),
]

CASES += [
    Case("shell-chrt", "init=/bin/sh -- -c 'chrt -f 50 chrt -p 0; "
         "chrt -r 7 chrt -p 0; chrt -m; chrt -f 0 true; chrt -p 99999'",
         checks=[must(r"pid 0's current scheduling policy: SCHED_FIFO"),
                 must(r"pid 0's current scheduling priority: 50"),
                 must(r"pid 0's current scheduling policy: SCHED_RR"),
                 must(r"pid 0's current scheduling priority: 7"),
                 must(r"SCHED_FIFO min/max priority\s*: 1/99"),
                 must(r"SCHED_OTHER min/max priority\s*: 0/0"),
                 must(r"chrt: failed to set SCHED_FIFO priority 0: "
                      r"Invalid argument"),
                 must(r"chrt: pid 99999: No such process")],
         status=3,
         doc="the shell's chrt prefix: set, show (-p), list (-m) and the "
             "errors of a bad priority or pid, as util-linux's chrt (a "
             "line of more than 16 words for init, too)"),
    Case("cmdline-many-words", "init=/bin/echo -- " +
         " ".join(f"w{i}" for i in range(140)),
         checks=[must(r"^w0 w1 .* w124\r?$"),
                 must(r"cmdline: more than 128 words; ignoring everything "
                      r"from 'w125 ")],
         doc="init gets every word up to the command line's limit, and "
             "the words beyond it are reported, not dropped silently"),
]

# The libc's own calls for the field's benchmarks (user/tests/t_libc_*.c):
# no system call of their own, so once, with the default policy; numa at
# -smp 4 too, where node 0 must hold every CPU.
LIBC_TESTS = [("t_libc_scan", 1), ("t_libc_math", 1), ("t_libc_misc", 1),
              ("t_libc_numa", 1), ("t_libc_numa", 4)]
CASES += [Case(f"libc-{prog}-smp{n}", f"init=/bin/{prog}", cpus=n,
               timeout=60, checks=[must(rf"^{prog}: \d+ checks, 0 failed")],
               doc=f"user/tests/{prog}.c on {n} CPU(s)")
          for prog, n in LIBC_TESTS]
# The shell's language and the tools, typed at the console: each command,
# then the lines it must print (regular expressions, each on a line of its
# own: the typed line's echo never matches), then the prompt.
def shell_session(steps):
    """An interactive script from (command, [output regexes]) pairs."""
    script = []
    for command, outputs in steps:
        script += [("expect", PROMPT), ("send", command + "\n")]
        script += [("expect", r"(?<=\n)" + o + r"\r?\n") for o in outputs]
    return script + [("expect", PROMPT), ("send", "exit 0\n")]


SHELL_LANGUAGE = [
    ("A=hello; echo $A ${A}x \"$A\" '$A' # a comment",
     [r"hello hellox hello \$A"]),
    ("false; echo s=$?", [r"s=1"]),
    ("false || echo or; true && echo and; false && echo no1; "
     "true || echo no2; echo end", [r"or", r"and", r"end"]),
    ("false && echo no3 || echo fallback", [r"fallback"]),
    ("X='a  b'; echo $X; echo \"$X\"", [r"a b", r"a  b"]),
    ("echo $$ | grep -c '^[0-9][0-9]*$'", [r"1"]),
    ("sleep 1 & wait $!; echo w=$? bang=$!", [r"w=0 bang=\d+"]),
    ("export GREETING=hi; env | grep GREETING", [r"GREETING=hi"]),
    ("LOCAL=1; env | grep -c LOCAL", [r"0"]),
    ("TEMP=x env | grep TEMP; echo after=$TEMP.", [r"TEMP=x", r"after=\."]),
    ("unset GREETING; env | grep -c GREETING; echo g=$GREETING.",
     [r"0", r"g=\."]),
    ("echo /bin/ca? /bin/wc* /bin/[u]niq /bin/zz* '/bin/c*'",
     [r"/bin/cat /bin/wc /bin/uniq /bin/zz\* /bin/c\*"]),
    ("cd /tmp && pwd; echo one > f; echo two >> f; cat f",
     [r"/tmp", r"one", r"two"]),
    ("wc -l < f; echo $PWD", [r"2", r"/tmp"]),
    ("ls nosuch 2> err; cat err", [r"ls: cannot access 'nosuch': .*"]),
    ("ls nosuch > out 2>&1; wc -l < out; ls nosuch 2>&1 > out2 | wc -l",
     [r"1", r"1"]),
    ("echo to-stderr >&2 2>/dev/null", [r"to-stderr"]),
    ("echo x > /bin/ro", [r"sh: /bin/ro: Read-only file system"]),
    ("cd /nonexistent; echo cd=$?; cd; pwd",
     [r"cd: /nonexistent: No such file or directory", r"cd=1", r"/"]),
    ("nosuchcmd; echo $?", [r"sh: nosuchcmd: not found", r"127"]),
    ("cd /tmp; echo 'echo n=$# 0=$0 1=$1 2=$2' > s; "
     "echo 'env -i \"$@\" env | wc -l' >> s; sh s a=1 'b=2 3'; cd /",
     [r"n=2 0=s 1=a=1 2=b=2 3", r"2"]),
    ("echo 'unterminated", [r"sh: missing closing '"]),
    ("echo no1; echo b &&",
     [r"sh: syntax error: && and \|\| need a command on each side"]),
    ("echo after=$?", [r"after=2"]),
    ("echo no2; ( echo x )",
     [r"sh: syntax error: \( \) subshells are not supported"]),
    ("sleep 5 &; echo no3", [r"sh: syntax error: nothing before ;"]),
    ("ps | grep -c sleep; E=; $E echo viaE; V='a | b'; echo $V",
     [r"0", r"viaE", r"a \| b"]),
]

SHELL_TOOLS = [
    ("cd /tmp; echo pear > f; echo apple >> f; echo pear >> f; echo 10 >> f; "
     "echo 9 >> f; sort f", [r"10", r"9", r"apple", r"pear", r"pear"]),
    ("sort -n f", [r"apple", r"pear", r"pear", r"9", r"10"]),
    ("sort -rn f | head -n 2", [r"10", r"9"]),
    ("sort f | uniq -c", [r" {6}1 10", r" {6}1 9", r" {6}1 apple",
                          r" {6}2 pear"]),
    ("sort -u f | wc -l; uniq -d f; sort f | uniq -d", [r"4", r"pear"]),
    ("wc -l f; wc f; echo a b  c | wc -w; cat f | wc",
     [r"5 f", r" 5  5 21 f", r"3", r" {6}5 {7}5 {6}21"]),
    ("head -n 2 f; head -1 f; tail -n 2 f; tail -n +5 f",
     [r"pear", r"apple", r"pear", r"10", r"9", r"9"]),
    ("mkdir -p d/e/g && touch d/e/t && cp f d/c && mv d/c d/e/h && "
     "ls -1 d/e", [r"g", r"h", r"t"]),
    ("cat d/e/h | wc -l; rm d; rm -r d; ls d",
     [r"5", r"rm: cannot remove 'd': Is a directory",
      r"ls: cannot access 'd': No such file or directory"]),
    ("rm -f nosuch; echo f=$?; rm nosuch; echo r=$?",
     [r"f=0", r"rm: cannot remove 'nosuch': No such file or directory",
      r"r=1"]),
    ("mkdir d; mkdir d; mkdir -p d; echo p=$?",
     [r"mkdir: cannot create directory 'd': File exists", r"p=0"]),
    ("mkdir /tmp/c && cd /tmp/c && touch a bb c d && ls && ls -C | cat "
     "&& ls | cat && ls -l a; cd /tmp",
     [r"a  bb  c  d", r"a  bb  c  d", r"a", r"bb", r"c", r"d",
      r"-rw-rw-rw- 1 root root +0 [A-Z][a-z]{2} [ \d]\d \d\d:\d\d a"]),
    ("mv f /tmp/d; ls /tmp/d; cp /tmp/d/f /bin/f",
     [r"f", r"cp: cannot create '/bin/f': Read-only file system"]),
    ("clear | wc -c", [r"11"]),
    ("dmesg | grep -c 'cpu0: smp: [0-9] of [0-9] CPUs online'", [r"1"]),
    ("uptime", [r" \d\d:\d\d:\d\d up \d+ min,  0 users,  load average: "
                r"\d+\.\d\d, \d+\.\d\d, \d+\.\d\d"]),
    ("free", [r" +total +used +free +shared +buff/cache +available",
              r"Mem: +\d+ +\d+ +\d+ +0 +0 +\d+", r"Swap: +0 +0 +0"]),
    ("taskset 0x2 ps | grep ' ps$'", [r" +\d+ +\d+ +\d+ R +TS +1 +2 .* ps"]),
    ("sysctl nosuch=1; sysctl -w nosuch=1; sysctl -w lb_enabled",
     [r"sysctl: nosuch: no such tunable", r"sysctl: nosuch: no such tunable",
      r"sysctl: \"lb_enabled\" must be of the form name=value"]),
    ("sysctl -w lb_enabled=0; sysctl lb_enabled=1",
     [r"lb_enabled = 0 bool .*", r"lb_enabled = 1 bool .*"]),
    ("sysctl -a | grep -c '\\.\\.\\. \\['", [r"0"]),
    ("seed003 50 1000 > /tmp/out; wc -l /tmp/out", [r"1 /tmp/out"]),
]

CASES += [
    Case("shell-language", "init=/bin/sh", timeout=60,
         interactive=shell_session(SHELL_LANGUAGE),
         checks=[must_not(r"^no[123]\r?$"), must_not(r"PANIC")],
         doc="the shell: variables and $?, quoting, && and ||, field "
             "splitting, $$ and $!, export to a child's environment (env), "
             "* ? [] globbing, cd/pwd, > >> < 2> 2>&1 >&2 redirections "
             "to /tmp, errors (EROFS, not found, a missing quote), a "
             "syntax error anywhere in a line runs none of it"),
    Case("shell-tools", "init=/bin/sh", timeout=90,
         interactive=shell_session(SHELL_TOOLS),
         checks=[must_not(r"tunable: no tunable named"),
                 must_not(r"PANIC")],
         doc="the tools on known input: sort (-n -r -u), uniq (-c -d), "
             "wc, head, tail (-n +N), mkdir -p, touch, cp, mv, rm (-r -f), "
             "clear, dmesg, uptime, free, ps's affinity, sysctl's errors "
             "told once with no kernel line, seed003 > /tmp/out"),
]

# Known gaps: (case, policy) pairs that are reported as SKIPPED with the
# reason, never as passed, until the work named here is done.  Keep this
# list short and honest; docs/policies/README.md repeats it.
KNOWN_GAPS = {}

# The scheduler trace, its viewers and the gdb helpers: tests/trace_cases.py
import trace_cases  # noqa: E402


def fs_cases():
    """fs-*: the file system (/tmp, the read-only initrd, /dev), once: its
    behaviour does not depend on the policy."""
    script = [
        ("expect", PROMPT),
        ("send", "echo hi > /tmp/f; cat /tmp/f\n"),
        ("expect", r"\nhi\r?\n"),
        ("send", "echo there >> /tmp/f; cat < /tmp/f\n"),
        ("expect", r"\nhi\r?\nthere\r?\n"),
        ("send", "cat /none 2> /tmp/err; cat /tmp/err\n"),
        ("expect", r"\ncat: /none: No such file or directory\r?\n"),
        ("send", "seed003 > /tmp/out; grep -c RESULT /tmp/out\n"),
        ("expect", r"\n1\r?\n"),
        ("send", "echo x > /f\n"),
        ("expect", r"sh: /f: Read-only file system"),
        ("send", "ls /tmp\n"),
        ("expect", r"err"),
        ("send", "exit\n"),
    ]
    return [
        Case("fs-posix", "tmpfs_size=256K init=/bin/t_fs", timeout=120,
             checks=[must(r"^t_fs: \d+ checks, 0 failed\r?$"),
                     must(r"^t_fs: ENOSPC after 262144 bytes of "
                          r"tmpfs_size=256K"),
                     must(r"^t_fs: tmpfs pages 0 -> 0, free \+ slab "
                          r"pages (\d+) -> \1: same"),
                     must_not(r"PANIC")],
             doc="user/tests/t_fs.c: /tmp's calls and their errors "
                 "(ENOSPC at tmpfs_size=256K, EROFS on the initrd, ENOENT, "
                 "EISDIR, ENOTDIR, ENOTEMPTY, EXDEV, EBADF, ESPIPE), an "
                 "unlinked open file, the working directory, /dev/zero, "
                 "stdio's modes and seeks, O_APPEND from two processes, "
                 "and every page back at the end"),
        Case("fs-race-real", "init=/bin/s_fsrace -- 500", profile="real",
             timeout=180,
             checks=[must(r"^s_fsrace: \d+ checks, 0 failed\r?$"),
                     must(r"^s_fsrace: lister made \d+ passes"),
                     must_not(r"PANIC|torn|wrong")],
             doc="user/tests/s_fsrace.c on 4 CPUs (real TCG): workers "
                 "create, read, rename over one shared name, unlink and "
                 "append from two threads while a lister walks the "
                 "directory; no torn file or record, no page left"),
        Case("fs-shell-redirect", "init=/bin/sh", timeout=180,
             interactive=script, checks=[must_not(r"PANIC")],
             doc="the shell's >, >>, < and 2> into /tmp; seed003 > "
                 "/tmp/out; a write to the initrd says EROFS"),
    ]


CASES += fs_cases()
CASES += proc_cases()
CASES += trace_cases.trace_cases(Case, must, must_not)

# The scheduler labs' own QEMU cases (docs/course/): not in CASES, so the
# suite does not run them with every policy's kernel; tools/course/grade.py
# runs them with the student's kernel and judges their figures against the
# lab's tolerances (tools/course/lab2.json).  Lab 1 grades with sched-preempt-
# smp4 and sched-idle from CASES.
LAB_CASES = [
    Case("lab2-nice-share", "init=/bin/nice_share -- 2 10,0,-10",
         timeout=120,
         checks=[result_line("nice_share", ["share_pct", "ratio"]),
                 must_not(r"PANIC")],
         doc="lab 2: three hogs pinned to CPU 0 at nice 10, 0, -10 for 2 s"),
    Case("lab3-interactive", "init=/bin/interactive -- 2 3 1 19", cpus=1,
         timeout=120,
         checks=[result_line("interactive", ["avg_us", "max_us", "missed"]),
                 must_not(r"PANIC")],
         doc="lab 3: a 1 ms / 19 ms interactive task beside 3 hogs on 1 CPU for 2 s"),
]
# The gdb helpers (tools/gdb/policies.py) walk each policy's queue by its
# struct names; the student policy's names are the student's, one set per
# lab, so they have no entry (docs/policies/README.md, docs/course/).
KNOWN_GAPS[("sched-gdb-helpers", "student")] = (
    "tools/gdb/policies.py knows each policy's structs by name; the "
    "student's are the student's own (docs/course/README.md)")
