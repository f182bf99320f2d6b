"""Every kernel struct field and global the gdb helpers read, in one table.

The helpers never name a field in their code: they ask field(value, ROLE)
and this table maps (struct tag, role) to the C name.  When a field is
renamed in the kernel, change its entry here (one line); a role whose
field is missing from the compiled kernel raises a gdb.GdbError that names
the table entry to fix.  docs/debugging.md lists which command reads what.
"""

FIELDS = {
    # the core: kernel/task.h, kernel/sched/sched.h, kernel/cpu.h
    "task": {"tid": "tid", "state": "state", "cpu": "cpu", "nice": "nice",
             "cpus_allowed": "cpus_allowed", "proc": "proc",
             "priv": "sched_priv", "is_idle": "is_idle", "on_rq": "on_rq",
             "on_cpu": "on_cpu", "sum_exec": "sum_exec_ns",
             "nvcsw": "nvcsw", "nivcsw": "nivcsw",
             "need_resched": "need_resched", "slice_ns": "slice_ns",
             "rq_node": "rq_node", "rt_priority": "rt_priority",
             "sched_class": "sched_class", "rt_slice_ns": "rt_slice_ns",
             "sleep_unint": "sleep_unint"},
    "process": {"pid": "pid", "comm": "comm"},
    "rq": {"cpu": "cpu", "curr": "curr", "idle": "idle",
           "nr_running": "nr_running", "priv": "priv", "stats": "stats",
           "rt": "rt"},
    # kernel/sched/rt.h: the rt class above every policy
    "rt_rq": {"queue": "queue", "bitmap": "bitmap", "nr": "nr",
              "throttled": "throttled"},
    "rq_stats": {"switches": "switches"},
    "cpu": {"cur_task": "cur_task", "id": "id"},
    "list": {"next": "next"},
    "rb_node": {"left": "left", "right": "right"},
    "rb_root": {"node": "node"},
    "sched_policy": {"name": "name"},
    # kernel/sched/rr.c
    "rr_rq": {"queue": "queue", "nr": "nr"},
    "rr_task": {"node": "node", "slice_ns": "slice_ns"},
    # kernel/sched/o1.c
    "o1_rq": {"active": "active", "expired": "expired",
              "nr_queued": "nr_queued"},
    "o1_array": {"bitmap": "bitmap", "queue": "queue",
                 "nr_active": "nr_active"},
    "o1_task": {"node": "node", "prio": "prio", "static_prio": "static_prio",
                "time_slice": "time_slice", "sleep_avg": "sleep_avg",
                "credit": "credit"},
    # kernel/sched/staircase.c
    "stair_rq": {"bitmap": "bitmap", "queue": "queue", "nr": "nr"},
    "stair_task": {"node": "node", "prio": "prio", "deadline": "deadline",
                   "slice": "slice", "time_slice": "time_slice"},
    # kernel/sched/rsdl.c
    "rsdl_rq": {"active": "active", "expired": "expired",
                "prio_level": "prio_level", "level_quota": "level_quota",
                "rotation": "rotation"},
    "rsdl_array": {"bitmap": "bitmap", "queue": "queue", "nr": "nr"},
    "rsdl_task": {"node": "node", "prio": "prio", "time_slice": "time_slice"},
    # kernel/sched/cfs.c
    "cfs_rq": {"tree": "tree", "min_vruntime": "min_vruntime",
               "nr_queued": "nr_queued", "curr": "curr"},
    "cfs_task": {"node": "node", "vruntime": "vruntime", "load": "load"},
    "load_weight": {"weight": "weight"},
    # kernel/sched/eevdf.c
    "eevdf_rq": {"tree": "tree", "min_vruntime": "min_vruntime",
                 "avg_vruntime": "avg_vruntime", "avg_load": "avg_load",
                 "curr": "curr", "nr_queued": "nr_queued"},
    "eevdf_task": {"node": "node", "vruntime": "vruntime",
                   "deadline": "deadline", "min_vruntime": "min_vruntime",
                   "vlag": "vlag", "slice": "slice", "weight": "weight"},
    # kernel/sched/trace.h
    "trace_ring": {"ev": "ev", "size": "size", "head": "head"},
    "trace_event": {"ns": "ns", "key": "key", "v": "v", "type": "type",
                    "comm": "comm"},
}

GLOBALS = {
    "task_table": "task_table",         # kernel/task_table.c
    "runqueues": "runqueues",           # kernel/sched/core.c
    "cpus": "cpus", "ncpu": "ncpu",     # kernel/cpu.h
    "policy": "sched_policy",           # the policy file
    "trace_rings": "trace_rings", "trace_nrings": "trace_nrings",
    "printk_log": "printk_log", "printk_log_head": "printk_log_head",
    "printk_log_size": "printk_log_size",
    "hz": "hz",                         # kernel/time.c
}
