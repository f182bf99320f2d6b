"""The lab's named experiments: one per seed mail (docs/labs/README.md).

An experiment is plain data: a title, the mail's observation and figures,
the kernel variants to compare (rows), the workload they all run, the
table's columns and a QUICK variant with tiny parameters.  lab.py turns it
into QEMU runs; report.py turns the runs into tables, CSV, JSON and SVG.

To add an experiment, write a function returning an Experiment and list it
in EXPERIMENTS at the bottom.  Everything here is data plus small getter
functions; nothing runs QEMU.
"""

from dataclasses import dataclass, field
from statistics import mean
from typing import Callable, Optional

# --------------------------------------------------------------------------
# Building blocks


@dataclass
class Row:
    """One kernel variant: a policy, its tunables, a tick rate.

    label: the row's name in the table.  policy: rr o1 staircase rsdl cfs
    eevdf, or "linux" for the reference row (linux_peer.py).  tunables: the
    sched.<name>=<value> words.  hz: the hz= word (None: the build's HZ).
    quick: keep this row in QUICK mode.  words: other kernel command-line
    words (highres=on).
    """
    label: str
    policy: str
    tunables: dict = field(default_factory=dict)
    hz: Optional[int] = None
    note: str = ""
    quick: bool = False
    words: tuple = ()

    @property
    def is_peer(self):
        return self.policy == "linux"


@dataclass
class Column:
    """A table column.

    get(res, ctx) returns the cell's number (or None): res maps a bench
    name to its merged RESULT keys (numbers, or None for "n/a"); ctx is the
    Run (row, cpus, profile...).  fmt formats the median.  need lists the
    (bench, key) pairs a run must print for the column to be filled; a
    missing one fails the run.  ratio_to: instead of get, the median of
    column `ratio_to[1]` divided by that of row label `ratio_to[0]`.
    """
    header: str
    get: Optional[Callable] = None
    fmt: str = "{:.2f}"
    need: tuple = ()
    ratio_to: Optional[tuple] = None


def key(bench, name, scale=1.0, header=None, fmt="{:.2f}"):
    """A column showing RESULT key `name` of `bench`, times `scale`."""
    def get(res, ctx):
        v = res.get(bench, {}).get(name)
        return None if v is None else v * scale
    return Column(header or name, get, fmt, need=((bench, name),))


def calc(header, fn, need, fmt="{:.2f}"):
    """A column computed by fn(res, ctx) from the keys in need."""
    return Column(header, fn, fmt, need=tuple(need))


def time_columns(bench):
    """elapsed, user and system seconds, as time(1) prints them, from
    `bench`'s elapsed_ms, user_ms and sys_ms."""
    return [key(bench, "elapsed_ms", 1e-3, "elapsed s", "{:.2f}"),
            key(bench, "user_ms", 1e-3, "user s", "{:.2f}"),
            key(bench, "sys_ms", 1e-3, "sys s", "{:.2f}")]


@dataclass
class Experiment:
    """A named experiment (see the module docstring).

    workload: the command line every row runs, in the shell syntax that
    Quanta's sh and the Linux peer's init share: "prog args", ";" and "&".
    Program names are those of user/bench (/bin/<name>).
    cpus: the -smp values; one table per value.  profile/reps: defaults
    when PROFILE/REPS are not given.  timeout: seconds per QEMU run.
    est_s: rough wall seconds per run, for the first time-left estimate.
    headline: header of the column the SVG chart shows.
    quick: dict overriding workload/cpus/timeout/est_s in QUICK mode; rows
    with quick=True are the ones QUICK keeps.
    """
    name: str
    title: str
    observation: str
    mail: list
    rows: list
    workload: str
    cpus: list
    columns: list
    headline: str
    profile: str = "det"
    reps: Optional[int] = None
    timeout: float = 300
    est_s: float = 10
    quick: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)
    profile_note: str = ""      # shown when the table uses `profile`
    initrd: str = "initrd.img"  # Quanta's, relative to the build directory
    in_all: bool = True         # part of EXP=all (False: needs sources the
                                # repository does not have)

    def needs(self):
        """Every (bench, key) a successful run must have printed."""
        out = []
        for c in self.columns:
            for nk in c.need:
                if nk not in out:
                    out.append(nk)
        return out


