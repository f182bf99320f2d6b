"""Quanta's gdb commands in Python (loaded by .gdbinit; docs/debugging.md).

    k-ps                 every task: tid, pid, comm, state, CPU, nice, PR,
                         the policy's key, affinity
    k-rq [CPU]           a runqueue in the order the policy will run it
    k-task EXPR          one struct task, its sched_priv decoded as the
                         compiled-in policy's per-task struct
    k-trace [CPU] [N]    the last N trace events of a CPU, as the kernel
                         prints them
    k-dmesg [N]          the kernel log (printk's ring), the last N lines
    $k_current(CPU)      the task running on CPU (struct task *)
    $k_rq(CPU)           CPU's runqueue (struct rq *)
    k-help               this list and the .gdbinit commands

Like Linux's scripts/gdb (lx-ps, lx-dmesg, $lx_per_cpu), the commands
only read memory: no kernel function is ever called, so they work on a
machine stopped anywhere, locks held or not.  Field names come from
fields.py, the per-policy walkers from policies.py.
"""

import os
import sys

import gdb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import kcore  # noqa: E402
import policies  # noqa: E402
from kcore import field  # noqa: E402


def args_of(arg, n, defaults):
    """Evaluate up to n space-separated gdb expressions of arg as ints."""
    words = gdb.string_to_argv(arg)
    if len(words) > n:
        raise gdb.GdbError(f"too many arguments: {arg}")
    vals = [int(gdb.parse_and_eval(w)) for w in words]
    return vals + list(defaults[len(vals):])


def affinity(mask):
    cpus = [str(i) for i in range(32) if mask >> i & 1]
    return "all" if mask & 0xffffffff == 0xffffffff else ",".join(cpus)


def this_cpu():
    """The CPU of gdb's selected thread (thread N is cpu N-1)."""
    th = gdb.selected_thread()
    return th.num - 1 if th else 0


# ---------------------------------------------------------------- k-ps

