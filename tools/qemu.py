#!/usr/bin/env python3
"""The one place that knows how to start QEMU for Quanta.

Importable (``build_cmd``, ``gdb_port``, ``describe_status``, ``PROFILES``)
and a command-line tool used by ``make run``, ``make qemu`` and ``make gdb``::

    python3 tools/qemu.py [--profile det|real] [--cpus N] [--smp-extra S]
                          [--cmdline STR] [--initrd F] [--gdb] [--halt]
                          [--cdrom ISO] [--timeout SECONDS] KERNEL

See docs/architecture.md, sections 4.8 (QEMU profiles) and 4.4 (exit
status), and docs/reference/platform.md (the QEMU facts).  Always qemu-system-i386: with
qemu-system-x86_64 gdb cannot debug a 32-bit kernel.
"""

import argparse
import os
import shlex
import signal
import subprocess
import sys

QEMU = "qemu-system-i386"

# Accelerator flags for each profile (docs/architecture.md, section 4.8).
PROFILES = {
    # Single-threaded TCG, guest time from instruction counts: runs repeat
    # byte for byte and idle time is skipped.
    "det": ["-accel", "tcg", "-icount", "shift=4,sleep=off",
            "-rtc", "base=2000-01-01T00:00:00,clock=vm"],
    # Multi-threaded TCG: real parallelism and wall-clock time.
    "real": ["-accel", "tcg"],
}

# Exit values the kernel writes to isa-debug-exit (kernel/config.h).
EXIT_PANIC = 126
EXIT_NOINIT = 127


def gdb_port():
    """Return the GDB stub port for this user: 20000 + uid % 10000 (as xv6)."""
    return 20000 + (os.getuid() % 10000)


def profile_args(profile):
    """Return the accelerator arguments of a profile, or raise ValueError."""
    try:
        return list(PROFILES[profile])
    except KeyError:
        valid = ", ".join(sorted(PROFILES))
        raise ValueError(f"unknown QEMU profile {profile!r} "
                         f"(valid: {valid})") from None


