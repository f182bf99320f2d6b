"""Reading Quanta's data structures from gdb: fields by role (fields.py),
lists, red-black trees, container_of, tasks and runqueues.  Nothing here
calls kernel code: a stopped machine is only read.
"""

import gdb

from fields import FIELDS, GLOBALS

TASK_STATES = {0: "RUNNING", 1: "SLEEPING", 2: "ZOMBIE", 3: "NEW"}


def tag(value):
    """The struct tag of a struct value or of what a pointer points to."""
    t = value.type.strip_typedefs()
    while t.code == gdb.TYPE_CODE_PTR:
        t = t.target().strip_typedefs()
    name = t.tag or t.name or str(t)
    return name.replace("struct ", "")


def field(value, role):
    """value's field for role (value may be a pointer to the struct)."""
    st = tag(value)
    try:
        name = FIELDS[st][role]
    except KeyError:
        raise gdb.GdbError(f"tools/gdb/fields.py has no role {role!r} for "
                           f"struct {st}") from None
    v = value
    if v.type.strip_typedefs().code == gdb.TYPE_CODE_PTR:
        v = v.dereference()
    found = member(v, name)
    if found is None:
        raise gdb.GdbError(f"struct {st} has no field {name!r}: update "
                           f"FIELDS[{st!r}][{role!r}] in tools/gdb/fields.py")
    return found


def anonymous(f):
    """An unnamed struct or union member (C11 anonymous members)."""
    return not f.name and f.type.strip_typedefs().code in (
        gdb.TYPE_CODE_STRUCT, gdb.TYPE_CODE_UNION)


def member(v, name):
    """v's member name, looking inside anonymous structs and unions as C
    does (struct task and struct rq may keep fields in one); None if
    there is none."""
    for f in v.type.strip_typedefs().fields():
        if f.name == name:
            return v[f]
    for f in v.type.strip_typedefs().fields():
        if anonymous(f):
            found = member(v[f], name)
            if found is not None:
                return found
    return None


def member_offset(t, name):
    """Byte offset of member name in type t (anonymous members too)."""
    for f in t.strip_typedefs().fields():
        if f.name == name:
            return f.bitpos // 8
    for f in t.strip_typedefs().fields():
        if anonymous(f):
            off = member_offset(f.type, name)
            if off is not None:
                return f.bitpos // 8 + off
    return None


def glob(role):
    """A kernel global by role."""
    name = GLOBALS[role]
    try:
        return gdb.parse_and_eval(name)
    except gdb.error:
        raise gdb.GdbError(f"no kernel symbol {name!r}: update GLOBALS"
                           f"[{role!r}] in tools/gdb/fields.py (or load "
                           "build/kernel.elf)") from None


def lookup_struct(name):
    try:
        return gdb.lookup_type("struct " + name)
    except gdb.error:
        raise gdb.GdbError(f"no 'struct {name}' in the debug information "
                           "(is this policy compiled in?)") from None


def offset_of(struct_name, role):
    """Byte offset of struct_name's field for role."""
    t = lookup_struct(struct_name)
    name = FIELDS[struct_name][role]
    off = member_offset(t, name)
    if off is not None:
        return off
    raise gdb.GdbError(f"struct {struct_name} has no field {name!r}: update "
                       f"FIELDS[{struct_name!r}][{role!r}] in "
                       "tools/gdb/fields.py")


def container_of(ptr, struct_name, role):
    """The struct_name whose field role is at address ptr (a pointer)."""
    addr = int(ptr) - offset_of(struct_name, role)
    return gdb.Value(addr).cast(lookup_struct(struct_name).pointer())


def list_nodes(head):
    """The nodes of a struct list (head is the struct list value), in
    order; stops on a cycle that does not return to head."""
    start = int(head.address)
    node, seen = field(head, "next"), set()
    while int(node) != start:
        if int(node) in seen or int(node) == 0 or len(seen) > 4096:
            raise gdb.GdbError(f"list at {start:#x} is broken at "
                               f"{int(node):#x}")
        seen.add(int(node))
        yield node
        node = field(node, "next")


def rb_inorder(root):
    """The nodes of a struct rb_root, leftmost first (iteratively)."""
    stack, n = [], field(root, "node")
    while stack or int(n):
        while int(n):
            stack.append(n)
            n = field(n, "left")
        n = stack.pop()
        yield n
        n = field(n, "right")


def bits(words, limit):
    """The set bit numbers of a uint32_t array, ascending, below limit."""
    out = []
    for w in range(words.type.range()[1] + 1):
        word = int(words[w])
        for b in range(32):
            if word >> b & 1 and w * 32 + b < limit:
                out.append(w * 32 + b)
    return out


def policy_name():
    return field(glob("policy"), "name").string()


def task_from_priv(priv_ptr):
    """The struct task whose sched_priv holds the policy struct at
    priv_ptr."""
    return container_of(priv_ptr, "task", "priv")


def priv(task, struct_name):
    """task->sched_priv as a pointer to the policy's struct."""
    p = field(task, "priv")
    return p.address.cast(lookup_struct(struct_name).pointer())


def comm(task):
    if int(field(task, "is_idle")):
        return "idle"
    proc = field(task, "proc")
    return field(proc, "comm").string() if int(proc) else "?"


def tgid(task):
    proc = field(task, "proc")
    return int(field(proc, "pid")) if int(proc) else 0


def ncpu():
    return int(glob("ncpu"))


def check_cpu(cpu):
    n = ncpu()
    if not 0 <= cpu < n:
        raise gdb.GdbError(f"cpu {cpu}: {n} CPUs online (0 .. {n - 1})")
    return cpu


def rq(cpu):
    return glob("runqueues")[check_cpu(cpu)]


def current(cpu):
    return field(glob("cpus")[check_cpu(cpu)], "cur_task")


def tasks():
    """Every task: the table's, then each CPU's idle task."""
    table = glob("task_table")
    table.fetch_lazy()      # one read of MAX_TASKS pointers, not one each
    out = []
    for i in range(table.type.range()[1] + 1):
        if int(table[i]):
            out.append(table[i])
    for c in range(ncpu()):
        out.append(field(rq(c), "idle"))
    return out


def state_name(task):
    """running (its CPU's rq->curr), queued, sleeping, disk (asleep
    uninterruptibly: ps's D, Linux's "D (disk sleep)"), zombie, new; an
    idle task that is not running is "idle"."""
    s = int(field(task, "state"))
    if TASK_STATES.get(s) == "SLEEPING" and int(field(task, "sleep_unint")):
        return "disk"
    if s == 0:
        c = int(field(task, "cpu"))
        if 0 <= c < ncpu() and int(field(rq(c), "curr")) == int(task):
            return "running"
        if int(field(task, "is_idle")):
            return "idle"
        return "queued" if int(field(task, "on_rq")) else "runnable"
    return TASK_STATES.get(s, str(s)).lower()