def per_cpu_mean(res, ctx):
    """Mean of the spinners' cpuK_cs_per_s keys; total / CPUs when the
    per-CPU figures are n/a (Linux)."""
    s = res.get("spinners", {})
    vals = [v for k, v in s.items()
            if k.startswith("cpu") and k.endswith("_cs_per_s")
            and v is not None]
    if vals:
        return mean(vals)
    tot, n = s.get("cs_per_s"), s.get("cpus")
    return tot / n if tot is not None and n else None


# --------------------------------------------------------------------------
# seed000: O(1) one-byte pipe transfers

def seed000():
    res = "pipe_ctxsw"
    o1 = {}                 # o1 defaults: 2.6.0 with the O18.1 bonus rules
    return Experiment(
        name="seed000",
        title="O(1) one-byte pipe writer/reader (seed mail 000, Aug 2003)",
        observation=("With the interactivity bonus a 2-level priority gap "
                     "opens between writer and reader and every byte costs "
                     "a switch: 2.6.0-test4-O18.1 took 6.24 s against "
                     "3.18 s with the bonus off."),
        mail=["P3-450 UP, 1M writes: 2.4.22 2.89 s; 2.6.0-test4 4.30 s "
              "(PR 23/25); -nobonus 3.24 s; O18.1 6.24 s (user 0.49, sys "
              "2.67); O18.1-nobonus 3.18 s; ck: writer PR 16, reader PR 25",
              "vmstat: 200000 context switches per second"],
        rows=[
            Row("o1 2.6.0+O18.1", "o1", dict(o1), quick=True),
            Row("o1 nobonus", "o1", {"o1_interactive": 0}, quick=True),
            Row("o1 2.6.22", "o1", {"o1_variant": 1}),
            Row("rr", "rr"),
            Row("staircase", "staircase"),
            Row("rsdl", "rsdl"),
            Row("cfs 2.6.24", "cfs", quick=True),
            Row("eevdf", "eevdf"),
            Row("Linux", "linux", quick=True),
        ],
        workload="pipe_ctxsw 1048576",
        cpus=[1],
        columns=time_columns(res) + [
            calc("ctx switches", lambda r, c: r[res]["nvcsw"]
                 + r[res]["nivcsw"], [(res, "nvcsw"), (res, "nivcsw")],
                 "{:.0f}"),
            calc("cs/s", lambda r, c: (r[res]["nvcsw"] + r[res]["nivcsw"])
                 / max(r[res]["elapsed_ms"], 1) * 1000,
                 [(res, "nvcsw"), (res, "nivcsw"), (res, "elapsed_ms")],
                 "{:.0f}"),
            key(res, "writer_prio", 1, "writer PR", "{:.0f}"),
            key(res, "reader_prio", 1, "reader PR", "{:.0f}"),
            Column("x nobonus", fmt="{:.2f}",
                   ratio_to=("o1 nobonus", "elapsed s")),
        ],
        headline="elapsed s",
        timeout=240, est_s=30,
        quick={"workload": "pipe_ctxsw 20000", "timeout": 60, "est_s": 2},
        notes=["Quanta's pipe holds 4 KiB (pipe_size=), Linux's 64 KiB: "
               "compare switch counts with that in mind.",
               "x nobonus: elapsed time relative to the o1 nobonus row."],
    )


# --------------------------------------------------------------------------
# seed001: CFS wakeup latency under a build

# 2.6.35's set (docs/policies/cfs.md).  lb_era 4: 2.6.35 placed tasks as
# the modern era does (fork balancing since 2.6.25, select_idle_sibling
# since 2.6.33, 0.5 ms migration cost).
CFS_2635 = {"cfs_latency_ns": 6000000, "cfs_min_granularity_ns": 2000000,
            "cfs_wakeup_granularity_ns": 1000000, "cfs_sleeper_credit": 2,
            "cfs_child_runs_first": 0, "cfs_wakeup_gran_wakee": 1,
            "cfs_fork_2635": 1, "cfs_slice_2635": 1, "cfs_next_buddy": 0,
            "cfs_last_buddy": 1, "lb_era": 4}