class KPs(gdb.Command):
    """k-ps: every task (task_table, then each CPU's idle task): tid, pid,
    comm, state, CPU, nice, the policy's PR and key (as ps shows them),
    affinity, switches (voluntary/involuntary) and CPU time."""

    def __init__(self):
        super().__init__("k-ps", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        name, pol = policies.current_policy()
        print(f"{'TID':>5} {'PID':>5} {'COMM':<15} {'STATE':<9} {'CPU':>3} "
              f"{'NI':>3} {'PR':>3} {'KEY':>14} {'AFFINITY':<9} "
              f"{'VCS/IVCS':>11} {'TIME ms':>10}   ({name})")
        for t in kcore.tasks():
            pt = policies.task_priv(t, pol)
            idle = int(field(t, "is_idle"))
            prio = 20 if idle else pol.prio(t, pt)
            key = 0 if idle else pol.key(t, pt)
            sw = f"{int(field(t, 'nvcsw'))}/{int(field(t, 'nivcsw'))}"
            print(f"{int(field(t, 'tid')):>5} {kcore.tgid(t):>5} "
                  f"{kcore.comm(t):<15} {kcore.state_name(t):<9} "
                  f"{int(field(t, 'cpu')):>3} {int(field(t, 'nice')):>3} "
                  f"{prio:>3} {key:>14} "
                  f"{affinity(int(field(t, 'cpus_allowed'))):<9} {sw:>11} "
                  f"{int(field(t, 'sum_exec')) / 1e6:>10.3f}")


# ---------------------------------------------------------------- k-rq

def task_line(t):
    return f"tid {int(field(t, 'tid')):<4} {kcore.comm(t):<15}"


class KRq(gdb.Command):
    """k-rq [CPU]: CPU's runqueue (default: the selected thread's CPU) in
    the order its policy will run the queued tasks, read from the policy's
    own structure (the list, the priority arrays and bitmaps, the rbtree),
    with each task's policy fields.  The last line, "order:", lists the
    tids alone."""

    def __init__(self):
        super().__init__("k-rq", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        (cpu,) = args_of(arg, 1, [this_cpu()])
        name, pol = policies.current_policy()
        rqv = kcore.rq(cpu)
        curr, idle = field(rqv, "curr"), field(rqv, "idle")
        sw = int(field(field(rqv, "stats"), "switches"))
        running = "idle" if int(curr) == int(idle) else task_line(curr)
        print(f"cpu{cpu}: policy {name}, nr_running "
              f"{int(field(rqv, 'nr_running'))}, {sw} switches")
        print(f"  running: {running}")
        if int(curr) != int(idle):
            info = pol.show(policies.task_priv(curr, pol))
            print("           " + ", ".join(f"{k} {v}" for k, v in info))
        notes, entries = pol.walk(rqv, policies.policy_rq(rqv, pol))
        for n in notes:
            print(f"  {n}")
        print(f"  run order ({pol.order}):")
        for i, e in enumerate(entries, 1):
            info = e.info + pol.show(policies.task_priv(e.task, pol))
            extra = ", ".join(f"{k} {v}" for k, v in info)
            mark = f" [{e.mark}]" if e.mark else ""
            group = f"{e.group}: " if e.group else ""
            print(f"  {i:3}. {group}{task_line(e.task)}{mark} {extra}")
        if not entries:
            print("       (empty)")
        print("  order: " + " ".join(str(int(field(e.task, "tid")))
                                     for e in entries))


# -------------------------------------------------------------- k-task

class KTask(gdb.Command):
    """k-task EXPR: the struct task at EXPR (e.g. $k_current(2), or
    task_table[3]) with its sched_priv decoded as the compiled-in
    policy's per-task struct (struct rr_task, struct cfs_task, ...)."""

    def __init__(self):
        super().__init__("k-task", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        if not arg.strip():
            raise gdb.GdbError("usage: k-task EXPR   (e.g. k-task "
                               "$k_current(0))")
        t = gdb.parse_and_eval(arg)
        if t.type.strip_typedefs().code != gdb.TYPE_CODE_PTR:
            t = t.address
        t = t.cast(kcore.lookup_struct("task").pointer())
        name, pol = policies.current_policy()
        print(f"task {int(t):#x}: {task_line(t)} pid {kcore.tgid(t)} "
              f"{kcore.state_name(t)} on cpu{int(field(t, 'cpu'))}, nice "
              f"{int(field(t, 'nice'))}, affinity "
              f"{affinity(int(field(t, 'cpus_allowed')))}")
        pt = policies.task_priv(t, pol)
        print(f"sched_priv as struct {pol.task_struct} ({name}):")
        print(pt.dereference().format_string(pretty_structs=True))


class TaskPrinter:
    """print *task shows sched_priv as the policy's struct, not bytes."""

    def __init__(self, val):
        self.val = val

    def to_string(self):
        return f"struct task tid {int(field(self.val, 'tid'))} " \
               f"({kcore.comm(self.val.address)})"

    def children(self):
        _, pol = policies.current_policy()
        priv = kcore.FIELDS["task"]["priv"]
        decoded = policies.task_priv(self.val.address, pol).dereference()
        for f in self.val.type.strip_typedefs().fields():
            if f.name == priv:
                yield f"{f.name} (struct {pol.task_struct})", decoded
            elif kcore.anonymous(f):    # fields kept in an anonymous union
                for g in f.type.strip_typedefs().fields():
                    if kcore.anonymous(g):
                        for h in g.type.strip_typedefs().fields():
                            yield (f"{h.name} (struct {pol.task_struct})"
                                   if h.name == priv else h.name), \
                                (decoded if h.name == priv
                                 else self.val[f][g][h])
            else:
                yield f.name, self.val[f]


def task_printer_lookup(val):
    t = val.type.strip_typedefs()
    if t.code == gdb.TYPE_CODE_STRUCT and t.tag == "task":
        return TaskPrinter(val)
    return None


# ------------------------------------------------------------- k-trace

TR = {1: "sched_switch", 2: "sched_wakeup", 3: "sched_migrate",
      4: "sched_fork", 5: "sched_exit", 6: "sched_balance"}


def event_text(cpu, e):
    """One event as trace.c's print_event() prints it."""
    ns = int(field(e, "ns"))
    v = [int(field(e, "v")[i]) for i in range(6)]
    c = [field(e, "comm")[i].string() for i in range(2)]
    key = int(field(e, "key"))
    head = f"{ns // 10**9}.{ns // 1000 % 10**6:06d} cpu={cpu}"
    typ = int(field(e, "type"))
    if typ == 1:
        return (f"{head} sched_switch prev_comm={c[0]} prev_pid={v[0]} "
                f"prev_prio={v[1]} prev_state={chr(v[2])} ==> next_comm="
                f"{c[1]} next_pid={v[3]} next_prio={v[4]} next_key={key}")
    if typ == 2:
        return (f"{head} sched_wakeup comm={c[0]} pid={v[0]} prio={v[1]} "
                f"key={key} target_cpu={v[2]} sync={v[3]} new={v[4]}")
    if typ == 3:
        return (f"{head} sched_migrate comm={c[0]} pid={v[0]} "
                f"orig_cpu={v[1]} dest_cpu={v[2]}")
    if typ == 4:
        return (f"{head} sched_fork comm={c[0]} parent_pid={v[0]} "
                f"child_comm={c[1]} child_pid={v[1]}")
    if typ == 5:
        return f"{head} sched_exit comm={c[0]} pid={v[0]}"
    if typ == 6:
        return (f"{head} sched_balance busiest={v[0]} pulled={v[1]} "
                f"imbalance={v[2]}")
    return f"{head} type {typ} {v}"


class KTrace(gdb.Command):
    """k-trace [CPU] [N]: the last N (default 20) events of CPU's trace
    ring (default: the selected thread's CPU), oldest first, in the
    kernel's own line format; says how many the ring lost."""

    def __init__(self):
        super().__init__("k-trace", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        cpu, n = args_of(arg, 2, [this_cpu(), 20])
        nrings = int(kcore.glob("trace_nrings"))
        if nrings == 0:
            print("k-trace: no trace rings (boot with trace=sched, or run "
                  "'trace start')")
            return
        if not 0 <= cpu < nrings:
            raise gdb.GdbError(f"cpu {cpu}: {nrings} rings")
        r = kcore.glob("trace_rings")[cpu]
        head, size = int(field(r, "head")), int(field(r, "size"))
        first = max(head - size, 0)
        start = max(head - n, first)
        on = int(gdb.parse_and_eval("trace_on"))
        print(f"cpu{cpu}: {head} events recorded, {first} lost, ring of "
              f"{size}; {'recording' if on else 'stopped'}; the last "
              f"{head - start}:")
        ev = field(r, "ev")
        for i in range(start, head):
            print(event_text(cpu, ev[i % size]))


# ------------------------------------------------------------- k-dmesg

class KDmesg(gdb.Command):
    """k-dmesg [N]: the kernel log from printk's ring (printk_log), the
    last N lines (default: all it holds)."""

    def __init__(self):
        super().__init__("k-dmesg", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        (n,) = args_of(arg, 1, [0])
        buf = kcore.glob("printk_log")
        head = int(kcore.glob("printk_log_head"))
        size = int(kcore.glob("printk_log_size"))
        first = max(head - size, 0)
        inf = gdb.selected_inferior()
        base = int(buf.address)
        data = bytearray()
        pos = first
        while pos < head:       # the ring may wrap: up to two reads
            off = pos % size
            chunk = min(head - pos, size - off)
            data += inf.read_memory(base + off, chunk).tobytes()
            pos += chunk
        lines = data.decode("utf-8", "replace").split("\n")
        if first:
            lines = lines[1:]   # the oldest line was cut by the ring
        if lines and lines[-1] == "":
            lines.pop()
        if n > 0:
            lines = lines[-n:]
        for line in lines:
            print(line)


# -------------------------------------------------- convenience functions

class KCurrent(gdb.Function):
    """$k_current(CPU): the task running on CPU (cpus[CPU].cur_task)."""

    def __init__(self):
        super().__init__("k_current")

    def invoke(self, cpu):
        return kcore.current(int(cpu))


class KRqFn(gdb.Function):
    """$k_rq(CPU): &runqueues[CPU]."""

    def __init__(self):
        super().__init__("k_rq")

    def invoke(self, cpu):
        return kcore.rq(int(cpu)).address


class KHelp(gdb.Command):
    """k-help: Quanta's gdb commands."""

    def __init__(self):
        super().__init__("k-help", gdb.COMMAND_SUPPORT)

    def invoke(self, arg, from_tty):
        print("Quanta gdb commands (.gdbinit, tools/gdb/; "
              "docs/debugging.md):")
        for line in HELP:
            print("  " + line)
        print("gdb thread N is cpu N-1: info threads, thread N.  Nothing "
              "here calls kernel code.")


HELP = [
    "k-ps               every task: tid, pid, comm, state, CPU, nice, PR, "
    "key, affinity",
    "k-rq [CPU]         a runqueue in the order the policy will run it",
    "k-task EXPR        a struct task with sched_priv decoded for the "
    "policy",
    "k-trace [CPU] [N]  the last N scheduler events of a CPU",
    "k-dmesg [N]        the kernel log (the last N lines)",
    "$k_current(CPU)    the task running on CPU (struct task *)",
    "$k_rq(CPU)         CPU's runqueue (struct rq *)",
    "k-cpus             per-CPU counters of cpus[0 .. ncpu-1]",
    "k-lock ADDR-EXPR   a spinlock: name, locked, holder cpu, where taken",
    "k-bt-trap TF       a trapframe, its eip and the frames above it",
    "k-help             this list",
]

KPs()
KRq()
KTask()
KTrace()
KDmesg()
KCurrent()
KRqFn()
KHelp()
gdb.pretty_printers.append(task_printer_lookup)
