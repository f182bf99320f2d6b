#!/usr/bin/env python3
"""qprof - where do the guest's instructions go?

Boots the kernel once under QEMU's deterministic profile with
`-d exec,nochain,in_asm`, then counts executed instructions per function
(kernel symbols from the kernel ELF, user symbols from a program's ELF in
build/user/bin).  Under -icount, instructions are virtual time, so this is
a profile of the benchmark's virtual time.

    tools/qprof.py [--kernel build/kernel.elf] [--cpus 1] [--prog pingpong]
                   [--top 30] [--per N] [--lines FUNC]
                   -- "init=/bin/pingpong -- 2000"

--per N divides by N (e.g. the number of round trips).  --lines FUNC
adds FUNC's count per source line (inlined code under its own line), and
may be given for several functions.  To remove the
boot's share, run twice with two sizes and subtract (--base-cmdline).
--categories sorts every instruction into the categories of
docs/performance.md (CATEGORIES below) by the chain of functions it was
inlined from, innermost first: a spin_lock() inlined into pipe_write()
counts as locking, not as the pipe.
"""
import argparse
import bisect
import collections
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import qemu  # noqa: E402


def symbols(elf, nm="i686-linux-gnu-nm"):
    """Sorted (address, name) of the function symbols of elf."""
    out = subprocess.run([nm, "-n", elf], capture_output=True, text=True,
                         check=True).stdout
    syms = []
    for line in out.splitlines():
        p = line.split()
        if len(p) == 3 and p[1] in "tTW":
            syms.append((int(p[0], 16), p[2]))
    return syms


CF_COUNT_MASK = 0x1ff	# QEMU's cflags: at most this many instructions


def parse_log(path):
    """(instruction addresses per TB start, executions per (TB start, cap))
    from the log."""
    insns, runs, cur, addrs = {}, collections.Counter(), None, []
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("IN:"):
                cur, addrs = None, []
                continue
            m = re.match(r"^0x([0-9a-f]{8}):\s", line)
            if m:
                a = int(m.group(1), 16)
                if cur is None:
                    cur = a
                addrs.append(a)
                # a pc may be translated again as a shorter block (icount
                # recompiles a block that does I/O to end at the I/O
                # instruction): keep the full block, cap per execution
                if len(addrs) > len(insns.get(cur, ())):
                    insns[cur] = list(addrs)
                continue
            if line.startswith("Trace "):
                m = re.search(r"\[[0-9a-f]+/([0-9a-f]+)/[0-9a-f]+/([0-9a-f]+)\]",
                              line)
                if m:
                    runs[(int(m.group(1), 16),
                          int(m.group(2), 16) & CF_COUNT_MASK)] += 1
                cur = None
    return insns, runs


