#!/usr/bin/env python3
"""launch - QEMU halted with a gdb stub, and gdb attached (``make gdb``).

    launch.py --kernel K [--initrd I] [--cpus N] [--profile P] [--mem M]
              [--cmdline WORDS] [--port PORT] [--com1 F] [--data F]

What it guarantees:
  * the port is ours: if something already listens on it (an old QEMU of
    a previous ``make gdb``), it says which process and stops, instead of
    attaching gdb to a machine you did not just boot;
  * Ctrl-C reaches gdb only: QEMU runs in its own session (no terminal
    signals) and gdb gets the terminal's foreground process group, so
    Ctrl-C stops every CPU and returns to the (gdb) prompt, and neither
    QEMU nor make sees it;
  * ``quit`` in gdb ends QEMU: when gdb exits, QEMU's process group is
    terminated.
The console goes to the --com1 file (follow it with tail -f), the data
channel (traces) to --data.  gdb reads .gdbinit with QUANTA_KERNEL set to
the kernel, so a GDB_BUILD=1 kernel is the one it loads.
"""

import argparse
import os
import signal
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import qemu  # noqa: E402  tools/qemu.py


def listener_of(port):
    """'pid N (cmd)' of the process listening on TCP port, or None."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(table).read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            f = line.split()
            if f[3] == "0A" and int(f[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(f[9])
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
            for fd in fds:
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
                if link.startswith("socket:[") and link[8:-1] in inodes:
                    cmd = open(f"/proc/{pid}/cmdline", "rb").read()
                    cmd = cmd.replace(b"\0", b" ").decode()[:80].strip()
                    return f"pid {pid} ({cmd})"
        except OSError:
            continue
    return "a process of another user" if inodes else None


def port_busy(port):
    """True if something accepts connections on localhost:port."""
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def wait_listening(proc, port, seconds=15):
    """Wait until QEMU (proc) listens on port; False if it died."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc.poll() is not None:
            return False
        if port_busy(port):
            return True
        time.sleep(0.05)
    return False


def run_foreground(cmd, env):
    """Run cmd as the terminal's foreground process group; its status."""
    if not sys.stdin.isatty():
        return subprocess.call(cmd, env=env)
    fd = sys.stdin.fileno()
    ours = os.tcgetpgrp(fd)

    def take_terminal():
        os.setpgid(0, 0)
        signal.signal(signal.SIGTTOU, signal.SIG_IGN)
        os.tcsetpgrp(fd, os.getpid())
        signal.signal(signal.SIGTTOU, signal.SIG_DFL)

    old = signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    proc = subprocess.Popen(cmd, env=env, preexec_fn=take_terminal)
    try:
        return proc.wait()
    finally:
        try:
            os.tcsetpgrp(fd, ours)
        except OSError:
            pass
        signal.signal(signal.SIGTTOU, old)


def stop(proc):
    """Terminate QEMU's process group and reap it."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(timeout=5)
            break
        except subprocess.TimeoutExpired:
            continue
    proc.wait()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--kernel", required=True)
    p.add_argument("--initrd")
    p.add_argument("--cpus", type=int, default=4)
    p.add_argument("--profile", default="real")
    p.add_argument("--mem", default="128M")
    p.add_argument("--cmdline", default="")
    p.add_argument("--port", type=int, default=qemu.gdb_port())
    p.add_argument("--com1", default="build/gdb-com1.log")
    p.add_argument("--data", default="build/gdb-data.log")
    p.add_argument("--gdbinit", default=".gdbinit")
    a = p.parse_args(argv)
    if port_busy(a.port):
        who = listener_of(a.port) or "another process"
        print(f"make gdb: port {a.port} is busy: {who} listens on it "
              "(an old QEMU?).  Stop it, or pick another port: "
              "make gdb GDBPORT=N", file=sys.stderr)
        return 1
    cmd = qemu.build_cmd(a.kernel, initrd=a.initrd, cmdline=a.cmdline,
                         cpus=a.cpus, profile=a.profile, mem=a.mem,
                         com1=a.com1, data=a.data, gdb_port=a.port,
                         halt=True)
    print(f"console: {a.com1} (tail -f it), data channel: {a.data}; "
          f"gdb stub on port {a.port}", file=sys.stderr)
    vm = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                          start_new_session=True)
    try:
        if not wait_listening(vm, a.port):
            print(f"make gdb: QEMU did not open port {a.port} (status "
                  f"{vm.poll()})", file=sys.stderr)
            return 1
        env = dict(os.environ, QUANTA_KERNEL=a.kernel)
        gdb = ["gdb", "-q", "-nx", "-x", a.gdbinit,
               "-ex", f"target remote :{a.port}"]
        old = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            run_foreground(gdb, env)
        finally:
            signal.signal(signal.SIGINT, old)
    finally:
        running = vm.poll() is None
        stop(vm)
    if running:
        print("make gdb: gdb is gone, QEMU stopped", file=sys.stderr)
    else:
        print(f"make gdb: QEMU had ended: "
              f"{qemu.describe_status(vm.returncode)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
