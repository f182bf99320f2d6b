"""Each policy's runqueue, walked the way its pick_next() takes tasks out,
and its per-task state, for k-rq, k-ps and k-task.

The table POLICIES is keyed by the kernel's own sched_policy.name; each
entry names the policy's per-CPU and per-task structs (as in
kernel/sched/<policy>.c), a walker that lists the queued tasks in the
order the policy will run them, and how ps's PR and key columns come out
of the per-task struct (the policy's prio() and key() hooks, read, not
called).  The running task is never in the queue (policy.h): put_prev()
puts it back, where depends on why it stops.
"""

from dataclasses import dataclass, field as dfield
from typing import Callable

import gdb

import kcore
from kcore import field


@dataclass
class Entry:
    task: object            # struct task *
    group: str              # "active [120]", "expired [121]", "" ...
    info: list = dfield(default_factory=list)   # [(name, text)]
    mark: str = ""          # "next", "not eligible" ...


@dataclass
class Policy:
    rq_struct: str
    task_struct: str
    walk: Callable          # (struct rq, policy rq *) -> (notes, [Entry])
    prio: Callable          # (task *, policy task *) -> int
    key: Callable           # (task *, policy task *) -> int
    show: Callable          # (policy task *) -> [(name, text)]
    order: str              # how the order is read, for the header


def ms(ns):
    return f"{int(ns) / 1e6:.3f} ms"


def list_tasks(head, struct_name, group=""):
    """Tasks on a policy list of struct_name nodes, in list order."""
    out = []
    for node in kcore.list_nodes(head):
        pt = kcore.container_of(node, struct_name, "node")
        out.append(Entry(kcore.task_from_priv(pt), group))
    return out


def priority_arrays(arrays, struct_name, nprio):
    """[(label, array)] -> Entries: for each array in turn, the set bits
    of its bitmap ascending, each list in FIFO order (sched_find_first_bit
    then the list head, as pick_next does); a bit without a list or a
    list without its bit is reported."""
    out, notes = [], []
    for label, a in arrays:
        queue = field(a, "queue")
        set_bits = kcore.bits(field(a, "bitmap"), nprio)
        for prio in range(nprio):
            empty = int(field(queue[prio], "next")) == \
                int(queue[prio].address)
            if (prio in set_bits) == empty:
                notes.append(f"inconsistent: {label} [{prio}] bit "
                             f"{'set' if not empty else 'clear'} but list "
                             f"{'empty' if empty else 'not empty'}")
        for prio in set_bits:
            out += list_tasks(queue[prio], struct_name, f"{label} [{prio}]")
    return notes, out


# ---- rr ----

def walk_rr(rqv, q):
    out = list_tasks(field(q, "queue"), "rr_task", "queue")
    return [f"rr queue: {int(field(q, 'nr'))} queued"], out


def show_rr(pt):
    return [("slice left", ms(field(pt, "slice_ns")))]


# ---- o1 ----

def walk_o1(rqv, q):
    act, exp = field(q, "active"), field(q, "expired")
    nprio = field(act, "queue").type.range()[1] + 1
    notes, out = priority_arrays([("active", act), ("expired", exp)],
                                 "o1_task", nprio)
    notes.insert(0, f"o1: {int(field(q, 'nr_queued'))} queued; active "
                 f"array {int(field(act, 'nr_active'))}, expired "
                 f"{int(field(exp, 'nr_active'))} (the arrays swap when "
                 "the active one is empty)")
    return notes, out


def show_o1(pt):
    return [("prio", int(field(pt, "prio"))),
            ("static", int(field(pt, "static_prio"))),
            ("slice", f"{int(field(pt, 'time_slice'))} ticks"),
            ("sleep_avg", ms(field(pt, "sleep_avg"))),
            ("credit", int(field(pt, "credit")))]


def prio_o1(t, pt):
    if not int(field(pt, "static_prio")):
        return 20 + int(field(t, "nice"))
    return int(field(pt, "prio")) - 100


# ---- staircase ----

def walk_stair(rqv, q):
    nprio = field(q, "queue").type.range()[1] + 1
    notes, out = priority_arrays([("stair", q)], "stair_task", nprio)
    notes.insert(0, f"staircase: {int(field(q, 'nr'))} queued")
    return notes, out


def show_stair(pt):
    return [("stair", int(field(pt, "prio"))),
            ("deadline", int(field(pt, "deadline"))),
            ("slice", f"{int(field(pt, 'slice'))} ticks"),
            ("on stair", f"{int(field(pt, 'time_slice'))} ticks")]


# ---- rsdl ----

def walk_rsdl(rqv, q):
    act, exp = field(q, "active"), field(q, "expired")
    nprio = field(act, "queue").type.range()[1] + 1
    notes, out = priority_arrays([("active", act), ("expired", exp)],
                                 "rsdl_task", nprio)
    notes.insert(0, f"rsdl: rotation {int(field(q, 'rotation'))}, level "
                 f"{int(field(q, 'prio_level'))} with "
                 f"{int(field(q, 'level_quota')) / 1000:.0f} us of quota; "
                 f"active {int(field(act, 'nr'))}, expired "
                 f"{int(field(exp, 'nr'))} queued")
    return notes, out


def show_rsdl(pt):
    return [("level", int(field(pt, "prio"))),
            ("quantum left", f"{int(field(pt, 'time_slice')) / 1000:.0f} us")]


# ---- cfs ----

def s64(v):
    v = int(v) & (2**64 - 1)
    return v - 2**64 if v >> 63 else v