def profile(args, cmdline):
    """Instructions per function for one boot with cmdline."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "exec.log")
        cmd = qemu.build_cmd(args.kernel, initrd=args.initrd, cmdline=cmdline,
                             cpus=args.cpus, profile="det",
                             com1=os.path.join(tmp, "com1"))
        cmd += ["-d", "exec,nochain,in_asm", "-D", log]
        subprocess.run(["timeout", "-k", "5", str(args.timeout)] + cmd,
                       stdin=subprocess.DEVNULL, check=False)
        insns, runs = parse_log(log)
    ks = symbols(args.kernel)
    # the program next to the initrd it was packed into (build/ or build/release/)
    us = symbols(os.path.join(os.path.dirname(args.initrd), "user/bin", args.prog)) \
        if args.prog else []
    ka, ua = [a for a, _ in ks], [a for a, _ in us]
    counts, per_insn = collections.Counter(), collections.Counter()
    for (pc, cap), n in runs.items():
        if pc >= 0xC0000000:
            name = ks[bisect.bisect_right(ka, pc) - 1][1]
        elif us and pc >= 0x08048000:
            name = "user:" + us[bisect.bisect_right(ua, pc) - 1][1]
        elif pc < 0x08048000:
            name = "(firmware)"
        else:
            name = "(user)"
        block = insns.get(pc, [pc])
        if cap:
            block = block[:cap]
        counts[name] += len(block) * n
        if name in args.lines or \
                (args.categories and pc >= 0xC0000000):
            for a in block:
                per_insn[a] += n
    return counts, per_insn


def source_lines(elf, per_insn, func):
    """func's instruction counts per source line (the innermost inlined
    one)."""
    ks = symbols(elf)
    ka = [a for a, _ in ks]
    addrs = sorted(a for a in per_insn
                   if ks[bisect.bisect_right(ka, a) - 1][1] == func)
    out = subprocess.run(["addr2line", "-e", elf] +
                         [hex(a) for a in addrs],
                         capture_output=True, text=True).stdout.splitlines()
    lines = collections.Counter()
    for a, where in zip(addrs, out):
        lines[re.sub(r" \(discriminator \d+\)", "",
                     os.path.relpath(where, ROOT) if where.startswith("/")
                     else where)] += per_insn[a]
    return lines


# (category, pattern on "function@file" of an inline frame).  Each
# instruction is tried against the frames of its inline chain, innermost
# first, and each frame against the rules in order; the first match wins.
CATEGORIES = [
    ("locks", r"^(spin_lock|spin_unlock|spin_trylock|spin_lock_task|"
              r"spin_unlock_task|spin_lock_any|spin_unlock_any|irq_push|irq_pop|"
              r"irq_push_cpu|irq_pop_cpu|spin_wait|double_rq_(un)?lock|"
              r"rq_lock|rq_unlock|task_rq_lock|task_rq_unlock)\b"),
    ("clock and CPU-time accounting",
     r"^(sched_clock\w*|rdtsc|tsc_\w+|account_\w+|acct_\w+|"
     r"update_(?!\w*vruntime)\w*time\w*|clock_\w+|sched_tick_ns)\b"),
    ("user copies", r"^(copy_\w*user\w*|user_copy\w*|uvm_\w+|memcpy|"
                    r"mm_user_\w+|walk_\w+)\b"),
    ("syscall entry and exit", r"^(syscall_trap|allsyscalls\S*|trapret|"
                               r"syscall_dispatch|proc_return_to_user|"
                               r"signal_\w+|do_signal\w*)\b"),
    ("descriptor layer", r"^(sys_read|sys_write|fd_get|file_get|file_put|"
                         r"fd_\w+)\b"),
    ("pipe and wait queues", r"^(pipe_\w+|waitq_\w+|poll_\w+|"
                             r"sched_sleep)\b"),
    ("wakeup", r"^(sched_wake\w*|try_to_wake\w*|sched_kick|"
               r"balance_place|\w+_check_preempt|smp_resched)\b"),
    ("context switch", r"^(__schedule|schedule|arch_switch_to|swtch|"
                       r"sched_finish_switch|finish_switch|context_switch|"
                       r"tss_set_kstack|mm_pgdir_phys|"
                       r"balance_after_switch|sched_preempt_point)\b"),
    ("policy", r"@kernel/sched/(rr|o1|staircase|rsdl|cfs|eevdf|student|"
               r"rt)\.[ch]|^rb_\w+@|@kernel/lib/(rbtree|weight)"),
    ("tick and interrupts", r"^(sched_tick|timer_\w+|lapic_\w+|vec\d+|"
                            r"alltraps\S*|trap|balance_tick|\w+_tick)\b"),
]


def inline_chains(elf, addrs):
    """address -> [function@file, ...] innermost first (addr2line -i)."""
    out = subprocess.run(["i686-linux-gnu-addr2line", "-a", "-f", "-i",
                          "-e", elf] + [hex(a) for a in addrs],
                         capture_output=True, text=True).stdout.splitlines()
    chains, cur = {}, None
    i = 0
    while i < len(out):
        if re.match(r"^0x[0-9a-f]+$", out[i]):
            cur = int(out[i], 16)
            chains[cur] = []
            i += 1
            continue
        fn, where = out[i], out[i + 1] if i + 1 < len(out) else "??"
        where = os.path.relpath(where, ROOT) if where.startswith("/") \
            else where
        chains[cur].append(f"{fn}@{where.split(':')[0]}")
        i += 2
    return chains


def categorize(elf, per_insn, user_total):
    """Instruction counts per category, and per (category, function)."""
    rules = [(c, re.compile(r)) for c, r in CATEGORIES]
    chains = inline_chains(elf, sorted(a for a in per_insn if per_insn[a]))
    cats, detail = collections.Counter(), collections.Counter()
    for a, n in per_insn.items():
        chain = chains.get(a) or ["??@??"]
        cat = next((c for frame in chain for c, r in rules
                    if r.search(frame)), "other")
        cats[cat] += n
        detail[(cat, chain[-1].split("@")[0])] += n
    cats["user mode"] += user_total
    return cats, detail


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kernel", default=os.path.join(ROOT, "build/kernel.elf"))
    p.add_argument("--initrd", default=os.path.join(ROOT, "build/initrd.img"))
    p.add_argument("--cpus", type=int, default=1)
    p.add_argument("--prog", help="user program for user symbols")
    p.add_argument("--top", type=int, default=30)
    p.add_argument("--per", type=float, default=1.0)
    p.add_argument("--base-cmdline", help="subtract this run (same, smaller)")
    p.add_argument("--timeout", type=int, default=300)
    p.add_argument("--lines", metavar="FUNC", action="append", default=[],
                   help="also count FUNC's instructions per source line "
                        "(may be given more than once)")
    p.add_argument("--categories", action="store_true",
                   help="also sort the kernel's instructions into categories")
    p.add_argument("cmdline")
    args = p.parse_args()
    counts, per_insn = profile(args, args.cmdline)
    if args.base_cmdline:
        base, base_insn = profile(args, args.base_cmdline)
        counts.subtract(base)
        per_insn.subtract(base_insn)
    total = sum(counts.values())
    print(f"{total / args.per:12.1f}  total instructions")
    for name, n in counts.most_common(args.top):
        print(f"{n / args.per:12.1f}  {name}")
    if args.categories:
        user = sum(n for name, n in counts.items()
                   if name.startswith("user") or name == "(user)")
        cats, detail = categorize(args.kernel, per_insn, user)
        print("\nper category (function: the outermost of the inline chain):")
        for cat, n in cats.most_common():
            print(f"{n / args.per:12.1f}  {cat}")
            for (c, fn), m in detail.most_common():
                if c == cat and m / args.per >= 8:
                    print(f"{m / args.per:18.1f}  {fn}")
    for func in args.lines:
        print(f"\n{func}, per source line:")
        for where, n in source_lines(args.kernel, per_insn,
                                     func).most_common():
            if n > 0:
                print(f"{n / args.per:12.1f}  {where}")


if __name__ == "__main__":
    main()
