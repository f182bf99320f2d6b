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
              gdb_port=None, halt=False, cdrom=None, monitor=False):
    """Return the argv list that boots Quanta under qemu-system-i386.

    com1: file for COM1 output, or None for ``-serial stdio``.  monitor:
    with com1 None, multiplex QEMU's monitor on stdio (Ctrl-A C switches,
    Ctrl-A X quits, Ctrl-A H lists the keys) and pass Ctrl-C to the guest
    (``signal=off``), for a person at a terminal.
    data: file for the 0xe9 debugcon (machine-readable channel), or None
    to discard it.  qemulog: file for ``-d cpu_reset,guest_errors``.
    cdrom: boot this ISO (GRUB) instead of ``-kernel``; kernel, initrd and
    cmdline are then ignored.  gdb_port: open a GDB stub on this port;
    halt: hold the CPUs at reset (``-S``) until the debugger continues.
    """
    cmd = [QEMU] + profile_args(profile)
    cmd += ["-m", str(mem), "-smp", f"{cpus}{smp_extra}"]
    cmd += ["-no-reboot", "-display", "none"]
    cmd += ["-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]
    if com1 is None and monitor:
        cmd += ["-chardev", "stdio,id=console,mux=on,signal=off",
                "-serial", "chardev:console", "-mon", "chardev=console"]
    else:
        cmd += ["-monitor", "none"]
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


def signal_name(n):
    """SIGINT for 2, or "signal N"."""
    try:
        return signal.Signals(n).name
    except ValueError:
        return f"signal {n}"


def describe_status(rc, qemulog=None):
    """Explain a QEMU exit status in words (docs/architecture.md, section
    4.4).  With the -d cpu_reset log, status 0 tells a triple fault from a
    quit."""
    if rc is None:
        return "still running"
    if rc < 0:
        return f"QEMU killed by {signal_name(-rc)}"
    if rc == 124:
        return "timeout: QEMU stopped by the time limit"
    if rc == 137:
        return "timeout: QEMU killed (SIGKILL) by the time limit"
    if rc == 0:
        return zero_status(qemulog)
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


def read_text(path):
    """A log's text, or None if it cannot be read."""
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except (OSError, TypeError):
        return None


def zero_status(qemulog):
    """What status 0 meant: a triple fault (QEMU logs it under -d
    cpu_reset), or QEMU told to quit (monitor, Ctrl-A X, a guest reset
    under -no-reboot)."""
    if qemulog is None:
        return ("triple fault, guest reset or QEMU quit (no -d cpu_reset "
                "log to tell which)")
    text = read_text(qemulog)
    if text is None:
        return f"triple fault, guest reset or QEMU quit ({qemulog} unreadable)"
    if "Triple fault" in text:
        return f"triple fault: the CPU reset itself (see {qemulog})"
    return "QEMU quit (Ctrl-A X, the monitor's quit, or a guest reset)"


def reboot_requested(data):
    """Did the kernel ask for a restart (its last data-channel line)?"""
    lines = (read_text(data) or "").splitlines()
    return bool(lines) and lines[-1].strip() == "quanta: reboot"


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
    p.add_argument("--qemulog", help="file for -d cpu_reset,guest_errors "
                   "(default: qemu.log next to KERNEL)")
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


def default_logs(args):
    """Interactive runs log QEMU's resets and the data channel next to the
    kernel (build/qemu.log, build/data.log), so that an exit can be
    explained and the log named exists."""
    where = os.path.dirname(os.path.abspath(args.kernel or args.cdrom))
    if args.qemulog is None:
        args.qemulog = os.path.join(where, "qemu.log")
    if args.data is None and args.com1 is None:
        args.data = os.path.join(where, "data.log")


def main(argv=None):
    """CLI entry point: boot the kernel interactively, return the status.
    A "reboot" in the guest boots it again."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    default_logs(args)
    cmd = build_cmd(args.kernel, initrd=args.initrd, cmdline=args.cmdline,
                    cpus=args.cpus, profile=args.profile,
                    smp_extra=args.smp_extra, mem=args.mem, com1=args.com1,
                    data=args.data,
                    qemulog=args.qemulog,
                    gdb_port=gdb_port() if args.gdb else None,
                    halt=args.halt, cdrom=args.cdrom,
                    monitor=args.com1 is None and sys.stdin.isatty())
    if args.timeout:
        cmd = timeout_wrap(cmd, args.timeout, foreground=sys.stdin.isatty())
    print(shlex.join(cmd), file=sys.stderr, flush=True)
    if args.gdb:
        print(f"qemu: GDB stub on port {gdb_port()}: "
              f"target remote :{gdb_port()}", file=sys.stderr, flush=True)
    if args.dry_run:
        return 0
    while True:
        try:
            rc = run_interactive(cmd)
        except FileNotFoundError as e:
            print(f"qemu.py: cannot run {e.filename}", file=sys.stderr)
            return 127
        if rc != 0 or not reboot_requested(args.data):
            break
        print("qemu: the guest rebooted; booting it again", file=sys.stderr,
              flush=True)
    if rc & 1 and rc >> 1 == 0:
        return 0                # the kernel powered off with status 0
    print(f"qemu: exit status {rc}: {describe_status(rc, args.qemulog)}",
          file=sys.stderr)
    if rc == 0:                 # a quit is no failure; a triple fault is
        return 255 if "Triple fault" in (read_text(args.qemulog) or "") \
            else 0
    if rc < 0:
        return 128 - rc         # as a shell reports a signal
    if rc & 1:
        return rc >> 1          # init's status, or 126 (panic)
    return rc                   # 124/137 = timeout


if __name__ == "__main__":
    sys.exit(main())