GRAN_075 = {"cfs_min_granularity_ns": 750000}  # the mail's second change
MAIL001_FIGURES = ("2.6.35.2: max 45762.1 us, avg 7348.6 us; check_preempt "
                   "fix: max 39858.9, avg 7728.1; min_gran 0.75 ms: max "
                   "29100.6, avg 6684.1; both: max 20433.0, avg 5112.5")


def v2635(**extra):
    """2.6.35's CFS settings with the tunables in extra on top."""
    return dict(CFS_2635, **extra)


def mail001_rows(quick=False):
    """The four kernels of seed mail 001's table: 2.6.35.2 (its vruntime
    test, cfs_tick_check=1), the check_preempt_tick fix (2), and each with
    min_granularity 0.75 ms.  quick: QUICK keeps the first and the last."""
    return [
        Row("cfs 2.6.35.2", "cfs", v2635(cfs_tick_check=1), quick=quick),
        Row("check_preempt fix", "cfs", v2635(cfs_tick_check=2)),
        Row("min_gran 0.75 ms", "cfs", v2635(cfs_tick_check=1, **GRAN_075)),
        Row("both", "cfs", v2635(cfs_tick_check=2, **GRAN_075), quick=quick),
    ]


def latency_columns():
    """wakeup_latency's figures beside the build's elapsed time."""
    lat = "wakeup_latency"
    return [
        key(lat, "max_us", 1, "max latency us", "{:.1f}"),
        key(lat, "avg_us", 1, "avg latency us", "{:.1f}"),
        key(lat, "p99_us", 1, "p99 us", "{:.1f}"),
        key(lat, "missed", 1, "missed", "{:.0f}"),
        key(lat, "samples", 1, "samples", "{:.0f}"),
        key("kbuild", "elapsed_ms", 1e-3, "load s", "{:.2f}"),
    ]


def seed001():
    return Experiment(
        name="seed001",
        title="CFS wakeup latency under make -j10 (seed mail 001, Sep 2010)",
        observation=("A 1 ms periodic probe under make -j10 on 2.6.35.2 "
                     "saw 45.8 ms maximum latency; the check_preempt fix "
                     "plus min_granularity 0.75 ms brought it to 20.4 ms."),
        mail=["2.0 GHz Pentium M UP, wakeup-latency.c (SIGEV_THREAD), "
              "make -j10, mean of 3 runs; missed timer events 0 in all:",
              MAIL001_FIGURES],
        rows=mail001_rows(quick=True) + [
            Row("cfs 2.6.24", "cfs"),
            Row("eevdf", "eevdf"),
            Row("o1", "o1"),
            Row("rr", "rr"),
            Row("Linux", "linux"),
        ],
        # The probe runs in the background and the build in the
        # foreground: sh -c exits when its last command does, so the
        # probe's RESULT line proves that the load outlived it.
        workload="wakeup_latency 5 & kbuild 10 40 10",
        cpus=[1],
        columns=latency_columns(),
        headline="max latency us",
        timeout=240, est_s=6,
        quick={"workload": "wakeup_latency 0.5 & kbuild 10 8 10",
               "timeout": 60, "est_s": 2},
        notes=["2.6.35 settings: latency 6 ms, min_granularity 2 ms, "
               "wakeup_granularity 1 ms (in the wakee's virtual time), "
               "GENTLE sleeper credit, no child-runs-first, "
               "task_fork_fair's placement, 2.6.35's period and slice "
               "arithmetic, the modern balancer era; "
               "cfs_tick_check 1 = 2.6.35's vruntime test, 2 = the fix.",
               "The probe sleeps with clock_nanosleep, not SIGEV_THREAD "
               "(Quanta has no POSIX timers); load s is the build's "
               "elapsed time and must exceed the probe's 5 s."],
    )


