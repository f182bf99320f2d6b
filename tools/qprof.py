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
adds FUNC's count per source line (inlined code under its own line).  To remove the
boot's share, run twice with two sizes and subtract (--base-cmdline).
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
        if args.lines and name == args.lines:
            for a in block:
                per_insn[a] += n
    return counts, per_insn


def source_lines(elf, per_insn):
    """Instruction counts per source line (the innermost inlined one)."""
    addrs = sorted(per_insn)
    out = subprocess.run(["addr2line", "-e", elf] +
                         [hex(a) for a in addrs],
                         capture_output=True, text=True).stdout.splitlines()
    lines = collections.Counter()
    for a, where in zip(addrs, out):
        lines[re.sub(r" \(discriminator \d+\)", "",
                     os.path.relpath(where, ROOT) if where.startswith("/")
                     else where)] += per_insn[a]
    return lines


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
    p.add_argument("--lines", metavar="FUNC",
                   help="also count FUNC's instructions per source line")
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
    if args.lines:
        print(f"\n{args.lines}, per source line:")
        for where, n in source_lines(args.kernel, per_insn).most_common():
            if n > 0:
                print(f"{n / args.per:12.1f}  {where}")


if __name__ == "__main__":
    main()