def walk_cfs(rqv, q):
    base = int(field(q, "min_vruntime"))
    out = []
    for n in kcore.rb_inorder(field(q, "tree")):
        se = kcore.container_of(n, "cfs_task", "node")
        e = Entry(kcore.task_from_priv(se), "tree")
        e.info = [("vruntime - min", s64(int(field(se, "vruntime")) - base))]
        out.append(e)
    return [f"cfs: min_vruntime {base}, {int(field(q, 'nr_queued'))} queued "
            "(the tree by vruntime, leftmost runs next)"], out


def show_cfs(pt):
    return [("vruntime", int(field(pt, "vruntime"))),
            ("weight", int(field(field(pt, "load"), "weight")))]


# ---- eevdf ----

def eevdf_sums(q):
    """The avg_vruntime sums with the running task (eevdf.c avg_sums)."""
    base = int(field(q, "min_vruntime"))
    avg, load = s64(field(q, "avg_vruntime")), s64(field(q, "avg_load"))
    curr = field(q, "curr")
    if int(curr):
        avg += s64(int(field(curr, "vruntime")) - base) * \
            int(field(curr, "weight"))
        load += int(field(curr, "weight"))
    return base, avg, load


def eligible(q, vruntime):
    """eevdf.c vruntime_eligible: (v - v0) * W <= sum w * (v_i - v0)."""
    base, avg, load = eevdf_sums(q)
    return avg >= s64(int(vruntime) - base) * load


def eevdf_pick(q):
    """The node pick_eevdf(q, 0) returns: down from the root, into the
    left subtree if it holds an eligible task (its min_vruntime), else
    this node if eligible, else the right subtree."""
    n = field(field(q, "tree"), "node")
    while int(n):
        left = field(n, "left")
        if int(left) and eligible(q, field(kcore.container_of(
                left, "eevdf_task", "node"), "min_vruntime")):
            n = left
            continue
        se = kcore.container_of(n, "eevdf_task", "node")
        if eligible(q, field(se, "vruntime")):
            return int(n)
        n = field(n, "right")
    return 0


def walk_eevdf(rqv, q):
    base, avg, load = eevdf_sums(q)
    v = base + (avg // load if load else 0)
    pick = eevdf_pick(q)
    out = []
    for n in kcore.rb_inorder(field(q, "tree")):
        se = kcore.container_of(n, "eevdf_task", "node")
        e = Entry(kcore.task_from_priv(se), "tree")
        ok = eligible(q, field(se, "vruntime"))
        e.info = [("deadline - min", s64(int(field(se, "deadline")) - base)),
                  ("vruntime - min", s64(int(field(se, "vruntime")) - base)),
                  ("lag", s64(v - int(field(se, "vruntime"))))]
        e.mark = ("next " if int(n) == pick else "") + \
            ("eligible" if ok else "not eligible")
        out.append(e)
    return [f"eevdf: V = min_vruntime {base} {v - base:+d}, load {load}; "
            "the tree by deadline; the next pick is the first eligible "
            "one (marked next)"], out


def show_eevdf(pt):
    return [("vruntime", int(field(pt, "vruntime"))),
            ("deadline", int(field(pt, "deadline"))),
            ("slice", f"{int(field(pt, 'slice'))} ns"),
            ("vlag", s64(field(pt, "vlag"))),
            ("weight", int(field(pt, "weight")))]


def eevdf_key(t, pt):
    q = kcore.rq(int(field(t, "cpu")))
    base = int(field(field(q, "priv").cast(
        kcore.lookup_struct("eevdf_rq").pointer()), "min_vruntime"))
    return s64(int(field(pt, "deadline")) - base)


def nice20(t, pt):
    return 20 + int(field(t, "nice"))


POLICIES = {
    "rr": Policy("rr_rq", "rr_task", walk_rr, lambda t, pt: 20,
                 lambda t, pt: int(field(pt, "slice_ns")), show_rr,
                 "rr_rq.queue, head first"),
    "o1": Policy("o1_rq", "o1_task", walk_o1, prio_o1,
                 lambda t, pt: int(field(pt, "sleep_avg")), show_o1,
                 "active array by bitmap, then expired; FIFO per prio"),
    "staircase": Policy("stair_rq", "stair_task", walk_stair,
                        lambda t, pt: int(field(pt, "prio")) - 100,
                        lambda t, pt: int(field(pt, "slice")) *
                        (10**9 // int(kcore.glob("hz"))), show_stair,
                        "stairs by bitmap, FIFO per stair"),
    "rsdl": Policy("rsdl_rq", "rsdl_task", walk_rsdl,
                   lambda t, pt: int(field(pt, "prio")) - 100,
                   lambda t, pt: int(field(pt, "time_slice")), show_rsdl,
                   "active array by bitmap, then expired; FIFO per level"),
    "cfs": Policy("cfs_rq", "cfs_task", walk_cfs, nice20,
                  lambda t, pt: int(field(pt, "vruntime")), show_cfs,
                  "cfs_rq.tree in order, leftmost first"),
    "eevdf": Policy("eevdf_rq", "eevdf_task", walk_eevdf, nice20, eevdf_key,
                    show_eevdf, "eevdf_rq.tree in deadline order"),
}


def current_policy():
    name = kcore.policy_name()
    try:
        return name, POLICIES[name]
    except KeyError:
        raise gdb.GdbError(f"policy {name!r} is not in tools/gdb/"
                           "policies.py POLICIES") from None


def policy_rq(rqv, pol):
    return field(rqv, "priv").cast(kcore.lookup_struct(pol.rq_struct)
                                   .pointer())


def task_priv(task, pol):
    return kcore.priv(task, pol.task_struct)