def seed001_nice():
    """seed001 with a heavy (nice -5) load: where the unit mismatch shows.

    With every task at nice 0 a virtual ns is a wall ns, so cfs_tick_check
    1 and 2 behave alike (seed001's identical rows).  For a nice -5 current
    task (weight 3121) against a nice-0 waiter, ideal_runtime is 6 ms x
    3121/4145 = 4.5 ms of wall time; mode 1 asks for a 4.5 ms *virtual*
    lead (13.8 ms of wall time at 1024/3121 virtual ns per ns), so the
    vruntime test never fires before the slice ends, while mode 2 asks
    for 4.5 x 1024/3121 = 1.5 ms virtual and fires once min_granularity
    has run.  The probe, a woken sleeper placed 3 ms left of min_vruntime,
    normally preempts at wakeup and never waits for the tick; the mail's
    SIGEV_THREAD probe was a new thread each period (START_DEBIT, no
    wakeup preemption).  The "no wakeup preempt" rows (cfs_wakeup_preempt
    =0) make the probe wait for check_preempt_tick as that thread did.
    """
    nowp = {"cfs_wakeup_preempt": 0}
    return Experiment(
        name="seed001-nice",
        title="CFS check_preempt_tick units with a nice -5 load (seed mail "
              "001, Sep 2010)",
        observation=("check_preempt_tick compares a virtual vruntime lead "
                     "with a wall-clock ideal_runtime; the two agree only "
                     "at nice 0, so a heavy (nice < 0) current task is "
                     "effectively exempt from the vruntime test."),
        mail=[MAIL001_FIGURES + " (all nice 0, make -j10, SIGEV_THREAD "
              "probe)"],
        rows=mail001_rows() + [
            Row("2.6.35.2 no wakeup preempt", "cfs",
                v2635(cfs_tick_check=1, **nowp), quick=True),
            Row("fix no wakeup preempt", "cfs",
                v2635(cfs_tick_check=2, **nowp), quick=True),
            Row("min_gran 0.75 no wakeup preempt", "cfs",
                v2635(cfs_tick_check=1, **GRAN_075, **nowp)),
            Row("both no wakeup preempt", "cfs",
                v2635(cfs_tick_check=2, **GRAN_075, **nowp)),
            Row("no vruntime test, no wakeup preempt", "cfs",
                v2635(cfs_tick_check=0, **nowp)),
            Row("Linux", "linux"),
        ],
        # One nice -5 build job (plus its forked helpers) against the
        # nice-0 probe: the case worked out in docs/reference/cfs-2.6.35.md
        # ("Seed mail 001: the units of step 3").
        workload="wakeup_latency 5 & nice -n -5 kbuild 1 40 10",
        cpus=[1],
        columns=latency_columns(),
        headline="avg latency us",
        timeout=240, est_s=6,
        quick={"workload": "wakeup_latency 0.5 & nice -n -5 kbuild 1 8 10",
               "timeout": 60, "est_s": 2},
        notes=["Same 2.6.35 settings and columns as seed001; the build is "
               "one job at nice -5 (weight 3121), the probe nice 0.",
               "cfs_tick_check 1 (2.6.35) needs a 4.5 ms virtual lead = "
               "13.8 ms of the nice -5 task's wall time, longer than its "
               "4.5 ms slice: the test never fires.  Mode 2 converts the "
               "slice to virtual time (1.5 ms) and fires after "
               "min_granularity.",
               "no wakeup preempt: cfs_wakeup_preempt=0, so the probe "
               "waits for the tick as the mail's SIGEV_THREAD thread (a new "
               "task, START_DEBIT) did; with it on, the probe's 3 ms "
               "sleeper credit preempts at once and the tick test never "
               "matters."],
    )


# --------------------------------------------------------------------------
# seed002: RSDL switch rate with 8 spinners on 4 CPUs