def build_cmd(kernel, initrd=None, cmdline="", cpus=4, profile="det",
              smp_extra="", mem="128M", com1=None, data=None, qemulog=None,
              gdb_port=None, halt=False, cdrom=None):
    """Return the argv list that boots Quanta under qemu-system-i386.

    com1: file for COM1 output, or None for ``-serial stdio``.
    data: file for the 0xe9 debugcon (machine-readable channel), or None
    to discard it.  qemulog: file for ``-d cpu_reset,guest_errors``.
    cdrom: boot this ISO (GRUB) instead of ``-kernel``; kernel, initrd and
    cmdline are then ignored.  gdb_port: open a GDB stub on this port;
    halt: hold the CPUs at reset (``-S``) until the debugger continues.
    """
    cmd = [QEMU] + profile_args(profile)
    cmd += ["-m", str(mem), "-smp", f"{cpus}{smp_extra}"]
    cmd += ["-no-reboot", "-display", "none", "-monitor", "none"]
    cmd += ["-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]
    cmd += ["-serial", "stdio" if com1 is None else f"file:{com1}"]
    cmd += ["-debugcon", "null" if data is None else f"file:{data}"]
    if qemulog is not None:
        cmd += ["-d", "cpu_reset,guest_errors", "-D", str(qemulog)]
    if cdrom is not None:
        cmd += ["-cdrom", str(cdrom), "-boot", "d"]
    else:
        cmd += ["-kernel", str(kernel), "-append", cmdline]
        if initrd:
            cmd += ["-initrd", str(initrd)]
    if gdb_port is not None:
        cmd += ["-gdb", f"tcp::{gdb_port}"]
    if halt:
        cmd.append("-S")
    return cmd


def describe_status(rc):
    """Explain a QEMU exit status in words (docs/architecture.md, section 4.4)."""
    if rc is None:
        return "still running"
    if rc < 0:
        return f"killed by signal {-rc} (timeout: hang)"
    if rc in (124, 137):
        return "timeout: hang"
    if rc == 0:
        return "triple fault or shutdown (see qemu log)"
    if rc & 1:
        v = rc >> 1
        if v == EXIT_PANIC:
            meaning = "kernel panic"
        elif v == EXIT_NOINIT:
            meaning = "init could not start"
        else:
            meaning = f"init exit status {v}"
        return f"exit value v={v}: {meaning}"
    return "qemu error"


def timeout_wrap(cmd, seconds, foreground=False):
    """Prefix cmd with ``timeout -k 5 SECONDS``.

    foreground keeps QEMU in the terminal's process group so that it may
    read an interactive terminal (``timeout --foreground``).
    """
    wrap = ["timeout"]
    if foreground:
        wrap.append("--foreground")
    return wrap + ["-k", "5", f"{seconds:g}"] + cmd


def parse_args(argv):
    """Parse the command line of the interactive launcher."""
    p = argparse.ArgumentParser(
        description="Boot Quanta under qemu-system-i386 (serial on stdio).")
    p.add_argument("kernel", nargs="?", metavar="KERNEL",
                   help="multiboot kernel ELF (not needed with --cdrom)")
    p.add_argument("--profile", default="det", choices=sorted(PROFILES))
    p.add_argument("--cpus", type=int, default=4)
    p.add_argument("--smp-extra", default="",
                   help='appended to -smp N, e.g. ",sockets=4"')
    p.add_argument("--mem", default="128M")
    p.add_argument("--cmdline", default="", help="kernel command line")
    p.add_argument("--initrd")
    p.add_argument("--com1", help="file for COM1 output (default: stdio)")
    p.add_argument("--data", help="file for the 0xe9 data channel")
    p.add_argument("--qemulog", help="file for -d cpu_reset,guest_errors")
    p.add_argument("--gdb", action="store_true",
                   help=f"GDB stub on tcp::{gdb_port()}")
    p.add_argument("--halt", action="store_true",
                   help="hold the CPUs at reset (-S) for the debugger")
    p.add_argument("--cdrom", metavar="ISO", help="boot a GRUB ISO instead")
    p.add_argument("--timeout", type=float, metavar="SECONDS",
                   help="kill QEMU after this long (timeout -k 5)")
    p.add_argument("--dry-run", action="store_true",
                   help="print the command and exit")
    args = p.parse_args(argv)
    if args.kernel is None and args.cdrom is None:
        p.error("KERNEL is required unless --cdrom is given")
    return args


def run_interactive(cmd):
    """Run cmd in the foreground; return its exit status.

    Ctrl-C goes to QEMU (same process group); the launcher ignores it and
    waits, so the status is still reported.
    """
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        proc = subprocess.Popen(
            cmd, preexec_fn=lambda: signal.signal(signal.SIGINT,
                                                  signal.SIG_DFL))
        return proc.wait()
    finally:
        signal.signal(signal.SIGINT, old)


def main(argv=None):
    """CLI entry point: boot the kernel interactively, return the status."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    cmd = build_cmd(args.kernel, initrd=args.initrd, cmdline=args.cmdline,
                    cpus=args.cpus, profile=args.profile,
                    smp_extra=args.smp_extra, mem=args.mem, com1=args.com1,
                    data=args.data,
                    qemulog=args.qemulog,
                    gdb_port=gdb_port() if args.gdb else None,
                    halt=args.halt, cdrom=args.cdrom)
    if args.timeout:
        cmd = timeout_wrap(cmd, args.timeout, foreground=sys.stdin.isatty())
    print(shlex.join(cmd), file=sys.stderr, flush=True)
    if args.gdb:
        print(f"qemu: GDB stub on port {gdb_port()}: "
              f"target remote :{gdb_port()}", file=sys.stderr, flush=True)
    if args.dry_run:
        return 0
    try:
        rc = run_interactive(cmd)
    except FileNotFoundError as e:
        print(f"qemu.py: cannot run {e.filename}", file=sys.stderr)
        return 127
    if rc < 0:
        rc = 128 - rc
    if rc & 1 and rc >> 1 == 0:
        return 0                # the kernel powered off with status 0
    print(f"qemu: exit status {rc}: {describe_status(rc)}", file=sys.stderr)
    if rc & 1:
        return rc >> 1          # init's status, or 126 (panic)
    return rc if rc else 255    # 0 = triple fault; 124/137 = timeout


if __name__ == "__main__":
    sys.exit(main())