def seed002():
    sp = "spinners"

    def predicted(res, ctx):
        """Per-CPU switches/s if every rr_interval ends one turn.

        v0.30's RR_INTERVAL is (ms * HZ / 1001) + 1 ticks (rsdl.c), so a
        turn lasts that many ticks and each CPU switches HZ / ticks times
        a second.
        """
        if ctx.row.policy != "rsdl":
            return None
        hz = ctx.row.hz or 1000
        ms = ctx.row.tunables.get("rsdl_rr_interval_ms", 6)
        return hz / (ms * hz // 1001 + 1)

    return Experiment(
        name="seed002",
        title="RSDL context switches with 8 spinners on 4 CPUs "
              "(seed mail 002, Mar 2007)",
        observation=("8 infinite loops on a Core 2 Quad switched about 70 "
                     "times a second on 2.6.21-rc3 against about 530 on "
                     "RSDL v0.30 (6 ms rr_interval)."),
        mail=["Core 2 Quad (4 cores), 8 x while(1): 2.6.21-rc3 ~70 cs/s, "
              "RSDL v0.30 ~530 cs/s; Con's test patch: RR_INTERVAL 6 -> "
              "12 ms"],
        rows=[
            Row("o1 2.6.21-like", "o1", {"o1_variant": 1}, quick=True),
            Row("rsdl rr 6 ms", "rsdl", {"rsdl_rr_interval_ms": 6},
                quick=True),
            Row("rsdl rr 12 ms", "rsdl", {"rsdl_rr_interval_ms": 12},
                quick=True),
            Row("staircase", "staircase"),
            Row("cfs 2.6.24", "cfs"),
            Row("eevdf", "eevdf"),
            Row("rr", "rr"),
            Row("Linux", "linux"),
        ],
        workload="spinners 8 5",
        cpus=[4],
        columns=[
            key(sp, "cs_per_s", 1, "total cs/s", "{:.0f}"),
            calc("per-CPU cs/s", per_cpu_mean, [(sp, "cs_per_s")],
                 "{:.1f}"),
            key(sp, "slice_ms", 1, "mean slice ms", "{:.2f}"),
            calc("rsdl predicts /CPU", predicted, [], "{:.1f}"),
        ],
        headline="total cs/s",
        timeout=120, est_s=5,
        quick={"workload": "spinners 8 0.5", "timeout": 60, "est_s": 2},
        notes=["rsdl predicts: HZ / RR_INTERVAL switches a second on each "
               "CPU, RR_INTERVAL = rr_interval_ms * HZ / 1001 + 1 ticks "
               "(two spinners per CPU take turns every quantum).",
               "The mail's ~70/s total is ~17.5/s per CPU (57 ms turns), "
               "~530/s is ~132/s per CPU (7.5 ms turns)."],
    )


# --------------------------------------------------------------------------
# seed003: short-lived threads, 2.6.22 -> 2.6.24

def seed003():
    tt = "threadtest"
    return Experiment(
        name="seed003",
        title="Short-lived threads, 2.6.22 -> 2.6.24 (seed mail 003, "
              "Feb 2008)",
        observation=("500 create/spin/join iterations took 3332 ms on "
                     "2.6.22 and 8953 ms on 2.6.24: the new thread waits "
                     "for a CPU its busy-waiting parent holds."),
        mail=["1.5 GHz Core 2 Duo (2 CPUs), 500 iterations: 2.6.22 3332 "
              "ms, 2.6.23 4397 ms, 2.6.24 8953 ms, 2.6.24-git19 8986 ms"],
        # Each row runs with its policy's balancer era: o1 2.6.22 and
        # cfs 2.6.24 with the sched domains of their versions, which did
        # not balance at fork at the CPU level (52d85343 brought it back
        # in 2.6.25).  The candidate causes between the two are switched
        # back to 2.6.22 one at a time; fork balancing is a row of its own.
        rows=[
            Row("o1 2.6.22", "o1", {"o1_variant": 1}, quick=True),
            Row("cfs 2.6.24", "cfs", quick=True),
            Row("cfs child_first_threads=0", "cfs",
                {"cfs_child_first_threads": 0}),
            Row("cfs start_debit=0", "cfs", {"cfs_start_debit": 0}),
            Row("cfs wakeup_gran 2 ms", "cfs",
                {"cfs_wakeup_granularity_ns": 2000000}),
            Row("cfs cache_hot 2.5 ms", "cfs", {"lb_cache_hot_ns": 2500000}),
            Row("cfs 2.6.22 balancer", "cfs", {"lb_era": 2}),
            Row("cfs newidle_balance=0", "cfs", {"newidle_balance": 0}),
            Row("cfs 2.6.24 + fork balancing", "cfs", {"lb_fork_balance": 1}),
            Row("eevdf", "eevdf"),
            Row("Linux", "linux"),
        ],
        workload="threadtest -i 500",
        cpus=[2],
        # det since QEMU 8.1: 7.2's icount let the busy-waiting parent
        # stall the other vCPU (docs/debugging.md, "QEMU before 8.1")
        columns=[
            key(tt, "elapsed_ms", 1, "elapsed ms", "{:.0f}"),
            key(tt, "same_cpu", 1, "same_cpu", "{:.0f}"),
            key(tt, "other_cpu", 1, "other_cpu", "{:.0f}"),
            key(tt, "avg_wait_us", 1, "avg wait us", "{:.1f}"),
            key(tt, "p50_wait_us", 1, "p50 wait us", "{:.1f}"),
            key(tt, "max_wait_us", 1, "max wait us", "{:.1f}"),
        ],
        headline="elapsed ms",
        timeout=120, est_s=4,
        quick={"workload": "threadtest -i 100", "timeout": 60, "est_s": 3},
        notes=["same_cpu/other_cpu: where each new thread first ran "
               "relative to its parent's CPU; wait: create to first run."],
    )


# --------------------------------------------------------------------------
# seed004: staircase interactive / compute under a build

def seed004():
    kb, it = "kbuild", "interactive"
    return Experiment(
        name="seed004",
        title="Staircase v6.3 interactive=0 / compute=1 under a make build "
              "(seed mail 004, Jun 2004)",
        observation=("Turning staircase's interactive elevation off made a "
                     "make build repeatable (1:19.5-1:20.9 elapsed against "
                     "1:20.8-1:26.5 with it on) with the same user and "
                     "system time."),
        mail=["2.6.7-rc2-bk8-s63 interactive=0: 35.57u 38.18s 1:20.28 91%, "
              "35.54u 38.40s 1:19.48 93%, 35.48u 38.28s 1:20.94 91%",
              "interactive=1: 35.32u 38.51s 1:26.47 85%, 35.43u 38.35s "
              "1:20.79 91%, 35.61u 38.23s 1:25.00 86%; 2.4.23: ~28.3u "
              "29.3s 1:01 93%"],
        rows=[
            Row("staircase", "staircase", quick=True),
            Row("staircase interactive=0", "staircase",
                {"stair_interactive": 0}, quick=True),
            Row("staircase compute=1", "staircase", {"stair_compute": 1}),
            Row("o1", "o1"),
            Row("cfs 2.6.24", "cfs"),
            Row("Linux", "linux"),
        ],
        # make -j8 with compile-sized bursts (scale 2).  The mail's %CPU
        # below 100 points to a uniprocessor: -smp 1 has its shape, -smp 4
        # is today's common case.  Beside it, interbench's X-like task
        # (1 ms of work every 11 ms, no hogs of its own: the build is the
        # load) measures what the modes do to interactivity.  On Quanta
        # the build must end last (sh -c does not wait for '&' jobs).
        workload="interactive 5 0 & kbuild 8 120 2",
        cpus=[1, 4],
        columns=time_columns(kb) + [
            key(kb, "cpu_pct", 1, "%CPU", "{:.0f}"),
            key(it, "avg_us", 1, "probe avg us", "{:.0f}"),
            key(it, "p99_us", 1, "probe p99 us", "{:.0f}"),
            key(it, "max_us", 1, "probe max us", "{:.0f}"),
            key(it, "missed_pct", 1, "missed %", "{:.1f}"),
        ],
        headline="elapsed s",
        timeout=240, est_s=6,
        quick={"workload": "interactive 0.3 0 & kbuild 8 24 1", "cpus": [4],
               "timeout": 60, "est_s": 2},
        notes=["The mail's %CPU stays below 100: its machine was most "
               "likely a uniprocessor, hence the -smp 1 table.",
               "det at -smp N: virtual time advances with the instructions "
               "of all vCPUs, so user/sys are about N x those at -smp 1; "
               "compare rows of one table only.  Run PROFILE=real REPS=3 "
               "for the mail's run-to-run spread.",
               "probe: user/bench/interactive (5 s, 1 ms of work every "
               "11 ms) beside the build; latency = wakeup - frame start, "
               "missed % = frames that ended late.  Linux [real] builds in "
               "well under 5 s, so its probe runs mostly after the build."],
    )


# --------------------------------------------------------------------------
# realbench: the field's own benchmarks, built unchanged (docs/realbench.md)

def realbench():
    sb, ct = "schbench", "cyclictest"
    modes = (("sock_proc", ""), ("pipe_proc", " -p"), ("sock_thread", " -T"),
             ("pipe_thread", " -p -T"))

    def hackbench(args):
        return " ; ".join(f"hackbench-rt {args}{m}" for _, m in modes)
    return Experiment(
        name="realbench",
        title="The field's benchmarks: rt-tests hackbench and cyclictest, "
              "schbench (upstream sources, unchanged)",
        observation=("What the programs scheduler developers run on Linux "
                     "report for each policy; the Linux row runs the same "
                     "sources built against glibc."),
        mail=["rt-tests v2.10 (hackbench, cyclictest), schbench "
              "24e32b8e: built by tools/realbench/realbench.mk"],
        # highres=on: cyclictest measures the timers' precision, which
        # needs one-shot events (docs/timers.md); Linux 6.1 has them on
        rows=[Row(p, p, quick=True, words=("highres=on",)) for p in
              ("rr", "o1", "staircase", "rsdl", "cfs", "eevdf")] +
             [Row("Linux", "linux", quick=True)],
        # each program once; hackbench in the four modes' order, in which
        # tools/realbench/results.py reads its "Time:" lines
        workload=(hackbench("-g 4 -l 100") +
                  " ; schbench -m 1 -t 2 -r 5 -i 5 -F 16 -n 1 ; "
                  "cyclictest -q -m -i 1000 -l 2000 -p 80"),
        cpus=[1, 4],
        columns=[
            key(f"hackbench_{m}", "time_s", 1,
                f"hackbench {m.replace('_', '/')} s") for m, _ in modes] + [
            key(sb, "wakeup_p50_us", 1, "schbench p50 us", "{:.0f}"),
            key(sb, "wakeup_p99_us", 1, "schbench p99 us", "{:.0f}"),
            key(sb, "rps", 1, "schbench rps", "{:.1f}"),
            key(ct, "avg_us", 1, "cyclictest avg us", "{:.0f}"),
            key(ct, "max_us", 1, "cyclictest max us", "{:.0f}"),
        ],
        headline="cyclictest max us",
        timeout=400, est_s=60,
        quick={"workload": (hackbench("-g 2 -l 20") +
                            " ; schbench -m 1 -t 2 -r 2 -i 2 -F 16 -n 1 ; "
                            "cyclictest -q -m -i 1000 -l 300 -p 80"),
               "timeout": 240, "est_s": 20},
        initrd="realbench/initrd.img", in_all=False,
        notes=["Needs the sources: make lab EXP=realbench REALBENCH=DIR "
               "(or tools/realbench/fetch.sh first).",
               "schbench: -F 16 -n 1, a 16 KB matrix once per request; its "
               "default (256 KB, 5 times) takes seconds of det time per "
               "request.  cyclictest: clock_nanosleep, 1 ms, SCHED_FIFO 80, "
               "nothing else running.",
               "interbench has a table of its own (EXP=interbench; "
               "EXP=realbench runs both)."],
    )


# interbench 0.31 (Con Kolivas, the staircase/RSDL era's benchmark): the
# latency and CPU share of simulated X, audio and gaming threads under load.
IB_BENCHES = "-W X -W Audio -W Gaming"
# Its read load wants a file of min(RAM, 1 GB) in the working directory:
# /tmp, made sparse first (docs/realbench.md).  Its Write and Compile
# loads need a disk: they rewrite a 1 GB file, and /tmp is RAM.  The
# build-like load is kbuild, "make -j4" of short processes, running
# beside interbench's empty load (None) for longer than its three runs.
IB_WORKLOAD = ("cd /tmp ; truncate -s 1024000000 interbench.read ; "
               f"interbench -c -t 10 {IB_BENCHES} -w Burn ; "
               "kbuild -d 45 4 40 10 & "
               f"interbench -c -t 10 {IB_BENCHES} -w None ; wait")


def ib(bench, load, what, header, fmt="{:.1f}"):
    """interbench's figure `what` (lat_ms, max_ms, cpu_pct) of `bench`
    against `load`; None is the run beside kbuild."""
    return key("interbench", f"{bench}_{load}_{what}", 1, header, fmt)


def interbench():
    rows = [Row(p, p, quick=True) for p in
            ("rr", "o1", "staircase", "rsdl", "cfs", "eevdf")]
    return Experiment(
        name="interbench",
        title="interbench 0.31: X, Audio and Gaming against Burn and "
              "against a build (upstream source, unchanged)",
        observation=("The benchmark Con Kolivas wrote for the staircase and "
                     "RSDL work: does an interactive task get its CPU on "
                     "time while the machine is busy?  Each bench thread "
                     "runs for 10 s against each load."),
        mail=["interbench 0.31 (e612a65c): built by "
              "tools/realbench/realbench.mk"],
        rows=rows + [Row("Linux", "linux", quick=True)],
        workload=IB_WORKLOAD,
        cpus=[1, 4],
        columns=[
            ib("X", "Burn", "lat_ms", "X lat ms (burn)"),
            ib("X", "Burn", "cpu_pct", "X cpu % (burn)", "{:.0f}"),
            ib("Audio", "Burn", "max_ms", "Audio max ms (burn)"),
            ib("Gaming", "Burn", "cpu_pct", "Gaming cpu % (burn)", "{:.0f}"),
            ib("X", "None", "lat_ms", "X lat ms (make)"),
            ib("X", "None", "cpu_pct", "X cpu % (make)", "{:.0f}"),
            ib("Audio", "None", "max_ms", "Audio max ms (make)"),
            ib("Gaming", "None", "cpu_pct", "Gaming cpu % (make)", "{:.0f}"),
            key("kbuild", "builds", 1, "builds (make)", "{:.0f}"),
        ],
        headline="X lat ms (burn)",
        timeout=600, est_s=120,
        quick={"timeout": 600, "est_s": 120},
        initrd="realbench/initrd.img", in_all=False,
        notes=["Needs the sources: make lab EXP=interbench REALBENCH=DIR "
               "(EXP=realbench runs it too).",
               "burn: interbench's Burn load, one CPU hog per CPU.  make: "
               "kbuild -d 45 4 40 10 (a make -j4 of fork/exec/pipe units "
               "of 16-80 ms of CPU, built again until 45 s have passed) "
               "beside interbench's empty load.  interbench's own Compile "
               "and Write loads rewrite a 1 GB file, and /tmp is RAM.",
               "Every bench thread at nice 0, no real-time class (-r is "
               "not given).  interbench calibrates its loops per ms first "
               "(det: 20,508 on either kernel) and the second run reuses "
               "the figure it saved."],
    )


EXPERIMENTS = {e.name: e for e in
               (seed000(), seed001(), seed001_nice(), seed002(), seed003(),
                seed004(), realbench(), interbench())}

# Names that stand for several experiments: the field's benchmarks are
# two tables, one too wide otherwise.
GROUPS = {"realbench": ("realbench", "interbench")}
